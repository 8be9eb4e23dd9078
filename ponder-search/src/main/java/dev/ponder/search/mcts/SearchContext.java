package dev.ponder.search.mcts;

import dev.ponder.game.Game;
import java.util.SplittableRandom;

/**
 * Per-worker view of a running search, handed to every component call: the worker's RNG and
 * scratch buffers, and the global statistics the interfaces may read (SPEC §1.2): simulation
 * index t, budget S, the game's utility bounds, |A| at the root, the information type. One
 * context per worker thread; components must not keep references to it across calls.
 *
 * <p>The engine creates the contexts; {@link #detached} makes one for calling a component outside
 * a search. Every random choice of a component comes from {@link #rng()}, which the engine splits
 * from its seed for every worker and search, so one-thread searches are reproducible.
 */
public final class SearchContext {
  private final Game game;
  private final int numPlayers;
  private final double minUtility;
  private final double maxUtility;
  private final double deltaU;
  private final double invDeltaU;
  private final boolean imperfectInformation;
  private final int threads;
  private final int[] actionBuffer;
  private final double[] probabilityBuffer;
  private final float[] priorBuffer;
  private final double[] valueBuffer;
  /** The component scratch arrays ({@link #scratch}), each allocated at its first use. */
  private final double[][] scratch = new double[SCRATCH_ARRAYS][];
  private boolean[] flagScratch;
  /** The component state arrays ({@link #simulationInts}), each allocated at its first use. */
  private final int[][] simulationInts = new int[SIMULATION_INTS][];

  SplittableRandom rng;
  int simulation;
  int budget;
  int depth;
  int leafDepth;
  int rootPlayer;
  int rootActions;
  final int workerIndex;

  SearchContext(Game game, int threads, int workerIndex, SplittableRandom rng) {
    this.game = game;
    this.numPlayers = game.numPlayers();
    this.minUtility = game.minUtility();
    this.maxUtility = game.maxUtility();
    double d = maxUtility - minUtility;
    this.deltaU = d > 0 ? d : 1.0;
    this.invDeltaU = 1.0 / deltaU;
    this.imperfectInformation = !game.type().isPerfectInformation();
    this.threads = threads;
    this.workerIndex = workerIndex;
    this.rng = rng;
    int max = Math.max(1, game.maxActionsPerState());
    this.actionBuffer = new int[max];
    this.probabilityBuffer = new double[max];
    this.priorBuffer = new float[max];
    this.valueBuffer = new double[numPlayers];
  }

  /**
   * A context outside a running search (final selection, tests of single components): one worker,
   * t = 0, S = 0, depth 0, root player 0, |A| = 0, and a random generator from {@code seed}.
   */
  public static SearchContext detached(Game game, long seed) {
    return new SearchContext(game, 1, 0, new SplittableRandom(seed));
  }

  /** The game being searched. */
  public Game game() {
    return game;
  }

  /** Number of players n: the length of every value vector. */
  public int numPlayers() {
    return numPlayers;
  }

  /** The worker's random stream (every random choice of a component comes from here). */
  public SplittableRandom rng() {
    return rng;
  }

  /** Simulation index t, 0-based (counted over all workers). */
  public int simulation() {
    return simulation;
  }

  /**
   * Simulation budget S: the {@code sims} budget, or for a time-only budget an estimate from the
   * simulation rate so far (always &gt; t).
   */
  public int budget() {
    return budget;
  }

  /** t / S in [0, 1]: how much of the budget has been used. */
  public double progress() {
    return budget <= 0 ? 0.0 : Math.min(1.0, (double) simulation / budget);
  }

  /**
   * Depth of what the engine is processing: at selection ({@link TreePolicy#select},
   * {@link RootActionSelector#select}) and at evaluation ({@link ValueEstimator#evaluate}) the
   * node's depth (the root is 0, a root child 1); during {@link ValueBackup#update} the edge's
   * depth, which is the depth of the node it leaves (root children 0; see {@link ValueBackup}).
   */
  public int depth() {
    return depth;
  }

  /**
   * During {@link ValueBackup#update} and {@link ValueBackup#updateNode}: the depth at which the
   * value being backed up was produced, that is the depth of the state the simulation evaluated
   * or found terminal (the root is 0, a root child 1), the same for every edge of the path. With
   * {@link MctsConfig#chanceExpandAll()} the value passed up from a chance node is the
   * probability-weighted mean of its outcomes' statistics, which were backed up with their own
   * leaf depths; for the edges above that chance node this is 0.
   */
  public int leafDepth() {
    return leafDepth;
  }

  /** The player the search is for (acting at the root). */
  public int rootPlayer() {
    return rootPlayer;
  }

  /** |A| at the root: number of legal actions there. */
  public int rootActions() {
    return rootActions;
  }

  /** {@link Game#minUtility()}: the game's smallest return (raw utility), possibly nominal. */
  public double minUtility() {
    return minUtility;
  }

  /** {@link Game#maxUtility()}: the game's largest return (raw utility), possibly nominal. */
  public double maxUtility() {
    return maxUtility;
  }

  /** ΔU = maxUtility − minUtility (1 if the game declares equal bounds). */
  public double deltaU() {
    return deltaU;
  }

  /**
   * {@code (u − minU)/ΔU}, a raw utility rescaled linearly (not clamped): in [0, 1] for returns
   * within the game's bounds, which is every return when both bounds are strict. A game with a
   * nominal bound ({@link Game#maxUtilityNominal()}, {@link Game#minUtilityNominal()}) can give
   * values outside: 2048's default game ({@code maxUtility} 20480, nominal) maps a return of 30000
   * to about 1.46. The search then still runs, but the rules whose constants assume Q̃ in [0, 1]
   * (the UCB1 and PUCT exploration scale, UCB1-Tuned's variance cap 1/4, Normal-Gamma's β0 = 0.25)
   * see larger values than they were tuned for.
   *
   * @param u a raw utility (the game's units)
   * @return the normalized value; in [0, 1] when {@code minU ≤ u ≤ maxU}
   */
  public double normalize(double u) {
    return (u - minUtility) * invDeltaU;
  }

  /** Q0 = −minU/ΔU, the normalized value of utility 0 (0.5 in symmetric zero-sum games); {@link #normalize normalize(0)}. */
  public double q0() {
    return -minUtility / deltaU;
  }

  /**
   * Whether the game has imperfect information (SPEC's I: I = 1 when true, 0 otherwise), from
   * {@link dev.ponder.game.GameType#isPerfectInformation()}.
   */
  public boolean imperfectInformation() {
    return imperfectInformation;
  }

  /** Number of worker threads of the search. */
  public int threads() {
    return threads;
  }

  /** Scratch of length ≥ {@code game.maxActionsPerState()} for actions. */
  public int[] actionBuffer() {
    return actionBuffer;
  }

  /** Scratch of length ≥ {@code game.maxActionsPerState()} for chance probabilities. */
  public double[] probabilityBuffer() {
    return probabilityBuffer;
  }

  /** Scratch of length ≥ {@code game.maxActionsPerState()} for priors. */
  public float[] priorBuffer() {
    return priorBuffer;
  }

  /** Scratch of length numPlayers for a value vector (free for components to use). */
  public double[] valueBuffer() {
    return valueBuffer;
  }

  /** Number of component scratch arrays a context holds ({@link #scratch}: indices 0..3). */
  public static final int SCRATCH_ARRAYS = 4;

  /**
   * Component scratch array {@code index}, of length ≥ {@code length}: owned by this context's
   * worker, so a tree policy or backup reaches it without a thread-local lookup or a lock. It is
   * allocated at its first use and again only when a longer one is asked for (then kept; at least
   * 16 long), so in steady state this allocates nothing. The contents are unspecified on entry and
   * belong to the caller until it returns: the next component call may overwrite them, so nothing
   * is kept there between calls. A component that calls another one while holding a scratch array
   * must not let the callee use the same index.
   *
   * @param index which array, 0 ≤ index &lt; {@value #SCRATCH_ARRAYS}
   * @param length the length needed (≥ 0)
   * @return the array (its length may exceed {@code length})
   * @throws ArrayIndexOutOfBoundsException if {@code index} is outside [0, {@value #SCRATCH_ARRAYS})
   */
  public double[] scratch(int index, int length) {
    double[] a = scratch[index];
    if (a == null || a.length < length) {
      a = new double[Math.max(16, Math.max(length, a == null ? 0 : a.length + (a.length >> 1)))];
      scratch[index] = a;
    }
    return a;
  }

  /** Number of component state arrays a context holds ({@link #simulationInts}: indices 0..1). */
  public static final int SIMULATION_INTS = 2;

  /**
   * Component state array {@code index}, of length ≥ {@code length}, owned by this context's
   * worker, whose contents stay as the component left them from one call to the next: for what a
   * component decides once per simulation and reads at later calls of the same simulation (SA-MCTS
   * reads its tuners' θ at the root and selects with it at every node below). Unlike {@link
   * #scratch}, neither the engine nor another component writes it; a component owns one index. It
   * is allocated (zeros) at its first use and again only when a longer one is asked for, keeping
   * its contents (then at least 16 long), so in steady state this allocates nothing. Its contents
   * outlive the simulation and the search: a component that reads them at a simulation must have
   * written them earlier in the same simulation.
   *
   * @param index which array, 0 ≤ index &lt; {@value #SIMULATION_INTS}
   * @param length the length needed (≥ 0)
   * @return the array (its length may exceed {@code length})
   * @throws ArrayIndexOutOfBoundsException if {@code index} is outside [0, {@value #SIMULATION_INTS})
   */
  public int[] simulationInts(int index, int length) {
    int[] a = simulationInts[index];
    if (a == null || a.length < length) {
      int n = Math.max(16, Math.max(length, a == null ? 0 : a.length + (a.length >> 1)));
      a = a == null ? new int[n] : java.util.Arrays.copyOf(a, n);
      simulationInts[index] = a;
    }
    return a;
  }

  /**
   * A component scratch array of flags, of length ≥ {@code length}, owned by this context's
   * worker; allocated and reused as {@link #scratch} (contents unspecified on entry).
   *
   * @param length the length needed (≥ 0)
   * @return the array (its length may exceed {@code length})
   */
  public boolean[] flagScratch(int length) {
    boolean[] a = flagScratch;
    if (a == null || a.length < length) {
      a = new boolean[Math.max(64, Math.max(length, a == null ? 0 : a.length + (a.length >> 1)))];
      flagScratch = a;
    }
    return a;
  }
}
