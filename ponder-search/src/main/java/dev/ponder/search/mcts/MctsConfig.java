package dev.ponder.search.mcts;

/**
 * Engine settings that are not part of the mechanism: budget, threads and tree shape.
 *
 * @param simulations simulation budget (0 = none); with {@code timeMs} the search stops at
 *     whichever is reached first; with neither, 1,000 simulations
 * @param timeMs wall-time budget in milliseconds (0 = none); checked before every simulation
 * @param threads worker threads T ≥ 1 (tree parallelism with virtual loss when T &gt; 1)
 * @param keying how nodes are identified
 * @param expandThreshold a non-root leaf is expanded when it is reached with at least this many
 *     earlier visits: 0 expands on first arrival, 1 (default) evaluates a new leaf first and
 *     expands it on its second arrival (OpenSpiel's {@code mcts.cc})
 * @param chanceExpandAll at a chance node of the tree, evaluate every outcome once when it is
 *     first reached, afterwards descend one sampled outcome, and back up the probability-weighted
 *     mean of the outcomes' Q vectors instead of the sampled return (tree keying only: the engine
 *     refuses it with keyed nodes in a game with chance)
 * @param reuseTree keep the subtree of the actual moves between searches (perfect information;
 *     in keyed mode the tree is kept when the new root's key is in it)
 * @param stopWhenRootProven end the search early when a solver mechanism marks the root proven
 * @param syncMicros with T &gt; 1 and a mechanism whose updates commute (the mean backup and no
 *     auxiliary statistics): each worker keeps its visit and value updates private (the entries
 *     from the root on, growing with the tree up to 128 MB of counters per worker), reads them added
 *     to the shared statistics, and merges them into the shared statistics at least this many
 *     microseconds apart (entries whose private visits are under 1/64 of their shared visits
 *     wait for every 32nd merge) and at the end of the search; so the most contended statistics change
 *     once per merge rather than on every simulation of every worker, and each worker sees the
 *     others' work with a delay of about this long. 0 shares every update at once (plain tree
 *     parallelism). Ignored with one thread. Default {@value #DEFAULT_SYNC_MICROS} (1 ms).
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
    int syncMicros) {

  /** Default of {@link #syncMicros()}: one millisecond. */
  public static final int DEFAULT_SYNC_MICROS = 1000;

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

  public MctsConfig {
    if (simulations < 0 || timeMs < 0) {
      throw new IllegalArgumentException("budgets must be ≥ 0: sims=" + simulations + ", time_ms=" + timeMs);
    }
    if (threads < 1 || threads > 256) {
      throw new IllegalArgumentException("threads=" + threads + " is out of range; valid: 1..256");
    }
    if (syncMicros < 0) {
      throw new IllegalArgumentException("sync_us=" + syncMicros + " must be ≥ 0");
    }
    if (expandThreshold < 0) {
      throw new IllegalArgumentException("expandThreshold " + expandThreshold + " < 0");
    }
    if (keying == null) {
      keying = Keying.AUTO;
    }
    if (simulations == 0 && timeMs == 0) {
      simulations = 1000;
    }
  }

  /** {@code simulations} simulations on one thread, default tree shape. */
  public static MctsConfig ofSimulations(int simulations) {
    return new MctsConfig(simulations, 0, 1, Keying.AUTO, 1, false, false, true, DEFAULT_SYNC_MICROS);
  }

  /** {@code ms} milliseconds on one thread, default tree shape. */
  public static MctsConfig ofTime(int ms) {
    return new MctsConfig(0, ms, 1, Keying.AUTO, 1, false, false, true, DEFAULT_SYNC_MICROS);
  }

  public MctsConfig withThreads(int t) {
    return new MctsConfig(simulations, timeMs, t, keying, expandThreshold, chanceExpandAll, reuseTree, stopWhenRootProven, syncMicros);
  }

  public MctsConfig withKeying(Keying k) {
    return new MctsConfig(simulations, timeMs, threads, k, expandThreshold, chanceExpandAll, reuseTree, stopWhenRootProven, syncMicros);
  }

  public MctsConfig withExpandThreshold(int e) {
    return new MctsConfig(simulations, timeMs, threads, keying, e, chanceExpandAll, reuseTree, stopWhenRootProven, syncMicros);
  }

  public MctsConfig withChanceExpandAll(boolean b) {
    return new MctsConfig(simulations, timeMs, threads, keying, expandThreshold, b, reuseTree, stopWhenRootProven, syncMicros);
  }

  public MctsConfig withReuseTree(boolean b) {
    return new MctsConfig(simulations, timeMs, threads, keying, expandThreshold, chanceExpandAll, b, stopWhenRootProven, syncMicros);
  }

  public MctsConfig withSyncMicros(int s) {
    return new MctsConfig(simulations, timeMs, threads, keying, expandThreshold, chanceExpandAll, reuseTree, stopWhenRootProven, s);
  }

  public MctsConfig withBudget(int sims, int ms) {
    return new MctsConfig(sims, ms, threads, keying, expandThreshold, chanceExpandAll, reuseTree, stopWhenRootProven, syncMicros);
  }
}
