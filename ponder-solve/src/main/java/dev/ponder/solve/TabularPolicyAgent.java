package dev.ponder.solve;

import dev.ponder.agent.Agent;
import dev.ponder.agent.AgentFactory;
import dev.ponder.agent.PolicyAgent;
import dev.ponder.game.Distributions;
import dev.ponder.game.Game;
import dev.ponder.game.State;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import dev.ponder.spec.SpecException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Plays a saved {@link TabularPolicy} (a JSON file written by {@code ponder solve --out}, {@code
 * exploitability --out} or {@code --best-response-out}): at each decision it looks up the acting
 * player's information state ({@link State#informationStateString(int)}) in the policy and samples
 * an action from the distribution there with its own {@link SplittableRandom} (seeded, so the
 * same seed gives the same decisions). It reports that distribution as its policy, so tabularizing
 * it gives back the file's policy over the game's information states. Registered as agent {@code
 * tabular(file=PATH[,fill_uniform=false])}.
 *
 * <p>An information state the file lacks is an error naming it ({@link PolicyMismatchException}, an {@link IllegalStateException}),
 * unless {@code fill_uniform} is set; then the agent plays uniformly at random there.
 */
public final class TabularPolicyAgent implements PolicyAgent {
  private final TabularPolicy policy;
  private final boolean fillUniform;
  private final long seed;
  private SplittableRandom rng;
  private int[] legal = new int[16];
  private double[] p = new double[16];

  /**
   * @param policy the policy to play (already checked against the game, {@link
   *     TabularPolicy#checkGame})
   * @param fillUniform play uniformly at information states the policy lacks, instead of failing
   * @param seed seed of the random generator that samples the actions
   */
  public TabularPolicyAgent(TabularPolicy policy, boolean fillUniform, long seed) {
    this.policy = policy;
    this.fillUniform = fillUniform;
    this.seed = seed;
    this.rng = new SplittableRandom(seed);
  }

  /**
   * Samples an action from the policy at the acting player's information state.
   *
   * @throws PolicyMismatchException if the information state is missing from the policy (and
   *     {@code fill_uniform} is not set), or the policy gives positive probability to an action
   *     that is not legal there
   * @throws IllegalArgumentException at a terminal state or a chance node
   */
  @Override
  public int selectAction(State state) {
    int k = fill(state);
    int j = Distributions.sample(p, 0, k, rng.nextDouble());
    while (p[j] == 0) {
      j--; // rounding left the total at or below u: the last action with positive probability
    }
    return legal[j];
  }

  /**
   * The policy's distribution at the acting player's information state, aligned with {@code
   * state.legalActions()} (legal actions the policy does not list get 0).
   *
   * @throws PolicyMismatchException as {@link #selectAction}
   * @throws IllegalArgumentException at a terminal state or a chance node
   */
  @Override
  public double[] policy(State state) {
    int k = fill(state);
    return java.util.Arrays.copyOf(p, k);
  }

  /** Fills {@code legal} and {@code p} (aligned, normalized) for the state; returns the number of legal actions. */
  private int fill(State state) {
    Agent.requireDecisionNode(state);
    int player = state.currentPlayer();
    int k = state.game().maxActionsPerState();
    if (legal.length < k) {
      legal = new int[k];
      p = new double[k];
    }
    k = state.legalActions(legal);
    String info = state.informationStateString(player);
    int[] a = policy.actionsRef(player, info);
    if (a == null) {
      if (!fillUniform) {
        throw new PolicyMismatchException(policy.displayName() + " has no entry for information state '"
            + TabularPolicy.oneLine(info) + "' of player " + player + "; give a complete policy, or tabular(...,fill_uniform=true)"
            + " to play uniformly there");
      }
      java.util.Arrays.fill(p, 0, k, 1.0 / k);
      return k;
    }
    double[] q = policy.probabilitiesRef(player, info);
    java.util.Arrays.fill(p, 0, k, 0.0);
    double sum = 0;
    for (int i = 0; i < a.length; i++) {
      int j = dev.ponder.game.GameContract.indexOfLegal(state, legal, k, a[i]);
      if (j < 0) {
        if (q[i] > 0) {
          throw new PolicyMismatchException(policy.displayName() + " gives action " + a[i] + " at '" + TabularPolicy.oneLine(info)
              + "', which is not legal there");
        }
        continue;
      }
      p[j] = q[i];
      sum += q[i];
    }
    if (!(sum > 0)) {
      throw new PolicyMismatchException(policy.displayName() + " gives no probability to any legal action at '"
          + TabularPolicy.oneLine(info) + "'");
    }
    for (int j = 0; j < k; j++) {
      p[j] /= sum;
    }
    return k;
  }

  /** Starts the agent's draws over from its seed (the same decisions as a fresh agent). */
  @Override
  public void restart() {
    rng = new SplittableRandom(seed);
  }

  /**
   * The saved policy does not fit a state the agent is asked to play: the information state is
   * missing (without {@code fill_uniform}), or its entry gives probability to an illegal action or
   * to no legal one. A fault of the policy file, not of the program.
   */
  public static final class PolicyMismatchException extends IllegalStateException
      implements dev.ponder.agent.AgentDataFault {
    private static final long serialVersionUID = 1L;

    PolicyMismatchException(String message) {
      super(message);
    }
  }

  /** Factory for {@code tabular(file=PATH,fill_uniform=false)}. */
  public static final class Factory implements AgentFactory {
    @Override
    public String name() {
      return "tabular";
    }

    @Override
    public String description() {
      return "plays a saved tabular policy (JSON of solve --out, exploitability --out/--best-response-out): samples"
          + " the action from the file's distribution at the information state";
    }

    @Override
    public List<ParamSpec> parameters() {
      return List.of(ParamSpec.ofString("file", "", "policy file (JSON) saved for this game (required)"),
          ParamSpec.ofBool("fill_uniform", false,
              "play uniformly at information states the file lacks (by default such a state is an error)"));
    }

    /**
     * {@code file_sha256}: the first 16 hex digits of the SHA-256 of the policy file's bytes, so
     * that the arena refuses to extend a tournament whose policy file has changed since its
     * matches were played. No entry when the file cannot be read (creating the agent says why).
     */
    @Override
    public java.util.Map<String, String> fingerprint(Params params) {
      String file = params.getString("file");
      if (file.isBlank()) {
        return java.util.Map.of();
      }
      try {
        byte[] digest = java.security.MessageDigest.getInstance("SHA-256").digest(java.nio.file.Files.readAllBytes(Path.of(file)));
        return java.util.Map.of("file_sha256", java.util.HexFormat.of().formatHex(digest, 0, 8));
      } catch (IOException | java.nio.file.InvalidPathException e) {
        return java.util.Map.of();
      } catch (java.security.NoSuchAlgorithmException e) {
        throw new IllegalStateException("this JVM has no SHA-256 (every Java SE platform must have it)", e);
      }
    }

    /**
     * Parsed policies by file (absolute path, size and modification time), so an arena creating one
     * agent per match reads and parses the file once; the agents only read a policy, never change
     * it. At most {@value #CACHED} files are kept.
     */
    private static final java.util.concurrent.ConcurrentHashMap<String, TabularPolicy> LOADED =
        new java.util.concurrent.ConcurrentHashMap<>();

    private static final int CACHED = 8;

    private static TabularPolicy load(Path path) throws IOException {
      String key;
      try {
        Path abs = path.toAbsolutePath().normalize();
        key = abs + "|" + java.nio.file.Files.size(abs) + "|" + java.nio.file.Files.getLastModifiedTime(abs).toMillis();
      } catch (IOException e) {
        return TabularPolicy.read(path); // the reader names what is wrong with the file
      }
      TabularPolicy cached = LOADED.get(key);
      if (cached != null) {
        return cached;
      }
      TabularPolicy read = TabularPolicy.read(path);
      if (LOADED.size() >= CACHED) {
        LOADED.clear();
      }
      LOADED.put(key, read);
      return read;
    }

    /**
     * @throws SpecException (one line) if {@code file} is not given, cannot be read, is not a
     *     policy file, or was saved for another game
     */
    @Override
    public Agent create(Game game, Params params, long seed) {
      String file = params.getString("file");
      if (file.isBlank()) {
        throw new SpecException("tabular needs file=PATH, a policy file saved by ponder solve --out or exploitability --out,"
            + " e.g. tabular(file=kuhn.json)");
      }
      TabularPolicy policy;
      try {
        policy = load(Path.of(file));
      } catch (IOException e) {
        throw new SpecException("tabular: " + e.getMessage());
      } catch (java.nio.file.InvalidPathException e) {
        throw new SpecException("tabular: file=" + file + " is not a valid path (" + e.getReason() + ")");
      }
      try {
        policy.checkGame(game, "play");
      } catch (IllegalArgumentException e) {
        throw new SpecException("tabular: " + e.getMessage());
      }
      int none = uncovered(policy, game);
      if (none > 0) {
        throw new SpecException("tabular: " + policy.displayName() + " has none of the " + none + " information states of "
            + GameTree.echo(game.spec()) + "; give a policy saved for " + GameTree.echo(game.spec()) + " (fill_uniform=true fills the states a policy"
            + " lacks, not a policy that has none)");
      }
      return new TabularPolicyAgent(policy, params.getBool("fill_uniform"), seed);
    }

    /**
     * What to tell the user before the agent plays {@code game} (printed once by the commands that
     * set agents up: arena, play, exploitability --agent, search), as {@code exploitability
     * --policy} tells it for the same file: a file that does not say which game it was saved for;
     * the information states of the game the file lacks (how many of how many, the first one, and
     * what the agent does there: plays uniformly with {@code fill_uniform}, else fails the
     * decision); entries for information states the game does not have. The game's information
     * states come from its tree ({@link GameTree#build(Game, int)} up to {@value #WALK_LIMIT}
     * histories); for a larger game from a walk of its first {@value #WALK_LIMIT} histories, and
     * the line says so (entries the game lacks are then not counted). Nothing for a file that
     * {@link #create} refuses.
     */
    @Override
    public List<String> warnings(Game game, Params params) {
      String file = params.getString("file");
      if (file.isBlank()) {
        return List.of();
      }
      TabularPolicy policy;
      try {
        policy = load(Path.of(file));
        policy.checkGame(game, "play");
      } catch (IOException | RuntimeException e) {
        return List.of(); // create says what is wrong
      }
      List<String> out = new java.util.ArrayList<>();
      String here = GameTree.echo(game.spec());
      String name = policy.displayName();
      if (policy.game() == null) {
        out.add(name + " does not say which game it was saved for; playing it in " + here);
      }
      String there = params.getBool("fill_uniform") ? "the agent plays uniformly at random there (fill_uniform=true)"
          : "a decision at one of them is an error (fill_uniform=true plays uniformly at random there)";
      GameTree tree;
      try {
        tree = GameTree.build(game, WALK_LIMIT);
      } catch (RuntimeException e) {
        tree = null; // too large, or no perfect recall: walk the first histories instead
      }
      if (tree != null) {
        TabularPolicy.Coverage c = policy.coverage(tree);
        if (c.missing() > 0) {
          out.add(String.format(java.util.Locale.ROOT, "%d of the %d information states of %s are missing from %s (e.g. '%s'); %s",
              c.missing(), c.total(), here, name, c.firstMissing(), there));
        }
        if (c.extra() > 0) {
          out.add(String.format(java.util.Locale.ROOT, "%d information state%s in %s that %s does not have (e.g. '%s'); ignored",
              c.extra(), c.extra() == 1 ? "" : "s", name, here, c.firstExtra()));
        }
        return out;
      }
      Walk w = coverageWalk(policy, game, false);
      if (w.missing() > 0) {
        String met = w.complete() ? "of " + here : "of " + here + " met in its first " + WALK_LIMIT + " histories (the whole game is larger)";
        out.add(w.missing() == w.met()
            ? String.format(java.util.Locale.ROOT, "none of the %d information states %s is in %s (e.g. '%s' is not); %s",
                w.met(), met, name, w.firstMissing(), there)
            : String.format(java.util.Locale.ROOT, "%d of the %d information states %s are missing from %s (e.g. '%s'); %s",
                w.missing(), w.met(), met, name, w.firstMissing(), there));
      }
      return out;
    }

    /**
     * What a walk of a game's first histories met: distinct information states, those the policy
     * lacks, the first of them; whether it went through the whole game, and whether it met one the
     * policy covers (where a walk told to stop there stopped).
     */
    private record Walk(int met, int missing, String firstMissing, boolean complete, boolean covered) {}

    /**
     * Depth-first over every chance outcome and legal action from the initial state, up to {@value
     * #WALK_LIMIT} histories: the distinct (player, information state) pairs met at decisions and
     * how many of them the policy lacks; with {@code stopAtCovered}, only until the first one the
     * policy covers.
     */
    private static Walk coverageWalk(TabularPolicy policy, Game game, boolean stopAtCovered) {
      java.util.Set<String> seen = new java.util.HashSet<>();
      java.util.ArrayDeque<State> stack = new java.util.ArrayDeque<>();
      stack.push(game.newInitialState());
      int visited = 0;
      int missing = 0;
      String firstMissing = null;
      int[] actions = new int[Math.max(1, Math.max(game.maxActionsPerState(), game.maxChanceOutcomes()))];
      double[] probs = new double[actions.length];
      while (!stack.isEmpty()) {
        if (++visited > WALK_LIMIT) {
          return new Walk(seen.size(), missing, firstMissing, false, seen.size() > missing);
        }
        State s = stack.pop();
        if (s.isTerminal()) {
          continue;
        }
        int k;
        if (s.isChanceNode()) {
          k = s.chanceOutcomes(actions, probs);
        } else {
          int player = s.currentPlayer();
          String info = s.informationStateString(player);
          if (seen.add(player + "\u0000" + info)) {
            if (policy.actionsRef(player, info) == null) {
              missing++;
              firstMissing = firstMissing == null ? TabularPolicy.oneLine(info) : firstMissing;
            } else if (stopAtCovered) {
              return new Walk(seen.size(), missing, firstMissing, false, true);
            }
          }
          k = s.legalActions(actions);
        }
        for (int j = k - 1; j >= 0; j--) {
          State c = s.copy();
          c.applyActionUnchecked(actions[j]);
          stack.push(c);
        }
      }
      return new Walk(seen.size(), missing, firstMissing, true, seen.size() > missing);
    }

    /** Histories the coverage walk visits at most before it gives up (and accepts the policy). */
    static final int WALK_LIMIT = 200_000;

    /** {@link #uncovered} results by policy (the parsed, cached instance) and game string. */
    private static final java.util.Map<TabularPolicy, java.util.Map<String, Integer>> WALKED =
        java.util.Collections.synchronizedMap(new java.util.WeakHashMap<>());

    /**
     * The rule of {@code exploitability --policy F --fill-uniform}, checked when the agent is
     * created: 0 when the policy has an entry for some information state of {@code game} (or the
     * walk is cut off after {@value #WALK_LIMIT} histories without finding one, so the question
     * stays open), else the number of the game's information states, none of which it has. A
     * depth-first walk from the initial state over every chance outcome and legal action stops at
     * the first decision whose information state the policy covers: for a policy saved for the
     * game that is the first decision. Remembered per policy and game (an arena creates one agent
     * per match).
     */
    static int uncovered(TabularPolicy policy, Game game) {
      java.util.Map<String, Integer> byGame = WALKED.computeIfAbsent(policy, k -> new java.util.concurrent.ConcurrentHashMap<>());
      return byGame.computeIfAbsent(game.spec(), g -> {
        try {
          return walk(policy, game);
        } catch (RuntimeException e) {
          return 0; // a game without information-state strings: the agent says so at its first decision
        }
      });
    }

    private static int walk(TabularPolicy policy, Game game) {
      Walk w = coverageWalk(policy, game, true);
      return w.complete() && !w.covered() ? w.met() : 0;
    }
  }
}
