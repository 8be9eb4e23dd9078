package dev.ponder.games.hearts;

import dev.ponder.game.State;
import dev.ponder.games.hearts.Hearts.HeartsState;
import java.util.SplittableRandom;

/**
 * Draws a hearts world (a full history) uniformly from the current hands consistent with one
 * player's information: the player's own cards and passes, the cards received, every card played
 * and by whom, the holder of 2C once play starts, and the voids revealed by not following suit or
 * by leading hearts before they were broken.
 *
 * <p>Method: the unknown cards are dealt to the other three players by exact uniform sampling of
 * a constrained assignment (capacities per player, suits each player may hold): a dynamic program
 * over the four suits counts the completions, the per-suit split is drawn in proportion to those
 * counts, and each suit's cards are shuffled into the split. A history is then rebuilt (deal,
 * passes among the other players drawn uniformly from the receivers' cards, the real play
 * sequence) and replayed with legality checks; a world that breaks a rule the real play revealed
 * (e.g. the first-trick point rule) is rejected and drawn again, which keeps the draw uniform over
 * the fully consistent hands.
 *
 * <p>The world is drawn into a target state whose {@link Buffers} hold every intermediate array,
 * so that a draw allocates nothing once the target has them.
 */
final class HeartsResampler {
  private HeartsResampler() {}

  private static final double[] FACT = new double[53];

  static {
    FACT[0] = 1;
    for (int i = 1; i < FACT.length; i++) {
      FACT[i] = FACT[i - 1] * i;
    }
  }

  /** Scratch arrays of one resampling target (at most 13 cards per hand or suit, 52 in all). */
  static final class Buffers {
    final HeartsState blank;
    final int[] list = new int[52];
    final int[][] cards = new int[4][52];
    final int[] next = new int[4];
    final long[] hands = new long[4];
    final long[] initial = new long[4];
    final long[] playedBy = new long[4];
    final long[] fixed = new long[4];
    final long[] after = new long[4];
    final int[] voids = new int[4];
    final int[] others = new int[3];
    final int[] cap = new int[3];
    final int[][] pass = new int[4][3];
    final long[] drawn = new long[3];
    final int[][] suitCards = new int[4][13];
    final int[] suitCount = new int[4];
    final int[] suffix = new int[5];
    final double[][][] ways = new double[5][14][14];
    final double[][][] coef = new double[4][14][14];
    /**
     * The inputs {@link #ways} and {@link #coef} were counted for (the unknown cards, and per
     * other player its seat, capacity and voids): a search draws many worlds from one state, and
     * every draw and every rejected attempt asks for the same counts.
     */
    boolean countsValid;
    long countsUnknown;
    final int[] countsOthers = new int[3];
    final int[] countsCap = new int[3];
    final int[] countsVoids = new int[3];

    Buffers(HeartsState s) {
      blank = s.hearts().newInitialState();
    }
  }

  /** Draws {@code player}'s world of {@code s} into {@code w} (not {@code s}). */
  static void resampleInto(HeartsState s, int player, SplittableRandom rng, HeartsState w) {
    if (w.resampleBuffers == null) {
      w.resampleBuffers = new Buffers(s);
    }
    Buffers b = w.resampleBuffers;
    switch (s.phase) {
      case Hearts.PASS_DIR:
      case Hearts.OVER:
        w.copyFrom(s);
        return;
      case Hearts.DEAL:
        resampleDeal(s, player, rng, w, b);
        return;
      case Hearts.PASS:
        resamplePass(s, player, rng, w, b);
        return;
      default:
        for (int attempt = 0; attempt < 1_000_000; attempt++) {
          if (resamplePlay(s, player, rng, w, b)) {
            return;
          }
        }
        throw new IllegalStateException("hearts resample found no consistent world");
    }
  }

  /** Writes the cards of mask {@code m} in ascending order into {@code out}; returns how many. */
  private static int bits(long m, int[] out) {
    int n = 0;
    while (m != 0) {
      out[n++] = Long.numberOfTrailingZeros(m);
      m &= m - 1;
    }
    return n;
  }

  /** Shuffles the first {@code n} entries of {@code a} (Fisher–Yates). */
  private static void shuffle(int[] a, int n, SplittableRandom rng) {
    for (int i = n - 1; i > 0; i--) {
      int j = rng.nextInt(i + 1);
      int t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
  }

  /** Random subset of {@code out.length} cards of {@code m}, in random order, into {@code out}. */
  private static void pick(long m, int[] out, int[] list, SplittableRandom rng) {
    int n = bits(m, list);
    shuffle(list, n, rng);
    System.arraycopy(list, 0, out, 0, out.length);
  }

  private static void resampleDeal(HeartsState s, int player, SplittableRandom rng, HeartsState w, Buffers b) {
    // cards dealt so far to others are unknown: any cards outside the player's own
    long pool = Hearts.ALL & ~s.hand[player];
    int[] c = b.list;
    shuffle(c, bits(pool, c), rng);
    long[] hands = b.hands;
    java.util.Arrays.fill(hands, 0);
    hands[player] = s.hand[player];
    int used = 0;
    for (int q = 0; q < 4; q++) {
      if (q == player) {
        continue;
      }
      for (int i = 0; i < Long.bitCount(s.hand[q]); i++) {
        hands[q] |= 1L << c[used++];
      }
    }
    // keep the player's own deal order as it happened
    w.copyFrom(b.blank);
    w.applyActionUnchecked(s.historyAt(0));
    int[][] cards = b.cards;
    for (int q = 0; q < 4; q++) {
      shuffle(cards[q], bits(hands[q], cards[q]), rng);
    }
    int[] next = b.next;
    java.util.Arrays.fill(next, 0);
    for (int k = 0; k < s.dealt; k++) {
      int q = k & 3;
      w.applyActionUnchecked(q == player ? s.historyAt(1 + k) : cards[q][next[q]++]);
    }
  }

  private static void resamplePass(HeartsState s, int player, SplittableRandom rng, HeartsState w, Buffers b) {
    long pool = Hearts.ALL & ~s.initial[player];
    int[] c = b.list;
    shuffle(c, bits(pool, c), rng);
    long[] initial = b.initial;
    java.util.Arrays.fill(initial, 0);
    initial[player] = s.initial[player];
    int used = 0;
    for (int q = 0; q < 4; q++) {
      if (q != player) {
        for (int i = 0; i < 13; i++) {
          initial[q] |= 1L << c[used++];
        }
      }
    }
    w.copyFrom(b.blank);
    w.applyActionUnchecked(s.historyAt(0));
    int[] next = b.next;
    java.util.Arrays.fill(next, 0);
    int[][] cards = b.cards;
    for (int q = 0; q < 4; q++) {
      if (q != player) {
        bits(initial[q], cards[q]);
      }
    }
    for (int k = 0; k < 52; k++) {
      int q = k & 3;
      w.applyActionUnchecked(q == player ? s.historyAt(1 + k) : cards[q][next[q]++]);
    }
    for (int q = 0; q < 4; q++) {
      int k = s.passedCount[q];
      if (q == player) {
        for (int i = 0; i < k; i++) {
          w.applyActionUnchecked(s.passed[q * 3 + i]);
        }
      } else if (k > 0) {
        int n = bits(initial[q], c);
        shuffle(c, n, rng);
        for (int i = 0; i < k; i++) {
          w.applyActionUnchecked(c[i]);
        }
      }
    }
  }

  /** One attempt in the play phase; false if the drawn world breaks a revealed rule. */
  private static boolean resamplePlay(HeartsState s, int player, SplittableRandom rng, HeartsState w, Buffers buf) {
    int dir = s.passDir;
    long played = 0;
    long[] playedBy = buf.playedBy;
    java.util.Arrays.fill(playedBy, 0);
    // voids[q] = suits q cannot hold now (bit per suit)
    int[] voids = buf.voids;
    java.util.Arrays.fill(voids, 0);
    boolean broken = !s.hearts().mustBreakHearts;
    for (int i = 0; i < s.played; i++) {
      int card = s.plays[i];
      int t = i >> 2;
      int who = (s.trickLeader[t] + (i & 3)) & 3;
      played |= 1L << card;
      playedBy[who] |= 1L << card;
      int led = s.plays[t * 4] & 3;
      if ((i & 3) != 0 && (card & 3) != led) {
        voids[who] |= 1 << led;
      }
      if ((i & 3) == 0 && (card & 3) == 2 && !broken && !s.hearts().canLeadHeartsInsteadOfQs && i > 0) {
        // leading a heart before hearts were broken: nothing else was in hand
        voids[who] |= 0b1011;
      }
      if ((card & 3) == 2 || (s.hearts().qsBreaksHearts && card == Hearts.QS)) {
        broken = true;
      }
    }
    long[] fixed = buf.fixed;
    java.util.Arrays.fill(fixed, 0);
    if (dir != 0) {
      int r0 = (player + dir) & 3;
      for (int i = 0; i < 3; i++) {
        long bit = 1L << s.passed[player * 3 + i];
        if ((played & bit) == 0) {
          fixed[r0] |= bit;
        }
      }
    }
    if ((played & 1L) == 0) {
      int holder = s.holder(Hearts.TWO_CLUBS);
      if (holder != player) {
        fixed[holder] |= 1L;
      }
    }
    long unknown = Hearts.ALL & ~s.hand[player] & ~played;
    int[] others = buf.others;
    int[] cap = buf.cap;
    int n = 0;
    for (int q = 0; q < 4; q++) {
      if (q != player) {
        others[n] = q;
        unknown &= ~fixed[q];
        cap[n] = Long.bitCount(s.hand[q]) - Long.bitCount(fixed[q]);
        n++;
      }
    }
    long[] drawn = buf.drawn;
    if (!drawConstrained(unknown, others, cap, voids, rng, buf, drawn)) {
      return false;
    }
    // hands after the passes: the current hands plus the cards played since
    long[] after = buf.after;
    after[player] = s.hand[player] | playedBy[player];
    for (int i = 0; i < 3; i++) {
      int q = others[i];
      after[q] = drawn[i] | fixed[q] | playedBy[q];
    }
    // passes
    int[][] pass = buf.pass;
    long[] initial = buf.initial;
    if (dir == 0) {
      System.arraycopy(after, 0, initial, 0, 4);
    } else {
      int q0 = (player + 4 - dir) & 3;
      for (int q = 0; q < 4; q++) {
        if (q == player || q == q0) {
          System.arraycopy(s.passed, q * 3, pass[q], 0, 3);
        } else {
          pick(after[(q + dir) & 3], pass[q], buf.list, rng);
        }
      }
      for (int q = 0; q < 4; q++) {
        long init = after[q];
        for (int c : pass[(q + 4 - dir) & 3]) {
          init &= ~(1L << c);
        }
        for (int c : pass[q]) {
          init |= 1L << c;
        }
        initial[q] = init;
      }
    }
    w.copyFrom(buf.blank);
    // the player's own dealt cards keep their real order; others' come in a random order
    w.applyActionUnchecked(dir);
    int[][] cards = buf.cards;
    for (int q = 0; q < 4; q++) {
      shuffle(cards[q], bits(initial[q], cards[q]), rng);
    }
    int[] next = buf.next;
    java.util.Arrays.fill(next, 0);
    for (int k = 0; k < 52; k++) {
      int q = k & 3;
      int card = q == player ? s.historyAt(1 + k) : cards[q][next[q]++];
      w.applyActionUnchecked(card);
    }
    int start = 53;
    if (dir != 0) {
      for (int q = 0; q < 4; q++) {
        for (int c : pass[q]) {
          if (!w.isLegal(c)) {
            return false;
          }
          w.applyActionUnchecked(c);
        }
      }
      start += 12;
    }
    for (int i = start; i < s.historySize(); i++) {
      int a = s.historyAt(i);
      if (!w.isLegal(a)) {
        return false;
      }
      w.applyActionUnchecked(a);
    }
    return true;
  }

  /**
   * Uniformly random assignment of the {@code unknown} cards to three players with the given
   * capacities, where player i may not hold suits in {@code voids[others[i]]}, written into
   * {@code out} (three card masks); false if none exists.
   */
  static boolean drawConstrained(long unknown, int[] others, int[] cap, int[] voids, SplittableRandom rng,
      Buffers buf, long[] out) {
    int[][] suitCards = buf.suitCards;
    int[] suitCount = buf.suitCount;
    int[] suffix = buf.suffix;
    suffix[4] = 0;
    for (int s = 3; s >= 0; s--) {
      suitCount[s] = bits(unknown & Hearts.SUIT[s], suitCards[s]);
      suffix[s] = suffix[s + 1] + suitCount[s];
    }
    int total = suffix[0];
    if (cap[0] + cap[1] + cap[2] != total || cap[0] < 0 || cap[1] < 0 || cap[2] < 0) {
      return false;
    }
    // ways[s][a][b]: completions of suits s..3 when player 0 still needs a and player 1 needs b
    // (player 2 then needs suffix[s] − a − b); coef[s][x][y]: ways to split suit s as (x, y, z)
    double[][][] ways = buf.ways;
    double[][][] coef = buf.coef;
    if (!countsFor(unknown, others, cap, voids, buf)) {
      count(unknown, others, cap, voids, buf);
    }
    if (ways[0][cap[0]][cap[1]] <= 0) {
      return false;
    }
    out[0] = 0;
    out[1] = 0;
    out[2] = 0;
    int a = cap[0];
    int b = cap[1];
    for (int s = 0; s < 4; s++) {
      int ns = suitCount[s];
      double target = rng.nextDouble() * ways[s][a][b];
      int cx = -1;
      int cy = -1;
      double acc = 0;
      search:
      for (int x = 0; x <= Math.min(ns, a); x++) {
        for (int y = 0; y <= Math.min(ns - x, b); y++) {
          int z = ns - x - y;
          int c = suffix[s] - a - b;
          if (z > c || coef[s][x][y] == 0) {
            continue;
          }
          double rest = ways[s + 1][a - x][b - y];
          if (rest <= 0) {
            continue;
          }
          acc += coef[s][x][y] * rest;
          cx = x;
          cy = y;
          if (acc > target) {
            break search;
          }
        }
      }
      int[] cards = suitCards[s];
      shuffle(cards, ns, rng);
      for (int i = 0; i < ns; i++) {
        int who = i < cx ? 0 : i < cx + cy ? 1 : 2;
        out[who] |= 1L << cards[i];
      }
      a -= cx;
      b -= cy;
    }
    return true;
  }

  /** Whether {@code buf}'s counts were made for these inputs of {@link #drawConstrained}. */
  private static boolean countsFor(long unknown, int[] others, int[] cap, int[] voids, Buffers buf) {
    if (!buf.countsValid || buf.countsUnknown != unknown) {
      return false;
    }
    for (int i = 0; i < 3; i++) {
      if (buf.countsOthers[i] != others[i] || buf.countsCap[i] != cap[i] || buf.countsVoids[i] != voids[others[i]]) {
        return false;
      }
    }
    return true;
  }

  /**
   * Fills {@code buf.coef} and {@code buf.ways} for the suits {@code buf.suitCount} and
   * {@code buf.suffix} describe, and notes the inputs they count for.
   */
  private static void count(long unknown, int[] others, int[] cap, int[] voids, Buffers buf) {
    int[] suitCount = buf.suitCount;
    int[] suffix = buf.suffix;
    int total = suffix[0];
    double[][][] ways = buf.ways;
    double[][][] coef = buf.coef;
    buf.countsValid = false;
    for (int s = 0; s <= 4; s++) {
      for (int a = 0; a <= cap[0]; a++) {
        java.util.Arrays.fill(ways[s][a], 0, cap[1] + 1, 0.0);
      }
    }
    for (int s = 0; s < 4; s++) {
      int ns = suitCount[s];
      for (int x = 0; x <= ns; x++) {
        for (int y = 0; x + y <= ns; y++) {
          coef[s][x][y] = allowed(others, voids, s, x, y, ns - x - y)
              ? FACT[ns] / (FACT[x] * FACT[y] * FACT[ns - x - y]) : 0;
        }
      }
    }
    ways[4][0][0] = 1;
    for (int s = 3; s >= 0; s--) {
      int ns = suitCount[s];
      int before = total - suffix[s];
      for (int a = Math.max(0, cap[0] - before); a <= Math.min(cap[0], suffix[s]); a++) {
        for (int b = Math.max(0, cap[1] - before); b <= Math.min(cap[1], suffix[s] - a); b++) {
          int c = suffix[s] - a - b;
          if (c > cap[2]) {
            continue;
          }
          double sum = 0;
          for (int x = Math.max(0, a - suffix[s + 1]); x <= Math.min(ns, a); x++) {
            for (int y = Math.max(0, b - suffix[s + 1]); y <= Math.min(ns - x, b); y++) {
              int z = ns - x - y;
              if (z > c) {
                continue;
              }
              double k = coef[s][x][y];
              if (k > 0) {
                sum += k * ways[s + 1][a - x][b - y];
              }
            }
          }
          ways[s][a][b] = sum;
        }
      }
    }
    buf.countsUnknown = unknown;
    for (int i = 0; i < 3; i++) {
      buf.countsOthers[i] = others[i];
      buf.countsCap[i] = cap[i];
      buf.countsVoids[i] = voids[others[i]];
    }
    buf.countsValid = true;
  }

  private static boolean allowed(int[] others, int[] voids, int s, int x, int y, int z) {
    return (x == 0 || (voids[others[0]] & (1 << s)) == 0)
        && (y == 0 || (voids[others[1]] & (1 << s)) == 0)
        && (z == 0 || (voids[others[2]] & (1 << s)) == 0);
  }
}
