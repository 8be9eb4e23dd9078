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

class HeartsTest {

  private static Hearts game(String spec) {
    return (Hearts) GameRegistry.load(spec);
  }

  /** Deals cards 0..51 in order: player q gets every card of suit q (C, D, H, S). */
  private static HeartsState suitDeal(String spec) {
    HeartsState s = game(spec).newInitialState();
    s.applyAction(0);
    for (int c = 0; c < 52; c++) {
      s.applyAction(c);
    }
    return s;
  }

  private static List<String> legal(State s) {
    List<String> out = new ArrayList<>();
    for (int a : s.legalActions()) {
      out.add(s.actionToString(a));
    }
    return out;
  }

  @Test
  void firstTrickRules() {
    HeartsState s = suitDeal("hearts(pass_cards=false)");
    assertThat(s.chanceOutcomes()).isEmpty();
    // North holds 2C and leads it; only 2C is legal
    assertThat(s.currentPlayer()).isEqualTo(0);
    assertThat(legal(s)).containsExactly("2C");
    s.applyAction(0);
    // East (all diamonds) cannot follow: any diamond
    assertThat(s.legalActions()).hasSize(13);
    s.applyAction(1);
    // South holds only hearts: forced to break the first-trick rule
    assertThat(legal(s)).hasSize(13).allMatch(c -> c.endsWith("H"));
    s.applyAction(2);
    // West (all spades) may not play QS on the first trick
    assertThat(legal(s)).hasSize(12).doesNotContain("QS");
    assertThat(suitDeal("hearts(pass_cards=false,can_lead_any_club=true)").legalActions()).hasSize(13);
    assertThat(suitDeal("hearts(pass_cards=false,no_pts_on_first_trick=false)").legalActions()).containsExactly(0);
  }

  private static HeartsState playOut(HeartsState s, SplittableRandom rng) {
    while (!s.isTerminal()) {
      int[] a = s.legalActions();
      s.applyAction(a[rng.nextInt(a.length)]);
    }
    return s;
  }

  @Test
  void shootingTheMoon() {
    // North holds every club, leads clubs every trick and wins all 13 tricks: 26 points become
    // 0 for North and +26 for everybody else; returns are 26 − points.
    HeartsState s = playOut(suitDeal("hearts(pass_cards=false)"), new SplittableRandom(1));
    assertThat(s.returns()).containsExactly(26.0, 0.0, 0.0, 0.0);
    // with jd_bonus North also took JD (−10): 16 − 26 = −10 points, return 36 (= maxUtility)
    HeartsState j = playOut(suitDeal("hearts(pass_cards=false,jd_bonus=true)"), new SplittableRandom(1));
    assertThat(j.returns()).containsExactly(36.0, 0.0, 0.0, 0.0);
    assertThat(j.game().maxUtility()).isEqualTo(36.0);
  }

  /**
   * OpenSpiel declares [0, 36] for every option (kMaxScore = 26 − (−10), the moon with JD), and the
   * playthrough records it. The avoid-all-tricks bonus adds nothing to it: a player who takes no
   * trick scores −5 (return 31) and cannot hold JD, and the bonus is not given with a moon; so 36
   * stays a bound (Ponder declared 41 there).
   */
  @Test
  void utilityBoundsAreOpenSpielsForEveryOption() {
    for (String spec : new String[] {"hearts", "hearts(jd_bonus=true)", "hearts(avoid_all_tricks_bonus=true)",
        "hearts(jd_bonus=true,avoid_all_tricks_bonus=true,pass_cards=false)"}) {
      Hearts g = game(spec);
      assertThat(g.minUtility()).as(spec).isEqualTo(0.0);
      assertThat(g.maxUtility()).as(spec).isEqualTo(36.0);
      assertThat(g.maxUtilityNominal()).as(spec).isFalse();
    }
    // the bonus with a moon: none (North shot it); without JD the moon's 26 is the most reached
    HeartsState s = playOut(suitDeal("hearts(pass_cards=false,avoid_all_tricks_bonus=true)"), new SplittableRandom(1));
    assertThat(s.returns()).containsExactly(26.0, 0.0, 0.0, 0.0);
  }

  @Test
  void randomGamesScoreTwentySixPointsOrAMoon() {
    Hearts g = game("hearts");
    SplittableRandom rng = new SplittableRandom(5);
    for (int i = 0; i < 300; i++) {
      HeartsState s = g.newInitialState();
      while (s.isChanceNode()) {
        var o = s.chanceOutcomes();
        s.applyAction(o.get(rng.nextInt(o.size())).action());
      }
      playOut(s, rng);
      int sum = 0;
      for (int p = 0; p < 4; p++) {
        sum += s.points(p);
        assertThat(s.playerReturn(p)).isEqualTo(26.0 - s.points(p));
      }
      assertThat(sum).isIn(26, 78);
    }
  }

  @Test
  void passesArriveWhenEveryoneHasPassed() {
    HeartsState s = game("hearts").newInitialState();
    s.applyAction(1); // Left
    for (int c = 0; c < 52; c++) {
      s.applyAction(c);
    }
    // North passes its three highest clubs, East its three highest diamonds, and so on
    int[][] passes = {{48, 44, 40}, {49, 45, 41}, {50, 46, 42}, {51, 47, 43}};
    for (int p = 0; p < 4; p++) {
      assertThat(s.currentPlayer()).isEqualTo(p);
      for (int c : passes[p]) {
        s.applyAction(c);
      }
      if (p < 3) {
        assertThat(s.informationStateString(0)).doesNotContain("Received");
      }
    }
    // North received West's spades (West passes left to North)
    assertThat(s.informationStateString(0)).contains("Passed Cards: QC KC AC \n\nReceived Cards: QS KS AS \n");
    assertThat(Long.bitCount(s.hand[0])).isEqualTo(13);
    assertThat(s.hand[0] & (1L << 51)).isNotZero();
    // East holds the 2C? no: North kept it and leads
    assertThat(s.currentPlayer()).isEqualTo(0);
  }

  /**
   * Brute force: every assignment of the unknown cards to the other players' current hands that
   * replays the real play legally (no passing, so the deal is the hands plus the cards played).
   */
  private static List<String> consistentWorlds(HeartsState s, int player) {
    long unknown = Hearts.ALL;
    for (int i = 0; i < s.played; i++) {
      unknown &= ~(1L << s.plays[i]);
    }
    unknown &= ~s.hand[player];
    int[] cards = new int[Long.bitCount(unknown)];
    int k = 0;
    for (long m = unknown; m != 0; m &= m - 1) {
      cards[k++] = Long.numberOfTrailingZeros(m);
    }
    int[] others = new int[3];
    int[] size = new int[3];
    for (int p = 0, i = 0; p < 4; p++) {
      if (p != player) {
        others[i] = p;
        size[i++] = Long.bitCount(s.hand[p]);
      }
    }
    long[] playedBy = new long[4];
    for (int i = 0; i < s.played; i++) {
      playedBy[(s.trickLeader[i >> 2] + (i & 3)) & 3] |= 1L << s.plays[i];
    }
    List<String> out = new ArrayList<>();
    int n = cards.length;
    int total = 1;
    for (int i = 0; i < n; i++) {
      total *= 3;
    }
    for (int code = 0; code < total; code++) {
      long[] hands = new long[4];
      int[] count = new int[3];
      int c = code;
      for (int i = 0; i < n; i++) {
        int who = c % 3;
        c /= 3;
        count[who]++;
        hands[others[who]] |= 1L << cards[i];
      }
      if (count[0] != size[0] || count[1] != size[1] || count[2] != size[2]) {
        continue;
      }
      hands[player] = s.hand[player];
      HeartsState w = new Hearts(s.hearts().params()).newInitialState();
      w.applyAction(0);
      int[][] deal = new int[4][];
      for (int p = 0; p < 4; p++) {
        long init = hands[p] | playedBy[p];
        deal[p] = new int[13];
        int j = 0;
        for (long m = init; m != 0; m &= m - 1) {
          deal[p][j++] = Long.numberOfTrailingZeros(m);
        }
      }
      for (int d = 0; d < 52; d++) {
        w.applyAction(deal[d & 3][d >> 2]);
      }
      boolean ok = true;
      for (int i = 53; i < s.historySize() && ok; i++) {
        ok = w.isLegal(s.historyAt(i));
        if (ok) {
          w.applyAction(s.historyAt(i));
        }
      }
      if (ok) {
        out.add(hands[others[0]] + "/" + hands[others[1]] + "/" + hands[others[2]]);
      }
    }
    return out;
  }

  @Test
  void resampleIsUniformOverTheConsistentHands() {
    Hearts g = game("hearts(pass_cards=false)");
    SplittableRandom rng = new SplittableRandom(17);
    int checkedPositions = 0;
    for (int seed = 0; checkedPositions < 3; seed++) {
      HeartsState s = g.newInitialState();
      SplittableRandom play = new SplittableRandom(seed);
      s.applyAction(0);
      while (s.isChanceNode()) {
        var o = s.chanceOutcomes();
        s.applyAction(o.get(play.nextInt(o.size())).action());
      }
      // play 11 tricks: 8 cards remain, 6 of them unknown to the player to move
      while (s.played < 44) {
        int[] a = s.legalActions();
        s.applyAction(a[play.nextInt(a.length)]);
      }
      int player = s.currentPlayer();
      List<String> worlds = consistentWorlds(s, player);
      if (worlds.size() < 4 || worlds.size() == 90) {
        continue; // want a case where revealed voids remove some of the 90 splits
      }
      checkedPositions++;
      Map<String, Integer> counts = new HashMap<>();
      int n = 200 * worlds.size();
      for (int i = 0; i < n; i++) {
        HeartsState w = (HeartsState) s.resample(player, rng);
        assertThat(w.informationStateString(player)).isEqualTo(s.informationStateString(player));
        int[] others = new int[3];
        for (int p = 0, j = 0; p < 4; p++) {
          if (p != player) {
            others[j++] = p;
          }
        }
        counts.merge(w.hand[others[0]] + "/" + w.hand[others[1]] + "/" + w.hand[others[2]], 1, Integer::sum);
      }
      assertThat(worlds).containsAll(counts.keySet());
      assertThat(counts.keySet()).containsExactlyInAnyOrderElementsOf(worlds);
      // Pearson chi-square against uniform: df = K − 1, mean df, sd sqrt(2 df); allow 5 sd
      double expected = n / (double) worlds.size();
      double chi2 = 0;
      for (int c : counts.values()) {
        chi2 += (c - expected) * (c - expected) / expected;
      }
      int df = worlds.size() - 1;
      assertThat(chi2).as("chi2 over %d worlds", worlds.size()).isLessThan(df + 5 * Math.sqrt(2.0 * df));
    }
  }
}
