package dev.ponder.solve;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * A behaviour policy for every player, keyed by information-state string (as OpenSpiel's
 * {@code TabularPolicy}, so policies move between the two): for each information state, its legal
 * actions in ascending order and one probability per action.
 *
 * <p>JSON form (Jackson): {@code {"game": "kuhn_poker", "policy": {"1p": {"0": 0.67, "1": 0.33},
 * ...}}} — action ids as keys.
 */
public final class TabularPolicy {
  private final String game;
  private final Map<String, int[]> actions = new LinkedHashMap<>();
  private final Map<String, double[]> probs = new LinkedHashMap<>();

  /**
   * An empty policy for the game string {@code game}; null when the game is unknown (policy files
   * written before the game string was saved).
   */
  public TabularPolicy(String game) {
    this.game = game;
  }

  /** The game string the policy belongs to, or null if the policy file did not name one. */
  public String game() {
    return game;
  }

  /**
   * Sets the distribution at one information state.
   *
   * @param legal legal actions, ascending
   * @param p probabilities aligned with {@code legal}, finite and non-negative, summing to 1
   *     within 1e-6
   * @throws IllegalArgumentException if the lengths differ or {@code p} is not a distribution (the
   *     message names the information state and the offending value)
   */
  public void put(String infoState, int[] legal, double[] p) {
    if (legal.length != p.length) {
      throw new IllegalArgumentException("policy at '" + oneLine(infoState) + "': " + legal.length + " actions but " + p.length + " probabilities");
    }
    double sum = 0;
    for (int j = 0; j < p.length; j++) {
      double x = p[j];
      if (!(x >= 0) || Double.isInfinite(x)) {
        String what = Double.isNaN(x) ? "NaN" : Double.isInfinite(x) ? "infinite" : "negative";
        throw new IllegalArgumentException("policy at '" + oneLine(infoState) + "': probability of action " + legal[j]
            + " is " + what + " (" + x + "); probabilities are finite numbers in [0, 1]");
      }
      sum += x;
    }
    if (Math.abs(sum - 1) > 1e-6) {
      throw new IllegalArgumentException("policy at '" + oneLine(infoState) + "': probabilities sum to " + sum + ", not 1");
    }
    actions.put(infoState, legal.clone());
    probs.put(infoState, p.clone());
  }

  /** Information states covered, in insertion order. */
  public Set<String> infoStates() {
    return Collections.unmodifiableSet(actions.keySet());
  }

  public int size() {
    return actions.size();
  }

  /** Legal actions at {@code infoState}, or null if not covered. */
  public int[] actions(String infoState) {
    int[] a = actions.get(infoState);
    return a == null ? null : a.clone();
  }

  /** Probabilities at {@code infoState} (aligned with {@link #actions}), or null. */
  public double[] probabilities(String infoState) {
    double[] p = probs.get(infoState);
    return p == null ? null : p.clone();
  }

  /** Probability of {@code action} at {@code infoState}; 0 if the action is not listed. */
  public double probability(String infoState, int action) {
    int[] a = actions.get(infoState);
    if (a == null) {
      throw new IllegalArgumentException("policy has no information state '" + infoState + "'");
    }
    int j = Arrays.binarySearch(a, action);
    return j < 0 ? 0.0 : probs.get(infoState)[j];
  }

  /** Reads a slot array of {@code tree} (one probability per information set and action). */
  public static TabularPolicy fromSlots(GameTree tree, double[] slots) {
    TabularPolicy p = new TabularPolicy(tree.game().spec());
    for (int i = 0; i < tree.numInfosets(); i++) {
      int k = tree.numActions(i);
      int s = tree.slotStart(i);
      int[] a = new int[k];
      for (int j = 0; j < k; j++) {
        a[j] = tree.slotAction(s + j);
      }
      p.put(tree.infosetKey(i), a, Arrays.copyOfRange(slots, s, s + k));
    }
    return p;
  }

  /** The uniform policy over every information state of {@code tree}. */
  public static TabularPolicy uniform(GameTree tree) {
    return fromSlots(tree, tree.uniformSlots());
  }

  /**
   * This policy as a slot array of {@code tree}. Information states of the tree that the policy
   * does not cover get the uniform distribution; their number is returned through
   * {@code missing[0]} when {@code missing} is not null.
   *
   * @throws IllegalArgumentException if a covered information state lists other actions than the
   *     tree
   */
  public double[] toSlots(GameTree tree, int[] missing) {
    double[] slots = tree.uniformSlots();
    int miss = 0;
    for (int i = 0; i < tree.numInfosets(); i++) {
      String key = tree.infosetKey(i);
      double[] p = probs.get(key);
      if (p == null) {
        miss++;
        continue;
      }
      int[] a = actions.get(key);
      int k = tree.numActions(i);
      int s = tree.slotStart(i);
      for (int j = 0; j < k; j++) {
        slots[s + j] = 0;
      }
      for (int j = 0; j < a.length; j++) {
        int slot = -1;
        for (int t = 0; t < k; t++) {
          if (tree.slotAction(s + t) == a[j]) {
            slot = s + t;
          }
        }
        if (slot < 0) {
          if (p[j] > 0) {
            throw new IllegalArgumentException("policy gives action " + a[j] + " at '" + key + "', which is not legal there");
          }
          continue;
        }
        slots[slot] = p[j];
      }
    }
    if (missing != null) {
      missing[0] = miss;
    }
    return slots;
  }

  /** Writes the policy as JSON. */
  public void write(Path file) throws IOException {
    ObjectMapper m = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ObjectNode root = m.createObjectNode();
    if (game != null) {
      root.put("game", game);
    }
    ObjectNode pol = root.putObject("policy");
    for (Map.Entry<String, int[]> e : actions.entrySet()) {
      ObjectNode o = pol.putObject(e.getKey());
      double[] p = probs.get(e.getKey());
      for (int j = 0; j < e.getValue().length; j++) {
        o.put(Integer.toString(e.getValue()[j]), p[j]);
      }
    }
    createParentDirectories(file);
    m.writeValue(file.toFile(), root);
  }

  /**
   * Reads a policy written by {@link #write}. A file without a {@code "game"} entry (written by
   * older versions) is read with {@link #game()} null.
   *
   * @throws IOException if the file cannot be read or is not such a policy (one-line message): a
   *     probability that is not a JSON number (a string, a boolean, null...), or that is negative,
   *     NaN or infinite, is refused naming the information state, the action and the value
   */
  public static TabularPolicy read(Path file) throws IOException {
    JsonNode root;
    try {
      root = new ObjectMapper().readTree(file.toFile());
    } catch (IOException e) {
      throw new IOException("cannot read policy " + file + ": " + e.getMessage().lines().findFirst().orElse(""), e);
    }
    if (root == null || !root.isObject() || !root.has("policy") || !root.get("policy").isObject()
        || root.has("game") && !root.get("game").isTextual() && !root.get("game").isNull()) {
      throw new IOException("not a policy file: " + file + " (expected {\"game\": ..., \"policy\": {infostate: {action: prob}}})");
    }
    String savedGame = root.has("game") && root.get("game").isTextual() && !root.get("game").asText().isBlank() ? root.get("game").asText() : null;
    TabularPolicy p = new TabularPolicy(savedGame);
    for (Map.Entry<String, JsonNode> e : root.get("policy").properties()) {
      if (!e.getValue().isObject()) {
        throw new IOException("policy file " + file + ": information state '" + oneLine(e.getKey())
            + "' maps to " + e.getValue() + ", not to an object {action: probability}");
      }
      int k = e.getValue().size();
      int[] a = new int[k];
      double[] pr = new double[k];
      int j = 0;
      for (Map.Entry<String, JsonNode> x : e.getValue().properties()) {
        try {
          a[j] = Integer.parseInt(x.getKey());
        } catch (NumberFormatException ex) {
          throw new IOException("policy file " + file + ": action '" + x.getKey() + "' at '" + e.getKey() + "' is not an integer");
        }
        JsonNode v = x.getValue();
        if (!v.isNumber()) {
          throw new IOException("policy file " + file + ": probability of action " + x.getKey() + " at information state '"
              + oneLine(e.getKey()) + "' is " + v + ", not a number");
        }
        pr[j++] = v.doubleValue();
      }
      // sort by action
      Integer[] order = new Integer[k];
      for (int t = 0; t < k; t++) {
        order[t] = t;
      }
      Arrays.sort(order, (u, w) -> Integer.compare(a[u], a[w]));
      int[] sa = new int[k];
      double[] sp = new double[k];
      for (int t = 0; t < k; t++) {
        sa[t] = a[order[t]];
        sp[t] = pr[order[t]];
      }
      try {
        p.put(e.getKey(), sa, sp);
      } catch (IllegalArgumentException ex) {
        throw new IOException("policy file " + file + ": " + ex.getMessage());
      }
    }
    return p;
  }

  /** {@code key} on one line (newlines as \\n) and at most 80 characters, for messages. */
  static String oneLine(String key) {
    String k = key.replace("\n", "\\n");
    return k.length() <= 80 ? k : k.substring(0, 77) + "...";
  }

  /** Creates the parent directories of {@code file} if it has any. */
  static void createParentDirectories(java.nio.file.Path file) throws java.io.IOException {
    java.nio.file.Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      java.nio.file.Files.createDirectories(parent);
    }
  }
}
