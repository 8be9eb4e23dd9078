package dev.ponder.games.hearts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.games.hearts.Hearts.HeartsState;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Resample with passing: the worlds drawn for a player are uniform over the full worlds (deal,
 * every pass, play) that give the player its information state, checked against a brute-force
 * enumeration by replaying candidate worlds through the game itself.
 */
class HeartsPassResampleTest {
  private static final int DIR_LEFT = 1;

  /** A position after a Left pass and 11 random tricks (8 cards left, 6 unknown to the mover). */
  private static HeartsState position(int seed) {
    HeartsState s = (HeartsState) GameRegistry.load("hearts").newInitialState();
    SplittableRandom play = new SplittableRandom(seed);
    s.applyAction(DIR_LEFT);
    while (s.isChanceNode()) {
      var o = s.chanceOutcomes();
      s.applyAction(o.get(play.nextInt(o.size())).action());
    }
    while (s.played < 44) {
      int[] a = s.legalActions();
      s.applyAction(a[play.nextInt(a.length)]);
    }
    return s;
  }

  private static long mask(int[] cards, int from, int count) {
    long m = 0;
    for (int i = from; i < from + count; i++) {
      m |= 1L << cards[i];
    }
    return m;
  }

  private static List<Long> subsetsOfThree(long m) {
    List<Long> out = new ArrayList<>();
    for (long a = m; a != 0; a &= a - 1) {
      for (long b = a & (a - 1); b != 0; b &= b - 1) {
        for (long c = b & (b - 1); c != 0; c &= c - 1) {
          out.add(Long.lowestOneBit(a) | Long.lowestOneBit(b) | Long.lowestOneBit(c));
        }
      }
    }
    return out;
  }

  /** Splits of {@code unknown} into hands of the given sizes for {@code others}. */
  private static List<long[]> splits(long unknown, int[] others, int[] size) {
    List<long[]> out = new ArrayList<>();
    int[] cards = new int[Long.bitCount(unknown)];
    int k = 0;
    for (long m = unknown; m != 0; m &= m - 1) {
      cards[k++] = Long.numberOfTrailingZeros(m);
    }
    int total = 1;
    for (int i = 0; i < k; i++) {
      total *= 3;
    }
    for (int code = 0; code < total; code++) {
      long[] hands = new long[4];
      int[] count = new int[3];
      for (int i = 0, c = code; i < k; i++, c /= 3) {
        count[c % 3]++;
        hands[others[c % 3]] |= 1L << cards[i];
      }
      if (count[0] == size[0] && count[1] == size[1] && count[2] == size[2]) {
        out.add(hands);
      }
    }
    return out;
  }

  /**
   * Replays the world with post-pass card sets {@code post} (hand now plus cards played) and
   * passes {@code pass} (player q passes pass[q] to q + 1) through the game; whether it is legal
   * and gives {@code player} the information state of {@code s}.
   */
  private static boolean consistent(HeartsState s, int player, long[] post, long[] pass) {
    long[] initial = new long[4];
    for (int q = 0; q < 4; q++) {
      initial[q] = (post[q] & ~pass[(q + 3) & 3]) | pass[q];
      if (Long.bitCount(initial[q]) != 13 || Long.bitCount(pass[q]) != 3) {
        return false;
      }
    }
    HeartsState w = (HeartsState) GameRegistry.load("hearts").newInitialState();
    w.applyAction(DIR_LEFT);
    long[] left = initial.clone();
    for (int d = 0; d < 52; d++) {
      int card = Long.numberOfTrailingZeros(left[d & 3]);
      left[d & 3] &= left[d & 3] - 1;
      if (!w.isLegal(card)) {
        return false;
      }
      w.applyAction(card);
    }
    for (int q = 0; q < 4; q++) {
      for (long m = pass[q]; m != 0; m &= m - 1) {
        int card = Long.numberOfTrailingZeros(m);
        if (!w.isLegal(card)) {
          return false;
        }
        w.applyAction(card);
      }
    }
    for (int i = 1 + 52 + 12; i < s.historySize(); i++) {
      if (!w.isLegal(s.historyAt(i))) {
        return false;
      }
      w.applyAction(s.historyAt(i));
    }
    return w.informationStateString(player).equals(s.informationStateString(player));
  }

  private static double chiSquare(Map<Long, Integer> counts, Map<Long, Double> expectedProb, int n) {
    assertThat(expectedProb.keySet()).containsAll(counts.keySet());
    double chi2 = 0;
    for (Map.Entry<Long, Double> e : expectedProb.entrySet()) {
      double expected = n * e.getValue();
      double c = counts.getOrDefault(e.getKey(), 0);
      chi2 += (c - expected) * (c - expected) / expected;
    }
    return chi2;
  }

  private static void assertUniformFit(String what, Map<Long, Integer> counts, Map<Long, Double> expectedProb, int n) {
    double chi2 = chiSquare(counts, expectedProb, n);
    int df = expectedProb.size() - 1;
    // Pearson chi-square: mean df, sd sqrt(2 df); allow 5 sd
    assertThat(chi2).as("%s: chi2 over %d categories", what, expectedProb.size()).isLessThan(df + 5 * Math.sqrt(2.0 * df));
  }

  @Test
  void resampleWithPassingIsUniformOverTheConsistentWorlds() {
    HeartsState s = null;
    int player = -1;
    List<long[]> worlds = null;
    for (int seed = 0; worlds == null; seed++) {
      HeartsState cand = position(seed);
      int p = cand.currentPlayer();
      List<long[]> all = splitsOf(cand, p);
      List<long[]> ok = new ArrayList<>();
      for (long[] split : all) {
        if (consistent(cand, p, post(cand, split), canonicalPasses(cand, p, post(cand, split)))) {
          ok.add(split);
        }
      }
      // want a case where revealed voids rule out some of the 90 splits, leaving several
      if (ok.size() >= 4 && ok.size() < all.size()) {
        s = cand;
        player = p;
        worlds = ok;
      }
    }
    int passerA = (player + 1) & 3; // passes to player + 2: hidden from the player
    int passerB = (player + 2) & 3; // passes to player + 3: hidden from the player
    long[] playedBy = playedBy(s);

    // brute force over every hidden pass choice (each pass only decides its passer's dealt hand,
    // so the consistent worlds of a split are the valid A choices times the valid B choices)
    Map<Long, List<Long>> validA = new HashMap<>();
    Map<Long, List<Long>> validB = new HashMap<>();
    Map<Long, Double> worldCount = new HashMap<>();
    double total = 0;
    for (long[] split : worlds) {
      long[] post = post(s, split);
      long[] canon = canonicalPasses(s, player, post);
      List<Long> a = new ArrayList<>();
      for (long choice : subsetsOfThree(post[(passerA + 1) & 3])) {
        long[] pass = canon.clone();
        pass[passerA] = choice;
        if (consistent(s, player, post, pass)) {
          a.add(choice);
        }
      }
      List<Long> b = new ArrayList<>();
      for (long choice : subsetsOfThree(post[(passerB + 1) & 3])) {
        long[] pass = canon.clone();
        pass[passerB] = choice;
        if (consistent(s, player, post, pass)) {
          b.add(choice);
        }
      }
      long key = key(split, player);
      validA.put(key, a);
      validB.put(key, b);
      worldCount.put(key, (double) a.size() * b.size());
      total += (double) a.size() * b.size();
      // spot-check the product structure on one joint choice
      long[] pass = canon.clone();
      pass[passerA] = a.get(a.size() - 1);
      pass[passerB] = b.get(b.size() / 2);
      assertThat(consistent(s, player, post, pass)).isTrue();
    }

    // expected distributions under "uniform over full worlds": of the split, and of each hidden
    // pass restricted to the receiver's played cards (fixed across splits), else "other" (−1)
    Map<Long, Double> splitProb = new HashMap<>();
    Map<Long, Double> passAProb = new HashMap<>();
    Map<Long, Double> passBProb = new HashMap<>();
    long playedA = playedBy[(passerA + 1) & 3];
    long playedB = playedBy[(passerB + 1) & 3];
    for (long[] split : worlds) {
      long key = key(split, player);
      double w = worldCount.get(key) / total;
      splitProb.put(key, w);
      for (long choice : validA.get(key)) {
        passAProb.merge((choice & ~playedA) == 0 ? choice : -1L, w / validA.get(key).size(), Double::sum);
      }
      for (long choice : validB.get(key)) {
        passBProb.merge((choice & ~playedB) == 0 ? choice : -1L, w / validB.get(key).size(), Double::sum);
      }
    }

    SplittableRandom rng = new SplittableRandom(23);
    int n = 20_000;
    Map<Long, Integer> splitCounts = new HashMap<>();
    Map<Long, Integer> passACounts = new HashMap<>();
    Map<Long, Integer> passBCounts = new HashMap<>();
    for (int i = 0; i < n; i++) {
      HeartsState w = (HeartsState) s.resample(player, rng);
      long key = key(w.hand, player);
      long a = mask(w.passed, passerA * 3, 3);
      long b = mask(w.passed, passerB * 3, 3);
      assertThat(validA.get(key)).as("world %d: a consistent split", i).isNotNull().contains(a);
      assertThat(validB.get(key)).contains(b);
      // the passes the player saw are the real ones
      assertThat(mask(w.passed, player * 3, 3)).isEqualTo(mask(s.passed, player * 3, 3));
      assertThat(mask(w.passed, ((player + 3) & 3) * 3, 3)).isEqualTo(mask(s.passed, ((player + 3) & 3) * 3, 3));
      splitCounts.merge(key, 1, Integer::sum);
      passACounts.merge((a & ~playedA) == 0 ? a : -1L, 1, Integer::sum);
      passBCounts.merge((b & ~playedB) == 0 ? b : -1L, 1, Integer::sum);
    }
    assertThat(splitCounts.keySet()).containsExactlyInAnyOrderElementsOf(splitProb.keySet());
    assertUniformFit("hands", splitCounts, splitProb, n);
    assertUniformFit("hidden pass of player " + passerA, passACounts, passAProb, n);
    assertUniformFit("hidden pass of player " + passerB, passBCounts, passBProb, n);
  }

  private static List<long[]> splitsOf(HeartsState s, int player) {
    long unknown = Hearts.ALL & ~s.hand[player];
    for (int i = 0; i < s.played; i++) {
      unknown &= ~(1L << s.plays[i]);
    }
    int[] others = new int[3];
    int[] size = new int[3];
    for (int q = 0, i = 0; q < 4; q++) {
      if (q != player) {
        others[i] = q;
        size[i++] = Long.bitCount(s.hand[q]);
      }
    }
    List<long[]> out = new ArrayList<>();
    for (long[] hands : splits(unknown, others, size)) {
      hands[player] = s.hand[player];
      out.add(hands);
    }
    return out;
  }

  private static long[] playedBy(HeartsState s) {
    long[] by = new long[4];
    for (int i = 0; i < s.played; i++) {
      by[(s.trickLeader[i >> 2] + (i & 3)) & 3] |= 1L << s.plays[i];
    }
    return by;
  }

  /** Post-pass card sets: the hands of the split plus the cards each player played. */
  private static long[] post(HeartsState s, long[] split) {
    long[] by = playedBy(s);
    long[] post = new long[4];
    for (int q = 0; q < 4; q++) {
      post[q] = split[q] | by[q];
    }
    return post;
  }

  /** The player's own pass and the one it received as they were; the hidden two canonical. */
  private static long[] canonicalPasses(HeartsState s, int player, long[] post) {
    long[] pass = new long[4];
    long[] by = playedBy(s);
    for (int q = 0; q < 4; q++) {
      int to = (q + 1) & 3;
      if (q == player || to == player) {
        pass[q] = mask(s.passed, q * 3, 3);
      } else {
        // the receiver's three lowest played cards: always among its post-pass cards
        long m = by[to];
        long c = 0;
        for (int i = 0; i < 3; i++) {
          c |= Long.lowestOneBit(m & ~c);
        }
        pass[q] = c;
      }
    }
    return pass;
  }

  private static long key(long[] hands, int player) {
    long h = 17;
    for (int q = 0; q < 4; q++) {
      if (q != player) {
        h = State.mix64(h * 31 + hands[q]);
      }
    }
    return h;
  }
}
