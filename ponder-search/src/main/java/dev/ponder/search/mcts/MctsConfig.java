package dev.ponder.search.mcts;

/**
 * Engine settings that are not part of the mechanism: budget, threads and tree shape.
 *
 * <p>The ranges are those of the agent keys ({@link MctsAgentFactory#config}): a budget is needed,
 * {@code simulations} &gt; 0 or {@code timeMs} &gt; 0.
 *
 * @param simulations simulation budget, 0..{@value #MAX_SIMULATIONS} (0 = none: then
 *     {@code timeMs} &gt; 0); with {@code timeMs} the search stops at whichever is reached first
 * @param timeMs wall-time budget in milliseconds, 0..{@value #MAX_TIME_MS} (0 = none: then
 *     {@code simulations} &gt; 0); checked before every simulation
 * @param threads worker threads T, 1..{@value #MAX_THREADS} (tree parallelism when T &gt; 1: the
 *     workers share one tree; see {@code syncMicros} for when the virtual loss applies)
 * @param keying how nodes are identified (null reads as {@link Keying#AUTO})
 * @param expandThreshold 0..{@value #MAX_EXPAND}: a non-root leaf is expanded when it is reached with at least this many
 *     earlier visits: 0 expands on first arrival, 1 (default) evaluates a new leaf first and
 *     expands it on its second arrival (OpenSpiel's {@code mcts.cc})
 * @param chanceExpandAll at a chance node of the tree, evaluate every outcome once when it is
 *     first reached, afterwards descend one sampled outcome, and back up the probability-weighted
 *     mean of the outcomes' Q vectors instead of the sampled return (tree keying only: the engine
 *     refuses it with keyed nodes in a game with chance)
 * @param reuseTree keep the subtree of the actual moves between searches (perfect information;
 *     in keyed mode the tree is kept when the new root's key is in it, and in an
 *     imperfect-information game only when the last search was for the same player)
 * @param stopWhenRootProven end the search early when a solver mechanism marks the root proven
 * @param syncMicros 0..{@value #MAX_SYNC_MICROS}; with T &gt; 1 and a mechanism whose updates commute (an additive backup, {@link ValueBackup#additive()}, and no
 *     auxiliary statistics): each worker keeps its visit and value updates private (the entries
 *     from the root on, growing with the tree up to 128 MB of counters per worker), reads them added
 *     to the shared statistics, and merges them into the shared statistics at least this many
 *     microseconds apart (entries whose private visits are under 1/64 of their shared visits
 *     wait for every 32nd merge) and at the end of the search; so the most contended statistics change
 *     once per merge rather than on every simulation of every worker, and each worker sees the
 *     others' work with a delay of about this long. The mechanism's {@link VirtualLoss} is applied
 *     only to shared entries (beyond the private range, or with a mechanism whose updates do not
 *     commute), so a default search of ordinary size applies none: workers see each other
 *     through the merges only. 0 shares every update at once (classic tree parallelism, the
 *     virtual loss on every edge a simulation in flight has passed). Ignored with one thread.
 *     Default {@value #DEFAULT_SYNC_MICROS} (1 ms).
 * @param searchForced whether a root with exactly one legal action is searched like any other;
 *     false (the default of every factory method and of the nine-argument constructor) answers such
 *     a forced move at once: no simulation, π̂ = 1 on the action, visits 0, Q and the root value
 *     NaN, the tree untouched (so tree reuse finds the next decision's subtree from the last
 *     searched position). True spends the budget on it, for the values of a forced position.
 */
public record MctsConfig(
    int simulations,
    int timeMs,
    int threads,
    Keying keying,
    int expandThreshold,
    boolean chanceExpandAll,
    boolean reuseTree,
    boolean stopWhenRootProven,
    int syncMicros,
    boolean searchForced) {

  /** Default of {@link #syncMicros()}: one millisecond. */
  public static final int DEFAULT_SYNC_MICROS = 1000;
  /** Largest {@link #simulations()} (the {@code sims} key's maximum). */
  public static final int MAX_SIMULATIONS = 100_000_000;
  /** Largest {@link #timeMs()}: one day (the {@code time_ms} key's maximum). */
  public static final int MAX_TIME_MS = 86_400_000;
  /** Largest {@link #threads()} (the {@code threads} key's maximum). */
  public static final int MAX_THREADS = 64;
  /** Largest {@link #expandThreshold()} (the {@code expand} key's maximum). */
  public static final int MAX_EXPAND = 1_000_000;
  /** Largest {@link #syncMicros()}: 1,000 s (the {@code sync_us} key's maximum). */
  public static final int MAX_SYNC_MICROS = 1_000_000_000;

  /** How tree nodes are identified. */
  public enum Keying {
    /**
     * IS-MCTS keys for imperfect-information games, tree positions for perfect information.
     */
    AUTO,
    /** Nodes are tree positions (perfect information only). */
    TREE,
    /** Nodes are keyed by {@link dev.ponder.game.State#hash()} and player: a transposition DAG. */
    TRANSPOSITIONS,
    /**
     * Nodes are keyed by (acting player's information-state key, acting player): IS-MCTS
     * (Cowling, Powley &amp; Whitehouse 2012).
     */
    INFORMATION_STATE
  }

  /**
   * @throws IllegalArgumentException naming the value and the valid range when a value is out of
   *     its range, or when both budgets are 0
   */
  public MctsConfig {
    checkRange("simulations", simulations, 0, MAX_SIMULATIONS);
    checkRange("timeMs", timeMs, 0, MAX_TIME_MS);
    if (simulations == 0 && timeMs == 0) {
      // the agent keys' wording (uct: sims must be at least 1, got 0 ...), in the API's names
      throw new IllegalArgumentException("simulations must be at least 1, got 0 (or 0 with a timeMs of at least 1, got 0)");
    }
    checkRange("threads", threads, 1, MAX_THREADS);
    checkRange("expandThreshold", expandThreshold, 0, MAX_EXPAND);
    checkRange("syncMicros", syncMicros, 0, MAX_SYNC_MICROS);
    if (keying == null) {
      keying = Keying.AUTO;
    }
  }

  /**
   * A configuration that answers forced moves at once ({@code searchForced} false); the other
   * components as in the canonical constructor.
   *
   * @throws IllegalArgumentException as the canonical constructor
   */
  public MctsConfig(int simulations, int timeMs, int threads, Keying keying, int expandThreshold,
      boolean chanceExpandAll, boolean reuseTree, boolean stopWhenRootProven, int syncMicros) {
    this(simulations, timeMs, threads, keying, expandThreshold, chanceExpandAll, reuseTree, stopWhenRootProven,
        syncMicros, false);
  }

  /**
   * This configuration with {@code searchForced} set to {@code b} (true: a root with one legal
   * action is searched too); everything else is kept.
   */
  public MctsConfig withSearchForced(boolean b) {
    return new MctsConfig(simulations, timeMs, threads, keying, expandThreshold, chanceExpandAll, reuseTree,
        stopWhenRootProven, syncMicros, b);
  }

  private static void checkRange(String name, int v, int lo, int hi) {
    if (v < lo || v > hi) {
      throw new IllegalArgumentException(name + "=" + v + " is out of range; valid: " + lo + ".." + hi);
    }
  }

  /**
   * {@code simulations} simulations on one thread, default tree shape (as {@code sims=N}).
   *
   * @param simulations 1..{@value #MAX_SIMULATIONS}
   * @throws IllegalArgumentException if {@code simulations} is out of range (0 included: a search
   *     needs a budget)
   */
  public static MctsConfig ofSimulations(int simulations) {
    checkRange("simulations", simulations, 1, MAX_SIMULATIONS);
    return new MctsConfig(simulations, 0, 1, Keying.AUTO, 1, false, false, true, DEFAULT_SYNC_MICROS);
  }

  /**
   * {@code ms} milliseconds on one thread, default tree shape (as {@code time_ms=MS}).
   *
   * @param ms 1..{@value #MAX_TIME_MS}
   * @throws IllegalArgumentException if {@code ms} is out of range (0 included)
   */
  public static MctsConfig ofTime(int ms) {
    checkRange("timeMs", ms, 1, MAX_TIME_MS);
    return new MctsConfig(0, ms, 1, Keying.AUTO, 1, false, false, true, DEFAULT_SYNC_MICROS);
  }

  /**
   * This configuration with {@code t} worker threads, 1..{@value #MAX_THREADS}; everything else is kept.
   *
   * @throws IllegalArgumentException if a value is out of range
   */
  public MctsConfig withThreads(int t) {
    return new MctsConfig(simulations, timeMs, t, keying, expandThreshold, chanceExpandAll, reuseTree, stopWhenRootProven, syncMicros, searchForced);
  }

  /**
   * This configuration with the keying {@code k} (null reads as AUTO); everything else is kept.
   */
  public MctsConfig withKeying(Keying k) {
    return new MctsConfig(simulations, timeMs, threads, k, expandThreshold, chanceExpandAll, reuseTree, stopWhenRootProven, syncMicros, searchForced);
  }

  /**
   * This configuration with the expansion threshold {@code e}, 0..{@value #MAX_EXPAND}; everything else is kept.
   *
   * @throws IllegalArgumentException if a value is out of range
   */
  public MctsConfig withExpandThreshold(int e) {
    return new MctsConfig(simulations, timeMs, threads, keying, e, chanceExpandAll, reuseTree, stopWhenRootProven, syncMicros, searchForced);
  }

  /**
   * This configuration with chance_expand_all set to {@code b}; everything else is kept.
   */
  public MctsConfig withChanceExpandAll(boolean b) {
    return new MctsConfig(simulations, timeMs, threads, keying, expandThreshold, b, reuseTree, stopWhenRootProven, syncMicros, searchForced);
  }

  /**
   * This configuration with tree reuse set to {@code b}; everything else is kept.
   */
  public MctsConfig withReuseTree(boolean b) {
    return new MctsConfig(simulations, timeMs, threads, keying, expandThreshold, chanceExpandAll, b, stopWhenRootProven, syncMicros, searchForced);
  }

  /**
   * This configuration with {@code s} µs between merges, 0..{@value #MAX_SYNC_MICROS}; everything else is kept.
   *
   * @throws IllegalArgumentException if a value is out of range
   */
  public MctsConfig withSyncMicros(int s) {
    return new MctsConfig(simulations, timeMs, threads, keying, expandThreshold, chanceExpandAll, reuseTree, stopWhenRootProven, s, searchForced);
  }

  /**
   * This configuration with the budgets {@code sims} (0..{@value #MAX_SIMULATIONS}) and {@code ms} (0..{@value #MAX_TIME_MS}), not both 0; everything else is kept.
   *
   * @throws IllegalArgumentException if a value is out of range
   */
  public MctsConfig withBudget(int sims, int ms) {
    return new MctsConfig(sims, ms, threads, keying, expandThreshold, chanceExpandAll, reuseTree, stopWhenRootProven, syncMicros, searchForced);
  }
}
