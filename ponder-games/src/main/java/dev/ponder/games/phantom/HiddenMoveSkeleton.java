package dev.ponder.games.phantom;

import java.util.Arrays;

/**
 * Counts of the "skeletons" of the histories consistent with a phantom-game player's information
 * when the number of moves is known, for drawing a consistent world uniformly without counting
 * board positions.
 *
 * <p>Let player p have made the moves {@code a_0 .. a_{m−1}} (distinct cells, each known to have
 * succeeded or failed) and let the opponent q have made {@code K = n − m} moves. After q's j-th
 * move q's view holds exactly j cells, so every history is fixed by q's sequence of K distinct
 * cells, and the uniform distribution over histories is the uniform distribution over the
 * consistent sequences. Only q's moves onto p's cells decide the success or failure of any move (a
 * cell p never targets is always empty for q), so each q move is one of:
 *
 * <ul>
 *   <li><b>free</b>: a cell p never targets (success; {@code F − r} choices when r free cells are
 *       used, {@code F = cells − m});
 *   <li><b>hit</b>: a cell where p has already placed a stone (failure; one choice per such cell q
 *       has not hit yet);
 *   <li><b>claim</b>: the cell of one of p's later failed moves (success; it must come before p's
 *       move there, which is what made that move fail).
 * </ul>
 *
 * q never moves onto the cell of a later successful move of p (that move would then have failed)
 * nor twice onto a failed move's cell. Claims are counted anonymously: when p's k-th failed move
 * comes (k = 0, 1, ...), with c claims made so far, the cell of that move is one of the
 * {@code c − k} claims not yet given a cell, so that many choices multiply the count (the
 * deadlines are nested, so the product counts exactly the matchings of claims to failed moves
 * that put each claim before its move). The events with the movers they imply (classical: a
 * failed move is followed by the same player; abrupt: the turn always passes) must give p's
 * success flags, the length n, the movers of {@code reveal-numturns} and the player to move.
 *
 * <p>A count state is (p's moves made i, q's moves made j, hits h, claims c, mover), at most
 * m·K·(m+1)·(f+1)·2 of them for f failed moves; the counts are computed backwards layer by layer
 * over the history length (no recursion). Drawing events in proportion to the counts, free and
 * hit cells uniformly and each failed move's cell uniformly among the open claims draws a history
 * uniformly from those consistent with p's information <em>ignoring the end of the game</em>; a
 * draw whose hidden stones end the game early is rejected by the caller, which keeps the result
 * uniform over the consistent histories.
 *
 * <p>Counts are doubles (relative rounding error about 1e-16 per operation, far below any sampling
 * error), rescaled by a power of two per layer (exact; the draws use only ratios within a layer),
 * so they do not overflow; a state whose share is below about 1e-308 of its layer's largest
 * counts as 0.
 */
final class HiddenMoveSkeleton {
  /** Thrown by {@link #build} when the count states exceed the cap or the counts overflow. */
  static final class TooLarge extends RuntimeException {
    /** States reached, or {@link Long#MAX_VALUE} for an overflowing count. */
    final long states;

    TooLarge(long states) {
      super(null, null, false, false);
      this.states = states;
    }
  }

  final int m;
  final int k;
  final int n;
  final int p;
  final boolean abrupt;
  final int[] pActions;
  /** failed[i]: whether p's i-th move failed. */
  final boolean[] failed;
  /** successesBefore[i]: successful moves among p's first i. */
  final int[] successesBefore;
  /** Number of p's failed moves. */
  final int f;
  final int freeCells;
  /** isTarget[c]: whether p moves to cell c at some point. */
  final boolean[] isTarget;
  final int[] players;
  final int finalMover;
  /**
   * Consistent histories ignoring the end of the game, times an unknown power of two (each layer
   * of counts is rescaled); positive exactly when some history is consistent.
   */
  final double total;

  // open-addressing map key → state index; per state its key and count
  private long[] slotKey;
  private int[] slotIndex;
  private long[] stateKey;
  private double[] counts;
  private int states;

  private HiddenMoveSkeleton(int cells, int p, int[] pActions, boolean[] pSuccess, int n, int[] players,
      int finalMover, boolean abrupt, int cap) {
    this.p = p;
    this.m = pActions.length;
    this.n = n;
    this.k = n - m;
    this.abrupt = abrupt;
    this.pActions = pActions;
    this.players = players;
    this.finalMover = finalMover;
    this.failed = new boolean[m];
    this.successesBefore = new int[m + 1];
    this.isTarget = new boolean[cells];
    int nf = 0;
    for (int i = 0; i < m; i++) {
      isTarget[pActions[i]] = true;
      failed[i] = !pSuccess[i];
      nf += failed[i] ? 1 : 0;
      successesBefore[i + 1] = successesBefore[i] + (pSuccess[i] ? 1 : 0);
    }
    this.f = nf;
    this.freeCells = cells - m;
    stateKey = new long[256];
    counts = new double[256];
    allocateTable(512);
    this.total = count(cap);
  }

  /**
   * The skeleton counts for p's information, or null when they do not apply (a history longer
   * than 65,535 moves).
   *
   * @param players mover at each index when revealed ({@code reveal-numturns}), else null
   * @param finalMover the player to move after the n moves
   * @throws TooLarge if more than {@code cap} count states are reachable or a count overflows
   */
  static HiddenMoveSkeleton build(int cells, int p, int[] pActions, boolean[] pSuccess, int n, int[] players,
      int finalMover, boolean abrupt, int cap) {
    if (n > 0xFFFF || n < pActions.length) {
      return null;
    }
    return new HiddenMoveSkeleton(cells, p, pActions, pSuccess, n, players, finalMover, abrupt, cap);
  }

  /** The key of a count state: 16 bits each for i, j, h; 15 for c; 1 for the mover. */
  static long key(int i, int j, int h, int c, int mover) {
    return i | (long) j << 16 | (long) h << 32 | (long) c << 48 | (long) mover << 63;
  }

  private static int keyI(long key) {
    return (int) (key & 0xFFFF);
  }

  private static int keyJ(long key) {
    return (int) (key >>> 16 & 0xFFFF);
  }

  private static int keyH(long key) {
    return (int) (key >>> 32 & 0xFFFF);
  }

  private static int keyC(long key) {
    return (int) (key >>> 48 & 0x7FFF);
  }

  private static int keyMover(long key) {
    return (int) (key >>> 63);
  }

  private int slot(long key) {
    long h = key * 0x9E3779B97F4A7C15L;
    h ^= h >>> 31;
    return (int) h & (slotIndex.length - 1);
  }

  private void allocateTable(int size) {
    slotKey = new long[size];
    slotIndex = new int[size];
    Arrays.fill(slotIndex, -1);
    int mask = size - 1;
    for (int idx = 0; idx < states; idx++) {
      int s = slot(stateKey[idx]);
      while (slotIndex[s] >= 0) {
        s = (s + 1) & mask;
      }
      slotKey[s] = stateKey[idx];
      slotIndex[s] = idx;
    }
  }

  /** The count of state {@code key}; 0 for a state never reached (nothing consistent below it). */
  double count(long key) {
    int mask = slotIndex.length - 1;
    for (int s = slot(key); slotIndex[s] >= 0; s = (s + 1) & mask) {
      if (slotKey[s] == key) {
        return counts[slotIndex[s]];
      }
    }
    return 0;
  }

  private void add(long key, int cap) {
    if (2 * (states + 1) > slotIndex.length) {
      allocateTable(2 * slotIndex.length);
    }
    int mask = slotIndex.length - 1;
    int s = slot(key);
    for (; slotIndex[s] >= 0; s = (s + 1) & mask) {
      if (slotKey[s] == key) {
        return;
      }
    }
    if (states >= cap) {
      throw new TooLarge(states + 1L);
    }
    slotKey[s] = key;
    slotIndex[s] = states;
    if (states == stateKey.length) {
      int len = (int) Math.min(cap, 2L * states);
      stateKey = Arrays.copyOf(stateKey, len);
      counts = Arrays.copyOf(counts, len);
    }
    stateKey[states++] = key;
  }

  /** Number of count states. */
  int states() {
    return states;
  }

  /**
   * Forward pass: the states reachable, in layers of equal length i + j (every event adds one);
   * backward pass: the counts from the last layer down.
   */
  private double count(int cap) {
    add(key(0, 0, 0, 0, 0), cap);
    int[] layerStart = new int[n + 2];
    int from = 0;
    for (int len = 0; len < n; len++) {
      int to = states;
      layerStart[len + 1] = to;
      for (int idx = from; idx < to; idx++) {
        expand(stateKey[idx], cap);
      }
      from = to;
    }
    layerStart[n + 1] = states;
    for (int len = n; len >= 0; len--) {
      double max = 0;
      for (int idx = layerStart[len]; idx < layerStart[len + 1]; idx++) {
        double c = weightedChildren(stateKey[idx]);
        if (Double.isInfinite(c)) {
          throw new TooLarge(Long.MAX_VALUE);
        }
        counts[idx] = c;
        max = Math.max(max, c);
      }
      // every child of a state lies in the next layer, so a common factor per layer changes no
      // draw; scaling by a power of two keeps the counts exact and away from overflow
      if (max > 0) {
        int e = Math.getExponent(max);
        for (int idx = layerStart[len]; idx < layerStart[len + 1]; idx++) {
          counts[idx] = Math.scalb(counts[idx], -e);
        }
      }
    }
    return counts[0];
  }

  private void expand(long key, int cap) {
    int i = keyI(key);
    int j = keyJ(key);
    int h = keyH(key);
    int c = keyC(key);
    int mover = keyMover(key);
    int len = i + j;
    if (players != null && players[len] != mover) {
      return;
    }
    int q = 1 - p;
    if (mover == p) {
      if (i == m) {
        return;
      }
      if (!failed[i]) {
        add(key(i + 1, j, h, c, q), cap);
      } else if (c > i - successesBefore[i]) {
        add(key(i + 1, j, h, c, abrupt ? q : p), cap);
      }
      return;
    }
    if (j == k) {
      return;
    }
    if (freeCells - (j - h - c) > 0) {
      add(key(i, j + 1, h, c, p), cap);
    }
    if (successesBefore[i] - h > 0) {
      add(key(i, j + 1, h + 1, c, abrupt ? p : q), cap);
    }
    if (c < f) {
      add(key(i, j + 1, h, c + 1, p), cap);
    }
  }

  /**
   * The count of the state {@code key} from its children's counts: the sum over the events of
   * (number of choices) × (child's count); 1 or 0 at full length.
   */
  private double weightedChildren(long key) {
    int i = keyI(key);
    int j = keyJ(key);
    int h = keyH(key);
    int c = keyC(key);
    int mover = keyMover(key);
    int len = i + j;
    if (len == n) {
      return i == m && j == k && mover == finalMover && c == f ? 1 : 0;
    }
    if (players != null && players[len] != mover) {
      return 0;
    }
    int q = 1 - p;
    if (mover == p) {
      if (i == m) {
        return 0;
      }
      if (!failed[i]) {
        return count(key(i + 1, j, h, c, q));
      }
      int open = c - (i - successesBefore[i]);
      return open > 0 ? open * count(key(i + 1, j, h, c, abrupt ? q : p)) : 0;
    }
    if (j == k) {
      return 0;
    }
    return freeWeight(i, j, h, c) + hitWeight(i, j, h, c) + claimWeight(i, j, h, c);
  }

  /** Weight of a free move by q at (i, j, h, c): free cells left × the child's count. */
  double freeWeight(int i, int j, int h, int c) {
    int free = freeCells - (j - h - c);
    return free > 0 ? free * count(key(i, j + 1, h, c, p)) : 0;
  }

  /** Weight of a hit by q at (i, j, h, c): p's stones not yet hit × the child's count. */
  double hitWeight(int i, int j, int h, int c) {
    int unhit = successesBefore[i] - h;
    return unhit > 0 ? unhit * count(key(i, j + 1, h + 1, c, abrupt ? p : 1 - p)) : 0;
  }

  /** Weight of an (anonymous) claim by q at (i, j, h, c): the child's count. */
  double claimWeight(int i, int j, int h, int c) {
    return c < f ? count(key(i, j + 1, h, c + 1, p)) : 0;
  }
}
