package dev.ponder.games.backgammon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.games.backgammon.Backgammon.BackgammonState;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Hand-derived reference positions. Points are absolute (x moves 0 → 23 and bears off past 23;
 * x's human point number is 24 − absolute). Hyper-backgammon (3 checkers each) keeps the
 * positions small.
 */
class BackgammonTest {
  private static final Backgammon HYPER = (Backgammon) GameRegistry.load("backgammon(hyper_backgammon=true)");
  private static final Backgammon STANDARD = (Backgammon) GameRegistry.load("backgammon");

  private static BackgammonState position(Backgammon g, int die0, int die1, int[] x, int[] o, int xBar, int xOff,
      int oOff) {
    BackgammonState s = g.newInitialState();
    int[] xs = new int[24];
    int[] os = new int[24];
    for (int i = 0; i < x.length; i += 2) {
      xs[x[i]] += x[i + 1];
    }
    for (int i = 0; i < o.length; i += 2) {
      os[o[i]] += o[i + 1];
    }
    s.setPosition(Backgammon.X, die0, die1, xs, os, xBar, 0, xOff, oOff);
    return s;
  }

  private static List<String> strings(State s) {
    List<String> out = new ArrayList<>();
    for (int a : s.legalActions()) {
      out.add(s.actionToString(a));
    }
    return out;
  }

  @Test
  void twentyOneDistinctRollsWithTheirProbabilities() {
    State s = STANDARD.newInitialState();
    // opening roll: 30 outcomes, 15 distinct non-double rolls, each once per starting player
    assertThat(s.chanceOutcomes()).hasSize(30);
    s.applyAction(0);
    s.applyAction(s.legalActions()[0]);
    assertThat(s.isChanceNode()).isTrue();
    TreeMap<String, Double> byRoll = new TreeMap<>();
    for (var o : s.chanceOutcomes()) {
      BackgammonState t = (BackgammonState) s.copy();
      t.applyAction(o.action());
      byRoll.merge(t.die(0) + "-" + t.die(1), o.probability(), Double::sum);
    }
    assertThat(byRoll).hasSize(21);
    byRoll.forEach((roll, p) -> {
      boolean isDouble = roll.charAt(0) == roll.charAt(2);
      assertThat(p).as(roll).isCloseTo(isDouble ? 1.0 / 36 : 2.0 / 36, org.assertj.core.data.Offset.offset(1e-12));
    });
  }

  @Test
  void openingSixFiveHasFourteenOrderedPlays() {
    // x: 0(2) 11(5) 16(3) 18(5); o: 23(2) 12(5) 7(3) 5(5). First half-moves: 0/6, 11/5, 11/6,
    // 16/5, 16/6 (0+5 and 18+5 land on o's points, 18+6 cannot bear off). Second half-moves with
    // the other die: after 0+6 → {6+5, 11+5, 16+5} = 3; after 11+5 → {0+6, 11+6, 16+6} = 3; after
    // 11+6 → {11+5, 16+5, 17+5} = 3; after 16+5 → {0+6, 11+6, 16+6} = 3; after 16+6 → {11+5,
    // 16+5} = 2. Total 14 ordered pairs, each its own action.
    BackgammonState s = position(STANDARD, 5, 6, new int[] {0, 2, 11, 5, 16, 3, 18, 5},
        new int[] {23, 2, 12, 5, 7, 3, 5, 5}, 0, 0, 0);
    assertThat(s.legalActions()).hasSize(14);
  }

  @Test
  void whenOnlyOneDieCanBePlayedTheLargerMustBe() {
    // x: one checker on 10 (human 14), two borne off; o: two on 17 (human 7), one on 3.
    // Dice 2 and 5: 10+2 = 12 and 10+5 = 15 are open but 10+2+5 = 17 is blocked, so either die
    // alone can be played but not both: only the 5 may be played. One action: 14/9.
    BackgammonState s = position(HYPER, 2, 5, new int[] {10, 1}, new int[] {17, 2, 3, 1}, 0, 2, 0);
    assertThat(s.legalActions()).containsExactly(25 * 26 + 10);
    assertThat(strings(s)).containsExactly("660 - 14/9 Pass");
  }

  @Test
  void whenOnlyTheSmallerDieFitsItIsPlayed() {
    // standard checkers: x has one on 10 and 14 off; o holds 15 and 17 (two each, eleven more on
    // 1). The 5 cannot be played at all (10+5 = 15 blocked), the 2 can (10 → 12) and then 12+5 =
    // 17 is blocked: the single legal action plays the 2 (low die first: +676).
    BackgammonState s = position(STANDARD, 2, 5, new int[] {10, 1}, new int[] {15, 2, 17, 2, 1, 11}, 0, 14, 0);
    assertThat(s.legalActions()).containsExactly(676 + 25 * 26 + 10);
    assertThat(strings(s)).containsExactly("1336 - 14/12 Pass");
  }

  @Test
  void bothDiceMustBeUsedEvenWhenBearingOff() {
    // x: one checker on 20 (human 4), two off; dice 1 and 6. Bearing off with the 6 alone uses
    // one die; 20+1 = 21 then 21+6 bears off uses both, so it is the only legal play: 4/3/Off.
    BackgammonState s = position(HYPER, 1, 6, new int[] {20, 1}, new int[] {3, 3}, 0, 2, 0);
    assertThat(s.legalActions()).containsExactly(676 + 21 * 26 + 20);
    assertThat(strings(s)).containsExactly("1242 - 4/3/Off");
    s.applyAction(1242);
    assertThat(s.isTerminal()).isTrue();
    assertThat(s.returns()).containsExactly(1.0, -1.0);
  }

  @Test
  void twoOrdersOfTheSameCheckerAreTwoActionsAndHitsAreMarked() {
    // x: one checker on 0 (human 24); o blots on 3, 4, 5. Dice 1 and 2: 0→1→3 and 0→2→3, both
    // hitting the blot on 3 (human 21).
    BackgammonState s = position(HYPER, 1, 2, new int[] {0, 1}, new int[] {3, 1, 4, 1, 5, 1}, 0, 2, 0);
    assertThat(s.legalActions()).containsExactly(52, 676 + 26);
    assertThat(strings(s)).containsExactly("52 - 24/22/21*", "702 - 24/23/21*");
    s.applyAction(52);
    assertThat(s.barCount(Backgammon.O)).isEqualTo(1);
    assertThat(s.isChanceNode()).isTrue();
  }

  @Test
  void doublesArePlayedAsTwoDecisions() {
    // x on 0 with 1-1: first decision 0→1→2 (one action); the same player moves again and plays
    // 2→3→4 hitting both blots.
    BackgammonState s = position(HYPER, 1, 1, new int[] {0, 1}, new int[] {3, 1, 4, 1, 5, 1}, 0, 2, 0);
    assertThat(strings(s)).containsExactly("26 - 24/23/22");
    s.applyAction(26);
    assertThat(s.currentPlayer()).isEqualTo(Backgammon.X);
    assertThat(strings(s)).containsExactly("80 - 22/21*/20*");
    s.applyAction(80);
    assertThat(s.barCount(Backgammon.O)).isEqualTo(2);
    assertThat(s.isChanceNode()).isTrue();
  }

  @Test
  void checkersOnTheBarEnterFirst() {
    // x on the bar, two off; o holds 4 (entry point of a 5), a blot on 10. Dice 3 and 5: only
    // the 3 enters (bar → 2, human 22), then the 5 moves 2 → 7: Bar/22/17.
    BackgammonState s = position(HYPER, 3, 5, new int[] {}, new int[] {4, 2, 10, 1}, 1, 2, 0);
    assertThat(strings(s)).containsExactly("752 - Bar/22/17");
  }

  @Test
  void noMoveMeansPass() {
    // x on the bar; o holds every entry point 0..5 would need 12 checkers: with hyper use dice
    // 1-1 and o on point 0 (two) — the only entry point for a 1 is blocked.
    BackgammonState s = position(HYPER, 1, 1, new int[] {}, new int[] {0, 2, 9, 1}, 1, 2, 0);
    assertThat(s.legalActions()).containsExactly(Backgammon.PASS);
    assertThat(strings(s)).containsExactly("Pass");
  }

  @Test
  void gammonsAndBackgammonsScoreWithTheirScoringType() {
    Backgammon full = (Backgammon) GameRegistry.load("backgammon(scoring_type=full_scoring)");
    // x bears off its last checker; o has borne off nothing and has a checker in x's home (18..23)
    BackgammonState s = full.newInitialState();
    int[] xs = new int[24];
    int[] os = new int[24];
    xs[23] = 1;
    os[20] = 15;
    s.setPosition(Backgammon.X, 1, 2, xs, os, 0, 0, 14, 0);
    // a 1 bears off exactly from 23; with both dice required, 23+1 off then no checker: the 2
    // would also bear off: both single plays, larger die preferred → 23 off with the 2
    assertThat(s.legalActions()).hasSize(1);
    s.applyAction(s.legalActions()[0]);
    assertThat(s.returns()).containsExactly(3.0, -3.0);
    assertThat(full.maxUtility()).isEqualTo(3.0);
  }

  /**
   * Hyper-backgammon scores ±1 whatever scoring_type says, as OpenSpiel does (its backgammon
   * source counts gammons and backgammons in hyper-backgammon only with the doubling cube, which
   * it does not have; its maximum utility there is 1). The same backgammon position (the loser
   * with nothing borne off and a checker in the winner's home) scores 3 in standard full scoring
   * and 1 in hyper; the parameter's description and the docs say so.
   */
  @Test
  void hyperBackgammonIgnoresTheScoringTypeAsOpenSpielDoes() {
    for (String scoring : new String[] {"enable_gammons", "full_scoring"}) {
      Backgammon hyper = (Backgammon) GameRegistry.load("backgammon(hyper_backgammon=true,scoring_type=" + scoring + ")");
      assertThat(hyper.maxUtility()).isEqualTo(1.0);
      assertThat(hyper.minUtility()).isEqualTo(-1.0);
      BackgammonState s = hyper.newInitialState();
      int[] xs = new int[24];
      int[] os = new int[24];
      xs[23] = 1;
      os[20] = 3;
      s.setPosition(Backgammon.X, 1, 2, xs, os, 0, 0, 2, 0);
      s.applyAction(s.legalActions()[0]);
      assertThat(s.isTerminal()).isTrue();
      assertThat(s.returns()).as(scoring).containsExactly(1.0, -1.0);
    }
    String description = STANDARD.type().parameters().stream().filter(p -> p.name().equals("scoring_type"))
        .findFirst().orElseThrow().description();
    assertThat(description).contains("ignored with hyper_backgammon=true");
  }

  @Test
  void randomGamesConserveCheckersAndEnd() {
    SplittableRandom rng = new SplittableRandom(7);
    int[] buf = new int[STANDARD.maxActionsPerState()];
    for (int game = 0; game < 300; game++) {
      BackgammonState s = STANDARD.newInitialState();
      while (!s.isTerminal()) {
        int n = s.legalActions(buf);
        s.applyActionUnchecked(buf[rng.nextInt(n)]);
        for (int p = 0; p < 2; p++) {
          int total = s.barCount(p) + s.borneOff(p);
          for (int i = 0; i < 24; i++) {
            total += s.checkers(p, i);
            assertThat(s.checkers(p, i) == 0 || s.checkers(1 - p, i) == 0).isTrue();
          }
          assertThat(total).isEqualTo(15);
        }
      }
      assertThat(Math.abs(s.playerReturn(0))).isEqualTo(1.0);
      assertThat(s.playerReturn(0) + s.playerReturn(1)).isZero();
    }
  }

  @Test
  void movesCanBeTypedWithoutTheirId() {
    BackgammonState s = position(STANDARD, 5, 6, new int[] {0, 2, 11, 5, 16, 3, 18, 5},
        new int[] {23, 2, 12, 5, 7, 3, 5, 5}, 0, 0, 0);
    int a = s.stringToAction("24/18 13/8");
    assertThat(s.actionToString(a)).endsWith(" - 24/18 13/8");
    assertThat(s.stringToAction(Integer.toString(a))).isEqualTo(a);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> s.stringToAction("24/13"))
        .isInstanceOf(dev.ponder.game.IllegalActionException.class);
  }

  @Test
  void undoRestoresEveryStateOfRandomGames() {
    SplittableRandom rng = new SplittableRandom(9);
    for (int game = 0; game < 30; game++) {
      BackgammonState s = STANDARD.newInitialState();
      List<String> seen = new ArrayList<>();
      while (!s.isTerminal()) {
        seen.add(s.toString() + java.util.Arrays.toString(s.legalActions()));
        int[] legal = s.legalActions();
        s.applyAction(legal[rng.nextInt(legal.length)]);
      }
      for (int i = seen.size() - 1; i >= 0; i--) {
        s.undoAction(s.historyAt(s.historySize() - 1));
        assertThat(s.toString() + java.util.Arrays.toString(s.legalActions())).isEqualTo(seen.get(i));
      }
      assertThat(s.historySize()).isZero();
    }
  }
}
