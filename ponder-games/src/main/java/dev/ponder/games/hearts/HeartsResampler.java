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

  static State resample(HeartsState s, int player, SplittableRandom rng) {
    switch (s.phase) {
      case Hearts.PASS_DIR:
      case Hearts.OVER:
        return s.copy();
      case Hearts.DEAL:
        return resampleDeal(s, player, rng);
      case Hearts.PASS:
        return resamplePass(s, player, rng);
      default:
        for (int attempt = 0; attempt < 1_000_000; attempt++) {
          State w = resamplePlay(s, player, rng);
          if (w != null) {
            return w;
          }
        }
        throw new IllegalStateException("hearts resample found no consistent world");
    }
  }

  private static int[] bits(long m) {
    int[] out = new int[Long.bitCount(m)];
    int n = 0;
    while (m != 0) {
      out[n++] = Long.numberOfTrailingZeros(m);
      m &= m - 1;
    }
    return out;
  }

  private static void shuffle(int[] a, SplittableRandom rng) {
    for (int i = a.length - 1; i > 0; i--) {
      int j = rng.nextInt(i + 1);
      int t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
  }

  /** Random subset of {@code k} cards of {@code m}, in random order. */
  private static int[] pick(long m, int k, SplittableRandom rng) {
    int[] c = bits(m);
    shuffle(c, rng);
    int[] out = new int[k];
    System.arraycopy(c, 0, out, 0, k);
    return out;
  }

  private static HeartsState fresh(HeartsState s) {
    return s.hearts().newInitialState();
  }

  /** Applies the deal of {@code initial} hands for the first {@code dealt} cards. */
  private static void deal(HeartsState w, int passDir, long[] initial, int dealt) {
    w.applyActionUnchecked(passDir);
    int[][] cards = new int[4][];
    for (int p = 0; p < 4; p++) {
      cards[p] = bits(initial[p]);
    }
    int[] next = new int[4];
    for (int k = 0; k < dealt; k++) {
      int p = k & 3;
      w.applyActionUnchecked(cards[p][next[p]++]);
    }
  }

  private static State resampleDeal(HeartsState s, int player, SplittableRandom rng) {
    // cards dealt so far to others are unknown: any cards outside the player's own
    long pool = Hearts.ALL & ~s.hand[player];
    int[] c = bits(pool);
    shuffle(c, rng);
    long[] hands = new long[4];
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
    HeartsState w = fresh(s);
    w.applyActionUnchecked(s.historyAt(0));
    int[][] cards = new int[4][];
    for (int q = 0; q < 4; q++) {
      cards[q] = bits(hands[q]);
      shuffle(cards[q], rng);
    }
    int[] next = new int[4];
    for (int k = 0; k < s.dealt; k++) {
      int q = k & 3;
      w.applyActionUnchecked(q == player ? s.historyAt(1 + k) : cards[q][next[q]++]);
    }
    return w;
  }

  private static State resamplePass(HeartsState s, int player, SplittableRandom rng) {
    long pool = Hearts.ALL & ~s.initial[player];
    int[] c = bits(pool);
    shuffle(c, rng);
    long[] initial = new long[4];
    initial[player] = s.initial[player];
    int used = 0;
    for (int q = 0; q < 4; q++) {
      if (q != player) {
        for (int i = 0; i < 13; i++) {
          initial[q] |= 1L << c[used++];
        }
      }
    }
    HeartsState w = fresh(s);
    w.applyActionUnchecked(s.historyAt(0));
    int[] next = new int[4];
    int[][] cards = new int[4][];
    for (int q = 0; q < 4; q++) {
      cards[q] = q == player ? null : bits(initial[q]);
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
        for (int card : pick(initial[q], k, rng)) {
          w.applyActionUnchecked(card);
        }
      }
    }
    return w;
  }

  /** One attempt in the play phase; null if the drawn world breaks a revealed rule. */
  private static State resamplePlay(HeartsState s, int player, SplittableRandom rng) {
    int dir = s.passDir;
    long played = 0;
    long[] playedBy = new long[4];
    // voids[q] = suits q cannot hold now (bit per suit)
    int[] voids = new int[4];
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
    long[] fixed = new long[4];
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
    int[] others = new int[3];
    int[] cap = new int[3];
    int n = 0;
    for (int q = 0; q < 4; q++) {
      if (q != player) {
        others[n] = q;
        unknown &= ~fixed[q];
        cap[n] = Long.bitCount(s.hand[q]) - Long.bitCount(fixed[q]);
        n++;
      }
    }
    long[] drawn = drawConstrained(unknown, others, cap, voids, rng);
    if (drawn == null) {
      return null;
    }
    long[] current = new long[4];
    current[player] = s.hand[player];
    for (int i = 0; i < 3; i++) {
      current[others[i]] = drawn[i] | fixed[others[i]];
    }
    long[] after = new long[4];
    for (int q = 0; q < 4; q++) {
      after[q] = current[q] | playedBy[q];
    }
    // passes
    int[][] pass = new int[4][];
    long[] initial = new long[4];
    if (dir == 0) {
      System.arraycopy(after, 0, initial, 0, 4);
    } else {
      int q0 = (player + 4 - dir) & 3;
      for (int q = 0; q < 4; q++) {
        if (q == player || q == q0) {
          pass[q] = new int[] {s.passed[q * 3], s.passed[q * 3 + 1], s.passed[q * 3 + 2]};
        } else {
          pass[q] = pick(after[(q + dir) & 3], 3, rng);
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
    HeartsState w = fresh(s);
    // the player's own dealt cards keep their real order; others' come in a random order
    w.applyActionUnchecked(dir);
    int[][] cards = new int[4][];
    for (int q = 0; q < 4; q++) {
      cards[q] = bits(initial[q]);
      shuffle(cards[q], rng);
    }
    int[] next = new int[4];
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
            return null;
          }
          w.applyActionUnchecked(c);
        }
      }
      start += 12;
    }
    for (int i = start; i < s.historySize(); i++) {
      int a = s.historyAt(i);
      if (!w.isLegal(a)) {
        return null;
      }
      w.applyActionUnchecked(a);
    }
    return w;
  }

  /**
   * Uniformly random assignment of the {@code unknown} cards to three players with the given
   * capacities, where player i may not hold suits in {@code voids[others[i]]}; null if none
   * exists.
   */
  static long[] drawConstrained(long unknown, int[] others, int[] cap, int[] voids, SplittableRandom rng) {
    int[][] suitCards = new int[4][];
    int[] suffix = new int[5];
    for (int s = 3; s >= 0; s--) {
      suitCards[s] = bits(unknown & Hearts.SUIT[s]);
      suffix[s] = suffix[s + 1] + suitCards[s].length;
    }
    int total = suffix[0];
    if (cap[0] + cap[1] + cap[2] != total || cap[0] < 0 || cap[1] < 0 || cap[2] < 0) {
      return null;
    }
    // ways[s][a][b]: completions of suits s..3 when player 0 still needs a and player 1 needs b
    // (player 2 then needs suffix[s] − a − b); coef[s][x][y]: ways to split suit s as (x, y, z)
    double[][][] ways = new double[5][cap[0] + 1][cap[1] + 1];
    double[][][] coef = new double[4][][];
    for (int s = 0; s < 4; s++) {
      int ns = suitCards[s].length;
      coef[s] = new double[ns + 1][ns + 1];
      for (int x = 0; x <= ns; x++) {
        for (int y = 0; x + y <= ns; y++) {
          coef[s][x][y] = allowed(others, voids, s, x, y, ns - x - y)
              ? FACT[ns] / (FACT[x] * FACT[y] * FACT[ns - x - y]) : 0;
        }
      }
    }
    ways[4][0][0] = 1;
    for (int s = 3; s >= 0; s--) {
      int ns = suitCards[s].length;
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
    if (ways[0][cap[0]][cap[1]] <= 0) {
      return null;
    }
    long[] out = new long[3];
    int a = cap[0];
    int b = cap[1];
    for (int s = 0; s < 4; s++) {
      int ns = suitCards[s].length;
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
      int[] cards = suitCards[s].clone();
      shuffle(cards, rng);
      for (int i = 0; i < ns; i++) {
        int who = i < cx ? 0 : i < cx + cy ? 1 : 2;
        out[who] |= 1L << cards[i];
      }
      a -= cx;
      b -= cy;
    }
    return out;
  }

  private static boolean allowed(int[] others, int[] voids, int s, int x, int y, int z) {
    return (x == 0 || (voids[others[0]] & (1 << s)) == 0)
        && (y == 0 || (voids[others[1]] & (1 << s)) == 0)
        && (z == 0 || (voids[others[2]] & (1 << s)) == 0);
  }
}
