package dev.ponder.search.bench;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.search.SearchResult;
import dev.ponder.search.mcts.MctsAgent;
import java.lang.management.ManagementFactory;
import java.util.Arrays;

/**
 * Bytes allocated per search by the searching thread ({@code com.sun.management.ThreadMXBean
 * .getThreadAllocatedBytes}), one thread. Not run by the tests; docs/bench/search.md has the
 * command and the figures. Uses the public API only, so it also runs against earlier builds.
 *
 * <ul>
 *   <li>{@code self GAME AGENT GAMES}: self-play, one new agent per game playing both sides (so
 *       with {@code reuse=true} it keeps the subtree of its own and its opponent's moves); game 0
 *       warms up, games 1..GAMES are measured: mean, the agents' first searches apart, median and
 *       largest bytes per search.
 *   <li>{@code repeat GAME AGENT WARMUP RUNS}: one agent searching the initial state again and
 *       again: its first search, then RUNS searches after WARMUP.
 *   <li>{@code first GAME AGENT}: a new agent's creation and its first search from the initial
 *       state, together (a tree sized at creation and one sized at the first search compare
 *       alike), and the new entries per simulation of that search (nodes over simulations).
 * </ul>
 *
 * Every line ends with a hash of every search's action, visits, Q and node count, so two builds
 * can be checked to search alike.
 */
public final class SearchAllocation {
  private static final com.sun.management.ThreadMXBean MX =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  private SearchAllocation() {}

  private static long now() {
    return MX.getThreadAllocatedBytes(Thread.currentThread().getId());
  }

  private static long mix(long h, long v) {
    h ^= v;
    h *= 0x100000001b3L;
    return h ^ (h >>> 29);
  }

  private static long hash(long h, SearchResult r) {
    h = mix(h, r.action());
    for (int v : r.visits()) {
      h = mix(h, v);
    }
    for (double[] q : r.q()) {
      for (double x : q) {
        h = mix(h, Double.doubleToLongBits(x));
      }
    }
    return mix(h, r.nodes());
  }

  static void selfPlay(String gameName, String spec, int games) {
    Game g = GameRegistry.load(gameName);
    long total = 0;
    long sims = 0;
    long firsts = 0;
    int firstCount = 0;
    long h = 17;
    long[] per = new long[1 << 14];
    int n = 0;
    for (int game = 0; game <= games; game++) {
      try (MctsAgent m = MctsAgent.create(spec, g, 42 + game)) {
        State s = g.newInitialState();
        boolean first = true;
        while (!s.isTerminal()) {
          long b0 = now();
          SearchResult r = m.search(s);
          long b = now() - b0;
          h = hash(h, r);
          if (game > 0 && n < per.length) {
            total += b;
            sims += r.simulations();
            per[n++] = b;
            if (first) {
              firsts += b;
              firstCount++;
            }
          }
          first = false;
          s.applyAction(r.action());
        }
      }
    }
    long[] p = Arrays.copyOf(per, n);
    Arrays.sort(p);
    System.out.printf("%s %s self-play: %d searches, mean %,.0f B/search (first search of an agent %,.0f; the others %,.0f),"
        + " median %,d, max %,d, %.1f B/simulation; hash %016x%n", gameName, spec, n, total / (double) n,
        firsts / (double) firstCount, (total - firsts) / (double) (n - firstCount), p[n / 2], p[n - 1],
        total / (double) sims, h);
  }

  static void repeat(String gameName, String spec, int warmup, int runs) {
    Game g = GameRegistry.load(gameName);
    long h = 17;
    long first = 0;
    long[] per = new long[runs];
    long total = 0;
    try (MctsAgent m = MctsAgent.create(spec, g, 42)) {
      State s = g.newInitialState();
      for (int i = 0; i < warmup; i++) {
        long b0 = now();
        h = hash(h, m.search(s));
        if (i == 0) {
          first = now() - b0;
        }
      }
      for (int i = 0; i < runs; i++) {
        long b0 = now();
        h = hash(h, m.search(s));
        per[i] = now() - b0;
        total += per[i];
      }
    }
    Arrays.sort(per);
    System.out.printf("%s %s repeated: first search %,d B; then %d searches: mean %,.0f B/search, median %,d, max %,d;"
        + " hash %016x%n", gameName, spec, first, runs, total / (double) runs, per[runs / 2], per[runs - 1], h);
  }

  static void first(String gameName, String spec) {
    Game g = GameRegistry.load(gameName);
    State s = g.newInitialState();
    long b0 = now();
    SearchResult r;
    try (MctsAgent m = MctsAgent.create(spec, g, 42)) {
      r = m.search(s);
    }
    long b = now() - b0;
    System.out.printf("%s %s first search with creation: %,d B; %.2f entries/simulation; hash %016x%n", gameName, spec, b,
        r.nodes() / (double) r.simulations(), hash(17, r));
  }

  /**
   * @param args {@code self GAME AGENT GAMES}, {@code repeat GAME AGENT WARMUP RUNS} or
   *     {@code first GAME AGENT}
   */
  public static void main(String[] args) {
    if (args.length == 4 && args[0].equals("self")) {
      selfPlay(args[1], args[2], Integer.parseInt(args[3]));
    } else if (args.length == 5 && args[0].equals("repeat")) {
      repeat(args[1], args[2], Integer.parseInt(args[3]), Integer.parseInt(args[4]));
    } else if (args.length == 3 && args[0].equals("first")) {
      first(args[1], args[2]);
    } else {
      System.err.println("usage: SearchAllocation self GAME AGENT GAMES | repeat GAME AGENT WARMUP RUNS | first GAME AGENT");
      System.exit(2);
    }
  }
}
