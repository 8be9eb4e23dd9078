package dev.ponder.games.goofspiel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.games.goofspiel.Goofspiel.GoofspielState;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.SpecException;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class GoofspielTest {

  @Test
  void nestedTurnBasedStringAndPlainNameDescribeTheSameGame() {
    Game tbs = GameRegistry.load("turn_based_simultaneous_game(game=goofspiel(num_cards=4,points_order=descending))");
    assertThat(tbs.spec()).isEqualTo("turn_based_simultaneous_game(game=goofspiel(egocentric=False,imp_info=False,"
        + "num_cards=4,num_turns=-1,players=2,points_order=descending,returns_type=win_loss))");
    assertThat(tbs.type().longName()).isEqualTo("Turn-based Goofspiel");
    Game plain = GameRegistry.load("goofspiel(num_cards=4,points_order=descending)");
    State a = tbs.newInitialState();
    State b = plain.newInitialState();
    for (int x : new int[] {2, 3, 1, 0}) {
      a.applyAction(x);
      b.applyAction(x);
    }
    assertThat(a.toString()).isEqualTo(b.toString());
    assertThatThrownBy(() -> GameRegistry.load("turn_based_simultaneous_game(game=tic_tac_toe)"))
        .isInstanceOf(SpecException.class).hasMessageContaining("valid: goofspiel");
  }

  @Test
  void numTurnsHelpTellsWhichValuesAreAcceptedAndEachOfThemIs() {
    ParamSpec p = GameRegistry.factory("goofspiel").type().parameters().stream()
        .filter(x -> x.name().equals("num_turns")).findFirst().orElseThrow();
    // the line `ponder games goofspiel` prints
    assertThat(p.describe()).isEqualTo("num_turns=-1 (int, -1..60) rounds to play: -1 (= num_cards) or 1..num_cards (not 0)");
    for (int cards : new int[] {1, 2, 5, 13, 59, 60}) {
      // every value the line calls valid loads and plays that many rounds (−1: num_cards)
      for (int t = -1; t <= cards; t++) {
        if (t == 0) {
          continue;
        }
        Game g = GameRegistry.load("goofspiel(num_cards=" + cards + ",num_turns=" + t + ",points_order=ascending)");
        int rounds = t == -1 ? cards : t;
        State s = g.newInitialState();
        while (!s.isTerminal()) {
          s.applyAction(s.legalActions()[0]);
        }
        // two bids a round, except that when a round leaves one card in each hand and one round
        // to play, that round plays itself (OpenSpiel's rule; so a one-card game is still bid)
        int bids = 2 * (rounds == cards && cards > 1 ? rounds - 1 : rounds);
        assertThat(s.historySize()).as("num_cards=%d num_turns=%d", cards, t).isEqualTo(bids);
      }
      // and every other value of the declared range is refused with one line
      for (int t = 0; t <= 60; t = t == 0 ? cards + 1 : t + 1) {
        int bad = t;
        assertThatThrownBy(() -> GameRegistry.load("goofspiel(num_cards=" + cards + ",num_turns=" + bad + ")"))
            .isInstanceOf(SpecException.class)
            .hasMessage("goofspiel: num_turns=" + bad + " is out of range; valid: -1 (= num_cards) or 1.." + cards);
      }
    }
  }

  @Test
  void laterBidderDoesNotSeeTheEarlierBidOfTheRound() {
    Game g = GameRegistry.load("goofspiel(num_cards=5,imp_info=True,points_order=ascending)");
    State a = g.newInitialState();
    State b = g.newInitialState();
    a.applyAction(0);
    b.applyAction(4);
    assertThat(a.currentPlayer()).isEqualTo(1);
    assertThat(a.informationStateString(1)).isEqualTo(b.informationStateString(1));
    assertThat(a.informationStateString(0)).isNotEqualTo(b.informationStateString(0));
  }

  @Test
  void returnsFollowTheReturnsType() {
    // three players, 3 cards, descending point cards 3, 2, (1 automatic)
    // round 1 (card 3): bids 3,2,1 → P0 +3; round 2 (card 2): bids 2,3,2 → P1 +2;
    // last round (card 1): bids 1,1,3 → P2 +1. Points 3, 2, 1.
    int[] bids = {2, 1, 0, 1, 2, 1};
    State wl = play("goofspiel(num_cards=3,players=3,points_order=descending)", bids);
    assertThat(((GoofspielState) wl).points(0)).isEqualTo(3);
    assertThat(wl.isTerminal()).isTrue();
    // one winner: +1; two losers share −1
    assertThat(wl.returns()).containsExactly(1.0, -0.5, -0.5);
    State pd = play("goofspiel(num_cards=3,players=3,points_order=descending,returns_type=point_difference)", bids);
    assertThat(pd.returns()).containsExactly(1.0, 0.0, -1.0);
    State tp = play("goofspiel(num_cards=3,players=3,points_order=descending,returns_type=total_points)", bids);
    assertThat(tp.returns()).containsExactly(3.0, 2.0, 1.0);
    assertThat(tp.game().type().utility()).isEqualTo(dev.ponder.game.GameType.Utility.GENERAL_SUM);
  }

  /**
   * point_difference: a return is points − mean points, so with S = 1 + … + num_cards the bounds
   * are −S/n (no points while the others take all) and S − S/n, in doubles. OpenSpiel's
   * MinUtility divides S by n in integers (−(3/4) = 0 for 2 cards and 4 players), above returns
   * that occur: here −0.5.
   */
  @Test
  void pointDifferenceBoundsAreTheExactFractionsAndHoldTheReturns() {
    Object[][] cases = {
        {"goofspiel(num_cards=2,players=4,returns_type=point_difference)", -0.75, 2.25},
        {"goofspiel(num_cards=3,players=4,returns_type=point_difference)", -1.5, 4.5},
        {"goofspiel(num_cards=5,players=6,returns_type=point_difference)", -2.5, 12.5},
        {"goofspiel(num_cards=7,players=8,returns_type=point_difference)", -3.5, 24.5},
        {"goofspiel(players=4,returns_type=point_difference)", -22.75, 68.25},
        {"goofspiel(returns_type=point_difference)", -45.5, 45.5},
        {"goofspiel(num_cards=2,returns_type=point_difference)", -1.5, 1.5},
        {"turn_based_simultaneous_game(game=goofspiel(num_cards=3,players=4,returns_type=point_difference))", -1.5, 4.5},
        {"goofspiel(num_cards=5,players=3,returns_type=total_points)", 0.0, 15.0},
        {"goofspiel(num_cards=5,players=3)", -1.0, 1.0}};
    for (Object[] c : cases) {
      Game g = GameRegistry.load((String) c[0]);
      assertThat(g.minUtility()).as("minUtility of %s", c[0]).isEqualTo((double) c[1]);
      assertThat(g.maxUtility()).as("maxUtility of %s", c[0]).isEqualTo((double) c[2]);
    }
    // 2 cards ascending, 4 players: round 1 (card 1) P1 bids 1, the others 2: a tie, discarded;
    // the last round plays itself (card 2): P1 alone holds 2 and takes it. Points 0, 2, 0, 0.
    State s = play("goofspiel(num_cards=2,players=4,points_order=ascending,returns_type=point_difference)",
        new int[] {1, 0, 1, 1});
    assertThat(s.isTerminal()).isTrue();
    assertThat(s.returns()).containsExactly(-0.5, 1.5, -0.5, -0.5);
    assertThat(s.playerReturn(0)).isGreaterThanOrEqualTo(s.game().minUtility());
  }

  @Test
  void tiedRoundDiscardsThePointCard() {
    // 2 players, 3 cards ascending (1, 2, 3): round 1 both bid 1 (tie, discarded); round 2 bids
    // 2 vs 3 → P1 +2; last round 3 vs 2 → P0 +3. Points 3 : 2.
    State s = play("goofspiel(num_cards=3,points_order=ascending,imp_info=True)", new int[] {0, 0, 1, 2});
    assertThat(s.isTerminal()).isTrue();
    assertThat(s.informationStateString(0)).contains("Win sequence: -3 1 0 \n").contains("Points: 3 2 \n");
    assertThat(s.returns()).containsExactly(1.0, -1.0);
  }

  @Test
  void randomPointCardsAreDealtUniformlyFromTheRemainingOnes() {
    Game g = GameRegistry.load("goofspiel(num_cards=4)");
    State s = g.newInitialState();
    assertThat(s.isChanceNode()).isTrue();
    assertThat(s.chanceOutcomes()).hasSize(4);
    s.applyAction(2);
    s.applyAction(0);
    s.applyAction(1);
    assertThat(s.chanceOutcomes()).extracting(o -> o.action()).containsExactly(0, 1, 3);
    assertThat(s.chanceOutcomes().get(0).probability()).isEqualTo(1.0 / 3);
    assertThat(s.actionToString(State.CHANCE, 3)).isEqualTo("Deal 4");
  }

  private static State play(String spec, int[] actions) {
    State s = GameRegistry.load(spec).newInitialState();
    for (int a : actions) {
      s.applyAction(a);
    }
    return s;
  }

  @Test
  void resampleIsUniformOverTheOpponentBidsConsistentWithTheWinSequence() {
    // 4 cards descending. Round 1 (card 4): P0 bids 1 (action 1), P1 bids 3 → P1 wins.
    // Round 2 (card 3): P0 bids 0, P1 bids 2 → P1 wins. From P0's view P1's bids (b1, b2) satisfy
    // b1 > 1, b2 > 0, b1 != b2: (2,1), (2,3), (3,1), (3,2) — four worlds, each 1/4.
    GoofspielState s = (GoofspielState) play("goofspiel(num_cards=4,imp_info=True,points_order=descending)",
        new int[] {1, 3, 0, 2});
    SplittableRandom rng = new SplittableRandom(11);
    Map<String, Integer> counts = new HashMap<>();
    int n = 8000;
    for (int i = 0; i < n; i++) {
      State w = s.resample(0, rng);
      assertThat(w.informationStateString(0)).isEqualTo(s.informationStateString(0));
      counts.merge(w.historyAt(1) + "," + w.historyAt(3), 1, Integer::sum);
    }
    assertThat(counts.keySet()).containsExactlyInAnyOrder("2,1", "2,3", "3,1", "3,2");
    // each count is Binomial(8000, 1/4): mean 2000, sd ≈ 39; allow 5 sd
    counts.values().forEach(c -> assertThat(c).isBetween(1805, 2195));

    // current-round bid: P0 has bid, P1 to move. From P1's view P0's past bids (b1, b2) satisfy
    // b1 < 3, b2 < 2, b1 != b2: (0,1), (1,0), (2,0), (2,1); the current bid is any of the two
    // cards left: 8 equally likely worlds, so the current bid is 3 w.p. 4/8, 2 w.p. 2/8, 1 and 0
    // w.p. 1/8 each.
    s.applyAction(3);
    Map<Integer, Integer> bid = new HashMap<>();
    for (int i = 0; i < 4000; i++) {
      State w = s.resample(1, rng);
      assertThat(w.informationStateString(1)).isEqualTo(s.informationStateString(1));
      bid.merge(w.historyAt(4), 1, Integer::sum);
    }
    assertThat(bid.get(3)).isBetween(1840, 2160);
    assertThat(bid.get(2)).isBetween(863, 1137);
    assertThat(bid.get(1)).isBetween(395, 605);
    assertThat(bid.get(0)).isBetween(395, 605);
  }

  @Test
  void threePlayerResampleIsUniformToo() {
    // 3 players, 3 cards descending. Round 1: P0 bids 0, P1 bids 2, P2 bids 1 → P1 wins. From
    // P0's view P1 must be the unique maximum of {0, b1, b2}: (b1, b2) ∈ {(1,0), (2,0), (2,1)},
    // each 1/3 (the rejection-sampling path for more than two players).
    GoofspielState s = (GoofspielState) play("goofspiel(num_cards=3,players=3,imp_info=True,points_order=descending)",
        new int[] {0, 2, 1});
    SplittableRandom rng = new SplittableRandom(5);
    Map<String, Integer> counts = new HashMap<>();
    for (int i = 0; i < 6000; i++) {
      State w = s.resample(0, rng);
      assertThat(w.informationStateString(0)).isEqualTo(s.informationStateString(0));
      counts.merge(w.historyAt(1) + "," + w.historyAt(2), 1, Integer::sum);
    }
    assertThat(counts.keySet()).containsExactlyInAnyOrder("1,0", "2,0", "2,1");
    // Binomial(6000, 1/3): mean 2000, sd ≈ 36.5; allow 5 sd
    counts.values().forEach(c -> assertThat(c).isBetween(1817, 2183));
  }

  @Test
  void resampleWeighsEarlyBidsByTheirCompletions() {
    // 4 cards descending. Round 1: P0 bids 0, P1 bids 3 → P1 wins (b1 > 0). Round 2: P0 bids 3,
    // P1 bids 2 → P0 wins (b2 < 3, b2 != b1). Worlds: b1 = 1 → b2 ∈ {0, 2}; b1 = 2 → {0, 1};
    // b1 = 3 → {0, 1, 2}: seven worlds, each 1/7 (so b1 = 3 has 3/7, not the 1/3 a round-by-round
    // uniform choice would give).
    GoofspielState s = (GoofspielState) play("goofspiel(num_cards=4,imp_info=True,points_order=descending)",
        new int[] {0, 3, 3, 2});
    SplittableRandom rng = new SplittableRandom(23);
    Map<String, Integer> counts = new HashMap<>();
    for (int i = 0; i < 7000; i++) {
      State w = s.resample(0, rng);
      counts.merge(w.historyAt(1) + "," + w.historyAt(3), 1, Integer::sum);
    }
    assertThat(counts.keySet()).containsExactlyInAnyOrder("1,0", "1,2", "2,0", "2,1", "3,0", "3,1", "3,2");
    // Binomial(7000, 1/7): mean 1000, sd ≈ 29.3; allow 5 sd
    counts.values().forEach(c -> assertThat(c).isBetween(853, 1147));
  }
  @Test
  void reusedTargetDrawsAsAFreshOneWhileItsSourcesAlternate() {
    // One target draws from states whose information differs only in the win sequence and bids
    // (same player, same number of rounds), then in the number of rounds: the completion counts it
    // keeps between draws from one information state must not serve another. Each draw is the one a
    // fresh target makes with the same seed (13 cards: the default game's counting).
    Game g = GameRegistry.load("goofspiel(imp_info=true)");
    State[] sources = {atRound(g, 5, 1), atRound(g, 5, 2), atRound(g, 7, 1)};
    assertThat(sources[0].informationStateString(0)).isNotEqualTo(sources[1].informationStateString(0));
    State target = g.newInitialState();
    int[] order = {0, 0, 1, 0, 1, 1, 2, 0, 2, 1};
    for (int i = 0; i < 200; i++) {
      State s = sources[order[i % order.length]];
      State fresh = s.resample(0, new SplittableRandom(i));
      s.resampleInto(0, new SplittableRandom(i), target);
      assertThat(target.historyString()).as("draw %d", i).isEqualTo(fresh.historyString());
      assertThat(target.informationStateString(0)).as("draw %d", i).isEqualTo(s.informationStateString(0));
    }
  }

  @Test
  void reusedTargetDrawsAsAFreshOneFromSourcesWithTheSameOwnBidsButOtherWinners() {
    // player 0 bids its lowest card in every round, so its own bids agree; the opponent's random
    // bids give other winners: counts kept for one win sequence must not serve the other
    Game g = GameRegistry.load("goofspiel(imp_info=true)");
    State a = lowestBidsToRound(g, 5, 1);
    State b = null;
    for (long seed = 2; seed < 200 && b == null; seed++) {
      State c = lowestBidsToRound(g, 5, seed);
      if (!c.informationStateString(0).equals(a.informationStateString(0))) {
        b = c;
      }
    }
    assertThat(b).as("a second information state with the same own bids").isNotNull();
    State[] sources = {a, b};
    State target = g.newInitialState();
    for (int i = 0; i < 50; i++) {
      State s = sources[i % 2];
      State fresh = s.resample(0, new SplittableRandom(i));
      s.resampleInto(0, new SplittableRandom(i), target);
      assertThat(target.historyString()).as("draw %d", i).isEqualTo(fresh.historyString());
    }
  }

  /** Player 0 bids its lowest card, player 1 and chance at random from {@code seed}, up to player 0's bid in {@code round}. */
  private static State lowestBidsToRound(Game g, int round, long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    GoofspielState s = (GoofspielState) g.newInitialState();
    while (s.round < round || s.currentPlayer() != 0) {
      int[] legal = s.legalActions();
      s.applyAction(s.currentPlayer() == 0 ? legal[0] : legal[rng.nextInt(legal.length)]);
    }
    return s;
  }

  /** A seeded random playout of {@code g} stopped at player 0's bid in round {@code round}. */
  private static State atRound(Game g, int round, long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    GoofspielState s = (GoofspielState) g.newInitialState();
    while (s.round < round || s.currentPlayer() != 0) {
      int[] legal = s.legalActions();
      s.applyAction(legal[rng.nextInt(legal.length)]);
    }
    return s;
  }
}
