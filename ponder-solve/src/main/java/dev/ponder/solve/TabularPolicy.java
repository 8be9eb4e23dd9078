package dev.ponder.solve;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.spec.Spec;
import dev.ponder.spec.SpecException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A behaviour policy for every player, keyed by information-state string (as OpenSpiel's
 * {@code TabularPolicy}, so policies move between the two): for each information state, its legal
 * actions in ascending order and one probability per action. In a game where one string is the
 * information state of two players (phantom_ttt's empty board), the policy is keyed by player as
 * well ({@link #put(int, String, int[], double[])}); an entry without a player applies to whichever
 * player acts at that string.
 *
 * <p>JSON form (Jackson): {@code {"game": "kuhn_poker", "policy": {"1p": {"0": 0.67, "1": 0.33},
 * ...}}} — action ids as keys. Entries keyed by player are written in {@code "policies_by_player":
 * [{...player 0...}, {...player 1...}]} (same inner form); a file may hold both parts.
 *
 * <p>Measuring a policy on a game tree: {@link #toSlots(GameTree)} refuses a policy saved for
 * another game or lacking some of the tree's information states; {@link
 * #toSlotsFillUniform(GameTree)} plays the missing ones uniformly at random.
 */
public final class TabularPolicy {
  /** An information state of one player, or of any player when {@code player} is −1. */
  private record Key(int player, String infoState) {}

  private static final int ANY = -1;

  private final String game;
  private String source;
  private final Map<Key, int[]> actions = new LinkedHashMap<>();
  private final Map<Key, double[]> probs = new LinkedHashMap<>();
  /** The player-keyed entries of each information-state string, in insertion order (lookups by string alone). */
  private final Map<String, List<Key>> playerKeys = new HashMap<>();

  /**
   * An empty policy for the game string {@code game}; null when the game is unknown (policy files
   * that do not name their game).
   */
  public TabularPolicy(String game) {
    this.game = game;
  }

  /** The game string the policy belongs to, or null if the policy file did not name one. */
  public String game() {
    return game;
  }

  /** How the policy was computed (written as the file's {@code "run"} object); insertion order. */
  private final Map<String, Object> run = new LinkedHashMap<>();

  /**
   * Records one fact about how the policy was computed, written in the file's {@code "run"} object
   * (e.g. {@code "algorithm": "cfr+"}, {@code "iterations": 900}, {@code "iterations_requested":
   * 3000}, {@code "interrupted": true} for {@code ponder solve --out}); readers of the policy
   * ignore it.
   *
   * @param value a {@link String}, {@link Boolean}, {@link Long}, {@link Integer} or {@link Double}
   * @throws IllegalArgumentException for another type of value
   * @throws NullPointerException if {@code key} or {@code value} is null
   */
  public void putRun(String key, Object value) {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(value, "value");
    if (!(value instanceof String || value instanceof Boolean || value instanceof Long || value instanceof Integer
        || value instanceof Double)) {
      throw new IllegalArgumentException("run entry '" + key + "' is a " + value.getClass().getSimpleName()
          + "; valid: String, Boolean, Long, Integer or Double");
    }
    run.put(key, value instanceof Integer i ? Long.valueOf(i) : value);
  }

  /**
   * The facts recorded about how the policy was computed ({@link #putRun}; read back from a file's
   * {@code "run"} object: text as {@link String}, integers as {@link Long}, other numbers as
   * {@link Double}, booleans as {@link Boolean}); empty when none. Unmodifiable.
   */
  public Map<String, Object> run() {
    return Collections.unmodifiableMap(run);
  }

  /** "policy FILE" for a policy read from a file, else "the policy", for messages. */
  private String name() {
    return source != null ? "policy " + source : "the policy";
  }

  /** {@link #name()}, for the agent's messages. */
  String displayName() {
    return name();
  }

  /** The legal actions of {@code player}'s entry at {@code infoState} (as {@link #actions(int, String)}), not copied; null if not covered. */
  int[] actionsRef(int player, String infoState) {
    Key k = find(player, infoState);
    return k == null ? null : actions.get(k);
  }

  /** The probabilities aligned with {@link #actionsRef}, not copied; null if not covered. */
  double[] probabilitiesRef(int player, String infoState) {
    Key k = find(player, infoState);
    return k == null ? null : probs.get(k);
  }

  /**
   * Sets the distribution at one information state, for whichever player acts there.
   *
   * @param legal legal actions, non-negative and strictly ascending (each action once)
   * @param p probabilities aligned with {@code legal}, finite and non-negative, summing to 1
   *     within 1e-6
   * @throws IllegalArgumentException if the lengths differ, an action is negative, repeated or out
   *     of order, or {@code p} is not a distribution (the message names the information state and
   *     the offending value)
   */
  public void put(String infoState, int[] legal, double[] p) {
    putKey(new Key(ANY, infoState), legal, p);
  }

  /**
   * Sets the distribution of {@code player} at one information state, as {@link #put(String,
   * int[], double[])}.
   *
   * @param player 0 ≤ player
   * @throws IllegalArgumentException as {@link #put(String, int[], double[])}, or if
   *     {@code player} is negative
   */
  public void put(int player, String infoState, int[] legal, double[] p) {
    if (player < 0) {
      throw new IllegalArgumentException("player must be at least 0, got " + player);
    }
    putKey(new Key(player, infoState), legal, p);
  }

  private void putKey(Key key, int[] legal, double[] p) {
    String at = "policy at '" + oneLine(key.infoState()) + "'" + (key.player() >= 0 ? " (player " + key.player() + ")" : "");
    if (legal.length != p.length) {
      throw new IllegalArgumentException(at + ": " + legal.length + " actions but " + p.length + " probabilities");
    }
    for (int j = 0; j < legal.length; j++) {
      // one probability per action: a repeated action would let one value replace another after
      // the sum was checked
      if (legal[j] < 0 || j > 0 && legal[j] <= legal[j - 1]) {
        throw new IllegalArgumentException(at + ": " + (legal[j] < 0 ? "action " + legal[j] + " is negative"
            : legal[j] == legal[j - 1] ? "action " + legal[j] + " is listed twice" : "actions are not in ascending order ("
            + legal[j - 1] + " before " + legal[j] + ")") + "; actions are distinct non-negative integers, ascending");
      }
    }
    double sum = 0;
    for (int j = 0; j < p.length; j++) {
      double x = p[j];
      if (!(x >= 0) || Double.isInfinite(x)) {
        String what = Double.isNaN(x) ? "NaN" : Double.isInfinite(x) ? "infinite" : "negative";
        throw new IllegalArgumentException(at + ": probability of action " + legal[j]
            + " is " + what + " (" + x + "); probabilities are finite numbers in [0, 1]");
      }
      sum += x;
    }
    if (Math.abs(sum - 1) > 1e-6) {
      throw new IllegalArgumentException(at + ": probabilities sum to " + sum + ", not 1");
    }
    if (key.player() >= 0 && !actions.containsKey(key)) {
      playerKeys.computeIfAbsent(key.infoState(), s -> new ArrayList<>(1)).add(key);
    }
    actions.put(key, legal.clone());
    probs.put(key, p.clone());
  }

  /** Information-state strings covered (of any player), in insertion order. */
  public Set<String> infoStates() {
    Set<String> s = new LinkedHashSet<>();
    for (Key k : actions.keySet()) {
      s.add(k.infoState());
    }
    return Collections.unmodifiableSet(s);
  }

  /** Number of entries (information states, counted once per player they are keyed by). */
  public int size() {
    return actions.size();
  }

  /**
   * The entry for {@code infoState}: the one without a player, else the only one keyed by a
   * player, else null.
   *
   * @throws IllegalArgumentException if two players have entries at the string and none is
   *     without a player
   */
  private Key find(String infoState) {
    Key any = new Key(ANY, infoState);
    if (actions.containsKey(any)) {
      return any;
    }
    List<Key> keyed = playerKeys.get(infoState);
    if (keyed == null) {
      return null;
    }
    if (keyed.size() > 1) {
      throw new IllegalArgumentException("information state '" + oneLine(infoState) + "' has entries for players "
          + keyed.get(0).player() + " and " + keyed.get(1).player() + "; name the player");
    }
    return keyed.get(0);
  }

  /** The entry of {@code player} at {@code infoState}, else the one without a player, else null. */
  private Key find(int player, String infoState) {
    Key k = new Key(player, infoState);
    if (actions.containsKey(k)) {
      return k;
    }
    Key any = new Key(ANY, infoState);
    return actions.containsKey(any) ? any : null;
  }

  /**
   * Legal actions at {@code infoState}: the entry without a player, else the only one keyed by a
   * player; null if not covered. O(1).
   *
   * @throws IllegalArgumentException if two players have entries at the string and none is
   *     without a player (use {@link #actions(int, String)})
   */
  public int[] actions(String infoState) {
    Key k = find(infoState);
    return k == null ? null : actions.get(k).clone();
  }

  /** Legal actions of {@code player} at {@code infoState}, or null if not covered. */
  public int[] actions(int player, String infoState) {
    Key k = find(player, infoState);
    return k == null ? null : actions.get(k).clone();
  }

  /**
   * Probabilities at {@code infoState} (aligned with {@link #actions(String)}), or null if not
   * covered. O(1).
   *
   * @throws IllegalArgumentException if two players have entries at the string and none is
   *     without a player (use {@link #probabilities(int, String)})
   */
  public double[] probabilities(String infoState) {
    Key k = find(infoState);
    return k == null ? null : probs.get(k).clone();
  }

  /** Probabilities of {@code player} at {@code infoState} (aligned with {@link #actions(int, String)}), or null. */
  public double[] probabilities(int player, String infoState) {
    Key k = find(player, infoState);
    return k == null ? null : probs.get(k).clone();
  }

  /**
   * Probability of {@code action} at {@code infoState}; 0 if the action is not listed.
   *
   * @throws IllegalArgumentException if the information state is not covered, or if two players
   *     have entries at the string and none is without a player
   */
  public double probability(String infoState, int action) {
    Key k = find(infoState);
    if (k == null) {
      throw new IllegalArgumentException("policy has no information state '" + oneLine(infoState) + "'");
    }
    int j = Arrays.binarySearch(actions.get(k), action);
    return j < 0 ? 0.0 : probs.get(k)[j];
  }

  /**
   * Reads a slot array of {@code tree} (one probability per information set and action). Keyed
   * by information-state string alone, unless some string is the information state of two
   * players ({@link GameTree#hasSharedKeys()}); then by player and string.
   *
   * @param slots a policy slot array of {@code tree}: {@code tree.numSlots()} long, information
   *     set {@code I}'s probabilities at {@code [tree.slotStart(I), tree.slotStart(I) +
   *     tree.numActions(I))}, finite, non-negative, summing to 1 within 1e-6 (see {@link
   *     PolicyEvaluation})
   * @throws IllegalArgumentException if {@code slots} has the wrong length or is not a
   *     distribution at some information set (the message names it)
   */
  public static TabularPolicy fromSlots(GameTree tree, double[] slots) {
    tree.checkPolicy(slots);
    TabularPolicy p = new TabularPolicy(tree.game().spec());
    boolean byPlayer = tree.hasSharedKeys();
    for (int i = 0; i < tree.numInfosets(); i++) {
      int k = tree.numActions(i);
      int s = tree.slotStart(i);
      int[] a = new int[k];
      for (int j = 0; j < k; j++) {
        a[j] = tree.slotAction(s + j);
      }
      p.putKey(new Key(byPlayer ? tree.infosetPlayer(i) : ANY, tree.infosetKey(i)), a, Arrays.copyOfRange(slots, s, s + k));
    }
    return p;
  }

  /** The uniform policy over every information state of {@code tree}. */
  public static TabularPolicy uniform(GameTree tree) {
    return fromSlots(tree, tree.uniformSlots());
  }

  /**
   * Refuses a policy saved for another game than {@code game}. A policy that does not name its
   * game ({@link #game()} null, files of older versions) is accepted. The saved game string names
   * the same game when it loads to the same game with the same parameter values, defaults
   * included ({@code kuhn_poker} and {@code kuhn_poker(players=2)} are the same game); a game
   * wrapped as {@code turn_based_simultaneous_game(game=X)} that Ponder plays as X itself (the
   * same class: goofspiel) is X.
   *
   * @throws IllegalArgumentException one line naming both games: the saved one is not a
   *     registered game, does not load (the reason), or is another game
   */
  public void checkGame(Game game) {
    checkGame(game, "measure");
  }

  /**
   * {@link #checkGame(Game)}, the message advising to {@code verb} the policy on its own game
   * ({@code "measure"} for exploitability, {@code "play"} for the agents).
   */
  void checkGame(Game game, String verb) {
    if (this.game == null || this.game.equals(game.spec())) {
      return;
    }
    Game other;
    String saved = GameTree.echo(this.game);
    String here = GameTree.echo(game.spec());
    try {
      Spec s = Spec.parse(this.game);
      GameRegistry.factory(s.name());
    } catch (SpecException e) {
      throw new IllegalArgumentException(name() + " was saved for " + saved + ", which is not a registered game; give a policy saved for "
          + here);
    }
    try {
      other = GameRegistry.load(this.game);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(name() + " was saved for " + saved + ", which does not load (" + e.getMessage()
          + "); give a policy saved for " + here);
    }
    if (!sameGame(other, game)) {
      throw new IllegalArgumentException(name() + " was saved for " + saved + ", not " + here + differences(other, game)
          + "; " + verb + " it on " + saved + " or give a policy saved for " + here);
    }
  }

  /**
   * For two games of one class, the parameters whose values differ, e.g. {@code " (points_order:
   * descending in the policy, ascending here)"}; empty otherwise.
   */
  private static String differences(Game saved, Game game) {
    if (saved.getClass() != game.getClass()) {
      return "";
    }
    Map<String, Object> a = unwrapped(saved);
    Map<String, Object> b = unwrapped(game);
    java.util.List<String> diff = new java.util.ArrayList<>();
    for (String k : new java.util.TreeSet<>(a.keySet())) {
      if (b.containsKey(k) && !Objects.equals(a.get(k), b.get(k))) {
        diff.add(k + ": " + a.get(k) + " in the policy, " + b.get(k) + " here");
      }
    }
    return diff.isEmpty() ? "" : " (" + String.join("; ", diff) + ")";
  }

  /** Same class and same parameter values, a wrapper's {@code game} parameter unwrapped. */
  static boolean sameGame(Game a, Game b) {
    return a.getClass() == b.getClass() && Objects.equals(unwrapped(a), unwrapped(b));
  }

  /**
   * The parameter values of {@code g}, or, when its only parameter is a game string {@code game}
   * that loads to a game of the same class (a turn-based wrapper of the game itself), those of
   * the nested game.
   */
  private static Map<String, Object> unwrapped(Game g) {
    Map<String, Object> v = g.params().values();
    if (v.size() == 1 && v.get("game") instanceof String inner) {
      try {
        Game nested = GameRegistry.load(inner);
        if (nested.getClass() == g.getClass()) {
          return nested.params().values();
        }
      } catch (RuntimeException e) {
        return v;
      }
    }
    return v;
  }

  /**
   * How a policy covers a tree: {@code total} information sets of the tree, {@code missing} of
   * them without an entry ({@code firstMissing} the first in the tree's order, on one line, or
   * null), {@code extra} entries of the policy that are no information state of the tree
   * ({@code firstExtra} one of them, or null).
   */
  public record Coverage(int total, int missing, String firstMissing, int extra, String firstExtra) {}

  /** What this policy covers of {@code tree}'s information sets. */
  public Coverage coverage(GameTree tree) {
    int miss = 0;
    String firstMissing = null;
    for (int i = 0; i < tree.numInfosets(); i++) {
      if (find(tree.infosetPlayer(i), tree.infosetKey(i)) == null) {
        miss++;
        firstMissing = firstMissing == null ? oneLine(tree.infosetKey(i)) : firstMissing;
      }
    }
    int extra = 0;
    String firstExtra = null;
    for (Key k : actions.keySet()) {
      boolean known = false;
      if (k.player() >= 0) {
        known = k.player() < tree.numPlayers() && tree.infosetOf(k.player(), k.infoState()) >= 0;
      } else {
        for (int q = 0; q < tree.numPlayers() && !known; q++) {
          known = tree.infosetOf(q, k.infoState()) >= 0;
        }
      }
      if (!known) {
        extra++;
        firstExtra = firstExtra == null ? oneLine(k.infoState()) + (k.player() >= 0 ? " (player " + k.player() + ")" : "") : firstExtra;
      }
    }
    return new Coverage(tree.numInfosets(), miss, firstMissing, extra, firstExtra);
  }

  /**
   * A policy that lacks some of the information states of the tree it is measured on: its
   * exploitability would be decided by whatever fills the gaps.
   */
  public static final class IncompletePolicyException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    private final transient Coverage coverage;

    IncompletePolicyException(String message, Coverage coverage) {
      super(message);
      this.coverage = coverage;
    }

    /** What the policy covers. */
    public Coverage coverage() {
      return coverage;
    }
  }

  /**
   * This policy as a slot array of {@code tree} (one probability per information set and action,
   * {@link GameTree#slotStart(int)}), for {@link PolicyEvaluation}. Refuses what would give a
   * number that is not this policy's: a policy saved for another game ({@link #checkGame}), one
   * that lacks some of the tree's information states, one giving positive probability to an
   * action that is not legal there. Entries for information states the tree does not have are
   * ignored ({@link #coverage} counts them).
   *
   * @throws IncompletePolicyException if some information state of the tree has no entry (the
   *     message names how many and the first; {@link #toSlotsFillUniform} accepts it)
   * @throws IllegalArgumentException for another game or an illegal action (one line)
   */
  public double[] toSlots(GameTree tree) {
    checkGame(tree.game());
    Coverage c = coverage(tree);
    if (c.missing() > 0) {
      throw new IncompletePolicyException(incomplete(tree, c), c);
    }
    return fill(tree);
  }

  /**
   * This policy as a slot array of {@code tree}, as {@link #toSlots(GameTree)}, except that the
   * information states it lacks are played uniformly at random ({@link #coverage} counts them).
   *
   * @throws IncompletePolicyException if the policy has none of the tree's information states
   * @throws IllegalArgumentException for another game or an illegal action (one line)
   */
  public double[] toSlotsFillUniform(GameTree tree) {
    checkGame(tree.game());
    Coverage c = coverage(tree);
    if (c.missing() == c.total() && c.total() > 0) {
      throw new IncompletePolicyException(name() + " has none of the " + c.total() + " information states of "
          + GameTree.echo(tree.game().spec()) + extraNote(c), c);
    }
    return fill(tree);
  }

  private String incomplete(GameTree tree, Coverage c) {
    if (c.missing() == c.total()) {
      return name() + " has none of the " + c.total() + " information states of " + GameTree.echo(tree.game().spec()) + extraNote(c);
    }
    return name() + " lacks " + c.missing() + " of the " + c.total() + " information states of " + GameTree.echo(tree.game().spec())
        + " (e.g. '" + c.firstMissing() + "')" + extraNote(c);
  }

  private static String extraNote(Coverage c) {
    if (c.extra() == 0) {
      return "";
    }
    return "; it has " + c.extra() + " information state" + (c.extra() == 1 ? "" : "s") + " the game does not have (e.g. '"
        + c.firstExtra() + "')";
  }

  private double[] fill(GameTree tree) {
    double[] slots = tree.uniformSlots();
    for (int i = 0; i < tree.numInfosets(); i++) {
      String key = tree.infosetKey(i);
      Key entry = find(tree.infosetPlayer(i), key);
      if (entry == null) {
        continue;
      }
      double[] p = probs.get(entry);
      int[] a = actions.get(entry);
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
            throw new IllegalArgumentException(name() + " gives action " + a[j] + " at '" + oneLine(key) + "', which is not legal there");
          }
          continue;
        }
        slots[slot] = p[j];
      }
    }
    return slots;
  }

  /**
   * Writes the policy as JSON, ending with a newline: entries without a player under {@code
   * "policy"}, entries keyed by player under {@code "policies_by_player"}. The file is replaced atomically ({@link AtomicFile}):
   * if the write fails or the process is killed, a previous file at that path stays as it was.
   *
   * @param file the target; missing parent directories are created
   * @throws IOException if the file cannot be written (the previous content, if any, is then intact)
   */
  public void write(Path file) throws IOException {
    ObjectMapper m = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ObjectNode root = m.createObjectNode();
    if (game != null) {
      root.put("game", game);
    }
    if (!run.isEmpty()) {
      root.set("run", m.valueToTree(run)); // strings, booleans, longs and doubles, in insertion order
    }
    int players = 0;
    for (Key k : actions.keySet()) {
      players = Math.max(players, k.player() + 1);
    }
    ObjectNode pol = null;
    if (players == 0 || actions.keySet().stream().anyMatch(k -> k.player() == ANY)) {
      pol = root.putObject("policy");
    }
    ArrayNode byPlayer = players > 0 ? root.putArray("policies_by_player") : null;
    ObjectNode[] perPlayer = new ObjectNode[players];
    for (int q = 0; q < players; q++) {
      perPlayer[q] = byPlayer.addObject();
    }
    for (Map.Entry<Key, int[]> e : actions.entrySet()) {
      Key key = e.getKey();
      ObjectNode o = (key.player() == ANY ? pol : perPlayer[key.player()]).putObject(key.infoState());
      double[] p = probs.get(key);
      for (int j = 0; j < e.getValue().length; j++) {
        o.put(Integer.toString(e.getValue()[j]), p[j]);
      }
    }
    // a temporary file moved into place: a failed or killed write never truncates the previous file
    // ending with a newline, as a text file does (a terminal prints the next line on a line of its own)
    AtomicFile.write(file, stream -> {
      stream.write(m.writeValueAsBytes(root));
      stream.write('\n');
    });
  }

  private static final String FORM = "a policy file is one JSON object {\"game\": ..., \"policy\": {information state:"
      + " {action: probability}}}";

  /**
   * Reads a policy written by {@link #write} (or OpenSpiel-style, string keys only). A file without
   * a {@code "game"} entry (written by older versions) is read with {@link #game()} null.
   *
   * @throws IOException if the file cannot be read or is not such a policy, with a one-line message
   *     naming the file and the place: malformed JSON (line and column), a key twice in one
   *     object, content after the policy object, a probability that is not a JSON number (a
   *     string, a boolean, null...), or that is negative, NaN or infinite (naming the
   *     information state, the action and the value), an information state whose probabilities
   *     do not sum to 1 within 1e-6 (naming it and the sum: {@code policy at '0': probabilities
   *     sum to 0.7, not 1}), or an action key that is not written as a plain non-negative integer ({@code 0}, {@code
   *     12}; not {@code 00}, {@code +1}, {@code 1.0} or {@code " 0"}, so that no two keys name one action); a {@code "run"} entry ({@link #run()}) that is not an object is ignored
   */
  public static TabularPolicy read(Path file) throws IOException {
    JsonNode root;
    if (file.toString().isBlank()) { // the working directory: not "a directory" the user named
      throw new IOException("cannot read policy: the path is empty; give the policy file's name");
    }
    if (java.nio.file.Files.isDirectory(file)) {
      throw new IOException("cannot read policy " + file + ": it is a directory");
    }
    try {
      ObjectMapper m = JsonMapper.builder()
          .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS) // NaN and Infinity reach the range check
          .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .build();
      try (java.io.InputStream in = java.nio.file.Files.newInputStream(file)) {
        root = m.readTree(in);
      }
    } catch (JsonProcessingException e) {
      throw new IOException("cannot read policy " + file + ": " + describe(e) + "; " + FORM, e);
    } catch (IOException e) {
      // the reason in words (no such file, permission denied), not the path again
      throw new IOException("cannot read policy " + file + ": "
          + dev.ponder.spi.IoReason.of(e).lines().findFirst().orElse(""), e);
    }
    if (root == null || root.isMissingNode()) {
      throw new IOException("cannot read policy " + file + ": the file is empty; " + FORM);
    }
    boolean hasPolicy = root != null && root.isObject() && root.has("policy");
    boolean hasByPlayer = root != null && root.isObject() && root.has("policies_by_player");
    if (root == null || !root.isObject() || !hasPolicy && !hasByPlayer
        || hasPolicy && !root.get("policy").isObject()
        || hasByPlayer && !root.get("policies_by_player").isArray()
        || root.has("game") && !root.get("game").isTextual() && !root.get("game").isNull()) {
      throw new IOException("not a policy file: " + file + " (" + FORM + ", or with \"policies_by_player\": [{...}, ...]"
          + " keyed by player)");
    }
    if (root.has("game") && root.get("game").isTextual() && root.get("game").asText().isBlank()) {
      // an entry naming no game is not a file that names none: neither is measured on a guess
      throw new IOException("policy file " + file + ": \"game\" is empty; give the game string the policy was saved"
          + " for (e.g. \"kuhn_poker\"), or leave the entry out");
    }
    String savedGame = root.has("game") && root.get("game").isTextual() ? root.get("game").asText() : null;
    TabularPolicy p = new TabularPolicy(savedGame);
    p.source = file.toString();
    if (root.has("run") && root.get("run").isObject()) {
      for (Map.Entry<String, JsonNode> e : root.get("run").properties()) {
        JsonNode v = e.getValue();
        if (v.isTextual()) {
          p.run.put(e.getKey(), v.asText());
        } else if (v.isBoolean()) {
          p.run.put(e.getKey(), v.asBoolean());
        } else if (v.isIntegralNumber() && v.canConvertToLong()) {
          p.run.put(e.getKey(), v.asLong());
        } else if (v.isNumber()) {
          p.run.put(e.getKey(), v.asDouble());
        }
      }
    }
    if (hasPolicy) {
      readEntries(p, file, ANY, root.get("policy"));
    }
    if (hasByPlayer) {
      int q = 0;
      for (JsonNode n : root.get("policies_by_player")) {
        if (!n.isObject()) {
          throw new IOException("policy file " + file + ": policies_by_player[" + q + "] is " + n
              + ", not an object {information state: {action: probability}}");
        }
        readEntries(p, file, q++, n);
      }
    }
    return p;
  }

  private static void readEntries(TabularPolicy p, Path file, int player, JsonNode policy) throws IOException {
    String who = player == ANY ? "" : " of player " + player;
    for (Map.Entry<String, JsonNode> e : policy.properties()) {
      if (!e.getValue().isObject()) {
        throw new IOException("policy file " + file + ": information state '" + oneLine(e.getKey()) + "'" + who
            + " maps to " + e.getValue() + ", not to an object {action: probability}");
      }
      if (player != ANY && p.actions.containsKey(new Key(ANY, e.getKey()))) {
        // the player's entry would be the one played and measured, the other ignored without a word
        throw new IOException("policy file " + file + ": information state '" + oneLine(e.getKey()) + "' has an entry under"
            + " \"policy\" and one under \"policies_by_player\" (player " + player + "); give one of them");
      }
      int k = e.getValue().size();
      int[] a = new int[k];
      double[] pr = new double[k];
      int j = 0;
      for (Map.Entry<String, JsonNode> x : e.getValue().properties()) {
        a[j] = actionKey(x.getKey());
        if (a[j] < 0 && x.getKey().matches("[1-9][0-9]*")) {
          throw new IOException("policy file " + file + ": action key '" + x.getKey() + "' at information state '"
              + oneLine(e.getKey()) + "'" + who + " is out of range: actions are at most " + Integer.MAX_VALUE);
        }
        if (a[j] < 0) {
          throw new IOException("policy file " + file + ": action key '" + x.getKey() + "' at information state '"
              + oneLine(e.getKey()) + "'" + who + " is not a plain non-negative integer (" + ACTION_KEYS + ")");
        }
        JsonNode v = x.getValue();
        if (!v.isNumber()) {
          throw new IOException("policy file " + file + ": probability of action " + x.getKey() + " at information state '"
              + oneLine(e.getKey()) + "'" + who + " is " + v + ", not a number");
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
        p.putKey(new Key(player, e.getKey()), sa, sp);
      } catch (IllegalArgumentException ex) {
        throw new IOException("policy file " + file + ": " + ex.getMessage());
      }
    }
  }

  /** How action keys are written, for messages. */
  static final String ACTION_KEYS = "action keys are written as 0, 1, 12, ...: digits only, no sign, no leading zeros,"
      + " no spaces";

  /**
   * The action a policy file's key names, or −1 unless the key is written as a plain non-negative
   * integer in the {@code int} range: {@code 0} or a non-zero digit followed by digits. Any other
   * spelling ({@code 00}, {@code +1}, {@code 1.0}, {@code " 0"}, {@code -1}) is refused, so no two
   * keys of one information state can name one action: JSON's duplicate-key check compares the
   * keys as written.
   */
  static int actionKey(String key) {
    int n = key.length();
    if (n == 0 || n > 10 || key.charAt(0) == '0' && n > 1) {
      return -1;
    }
    long v = 0;
    for (int i = 0; i < n; i++) {
      char c = key.charAt(i);
      if (c < '0' || c > '9') {
        return -1;
      }
      v = v * 10 + (c - '0');
    }
    return v > Integer.MAX_VALUE ? -1 : (int) v;
  }

  /**
   * A JSON syntax error in words, with its line and column, without the parser's own
   * vocabulary (source descriptions, feature names).
   */
  private static String describe(JsonProcessingException e) {
    String msg = e.getOriginalMessage() == null ? "" : e.getOriginalMessage().lines().findFirst().orElse("");
    String[] notJson = msg.contains("maybe a (non-standard) comment") ? null : notJson(msg);
    if (notJson != null) {
      return "not JSON: " + notJson[0] + (e.getLocation() != null && e.getLocation().getLineNr() > 0
          ? " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() : "")
          + (notJson[1].isEmpty() ? "" : " (" + notJson[1] + ")");
    }
    String what;
    if (msg.startsWith("Unexpected end-of-input")) {
      what = "the file ends before the JSON is complete (truncated?)";
    } else if (msg.startsWith("Duplicate field")) {
      what = "key " + msg.substring("Duplicate field ".length()) + " appears twice in one object";
    } else if (msg.startsWith("Trailing token")) {
      what = "content after the end of the policy object";
    } else if (msg.startsWith("No content to map")) {
      what = "the file is empty";
    } else if (msg.contains("maybe a (non-standard) comment")) {
      what = "comments are not allowed in JSON";
    } else {
      what = msg.replaceAll("\\s*\\(start marker at \\[Source.*", "")
          .replaceAll("\\s*\\[Source:.*", "")
          .replaceAll(":?\\s*(enable|disable) `?[A-Za-z.]*Feature[A-Za-z_.]*`?.*", "")
          .replaceAll("\\s*\\(`?[A-Za-z.]*Feature[A-Za-z_.]*`?[^)]*\\)", "")
          // any other parenthetical naming a parser feature ("(not recognized as one since Feature ...)")
          .replaceAll("\\s*\\([^()]*Feature[^()]*\\)", "");
    }
    if (e.getLocation() != null && e.getLocation().getLineNr() > 0) {
      return "line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ": " + what;
    }
    return what;
  }

  /** A character of a parser message ({@code 'h' (code 104)}) as messages show it. */
  private static final java.util.regex.Pattern CHARACTER = java.util.regex.Pattern.compile(
      "^Unexpected character \\('(.*?)' \\(code (\\d+)[^)]*\\)\\):?\\s*(.*)$", java.util.regex.Pattern.DOTALL);

  /** What a JSON value is, for messages about text where one should be. */
  private static final String VALUE = "a JSON value is an object, an array, a string in double quotes, a number, true, false"
      + " or null";

  /**
   * What is wrong with text that is not JSON at all (a stray word or character, a missing comma or
   * colon, a control character or bad escape in a string), in our words: {@code {what, hint}}
   * (hint empty when none); null for the parser's other messages. The parser's own wording lists
   * number forms ('NaN', '+INF') that no policy file may use.
   */
  static String[] notJson(String msg) {
    if (msg.startsWith("Unrecognized token '")) {
      int end = msg.indexOf("':", "Unrecognized token '".length());
      String token = end < 0 ? "" : msg.substring("Unrecognized token '".length(), end);
      return new String[] {"unexpected text '" + (token.length() > 40 ? token.substring(0, 40) + "..." : token) + "'", VALUE};
    }
    java.util.regex.Matcher m = CHARACTER.matcher(msg);
    if (m.matches()) {
      int code = Integer.parseInt(m.group(2));
      String c = code < 32 || code == 127 ? "control character (code " + code + ")" : "character '" + m.group(1) + "'";
      String rest = m.group(3);
      if (rest.contains("double-quote to start field name")) {
        return new String[] {"unexpected " + c + " where a key in double quotes should be", "a comma before '}'?"};
      } else if (rest.contains("comma to separate Object entries")) {
        return new String[] {"unexpected " + c + " where a comma or '}' should be", ""};
      } else if (rest.contains("comma to separate Array entries")) {
        return new String[] {"unexpected " + c + " where a comma or ']' should be", ""};
      } else if (rest.contains("colon to separate field name and value")) {
        return new String[] {"unexpected " + c + " where a colon should be", ""};
      }
      return new String[] {"unexpected " + c + " where a value should be", VALUE};
    }
    if (msg.startsWith("Unexpected close marker")) {
      java.util.regex.Matcher close = java.util.regex.Pattern.compile("^Unexpected close marker '(.)': expected '(.)'").matcher(msg);
      return new String[] {close.find() ? "unexpected '" + close.group(1) + "' where '" + close.group(2) + "' should close"
          : "an unexpected closing bracket", ""};
    }
    if (msg.startsWith("Illegal unquoted character")) {
      return new String[] {"a control character (a line break or tab?) inside a string", "write it as an escape: \\n, \\t"};
    }
    if (msg.startsWith("Unrecognized character escape")) {
      return new String[] {"an unknown escape in a string", "valid: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX"};
    }
    if (msg.startsWith("Invalid UTF-8") || msg.startsWith("Invalid UTF8")) {
      return new String[] {"the file is not UTF-8 text", ""};
    }
    if (msg.contains("Leading zeroes not allowed")) {
      return new String[] {"a number with a leading zero", "JSON writes 1, not 01"};
    }
    if (msg.startsWith("Invalid numeric value") || msg.startsWith("Non-standard token")) {
      return new String[] {"a number not written as JSON writes numbers", ""};
    }
    return null;
  }

  /** {@code key} on one line (line breaks shown as {@code |}) and at most 80 characters, for messages. */
  static String oneLine(String key) {
    String k = key.replace("\n", "|");
    return k.length() <= 80 ? k : k.substring(0, 77) + "...";
  }
}
