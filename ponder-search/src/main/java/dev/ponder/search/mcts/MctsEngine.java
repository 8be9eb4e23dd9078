package dev.ponder.search.mcts;

import dev.ponder.game.Distributions;
import dev.ponder.game.Game;
import dev.ponder.game.GameContract;
import dev.ponder.game.State;
import dev.ponder.search.SearchResult;
import java.util.Arrays;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * The one MCTS loop over the eight interfaces (SPEC §1.2). Every simulation: the root selector
 * picks a root edge, a world is drawn by the {@link ResampleHistory} (IS-MCTS), the tree policy
 * descends, a leaf is expanded (all children at once, with priors) or evaluated by the
 * {@link ValueEstimator}, and the value vector (one entry per player, raw utility) is backed up by
 * the {@link ValueBackup}. At the end the {@link FinalActionSelector} picks the move and π̂.
 *
 * <ul>
 *   <li><b>Players and values.</b> n players; every edge stores the sum of value vectors and
 *       mechanisms read the chooser's component (max^n); two-player zero-sum is not special.
 *   <li><b>Chance.</b> In tree mode a chance node is a tree node whose children are the outcomes
 *       (prior = probability); one is sampled per simulation, or with
 *       {@link MctsConfig#chanceExpandAll()} every outcome is evaluated once and the
 *       probability-weighted mean of the outcomes' values is backed up. In keyed mode chance outcomes are sampled in the
 *       world without a node. Wherever outcomes are expanded or sampled their probabilities are
 *       checked to sum to 1 ({@link GameContract#checkChanceOutcomes}, k additions), and the
 *       root's legal actions to be ascending ({@link GameContract#checkAscending}, once per search).
 *   <li><b>Imperfect information.</b> Keyed by (acting player's information-state key, acting
 *       player) (IS-MCTS, Cowling, Powley &amp; Whitehouse 2012; the multiple-observer keying of
 *       OpenSpiel's {@code is_mcts}). The root is the searcher's information state; the only
 *       access to the true state is {@link ResampleHistory}, its legal actions and its
 *       information-state key for the searcher, so two states with the same information state
 *       give the same search (same seed, one thread). Every component sees resampled worlds
 *       only: the root too is expanded (its priors computed) in a world drawn by the resampler
 *       from the search's seeded generator, as OpenSpiel's {@code is_mcts} does, whether it is a
 *       new root or a kept one (reuse) not yet expanded.
 *   <li><b>Budgets.</b> Simulations and/or wall time; the clock is read once per simulation.
 *   <li><b>Threads.</b> T workers share the tree (tree parallelism; Chaslot, Winands &amp; van
 *       den Herik 2008); T = 1 runs in the calling
 *       thread and is exactly reproducible from the seed. With {@link MctsConfig#syncMicros()}
 *       &gt; 0 and an additive backup ({@link ValueBackup#additive()}), each worker keeps its statistics private (from the root
 *       on, growing with the tree) and merges them about every {@code syncMicros} (a
 *       {@link Tree#view}), so the statistics every simulation passes through are not rewritten
 *       by every worker on every simulation; the workers see each other's work through the
 *       merges, and the mechanism's {@link VirtualLoss} acts only on shared entries (beyond the
 *       private range). With {@code syncMicros} 0, or a mechanism that always shares, every
 *       update is shared at once and the virtual loss is on every edge in flight (classic tree
 *       parallelism). Every worker creates nodes in its own blocks.
 *       Every worker draws its worlds ({@link ResampleHistory}) from its own copy of the searched
 *       state, made in its thread at the start of each search: the workers only read the
 *       searched state, by {@link State#copy()}, at the same time.
 *       With more workers than {@link Runtime#availableProcessors()}, at most that many run
 *       simulations at once, taking turns of about {@link #GATE_SLICE_NANOS} (the others are
 *       parked): threads beyond the cores cannot add speed, and a worker descheduled in the middle
 *       of a simulation by the operating system would hold up the end of a timed search by a
 *       scheduling round of all the threads.
 * </ul>
 *
 * <p>Thread safety: one search at a time. The engine runs its own worker threads for one search
 * ({@link MctsConfig#threads()}), but {@link #search}, {@link #runSimulations}, {@link #reset()}
 * and {@link #close()} must not be called while another call of this engine runs: such a call
 * throws {@link IllegalStateException} and changes nothing (checked with one compare-and-set per
 * call). Use one engine (one agent) per calling thread. {@link #close()} stops the worker threads.
 *
 * <p>Failures: a search that throws (a component's exception, a failed check of a component's
 * output, an interrupt, a full tree) has run to its end first (every worker stopped), and leaves
 * nothing to reuse: the tree is emptied, so the next search starts afresh, and
 * {@link #runSimulations} refuses to continue it. A search refused for its argument
 * ({@link IllegalArgumentException}) changes nothing.
 *
 * <p>Visit counts are {@code int}: a search starts afresh rather than reuse a tree whose kept
 * visits plus its planned simulations could pass {@link #MAX_TREE_VISITS}, and a search with a time
 * budget claims at most the simulations that keep the root below it.
 */
public final class MctsEngine implements AutoCloseable {
  private final Game game;
  /** Replaced only by {@link #reset(Mechanism)}, between searches. */
  private Mechanism mechanism;
  private final Knowledge knowledge;
  private final MctsConfig config;
  private final MctsConfig.Keying keying;
  private final boolean keyed;
  private final int numPlayers;
  private final long seed;
  /** Splits one generator per worker and search; set from {@link #seed} at construction and {@link #reset()}. */
  private SplittableRandom master;
  private final Tree tree;
  private final Worker[] workers;
  private final int reserve;
  private ExecutorService pool;
  /**
   * With more workers than available processors: one permit per processor, held by the workers
   * that run simulations (see {@link #GATE_SLICE_NANOS}); null otherwise.
   */
  private final Semaphore gate;
  /**
   * With more workers than processors, a worker hands its permit on after running simulations
   * for this long (2 ms), to the worker that has waited longest.
   */
  static final long GATE_SLICE_NANOS = 2_000_000L;

  private int[] lastRootHistory;
  /**
   * The player the last search ran for (−1 after the tree was emptied): in an
   * imperfect-information game a tree is kept only for a search of the same player, since another
   * player's tree was grown in worlds that hold that player's private information.
   */
  private int lastRootPlayer = -1;
  /** Whether the last search or {@link #runSimulations} failed (its tree was emptied). */
  private boolean failed;
  /**
   * Simulations backed up into the tree since it was last emptied (keyed mode, where nodes outside
   * the root's subtree are kept and a node can hold visits of several searches; see
   * {@link #keptVisits}).
   */
  private long simulationsSinceClear;
  /**
   * Most visits the engine lets a tree's root reach: {@code Integer.MAX_VALUE} − 2<sup>16</sup>
   * (2,147,418,111). Visit counts are {@code int}; the margin covers the virtual losses and the
   * batch claims of the workers in flight.
   */
  static final int MAX_TREE_VISITS = Integer.MAX_VALUE - (1 << 16);

  // per search, read by workers
  private State rootState;
  /** Whether the last search answered a forced move without searching ({@link #runSimulations} refuses). */
  private boolean lastForced;
  private int rootPlayer;
  /**
   * Simulation indices claimed so far, at index {@link #STARTED} of an array of its own: every
   * worker adds to it every few simulations, and the 64 bytes on each side keep those writes off
   * the lines of anything else.
   */
  private final AtomicIntegerArray started = new AtomicIntegerArray(2 * STARTED + 1);
  /**
   * Set by a worker that failed (a component threw, or a check of its output did): the others stop
   * at their next claim of simulations, whatever the budget, so the failure is reported at once.
   */
  private volatile boolean aborted;
  /**
   * Set by {@link #requestStop()}: the running search (or the next, if none runs) ends at its next
   * check; cleared when that search returns.
   */
  private volatile boolean stopRequested;
  /** Whether a stop request ended the last search before its budget ({@link #lastSearchStopped()}). */
  private volatile boolean stopped;
  private static final int STARTED = 16;
  /**
   * Every this many merges of a worker's private statistics (a power of 2) merge all of them; the
   * others leave out entries whose private visits are a small part of their shared visits
   * ({@link Tree#flushLocal}).
   */
  static final int FULL_MERGE = 32;
  /** Simulation indices a worker claims at once when several workers share the tree. */
  private static final int BATCH = 8;
  /**
   * A one-thread search checks its thread's interrupt status every this many simulations (a power
   * of 2; with several threads the caller's worker checks it at every claim of a batch).
   */
  static final int INTERRUPT_CHECK = 64;
  /**
   * Most entries from the root whose statistics each worker keeps private between merges (with
   * {@link MctsConfig#syncMicros()} &gt; 0), and at most {@link #LOCAL_BYTES} of private counters
   * per worker (and at most 1/16 of the JVM's maximum heap; for all workers together at most
   * 2 · {@link #LOCAL_BYTES} and 1/8 of the heap); the private range grows with the
   * tree. Entries beyond it are updated atomically, with virtual loss: hex 11×11 at two threads
   * ran about 5% faster with 128 MB than with 32 MB (1.7 million entries after a one-second search).
   */
  static final int LOCAL_ENTRIES = 1 << 23;
  static final long LOCAL_BYTES = 128L << 20;
  /** Private entries per worker for this game ({@link #LOCAL_ENTRIES} capped by {@link #LOCAL_BYTES}). */
  private final int localEntries;
  /**
   * k of a constant virtual loss reverted together with the mean backup (fewer atomic updates of
   * shared entries), or 0.
   */
  private final int fusedVirtualLoss;
  /**
   * {@link TreePolicy#terminalChildSlot()} of the mechanism in a perfect-information game, else
   * −1; set at the start of every search.
   */
  private int terminalSlot = -1;
  private int simBudget;
  /** Whether the budget is the clock alone (no {@code sims}): then {@link #simBudget} only caps the claims. */
  private boolean timeOnly;
  private long deadline;
  private long timeBudgetNanos;
  private long startNanos;
  /** Root visits kept from the previous tree by reuse at the current search (0 without reuse). */
  private long reusedVisits;
  /**
   * Most entries the tree is grown to ahead of a search ({@link #presize}): {@link #PRESIZE_BYTES}
   * and 1/8 of the JVM's maximum heap, at {@link Tree#bytesPerEntry()} each. A larger search grows
   * the arrays as it goes.
   */
  private int presizeEntries;
  /** See {@link #presizeEntries}: 128 MB (about 3.7 million entries with two players). */
  static final long PRESIZE_BYTES = 128L << 20;
  /**
   * New entries per simulation expected at a first search, per legal action of the root, with a
   * tree policy that {@link TreePolicy#revisitsBeforeTryingAll revisits before trying all}: 0.4,
   * the middle of what puct, gumbel, rpo and ments measured from the initial states of
   * connect_four, breakthrough, hex 11×11 and gomoku (0.15 to 0.46; docs/bench/search.md).
   */
  static final double REVISITING_SHARE = 0.4;
  /**
   * New tree entries per simulation in the last search that ran a simulation (its entries after
   * the search minus those before the simulations, over its simulations), or −1 before any.
   */
  private double entriesPerSimulation = -1;
  /**
   * Keyed mode: new keys per simulation in the last search that ran a simulation (measured as
   * {@link #entriesPerSimulation}), or −1 before any.
   */
  private double keysPerSimulation = -1;
  /** Simulations of the last search that ran any (0 before any). */
  private long lastSimulations;
  /**
   * The range every value of the {@link ValueEstimator} must fall in: the game's strict utility
   * bounds, widened by {@link #VALUE_TOLERANCE} of ΔU; a nominal bound ({@link
   * Game#minUtilityNominal()}, {@link Game#maxUtilityNominal()}) is not enforced (only finiteness).
   */
  private final double valueLow;
  private final double valueHigh;
  /** Rounding allowed beyond a strict utility bound, as a fraction of ΔU. */
  static final double VALUE_TOLERANCE = 1e-9;
  /** |Σ prior − 1| allowed at an expansion (float priors summed). */
  static final double PRIOR_SUM_TOLERANCE = 1e-3;
  /** Largest single prior accepted (1 and float rounding). */
  private static final float PRIOR_HIGH = 1f + 1e-3f;

  /**
   * @param game the game whose states {@link #search} takes
   * @param mechanism the game-agnostic components (tree policy, backup, root and final selectors,
   *     virtual loss)
   * @param knowledge the game-specific components (prior, value estimator, resampler)
   * @param config budget, threads and tree shape
   * @param seed every random choice of the engine flows from this seed: with one thread the same
   *     seed gives the same sequence of searches, from construction or from {@link #reset()}
   * @throws NullPointerException if {@code game}, {@code mechanism}, {@code knowledge} or
   *     {@code config} is null
   * @throws IllegalArgumentException if the keying or resampler would let a search of an
   *     imperfect-information game read hidden information, or if {@code chanceExpandAll} is asked
   *     with keyed nodes in a game with chance (keyed searches sample chance outcomes)
   */
  public MctsEngine(Game game, Mechanism mechanism, Knowledge knowledge, MctsConfig config, long seed) {
    this.game = Objects.requireNonNull(game, "game");
    this.mechanism = Objects.requireNonNull(mechanism, "mechanism");
    this.knowledge = Objects.requireNonNull(knowledge, "knowledge");
    this.config = Objects.requireNonNull(config, "config");
    this.numPlayers = game.numPlayers();
    boolean perfect = game.type().isPerfectInformation();
    MctsConfig.Keying k = config.keying();
    if (k == MctsConfig.Keying.AUTO) {
      k = perfect ? MctsConfig.Keying.TREE : MctsConfig.Keying.INFORMATION_STATE;
    }
    if (!perfect && k != MctsConfig.Keying.INFORMATION_STATE) {
      throw new IllegalArgumentException(game.name() + " has imperfect information: keying "
          + k.name().toLowerCase(java.util.Locale.ROOT)
          + " would use hidden information; valid: information_state or auto");
    }
    if (!perfect && knowledge.resample().isIdentity()) {
      throw new IllegalArgumentException(game.name()
          + " has imperfect information: the identity resampler would use hidden information");
    }
    if (k != MctsConfig.Keying.TREE && config.chanceExpandAll() && game.type().hasChance()) {
      throw new IllegalArgumentException("chance_expand_all needs keying tree: with keying "
          + k.name().toLowerCase(java.util.Locale.ROOT) + " chance outcomes are sampled in each simulation"
          + (perfect ? "" : " (" + game.name() + " has imperfect information, so its nodes are keyed by information state)"));
    }
    this.keying = k;
    this.keyed = k != MctsConfig.Keying.TREE;
    double slack = VALUE_TOLERANCE * Math.max(1.0, Math.abs(game.maxUtility() - game.minUtility()));
    this.valueLow = game.minUtilityNominal() ? -Double.MAX_VALUE : game.minUtility() - slack;
    this.valueHigh = game.maxUtilityNominal() ? Double.MAX_VALUE : game.maxUtility() + slack;
    this.seed = seed;
    this.master = new SplittableRandom(seed);
    // with a simulation budget alone the arrays and the key table (keyed mode) are sized at the
    // first search, from its root (presize); a first search with a time budget starts from 16,384
    int cap = config.simulations() <= 0 || config.timeMs() > 0 ? 1 << 14 : 64;
    if (config.threads() > 1) {
      // every worker reserves a block of new entries at once (Tree.view): room for those blocks
      // from the start rather than growths (each one waits for every worker) as they are claimed
      cap += config.threads() * Tree.CHUNK;
    }
    this.tree = new Tree(numPlayers, mechanism.auxWidth(), config.threads() > 1, keyed, cap);
    // private statistics need updates that commute: an additive backup, no auxiliary state
    boolean localStats = localStats(config, mechanism);
    this.fusedVirtualLoss = fusedVirtualLoss(mechanism);
    long maxMemory = Runtime.getRuntime().maxMemory();
    // per worker at most LOCAL_BYTES and 1/16 of the heap, and all workers together at most
    // 2 · LOCAL_BYTES and 1/8 of the heap (with one or two workers the first two bounds decide);
    // each worker grows its counters with the entries in use, in its own thread (Tree.extendLocal)
    long localBytes = Math.min(Math.min(LOCAL_BYTES, maxMemory / 16),
        Math.min(2 * LOCAL_BYTES, maxMemory / 8) / config.threads());
    this.localEntries = localStats ? (int) Math.min(LOCAL_ENTRIES, localBytes / (9 + 8L * numPlayers)) : 0;
    this.presizeEntries = (int) Math.min(Integer.MAX_VALUE - 16,
        Math.min(PRESIZE_BYTES, maxMemory / 8) / tree.bytesPerEntry());
    int cores = Runtime.getRuntime().availableProcessors();
    this.gate = config.threads() > cores ? new Semaphore(cores, true) : null;
    this.workers = new Worker[config.threads()];
    for (int i = 0; i < workers.length; i++) {
      workers[i] = new Worker(i, config.threads() > 1 ? tree.view(localEntries) : null);
    }
    int maxA = Math.max(1, game.maxActionsPerState());
    this.reserve = config.chanceExpandAll() ? maxA * 64 : maxA * 2 + 8;
  }

  /** The game whose states this engine searches. */
  public Game game() {
    return game;
  }

  /** The game-agnostic components the engine runs. */
  public Mechanism mechanism() {
    return mechanism;
  }

  /** The game-specific components the engine runs. */
  public Knowledge knowledge() {
    return knowledge;
  }

  /** Budget, threads and tree shape as given (the keying possibly {@code AUTO}; see {@link #keying()}). */
  public MctsConfig config() {
    return config;
  }

  /** The seed every random choice flows from. */
  public long seed() {
    return seed;
  }

  /** The resolved keying (never AUTO). */
  public MctsConfig.Keying keying() {
    return keying;
  }

  /** The tree of the last search (for inspection; do not modify during a search). */
  public Tree tree() {
    return tree;
  }

  /**
   * Returns the engine to the state it was constructed in: the tree is emptied (nothing is reused
   * by the next search) and the random generator starts again from the seed, so with one thread
   * the searches that follow repeat those of a new engine with the same arguments. The
   * components' own state is not touched: a mechanism or knowledge that learns across searches
   * (SA-MCTS's tuners) keeps what it learned ({@link MctsAgent#restart()} builds such a mechanism
   * again). Worker threads stay alive (see {@link #close()}).
   *
   * @throws IllegalStateException if a {@link #search} or {@link #runSimulations} of this engine
   *     is running (in another thread); nothing is changed then
   */
  public void reset() {
    enter("reset");
    try {
      resetClaimed();
    } finally {
      busy.set(false);
    }
  }

  /** {@link #reset()} by a caller that holds the claim ({@link #enter}). */
  private void resetClaimed() {
    forgetTree();
    failed = false;
    master = new SplittableRandom(seed);
  }

  /** Empties the tree and forgets the position it was built for: nothing is reused by the next search. */
  private void forgetTree() {
    tree.clear();
    lastRootHistory = null;
    lastRootPlayer = -1;
    simulationsSinceClear = 0;
  }

  /**
   * {@link #reset()} with {@code m} in place of the current mechanism: a mechanism built again, so
   * that components which learn across searches start over ({@link MctsAgent#restart()}), while
   * the tree's arrays (grown to the largest search so far) and the worker threads are kept. With
   * one thread the searches that follow repeat those of a new engine built with {@code m}.
   *
   * @return false, changing nothing, if {@code m} needs an engine of another shape: another
   *     auxiliary width, or a backup or virtual loss that changes how the statistics are kept
   *     (build a new engine then)
   * @throws NullPointerException if {@code m} is null
   * @throws IllegalStateException if a {@link #search} or {@link #runSimulations} of this engine
   *     is running (in another thread); nothing is changed then
   */
  boolean reset(Mechanism m) {
    Objects.requireNonNull(m, "mechanism");
    enter("reset");
    try {
      if (m.auxWidth() != mechanism.auxWidth() || localStats(config, m) != localStats(config, mechanism)
          || fusedVirtualLoss(m) != fusedVirtualLoss) {
        return false;
      }
      mechanism = m;
      resetClaimed();
      return true;
    } finally {
      busy.set(false);
    }
  }

  /**
   * Whether workers keep private statistics: several threads, sync_us &gt; 0, an additive backup
   * ({@link ValueBackup#additive()}: the mean backup, or one declared additive), no
   * auxiliary state but the tree policy's terminal-child slot.
   */
  static boolean localStats(MctsConfig config, Mechanism m) {
    // private statistics need updates that commute
    // (an auxiliary slot written once at expansion, the exact values of terminal children, commutes)
    return config.threads() > 1 && config.syncMicros() > 0 && m.backup().additive()
        && (m.auxWidth() == 0 || m.auxWidth() == 1 && m.treePolicy().terminalChildSlot() == 0);
  }

  /** k of a constant virtual loss reverted together with the mean backup, or 0. */
  private static int fusedVirtualLoss(Mechanism m) {
    return m.backup() == ValueBackup.MEAN && m.virtualLoss() instanceof VirtualLoss.Constant c && c.count() > 0
        ? c.count() : 0;
  }

  /**
   * Runs one search from {@code state} (a decision node) for its current player. Does not modify
   * {@code state}. A state with one legal action is answered at once, without a simulation
   * ({@link SearchResult#forced()}), unless {@link MctsConfig#searchForced()}. With {@link MctsConfig#reuseTree()} the subtree of the line from the last
   * search's state is kept when {@code state} continues it (keyed mode: when the tree holds the
   * root's key, and in an imperfect-information game the last search was for the same player).
   *
   * @param state a decision state of {@link #game()}: a state of this game instance, or of an
   *     instance with the same name and the same parameters ({@link Game#spec()}, or every value
   *     with defaults included, equal)
   * @return the result: chosen action, π̂, visits, Q, root value, principal variation, counts
   * @throws IllegalStateException if another {@code search}, {@link #runSimulations}, {@link
   *     #reset()} or {@link #close()} of this engine is running (in another thread: one position at
   *     a time; nothing is changed then), the tree cannot hold the root's children ("tree capacity
   *     exhausted at the root") or the calling thread is interrupted ("search interrupted": the
   *     interrupt status is read before the first simulation, then every {@value #INTERRUPT_CHECK}
   *     simulations with one thread and at every claim of a batch of simulations with several; the
   *     search returns once every worker has stopped, with the thread's interrupt status set); a
   *     component's runtime exception or error in any worker is rethrown as it is (the first one;
   *     the other workers stop at their next claim of simulations, and the search returns once
   *     they have). After any of these but the first, the tree is emptied (see the class Javadoc).
   * @throws dev.ponder.game.GameContractException (an {@link IllegalStateException}) if the root's
   *     legal actions are not ascending or a chance node's probabilities do not sum to 1 (the
   *     game's fault; the tree is emptied)
   * @throws NullPointerException if {@code state} is null
   * @throws IllegalArgumentException if {@code state} belongs to another game (another name, or
   *     other parameters such as {@code kuhn_poker(players=3)} for {@code kuhn_poker}; the message
   *     names both), is terminal, or is a chance node; nothing is changed then
   */
  public SearchResult search(State state) {
    enter("search");
    stopped = false;
    boolean accepted = false;
    boolean ok = false;
    try {
      requireSearchable(state); // a refused argument changes nothing
      accepted = true;
      SearchResult r = searchOnce(state);
      ok = true;
      return r;
    } catch (IndexOutOfBoundsException x) {
      throw auxOutOfRange(x, x);
    } finally {
      if (accepted && !ok) {
        discardFailed();
      }
      stopRequested = false; // a stop applies to one search
      busy.set(false);
    }
  }

  /**
   * Ends the running {@link #search} as if its budget had run out, from any thread: the search
   * stops claiming simulations at its next check (with one thread before its next simulation,
   * with several at the caller's next claim of a batch; the simulations under way complete) and
   * returns its result over the simulations run, which may be none. Unlike an interrupt, nothing
   * is discarded. Called while no search runs, it stops the next search at its first check (that
   * search then returns with no simulation, or one batch per worker); each request applies to one
   * search, and a request in the instant after a search cleared it, as that search returns, stops
   * the next one.
   */
  public void requestStop() {
    stopRequested = true;
  }

  /**
   * Whether {@link #requestStop()} ended the last search before its budget ran out (false when the
   * request came after the budget was spent, or none came).
   */
  public boolean lastSearchStopped() {
    return stopped;
  }

  /**
   * After a failed search or {@link #runSimulations} (every worker has stopped): the tree may hold
   * the failed search's root, claims of expansions that threw, virtual losses never taken back and
   * part of a simulation's backup, and {@link #lastRootHistory} may name another position. All of it
   * is dropped, so the next search starts afresh and {@link #runSimulations} refuses to continue.
   */
  private void discardFailed() {
    forgetTree();
    rootState = null;
    failed = true;
  }

  /**
   * Set for the duration of a {@link #search}, {@link #runSimulations}, {@link #reset()} or
   * {@link #close()}: an engine (and the {@link MctsAgent} that owns it) searches one position at a
   * time, and a second call while one runs would share (or empty) its tree and buffers.
   */
  private final java.util.concurrent.atomic.AtomicBoolean busy = new java.util.concurrent.atomic.AtomicBoolean();

  /**
   * Claims the engine for one call ({@link #search}, {@link #runSimulations}, {@link #reset()},
   * {@link #close()}), or throws if another call holds it (one CAS per call).
   */
  private void enter(String call) {
    if (!busy.compareAndSet(false, true)) {
      boolean searching = call.equals("search") || call.equals("runSimulations");
      throw new IllegalStateException(call + " called while " + (searching ? "another" : "a")
          + " search of this MCTS agent runs: an agent (and its"
          + " MctsEngine) searches one position at a time; use threads=T for a parallel search of one position, or one"
          + " agent per thread");
    }
  }

  /** The argument checks of {@link #search}, before anything is changed. */
  private void requireSearchable(State state) {
    requireOwnGame(state);
    if (state.isTerminal() || state.isChanceNode()) {
      throw new IllegalArgumentException("search needs a decision state; this one is "
          + (state.isTerminal() ? "terminal" : "a chance node"));
    }
  }

  private SearchResult searchOnce(State state) {
    startNanos = System.nanoTime();
    if (!config.searchForced()) {
      int[] legal = workers[0].ctx.actionBuffer();
      if (state.legalActions(legal) == 1) {
        // a forced move: answered at once; the tree and lastRootHistory stay as the last search
        // left them, so reuse finds the next decision's subtree by the moves since that search
        lastForced = true;
        return forcedResult(state, legal[0]);
      }
    }
    terminalSlot = game.type().isPerfectInformation() ? mechanism.treePolicy().terminalChildSlot() : -1;
    if (terminalSlot >= mechanism.auxWidth()) {
      throw new IllegalStateException("the tree policy's terminal-child slot " + terminalSlot
          + " is outside the mechanism's " + mechanism.auxWidth() + " auxiliary slots");
    }
    rootState = state;
    lastForced = false;
    rootPlayer = state.currentPlayer();
    failed = false;
    for (Worker w : workers) {
      w.t = tree;
      w.source = state; // with several workers each replaces it by its own copy (rebindToThisThread)
      // before the root is prepared: a root expansion draws its world from worker 0's generator
      w.ctx.rng = master.split();
      w.ctx.rootPlayer = rootPlayer;
      w.ctx.simulation = 0;
    }
    workers[0].ctx.depth = 0;
    long kept = prepareRoot(state);
    int root = tree.root();
    int entriesBefore = tree.size();
    int keysBefore = tree.keyCount();
    for (Worker w : workers) {
      if (w.view != null) {
        w.view.syncView();
        w.t = w.view;
      }
    }

    timeOnly = config.simulations() <= 0;
    // the claims keep the root's visits (kept ones included) at most MAX_TREE_VISITS
    simBudget = (int) Math.min(timeOnly ? Integer.MAX_VALUE : config.simulations(), MAX_TREE_VISITS - kept);
    timeBudgetNanos = config.timeMs() > 0 ? config.timeMs() * 1_000_000L : 0L;
    deadline = startNanos + timeBudgetNanos;
    started.set(STARTED, 0);
    aborted = false;
    for (Worker w : workers) {
      w.ctx.rootActions = tree.numChildren(root);
      w.ctx.budget = timeOnly ? 1 : simBudget;
      w.maxDepth = 0;
      w.completedCount = 0;
    }
    SearchContext c0 = workers[0].ctx;
    c0.depth = 0;
    mechanism.rootSelector().prepare(tree, root, c0);

    if (workers.length == 1) {
      workers[0].run();
      if (aborted) {
        // only an interrupt stops a one-thread search this way (its failures are thrown)
        throw new IllegalStateException("search interrupted");
      }
    } else {
      try {
        runParallel();
      } finally {
        for (Worker w : workers) {
          w.t = tree;
        }
      }
    }

    long completed = 0;
    for (Worker w : workers) {
      completed += w.completedCount;
    }
    simulationsSinceClear += completed;
    if (completed > 0) {
      entriesPerSimulation = (double) (tree.size() - entriesBefore) / completed;
      keysPerSimulation = (double) (tree.keyCount() - keysBefore) / completed;
      lastSimulations = completed;
    }

    double[] pi = new double[tree.numChildren(root)];
    c0.depth = 0;
    int chosen = mechanism.finalSelector().select(tree, root, pi, c0);
    if (Integer.compareUnsigned(chosen - tree.firstChild(root), tree.numChildren(root)) >= 0) {
      throw new IllegalStateException("final selector " + className(mechanism.finalSelector()) + " returned entry "
          + chosen + ", not a child of the root (entries " + tree.firstChild(root) + ".."
          + (tree.firstChild(root) + tree.numChildren(root) - 1) + ")");
    }
    SearchResult result = buildResult(root, chosen, pi, c0);
    lastRootHistory = state.history();
    lastRootPlayer = rootPlayer;
    return result;
  }

  /**
   * Checks, once per search, that {@code state} belongs to the engine's game: the same instance
   * (the usual case: one comparison), or one with the same name and parameters.
   */
  private void requireOwnGame(State state) {
    Game g = state.game();
    if (g == game) {
      return;
    }
    if (g != null && g.name().equals(game.name())
        && (g.spec().equals(game.spec()) || g.params().values().equals(game.params().values()))) {
      return;
    }
    throw new IllegalArgumentException("the state belongs to the game " + (g == null ? "null" : g.spec())
        + ", but this search is for " + game.spec() + "; give a state of " + game.spec());
  }

  /**
   * Continues the last search by {@code k} more simulations in the calling thread (for analysis
   * and for benchmarking one simulation). The state given to the last {@link #search} must not
   * have been modified since.
   *
   * @param k number of simulations, k ≥ 0 (0 does nothing)
   * @throws IllegalStateException if no search has run, the last search (or {@code
   *     runSimulations}) failed (its tree was emptied), another {@link #search}, {@code
   *     runSimulations}, {@link #reset()} or {@link #close()} of this engine is running, the
   *     last search answered a forced move without searching ({@link SearchResult#forced()}), or
   *     {@code k} more visits could take the root past {@link #MAX_TREE_VISITS}; a component's
   *     exception is rethrown as it is, and the tree is emptied
   */
  public void runSimulations(int k) {
    enter("runSimulations");
    boolean accepted = false;
    boolean ok = false;
    try {
      if (failed) {
        throw new IllegalStateException("runSimulations cannot continue the last search: it failed, and its tree was"
            + " emptied; run search again");
      }
      if (rootState == null || tree.root() == 0) {
        throw new IllegalStateException("runSimulations needs a previous search");
      }
      if (lastForced) {
        throw new IllegalStateException("runSimulations cannot continue the last search: it answered a forced move"
            + " without searching (the tree is an earlier position's); search a position with a choice first");
      }
      long kept = keptVisits();
      if (kept + Math.max(0, k) > MAX_TREE_VISITS) {
        throw new IllegalStateException("runSimulations(" + k + ") could take the root's visits (" + kept + ") past "
            + MAX_TREE_VISITS + " (visit counts are int); run search again to start afresh");
      }
      accepted = true;
      Worker w = workers[0];
      for (int i = 0; i < k; i++) {
        w.ctx.simulation++;
        tree.beginSimulation(0, reserve);
        try {
          w.simulate(false);
        } finally {
          tree.endSimulation(0);
        }
        simulationsSinceClear++;
      }
      ok = true;
    } finally {
      if (accepted && !ok) {
        discardFailed();
      }
      busy.set(false);
    }
  }

  private void runParallel() {
    if (pool == null) {
      pool = Executors.newFixedThreadPool(workers.length - 1, r -> {
        Thread t = new Thread(r, "ponder-mcts-worker");
        t.setDaemon(true);
        return t;
      });
    }
    @SuppressWarnings("unchecked")
    Future<?>[] futures = new Future<?>[workers.length - 1];
    Throwable failure = null;
    try {
      for (int i = 1; i < workers.length; i++) {
        futures[i - 1] = pool.submit(workers[i]);
      }
      workers[0].run(); // a failure sets aborted: the other workers stop at their next claim
    } catch (Throwable e) {
      aborted = true;
      failure = e;
    }
    // wait for every worker, even when interrupted: the search (and its claim of the engine) ends
    // only when no worker touches the tree any more; the interrupt is kept and reported after
    boolean interrupted = false;
    for (Future<?> f : futures) {
      if (f == null) {
        continue;
      }
      while (true) {
        try {
          f.get();
          break;
        } catch (InterruptedException e) {
          interrupted = true;
          aborted = true; // the other workers stop at their next claim
        } catch (ExecutionException e) {
          if (failure == null) {
            failure = e.getCause();
          }
          break;
        }
      }
    }
    // a worker that had finished before its get() returns without looking at the interrupt: the
    // search stopped for an interrupt when worker 0 saw it (aborted) and it is still set
    interrupted |= aborted && Thread.currentThread().isInterrupted();
    if (interrupted) {
      Thread.currentThread().interrupt();
      IllegalStateException x = new IllegalStateException("search interrupted");
      if (failure != null) {
        x.addSuppressed(failure);
      }
      throw x;
    }
    if (failure instanceof RuntimeException r) {
      throw r;
    }
    if (failure instanceof Error er) {
      throw er;
    }
    if (failure != null) {
      throw new IllegalStateException(failure);
    }
  }

  private long rootKey(State s, int p) {
    return keyOf(s, p);
  }

  private long keyOf(State s, int p) {
    if (keying == MctsConfig.Keying.INFORMATION_STATE) {
      return State.mix64(s.informationStateKey(p) + 0x9E3779B97F4A7C15L * (p + 1));
    }
    return State.mix64(s.hash() ^ (0xC2B2AE3D27D4EB4FL * (p + 1)));
  }

  /**
   * Grows the tree, before the simulations, when the entries this search is expected to add may
   * not fit, so that the search seldom grows it while the clock runs (each growth copies every
   * array). Expected: the planned simulations times the entries per simulation of the last search;
   * at the first search, times b with {@code expand=0} (every simulation expands a leaf: b entries,
   * for the root's b legal actions); otherwise a leaf is expanded at a later arrival, and how many
   * simulations end at a leaf not yet due depends on the tree policy: {@link #REVISITING_SHARE}
   * · b when it {@link TreePolicy#revisitsBeforeTryingAll revisits a child before trying all}
   * (0.15 to 0.46 b measured for puct, gumbel, rpo and ments), else √b (0.5 to 1.8 √b measured
   * for uct; docs/bench/search.md); plus the per-simulation
   * reserve and, with threads, every worker's block of new entries. When 5/4 of that does not fit
   * in the free entries, the arrays grow to hold 3/2 of it (or by the usual half, if more), so the
   * small differences from one search to the next do not grow them again. The planned simulations
   * are the {@code sims} budget; with a time budget (with or without a {@code sims} cap), the last
   * search's simulations, at most {@code sims} (none at the first search: its clock runs, and a
   * cap next to a time budget is often far above what the time allows). The tree is grown this way to at most
   * {@link #presizeEntries} entries in all, and never shrunk.
   *
   * <p>In keyed mode the key table is sized the same way: the planned simulations times the new
   * keys per simulation of the last search (at the first search 1, a bound: a simulation stores at
   * most one key), at most as many keys as the tree's cap leaves entries; when 5/4 of that (plus
   * 64) does not fit at its load of one half, it grows to hold 3/2 of it. A search that needs more
   * grows it as it goes (doubling when half full).
   */
  private void presize(int rootActions) {
    long planned = config.simulations() > 0 ? config.simulations() : Long.MAX_VALUE;
    if (config.timeMs() > 0) {
      // the clock runs while the arrays are sized: with a time budget the sims budget is only a
      // cap (often far above what the time allows), so only a measured count sizes the tree
      planned = lastSimulations > 0 ? Math.min(planned, lastSimulations) : Long.MAX_VALUE;
    }
    if (planned == Long.MAX_VALUE) {
      return;
    }
    double perSimulation = entriesPerSimulation >= 0 ? entriesPerSimulation
        : config.expandThreshold() == 0 ? rootActions
        : mechanism.treePolicy().revisitsBeforeTryingAll() ? REVISITING_SHARE * rootActions
        : Math.sqrt(rootActions);
    double expected = planned * perSimulation + reserve
        + (config.threads() > 1 ? (double) config.threads() * Tree.CHUNK : 0.0);
    double room = (double) presizeEntries - tree.size() - 1;
    if (tree.size() + 1 + 1.25 * expected > tree.capacity() && room > 0) {
      tree.ensureFree((int) Math.min(1.5 * expected, room));
    }
    if (keyed && room > 0) {
      // a simulation stores at most one new key (the first node it reaches without one, where it
      // stops), so 1 per simulation bounds the first search; every key is an entry, so the
      // tree's cap bounds the keys too
      double expectedKeys = planned * (keysPerSimulation >= 0 ? keysPerSimulation : 1.0);
      if (tree.keyCount() + 1.25 * expectedKeys + 64 > tree.keySlots() / 2) {
        tree.ensureKeyRoom((long) Math.min(1.5 * expectedKeys, room));
      }
    }
  }

  /**
   * For tests: grows the tree (and the key table) ahead of a search ({@link #presize}) to at most
   * {@code entries} entries in all, below the usual cap; 0 stops that growth, so a search grows
   * the arrays while it runs.
   *
   * @param entries the new cap, ≥ 0
   */
  void limitPresize(int entries) {
    presizeEntries = Math.min(presizeEntries, Math.max(0, entries));
  }

  /**
   * Sets up the root for a search of {@code state}: the kept subtree (reuse) or a new root,
   * expanded.
   *
   * @return the visits the root's statistics may already hold ({@link #keptVisits}; 0 for a new root)
   */
  private long prepareRoot(State state) {
    boolean reused = false;
    if (config.reuseTree() && tree.root() != 0) {
      if (keyed) {
        // an imperfect-information tree grown for another player (one agent searching for both
        // seats, as in self-play with one agent) holds statistics drawn in worlds that agree with that
        // player's private information, which this player does not have: start afresh
        boolean ownTree = game.type().isPerfectInformation() || lastRootPlayer == rootPlayer;
        int e = ownTree ? tree.lookup(rootKey(state, rootPlayer)) : -1;
        if (e >= 0 && tree.player(e) == rootPlayer) {
          tree.setRoot(e);
          reused = true;
        }
      } else if (lastRootHistory != null && state.historySize() >= lastRootHistory.length) {
        boolean prefix = true;
        for (int i = 0; i < lastRootHistory.length && prefix; i++) {
          prefix = state.historyAt(i) == lastRootHistory[i];
        }
        int e = prefix ? tree.root() : -1;
        for (int i = lastRootHistory.length; i < state.historySize() && e > 0; i++) {
          e = tree.child(e, state.historyAt(i));
        }
        if (e > 0 && tree.isExpanded(e)) {
          tree.reroot(e);
          tree.setPlayer(tree.root(), rootPlayer);
          reused = true;
        }
      }
    }
    long kept = reused ? keptVisits() : 0L;
    if (reused && kept + plannedSimulations() > MAX_TREE_VISITS) {
      reused = false; // int visit counts: start afresh rather than count past MAX_TREE_VISITS
      kept = 0;
    }
    reusedVisits = reused ? tree.visits(tree.root()) : 0L;
    if (!reused) {
      forgetTree();
      tree.newRoot(rootPlayer, keyed ? rootKey(state, rootPlayer) : 0L);
    }
    int root = tree.root();
    int rootActions = state.legalActions(workers[0].ctx.actionBuffer());
    // once per search, not per node: a game whose legal actions are not ascending is named here
    // rather than given a search whose child lookups miss
    GameContract.checkAscending(state, workers[0].ctx.actionBuffer(), rootActions);
    presize(rootActions);
    if (!tree.isExpanded(root)) {
      tree.ensureFree(rootActions + 1); // the root's children fit (a shared tree does not grow while expanding)
      Worker w = workers[0];
      if (!tree.tryClaimExpansion(root)) {
        throw new IllegalStateException("root is being expanded");
      }
      // in a world drawn by the resampler into the worker's scratch state, as every simulation's:
      // with imperfect information the prior sees no more than the searcher's information state
      // (OpenSpiel's is_mcts expands its root in a sampled state too), and the identity resampler
      // copies the state; the expansion may apply and take back actions (run1's terminal
      // children), and the caller's state is never modified, not even for a moment
      if (w.scratch == null) {
        w.scratch = state.copy();
      }
      w.ctx.rootActions = rootActions;
      boolean expanded;
      try {
        State world = knowledge.resample().resample(state, rootPlayer, w.scratch, w.ctx);
        expanded = w.expandDecision(root, world, rootPlayer);
      } catch (Throwable x) {
        tree.releaseExpansion(root);
        throw x;
      }
      if (!expanded) {
        tree.releaseExpansion(root);
        throw new IllegalStateException("tree capacity exhausted at the root");
      }
      if (!knowledge.resample().isIdentity()) {
        requireRootActions(state, root, rootActions);
      }
    } else if (workers.length > 1 && !knowledge.resample().isIdentity() && state.keepsResampleWork()) {
      // a reused root, already expanded: no draw from the searched state yet in this search, so the
      // work the game keeps on it (phantom_ttt's and dark_hex's counts) would be done by every
      // worker on its own copy; one draw here, before they copy it, does it once for all
      Worker w = workers[0];
      if (w.scratch == null) {
        w.scratch = state.copy();
      }
      w.ctx.rootActions = rootActions;
      knowledge.resample().resample(state, rootPlayer, w.scratch, w.ctx);
    }
    return kept;
  }

  /**
   * Checks that the root, expanded in a resampled world, has {@code state}'s legal actions as its
   * children (once per expansion of a root: one more call of {@link State#legalActions}): a world
   * whose legal actions differ would let the search choose a move that is illegal in {@code state}.
   */
  private void requireRootActions(State state, int root, int n) {
    int[] a = workers[0].ctx.actionBuffer();
    state.legalActions(a);
    int first = tree.firstChild(root);
    int k = tree.numChildren(root);
    boolean same = k == n;
    for (int i = 0; same && i < n; i++) {
      same = tree.action(first + i) == a[i];
    }
    if (!same) {
      throw new IllegalStateException("resampler " + className(knowledge.resample()) + " drew a world whose legal actions "
          + firstActions(i -> tree.action(first + i), k) + " differ from the searched state's " + firstActions(i -> a[i], n)
          + "; a world must keep the searcher's information state, legal actions included");
    }
  }

  /** {@code [a0, a1, …] (n)}: the first eight of {@code n} actions, for a message. */
  private static String firstActions(java.util.function.IntUnaryOperator action, int n) {
    StringBuilder sb = new StringBuilder("[");
    for (int i = 0; i < Math.min(n, 8); i++) {
      sb.append(i == 0 ? "" : ", ").append(action.applyAsInt(i));
    }
    return sb.append(n > 8 ? ", …" : "").append("] (").append(n).append(')').toString();
  }

  /**
   * Visits the statistics of the current tree may hold from earlier searches: the root's visits
   * (in tree mode no entry of the root's subtree has more); in keyed mode also the simulations
   * since the tree was last emptied (nodes outside the root's subtree are kept, and a later
   * search can reach them by another line).
   */
  private long keptVisits() {
    long v = tree.root() == 0 ? 0L : Math.max(0, tree.visits(tree.root()));
    return keyed ? Math.max(v, simulationsSinceClear) : v;
  }

  /**
   * Simulations this search is expected to run, for the visit limit: the {@code sims} budget; with
   * a time budget only, the last search's simulations (0 before any: such a search is capped by
   * its claims instead, see {@link #simBudget}).
   */
  private long plannedSimulations() {
    return config.simulations() > 0 ? config.simulations() : lastSimulations;
  }

  /**
   * The result for a root whose only legal action is {@code action}, not searched: π̂ and the
   * prior 1 on it, no visits, Q and the root value NaN (no simulation), the action as the
   * principal variation, 0 simulations and 0 nodes (no tree was built for this decision; the
   * engine's tree, kept for reuse, is not this decision's); nothing proven; flagged
   * {@link SearchResult#forced()}.
   */
  private SearchResult forcedResult(State state, int action) {
    double[] nan = new double[numPlayers];
    Arrays.fill(nan, Double.NaN);
    double[][] proven = mechanism.backup() instanceof ProvenValues ? new double[1][] : null;
    return new SearchResult(state.currentPlayer(), action, new int[] {action}, new double[] {1.0}, new int[] {0},
        new double[][] {nan.clone()}, new double[] {1.0}, nan, new int[] {action}, new int[] {0},
        new double[] {Double.NaN}, 0, 0, 0,
        (System.nanoTime() - startNanos) / 1e6, tree.bytesPerNode(), mechanism.finalSelector().policyKind(), proven,
        null, 0L, true);
  }

  private SearchResult buildResult(int root, int chosen, double[] pi, SearchContext ctx) {
    int first = tree.firstChild(root);
    int n = tree.numChildren(root);
    int[] actions = new int[n];
    int[] visits = new int[n];
    double[][] q = new double[n][numPlayers];
    double[] prior = new double[n];
    for (int i = 0; i < n; i++) {
      int e = first + i;
      actions[i] = tree.action(e);
      visits[i] = tree.visits(e);
      prior[i] = tree.prior(e);
      for (int p = 0; p < numPlayers; p++) {
        q[i][p] = tree.q(e, p, Double.NaN);
      }
    }
    double[] rootValue = new double[numPlayers];
    for (int p = 0; p < numPlayers; p++) {
      rootValue[p] = tree.q(root, p, Double.NaN);
    }
    int maxDepth = 0;
    long completed = 0;
    for (Worker w : workers) {
      maxDepth = Math.max(maxDepth, w.maxDepth);
      completed += w.completedCount;
    }
    double[][] proven = null;
    double[] rootProven = null;
    if (mechanism.backup() instanceof ProvenValues pv) {
      proven = new double[n][];
      for (int i = 0; i < n; i++) {
        double[] v = new double[numPlayers];
        if (pv.provenValue(tree, first + i, ctx, v)) {
          proven[i] = v;
        }
      }
      double[] v = new double[numPlayers];
      if (pv.provenValue(tree, root, ctx, v)) {
        rootProven = v;
      }
    }
    double elapsed = (System.nanoTime() - startNanos) / 1e6;
    PvLine pvLine = principalVariation(root, chosen, ctx);
    return new SearchResult(rootPlayer, tree.action(chosen), actions, pi, visits, q, prior, rootValue,
        pvLine.actions(), pvLine.visits(), pvLine.q(), completed, tree.size(), maxDepth, elapsed, tree.bytesPerNode(),
        mechanism.finalSelector().policyKind(), proven, rootProven, reusedVisits, false);
  }

  /**
   * The child of {@code e} (which has at least one) with the most visits, the first of equals; −1
   * when no child has been visited.
   */
  private int mostVisitedChild(int e) {
    int first = tree.firstChild(e);
    int best = first;
    for (int i = 1; i < tree.numChildren(e); i++) {
      if (tree.visits(first + i) > tree.visits(best)) {
        best = first + i;
      }
    }
    return tree.visits(best) == 0 ? -1 : best;
  }

  /**
   * The child of {@code e} the principal variation continues through: with a mechanism that
   * proves values, the most visited of the children proven a win for the player to move at
   * {@code e} (the first of equals) when there is one, so the line of a proven win follows the
   * proof; otherwise (no such child, a chance node, or nothing proven) the most visited child.
   * −1 when no child has been visited.
   */
  private int pvChild(int e, SearchContext ctx, double[] scratch) {
    if (mechanism.backup() instanceof ProvenValues pv) {
      int mover = tree.player(e);
      if (mover >= 0) {
        int first = tree.firstChild(e);
        int best = -1;
        for (int i = 0; i < tree.numChildren(e); i++) {
          int c = first + i;
          if (pv.provenValue(tree, c, ctx, scratch) && scratch[mover] >= ctx.maxUtility()
              && (best < 0 || tree.visits(c) > tree.visits(best))) {
            best = c;
          }
        }
        if (best >= 0) {
          return best;
        }
      }
    }
    return mostVisitedChild(e);
  }

  /** A principal variation: its moves, and per move the edge's visits and Q for its mover. */
  private record PvLine(int[] actions, int[] visits, double[] q) {}

  /**
   * The principal variation: the chosen action, then from its node on {@link #pvChild} (the most
   * visited child, or for a solver the most visited proven win of the player to move), with per
   * move the visit count n of the edge taken and its Q for the player who moved (NaN below a
   * chance node). Built once per search, not per simulation.
   */
  private PvLine principalVariation(int root, int chosen, SearchContext ctx) {
    double[] scratch = new double[numPlayers];
    int[] entries = new int[16];
    int[] movers = new int[16];
    int len = 0;
    entries[len] = chosen;
    movers[len++] = rootPlayer;
    if (keying == MctsConfig.Keying.TREE) {
      int e = chosen;
      while (tree.numChildren(e) > 0) {
        int best = pvChild(e, ctx, scratch);
        if (best < 0) {
          break;
        }
        if (len == entries.length) {
          entries = Arrays.copyOf(entries, len * 2);
          movers = Arrays.copyOf(movers, len * 2);
        }
        entries[len] = best;
        movers[len++] = tree.player(e);
        e = best;
      }
    } else if (keying != MctsConfig.Keying.INFORMATION_STATE) {
      // transpositions (perfect information): follow keys through a copy of the root state
      State s = rootState.copy();
      s.applyActionUnchecked(tree.action(chosen));
      while (!s.isTerminal() && !s.isChanceNode() && len < game.maxGameLength() + 1) {
        int e = tree.lookup(keyOf(s, s.currentPlayer()));
        if (e < 0 || tree.numChildren(e) == 0) {
          break;
        }
        int best = pvChild(e, ctx, scratch);
        if (best < 0) {
          break;
        }
        if (len == entries.length) {
          entries = Arrays.copyOf(entries, len * 2);
          movers = Arrays.copyOf(movers, len * 2);
        }
        entries[len] = best;
        movers[len++] = s.currentPlayer();
        s.applyActionUnchecked(tree.action(best));
      }
    }
    int[] actions = new int[len];
    int[] visits = new int[len];
    double[] q = new double[len];
    for (int i = 0; i < len; i++) {
      actions[i] = tree.action(entries[i]);
      visits[i] = tree.visits(entries[i]);
      q[i] = movers[i] >= 0 ? tree.q(entries[i], movers[i], Double.NaN) : Double.NaN;
    }
    return new PvLine(actions, visits, q);
  }

  /**
   * Stops the worker threads of a search with several threads (idempotent; with one thread there
   * are none). The engine stays usable: a later search with several threads starts them again.
   * Not during a search: the workers of a running search are its own, and stopping them under it
   * would end it half done, so a {@code close()} from another thread while a {@link #search} or
   * {@link #runSimulations} runs is refused; call it again once the search has returned.
   *
   * @throws IllegalStateException if a {@link #search} or {@link #runSimulations} of this engine
   *     is running (in another thread); nothing is changed then
   */
  @Override
  public void close() {
    enter("close");
    try {
      if (pool != null) {
        pool.shutdownNow();
        pool = null;
      }
    } finally {
      busy.set(false);
    }
  }

  // ---- checks of the components' outputs (one line each, naming the component's class)

  /** A tree policy or root selector returned {@code e}, which is not a child of {@code node}. */
  private IllegalStateException badSelection(Tree t, int node, int e) {
    boolean root = node == t.root();
    Object c = root ? mechanism.rootSelector() : mechanism.treePolicy();
    if (c instanceof RootActionSelector.TreePolicyAtRoot at) {
      c = at.policy();
    }
    int first = t.firstChild(node);
    int n = t.numChildren(node);
    return new IllegalStateException((root && !(mechanism.rootSelector() instanceof RootActionSelector.TreePolicyAtRoot)
        ? "root selector " : "tree policy ") + className(c) + " returned entry " + e + " at "
        + (root ? "the root" : "node " + node) + ", whose children are entries " + first + ".." + (first + n - 1)
        + "; select must return one of [firstChild(node), firstChild(node) + numChildren(node))");
  }

  /** The value estimator wrote {@code out}, with a non-finite entry or one out of the utility bounds. */
  private IllegalStateException badValue(double[] out) {
    StringBuilder v = new StringBuilder();
    for (int p = 0; p < numPlayers; p++) {
      v.append(p == 0 ? "" : ", ").append(out[p]);
    }
    return new IllegalStateException("value estimator " + className(knowledge.value()) + " wrote [" + v
        + "]; every player's value must be finite and within " + game.spec() + "'s utility bounds ["
        + (game.minUtilityNominal() ? "-inf" : fmt(game.minUtility())) + ", "
        + (game.maxUtilityNominal() ? "inf" : fmt(game.maxUtility())) + "]"
        + " (NaN: an entry not written, or a NaN computed)");
  }

  /**
   * A node of {@code s} with {@code n} children (legal actions or chance outcomes), more than
   * the tree holds: names the game, the state and the limit, which is the engine's, not a rule
   * of the game.
   */
  private IllegalStateException tooManyChildren(State s, int n) {
    int len = s.historySize();
    String where = len <= 16 ? "after [" + s.historyString() + "]" : "after " + len + " actions";
    String what = s.isChanceNode() ? "chance node with " + n + " outcomes" : "decision node of player " + s.currentPlayer()
        + " with " + n + " legal actions";
    return new IllegalStateException(game.spec() + ": the " + what + " " + where + " exceeds the MCTS tree's limit of "
        + Tree.MAX_CHILDREN + " children per node (a limit of the search engine, not a rule of the game; choose"
        + " parameters with fewer outcomes or actions per node)");
  }

  /** The prior policy wrote {@code pr[0..n)}: an entry negative, above 1 or not finite, or a sum off 1. */
  private IllegalStateException badPrior(float[] pr, int n) {
    StringBuilder v = new StringBuilder();
    double sum = 0;
    for (int i = 0; i < n; i++) {
      sum += pr[i];
      if (i < 8) {
        v.append(i == 0 ? "" : ", ").append(pr[i]);
      }
    }
    return new IllegalStateException("prior policy " + className(knowledge.prior()) + " wrote [" + v
        + (n > 8 ? ", … (" + n + " actions)" : "") + "], sum " + sum
        + "; priors must be finite, ≥ 0 and sum to 1 (within " + PRIOR_SUM_TOLERANCE
        + ") over the n legal actions (NaN: an entry not written)");
  }

  /**
   * {@code x} as a one-line {@link IllegalStateException} naming the caller when it was thrown by
   * {@link Tree#aux} or {@link Tree#setAux} (an auxiliary slot outside the mechanism's
   * {@link Mechanism#auxWidth()}, which both refuse); {@code otherwise} if not. Costs nothing
   * until an exception is thrown.
   */
  private RuntimeException auxOutOfRange(Throwable x, RuntimeException otherwise) {
    StackTraceElement[] st = x.getStackTrace();
    if (st.length < 2 || !st[0].getClassName().equals(Tree.class.getName())
        || !(st[0].getMethodName().equals("aux") || st[0].getMethodName().equals("setAux"))) {
      return otherwise;
    }
    StackTraceElement caller = st[1];
    String name = caller.getClassName();
    int slash = name.indexOf('/');
    IllegalStateException e = new IllegalStateException("auxiliary slot beyond the mechanism's auxWidth " + mechanism.auxWidth()
        + " (Tree." + st[0].getMethodName() + " called by " + (slash > 0 ? name.substring(0, slash) : name) + "."
        + caller.getMethodName() + (caller.getFileName() != null ? " at " + caller.getFileName() + ":"
        + caller.getLineNumber() : "") + "; " + x.getMessage() + "): declare the slots with Mechanism.withAuxWidth"
        + " (a component added to a mechanism takes its slots from base.auxWidth() on)");
    // the access's own stack (Tree.aux, then the caller) rather than a cause: a handler that looks
    // through causes for a programming error would print the bare index message instead
    e.setStackTrace(st);
    return e;
  }

  private static String className(Object o) {
    String n = o.getClass().getName();
    // a lambda's hidden class: Outer$$Lambda/0x... → Outer$$Lambda (the address varies from run to run)
    int slash = n.indexOf('/');
    return slash > 0 ? n.substring(0, slash) : n;
  }

  private static String fmt(double x) {
    return x == Math.rint(x) && Math.abs(x) < 1e15 ? Long.toString((long) x) : Double.toString(x);
  }

  /** One search thread: its context, scratch states, path stack and value buffers. */
  private final class Worker extends CacheLinePadding implements Runnable {
    /** The tree this worker reads and updates: {@link #view} during a search, else the tree. */
    Tree t;
    /**
     * This worker's view of the tree with several workers (its own block of new entries, and
     * private statistics, see {@link MctsConfig#syncMicros()}); null with one.
     */
    final Tree view;
    SearchContext ctx;
    /**
     * The state this worker resamples its worlds from: the searched state itself with one worker;
     * with several, this worker's own copy of it, made in its thread at the start of each search
     * ({@link #rebindToThisThread}), so that no two threads resample from one state at a time (a
     * game may keep scratch on the state it resamples from; states are not thread-safe).
     */
    State source;
    State scratch;
    /** Scratch state for {@link #findTerminalChildren} without undo (created on first use). */
    State probe;
    /** Per action of the node being expanded: whether it ends the game, and the chooser's return. */
    boolean[] childTerminal;
    double[] childValue;
    int[] pathParent = new int[64];
    int[] pathEdge = new int[64];
    int[] pathChild = new int[64];
    int[] pathDepth = new int[64];
    double[] value;
    // expand-all chance: per recursion level a state and two value vectors
    State[] levelStates = new State[0];
    double[][] levelValues = new double[0][];
    int maxDepth;
    int completedCount;
    final int index;

    Worker(int index, Tree view) {
      this.index = index;
      this.view = view;
      this.t = tree;
      this.ctx = new SearchContext(game, workers.length, index, null);
      this.value = new double[numPlayers];
    }

    @Override
    public void run() {
      try {
        simulateUntilDone();
      } catch (Throwable x) {
        aborted = true; // the other workers stop at their next claim
        throw x;
      } finally {
        t.endSimulation(index);
      }
    }

    private void simulateUntilDone() {
      final boolean timed = timeBudgetNanos > 0;
      final boolean shared = workers.length > 1;
      final int root = t.root();
      if (shared) {
        rebindToThisThread();
      }
      int next = 0;
      int batchEnd = 0;
      final boolean local = localEntries > 0 && t != tree;
      final long syncNanos = config.syncMicros() * 1000L;
      long lastFlush = System.nanoTime();
      int sinceCheck = 0;
      int merges = 0;
      int completed = 0;
      final Semaphore g = gate;
      boolean holding = false;
      long heldSince = 0;
      try {
      while (true) {
        long now = 0;
        if (timed) {
          now = System.nanoTime();
          if (now >= deadline) {
            break;
          }
        }
        if (g != null) {
          // more workers than cores: run while holding one of the cores' permits, and hand it on
          // after GATE_SLICE_NANOS; a waiting worker is parked (not runnable), so the workers the
          // operating system has to schedule in turn are no more than the cores
          long clock = timed ? now : System.nanoTime();
          if (holding && clock - heldSince >= GATE_SLICE_NANOS) {
            holding = false;
            g.release();
          }
          if (!holding) {
            t.endSimulation(index); // a worker waiting for a permit must not hold up a growth
            if (!acquire(g, timed)) {
              break;
            }
            holding = true;
            heldSince = System.nanoTime();
            if (timed) {
              now = heldSince;
              if (now >= deadline) {
                break;
              }
            }
          }
        }
        if (config.stopWhenRootProven() && t.isProven(root)) {
          break;
        }
        if (next >= batchEnd) {
          // the caller's thread (worker 0's): at every claim of a batch with several workers, every
          // INTERRUPT_CHECK simulations with one (its claims are one simulation each)
          if (index == 0) {
            if ((shared || (next & (INTERRUPT_CHECK - 1)) == 0) && Thread.currentThread().isInterrupted()) {
              // interrupted: stop here, and the other workers at their next claim; the search
              // reports it (runParallel once it has waited for them)
              aborted = true;
              break;
            }
            if (stopRequested) {
              // stopped (requestStop): the budget ends here; a claim by another worker now lies
              // beyond it, so the others end at their next claim and the search reports as usual
              stopped = started.get(STARTED) < simBudget; // else the budget was spent anyway
              started.set(STARTED, simBudget);
              break;
            }
          }
          // claim simulation indices in small batches: one shared atomic per batch, not per simulation
          int k = shared ? BATCH : 1;
          next = started.getAndAdd(STARTED, k);
          if (next >= simBudget || next < 0 || (shared && aborted)) {
            break;
          }
          batchEnd = (int) Math.min((long) next + k, simBudget);
        }
        int sim = next++;
        ctx.simulation = sim;
        if (timeOnly) {
          long elapsed = now - startNanos;
          double est = elapsed > 0 ? (double) sim * timeBudgetNanos / elapsed : sim + 1;
          ctx.budget = (int) Math.min(Integer.MAX_VALUE - 1, Math.max(sim + 1, est));
        }
        // stays inside from one simulation to the next (see Tree.beginSimulation); nothing in
        // this loop waits for another worker but a growth of the tree, and that wait ends at the
        // deadline
        if (!t.beginSimulation(index, reserve, timed ? deadline : 0L)) {
          break;
        }
        if (local) {
          t.extendLocal(); // between simulations, in this worker's thread: private range follows the tree
        }
        simulate(shared);
        if (local && (timed || (++sinceCheck & 7) == 0)) {
          // merge private statistics about every syncNanos (the clock is read every 8 simulations
          // unless the time budget reads it anyway); skipped while another worker merges
          long clock = timed ? now : System.nanoTime();
          if (clock - lastFlush >= syncNanos && t.flushLocal(false, (merges & (FULL_MERGE - 1)) == 0)) {
            lastFlush = clock;
            merges++;
          }
        }
        completed++;
      }
      } finally {
        if (holding) {
          g.release();
        }
      }
      completedCount += completed; // one write per search: the field shares its object with read-mostly ones
      if (t != tree) {
        t.beginSimulation(index, -1, 0L); // no room needed: only the private counts are merged
        if (local) {
          t.flushLocal(true, true);
        }
        t.releaseChunk();
      }
    }

    /**
     * Takes a permit of {@code g}: with a time budget waiting at most until the deadline (false
     * when it passed, or the thread was interrupted), else as long as it takes.
     */
    private boolean acquire(Semaphore g, boolean timed) {
      if (!timed) {
        g.acquireUninterruptibly();
        return true;
      }
      try {
        return g.tryAcquire(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    }

    /**
     * Gives this worker fresh copies of everything it writes during a simulation (context with
     * its buffers and random generator, scratch state, path stack, value vector), allocated by the
     * thread that runs the worker. Objects allocated one after another by one thread (the
     * generators split by {@link MctsEngine#search}, the workers built by the constructor), or
     * moved side by side by the garbage collector, can share a cache line; every write of one
     * worker (each random draw, each legal-move list of a rollout) then evicts the other's line
     * (false sharing). A thread's own allocation buffer keeps its objects apart from the other
     * workers'. A few objects per worker per search, none per simulation; the generator is still
     * split from the seed. Only with several workers: one thread keeps its objects and stays
     * exactly reproducible.
     */
    private void rebindToThisThread() {
      SearchContext c = new SearchContext(game, workers.length, index, ctx.rng.split());
      c.rootPlayer = ctx.rootPlayer;
      c.rootActions = ctx.rootActions;
      c.simulation = ctx.simulation;
      c.budget = ctx.budget;
      ctx = c;
      source = rootState.copy();
      scratch = source.copy();
      probe = null;
      childTerminal = null;
      childValue = null;
      value = new double[numPlayers];
      int n = pathEdge.length;
      pathParent = new int[n];
      pathEdge = new int[n];
      pathChild = new int[n];
      pathDepth = new int[n];
      levelStates = new State[0];
      levelValues = new double[0][];
    }

    private void simulate(boolean shared) {
      if (scratch == null) {
        scratch = source.copy();
      }
      ctx.depth = 0;
      State world = knowledge.resample().resample(source, rootPlayer, scratch, ctx);
      descend(world, t.root(), 0, 0, value, shared);
    }

    private void push(int i, int parent, int edge, int child, int depth) {
      if (i == pathEdge.length) {
        int n = i * 2;
        pathParent = Arrays.copyOf(pathParent, n);
        pathEdge = Arrays.copyOf(pathEdge, n);
        pathChild = Arrays.copyOf(pathChild, n);
        pathDepth = Arrays.copyOf(pathDepth, n);
      }
      pathParent[i] = parent;
      pathEdge[i] = edge;
      pathChild[i] = child;
      pathDepth[i] = depth;
    }

    /**
     * Descends from {@code node} (where {@code s} stands) at depth {@code depth}, pushing edges
     * from path index {@code pathStart}; evaluates; backs up the edges pushed; leaves the value in
     * {@code out}. Recursion happens only at chance nodes expanded in full.
     */
    private void descend(State s, int node, int depth, int pathStart, double[] out, boolean shared) {
      int len = pathStart;
      int d = depth;
      // visits of the current node before this simulation's virtual loss touched it
      int nodeVisits = t.visits(node);
      while (true) {
        if (s.isTerminal()) {
          s.returns(out);
          GameContract.checkReturns(s, out);
          ctx.leafDepth = d;
          if (!keyed && node > 0) {
            if ((t.flags(node) & Tree.TERMINAL) == 0) {
              t.setFlags(node, Tree.TERMINAL);
            }
          }
          break;
        }
        int cp = s.currentPlayer();
        if (cp == State.CHANCE) {
          if (keyed) {
            sampleChance(s);
            continue;
          }
          if (!t.isExpanded(node)) {
            if (!t.tryClaimExpansion(node) || !expandChance(node, s)) {
              if (!t.isExpanded(node)) {
                evaluate(s, out, d);
                break;
              }
            }
          }
          if (config.chanceExpandAll()) {
            expandAllOutcomes(s, node, d, len, out, shared);
            break;
          }
          int c = sampleChild(node);
          nodeVisits = t.visits(c);
          push(len++, node, c, c, d);
          s.applyActionUnchecked(t.action(c));
          if (t.player(c) == -2) {
            t.setPlayer(c, s.currentPlayer());
          }
          node = c;
          d++;
          continue;
        }
        // decision node
        if (!t.isExpanded(node)) {
          boolean expandedNow = false;
          if (nodeVisits >= config.expandThreshold() && t.tryClaimExpansion(node)) {
            expandedNow = expandClaimed(node, s, cp);
          }
          if (!t.isExpanded(node) || (expandedNow && config.expandThreshold() == 0)) {
            evaluate(s, out, d);
            break;
          }
        }
        ctx.depth = d;
        int e = node == t.root()
            ? mechanism.rootSelector().select(t, node, ctx)
            : mechanism.treePolicy().select(t, node, ctx);
        if (Integer.compareUnsigned(e - t.firstChild(node), t.numChildren(node)) >= 0) {
          throw badSelection(t, node, e);
        }
        nodeVisits = t.visits(e);
        // a virtual loss on a private entry would be reverted before anyone could see it
        if (shared && !t.isPrivate(e)) {
          mechanism.virtualLoss().apply(t, e, d, cp, +1, ctx);
        }
        s.applyActionUnchecked(t.action(e));
        if (!keyed) {
          push(len++, node, e, e, d);
          if (t.player(e) == -2) {
            t.setPlayer(e, s.currentPlayer());
          }
          node = e;
          d++;
          continue;
        }
        while (s.isChanceNode()) {
          sampleChance(s);
        }
        d++;
        if (s.isTerminal()) {
          push(len++, node, e, -1, d - 1);
          s.returns(out);
          GameContract.checkReturns(s, out);
          ctx.leafDepth = d;
          break;
        }
        int np = s.currentPlayer();
        int child = t.findOrCreate(keyOf(s, np), np);
        push(len++, node, e, child, d - 1);
        if (child < 0) {
          evaluate(s, out, d);
          break;
        }
        node = child;
        nodeVisits = t.visits(child);
      }
      if (d > maxDepth) {
        maxDepth = d;
      }
      // backup, bottom-up
      ValueBackup backup = mechanism.backup();
      for (int i = len - 1; i >= pathStart; i--) {
        int dep = pathDepth[i];
        ctx.depth = dep;
        if (keyed && pathChild[i] >= 0) {
          backup.updateNode(t, pathChild[i], out, dep + 1, ctx);
        }
        if (fusedVirtualLoss > 0 && shared && !t.isPrivate(pathEdge[i])) {
          int mover = t.player(pathParent[i]);
          if (mover >= 0) {
            // the mean backup and the revert of the constant virtual loss as one update per
            // statistic: n += 1 − k, W += value, W[mover] −= k · minUtility
            int edge = pathEdge[i];
            if (fusedVirtualLoss != 1) {
              t.addVisits(edge, 1 - fusedVirtualLoss);
            }
            for (int p = 0; p < numPlayers; p++) {
              t.addValue(edge, p, p == mover ? out[p] - fusedVirtualLoss * ctx.minUtility() : out[p]);
            }
            continue;
          }
        }
        backup.update(t, pathParent[i], pathEdge[i], pathChild[i], out, dep, ctx);
        if (shared && !t.isPrivate(pathEdge[i])) {
          int mover = t.player(pathParent[i]);
          if (mover >= 0) {
            mechanism.virtualLoss().apply(t, pathEdge[i], dep, mover, -1, ctx);
          }
        }
      }
      if (pathStart == 0) {
        ctx.depth = 0;
        backup.updateNode(t, t.root(), out, 0, ctx);
      }
    }

    private void evaluate(State s, double[] out, int d) {
      ctx.depth = d;
      // an entry the estimator leaves unwritten stays NaN and is refused below
      Arrays.fill(out, 0, numPlayers, Double.NaN);
      knowledge.value().evaluate(s, out, ctx);
      for (int p = 0; p < numPlayers; p++) {
        double v = out[p];
        if (!(v >= valueLow && v <= valueHigh)) {
          throw badValue(out);
        }
      }
      ctx.leafDepth = d;
    }

    /**
     * Chance node in expand-all mode: outcomes never visited are each evaluated once (one leaf
     * evaluation per outcome); once all have been visited, one outcome is sampled and descended.
     * The value passed up is the probability-weighted mean of the outcomes' current Q vectors,
     * weighted by the game's probabilities as doubles ({@link State#chanceOutcomes}, in the order
     * the children were expanded in).
     */
    private void expandAllOutcomes(State s, int node, int d, int len, double[] out, boolean shared) {
      int level = ensureLevel(d);
      State sc = levelStates[level];
      double[] v = levelValues[level];
      int first = t.firstChild(node);
      int n = t.numChildren(node);
      boolean anyNew = false;
      for (int i = 0; i < n; i++) {
        int c = first + i;
        if (t.visits(c) > 0) {
          continue;
        }
        anyNew = true;
        sc.copyFrom(s);
        sc.applyActionUnchecked(t.action(c));
        if (t.player(c) == -2) {
          t.setPlayer(c, sc.currentPlayer());
        }
        if (sc.isTerminal()) {
          sc.returns(v);
          GameContract.checkReturns(sc, v);
          t.setFlags(c, Tree.TERMINAL);
          ctx.leafDepth = d + 1;
        } else {
          evaluate(sc, v, d + 1);
        }
        ctx.depth = d;
        mechanism.backup().update(t, node, c, c, v, d, ctx);
      }
      if (anyNew && d + 1 > maxDepth) {
        maxDepth = d + 1; // the outcomes evaluated (or found terminal) one below the chance node
      }
      if (!anyNew) {
        int c = sampleChild(node);
        sc.copyFrom(s);
        sc.applyActionUnchecked(t.action(c));
        push(len, node, c, c, d);
        descend(sc, c, d + 1, len + 1, v, shared);
        ctx.depth = d;
        mechanism.backup().update(t, node, c, c, v, d, ctx);
      }
      // the weights are the game's probabilities read again (the tree keeps them as floats, off by
      // up to 6e-8 relative): one more call of chanceOutcomes per visit, nothing stored per node
      double[] prob = ctx.probabilityBuffer();
      boolean exact = s.chanceOutcomes(ctx.actionBuffer(), prob) == n;
      double total = 0;
      Arrays.fill(out, 0, numPlayers, 0.0);
      for (int i = 0; i < n; i++) {
        int c = first + i;
        int visits = t.visits(c);
        if (visits <= 0) {
          continue;
        }
        double w = exact ? prob[i] : t.prior(c);
        total += w;
        for (int p = 0; p < numPlayers; p++) {
          out[p] += w * t.valueSum(c, p) / visits;
        }
      }
      if (total > 0) {
        for (int p = 0; p < numPlayers; p++) {
          out[p] /= total;
        }
      }
      // a mean of the outcomes' statistics, each backed up with its own leaf depth
      ctx.leafDepth = 0;
    }

    private int ensureLevel(int d) {
      if (d >= levelStates.length) {
        int n = Math.max(d + 1, levelStates.length * 2);
        int old = levelStates.length;
        levelStates = Arrays.copyOf(levelStates, n);
        levelValues = Arrays.copyOf(levelValues, n);
        for (int i = old; i < n; i++) {
          levelStates[i] = source.copy();
          levelValues[i] = new double[numPlayers];
        }
      }
      return d;
    }

    private void sampleChance(State s) {
      int[] a = ctx.actionBuffer();
      double[] p = ctx.probabilityBuffer();
      int n = s.chanceOutcomes(a, p);
      s.applyActionUnchecked(a[Distributions.sampleOutcome(s, p, n, ctx.rng().nextDouble())]);
    }

    private int sampleChild(int node) {
      int first = t.firstChild(node);
      int n = t.numChildren(node);
      double u = ctx.rng().nextDouble();
      double acc = 0;
      for (int i = 0; i < n - 1; i++) {
        acc += t.prior(first + i);
        if (u < acc) {
          return first + i;
        }
      }
      return first + n - 1;
    }

    boolean expandDecision(int node, State s, int cp) {
      int[] a = ctx.actionBuffer();
      int n = s.legalActions(a);
      if (n > Tree.MAX_CHILDREN) {
        throw tooManyChildren(s, n);
      }
      float[] pr = ctx.priorBuffer();
      // an entry the prior leaves unwritten stays NaN and is refused below
      Arrays.fill(pr, 0, n, Float.NaN);
      knowledge.prior().prior(s, a, n, pr, ctx);
      double sum = 0;
      for (int i = 0; i < n; i++) {
        float x = pr[i];
        if (!(x >= 0f && x <= PRIOR_HIGH)) {
          throw badPrior(pr, n);
        }
        sum += x;
      }
      if (Math.abs(sum - 1.0) > PRIOR_SUM_TOLERANCE) {
        throw badPrior(pr, n);
      }
      if (terminalSlot < 0) {
        return t.expand(node, cp, a, pr, n);
      }
      findTerminalChildren(s, a, n, cp);
      // the terminal children's flags and values are written with the children, before the node
      // is published (Tree.expand): another worker never sees one of them terminal without its value
      return t.expand(node, cp, a, pr, n, childTerminal, terminalSlot, childValue);
    }

    /**
     * For {@link TreePolicy#terminalChildSlot()}: whether each of the {@code n} actions {@code a}
     * of {@code s} ends the game ({@link #childTerminal}) and, if so, the chooser's return
     * ({@link #childValue}). Each action is applied to {@code s} and taken back when the game
     * supports undo (no copy of the state); otherwise it is applied to a copy of {@code s} in a
     * scratch state (one per worker, reused): O(b·|state|) per expansion, for b actions.
     */
    private void findTerminalChildren(State s, int[] a, int n, int cp) {
      if (childTerminal == null || childTerminal.length < n) {
        int w = Math.max(n, game.maxActionsPerState());
        childTerminal = new boolean[w];
        childValue = new double[w];
      }
      double[] v = ctx.valueBuffer();
      boolean undo = s.supportsUndo();
      if (!undo && probe == null) {
        probe = s.copy();
      }
      for (int i = 0; i < n; i++) {
        State x;
        if (undo) {
          s.applyActionUnchecked(a[i]);
          x = s;
        } else {
          probe.copyFrom(s);
          probe.applyActionUnchecked(a[i]);
          x = probe;
        }
        boolean terminal = x.isTerminal();
        childTerminal[i] = terminal;
        if (terminal) {
          x.returns(v);
          GameContract.checkReturns(x, v);
          childValue[i] = v[cp];
        }
        if (undo) {
          s.undoAction(a[i]);
        }
      }
    }

    /**
     * {@link #expandDecision} of a node this worker claimed: the claim is given up when the
     * expansion does not happen, whether it found no room or a component (or a check) threw, so
     * no node stays claimed by a simulation that ended.
     */
    private boolean expandClaimed(int node, State s, int cp) {
      boolean ok;
      try {
        ok = expandDecision(node, s, cp);
      } catch (Throwable x) {
        t.releaseExpansion(node);
        throw x;
      }
      if (!ok) {
        t.releaseExpansion(node);
      }
      return ok;
    }

    /** Expands the chance node {@code node}, claimed by this worker; the claim is given up as in {@link #expandClaimed}. */
    private boolean expandChance(int node, State s) {
      try {
        return expandChanceClaimed(node, s);
      } catch (Throwable x) {
        t.releaseExpansion(node);
        throw x;
      }
    }

    private boolean expandChanceClaimed(int node, State s) {
      int[] a = ctx.actionBuffer();
      double[] p = ctx.probabilityBuffer();
      int n = s.chanceOutcomes(a, p);
      if (n > Tree.MAX_CHILDREN) {
        throw tooManyChildren(s, n);
      }
      GameContract.checkChanceOutcomes(s, p, n);
      float[] pr = ctx.priorBuffer();
      for (int i = 0; i < n; i++) {
        pr[i] = (float) p[i];
      }
      boolean ok = t.expand(node, State.CHANCE, a, pr, n);
      if (!ok) {
        t.releaseExpansion(node);
      }
      return ok;
    }
  }
}
