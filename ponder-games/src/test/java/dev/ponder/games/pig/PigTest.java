package dev.ponder.games.pig;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.game.check.ConformanceKit;
import dev.ponder.game.check.Playthroughs;
import java.util.List;
import org.junit.jupiter.api.Test;

class PigTest {

  @Test
  void goldenPlaythroughsReplay() {
    Playthroughs.assertReplays("pig_3p.txt", true);
    Playthroughs.assertReplays("pig_4p.txt", true);
  }

  @Test
  void passesTheConformanceKit() {
    ConformanceKit.Report r = ConformanceKit.check(GameRegistry.load("pig(winscore=20,horizon=100)"),
        new ConformanceKit.Options().seed(9));
    assertThat(r.playouts()).isEqualTo(1000);
    ConformanceKit.check(GameRegistry.load("pig(players=3,winscore=10,horizon=30,piglet=true)"), new ConformanceKit.Options().playouts(300).seed(10));
    assertThat(ConformanceKit.check(GameRegistry.load("pig"), new ConformanceKit.Options().seed(11)).playouts()).isEqualTo(1000);
  }

  /**
   * REFERENCE.md: with 3 die outcomes, expectiminimax to depth 2 (decision plies) with evaluation
   * score0 − score1 gives 5/3 and the best action "roll". By hand: stop → player 1 can bank
   * nothing → 0; roll → 1/3·0 (a 1 ends the turn) + 1/3·2 + 1/3·3 (player 0 then stops) = 5/3.
   */
  @Test
  void expectiminimaxDepthTwoMatchesHandComputedValue() {
    Game g = GameRegistry.load("pig(diceoutcomes=3)");
    State root = g.newInitialState();
    double best = Double.NEGATIVE_INFINITY;
    int bestAction = -1;
    for (int a : root.legalActions()) {
      State c = root.copy();
      c.applyAction(a);
      double v = expectiminimax(c, 1);
      if (v > best) {
        best = v;
        bestAction = a;
      }
    }
    assertThat(best).isCloseTo(5.0 / 3, within(1e-12));
    assertThat(root.actionToString(bestAction)).isEqualTo("roll");
  }

  /** Value for player 0 (maximizer; player 1 minimizes); depth counts decisions. */
  private static double expectiminimax(State s, int depth) {
    Pig.PigState p = (Pig.PigState) s;
    if (s.isTerminal()) {
      return s.playerReturn(0);
    }
    if (s.isChanceNode()) {
      double v = 0;
      for (var o : s.chanceOutcomes()) {
        State c = s.copy();
        c.applyAction(o.action());
        v += o.probability() * expectiminimax(c, depth);
      }
      return v;
    }
    if (depth == 0) {
      return p.score(0) - p.score(1);
    }
    boolean max = s.currentPlayer() == 0;
    double best = max ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
    for (int a : s.legalActions()) {
      State c = s.copy();
      c.applyAction(a);
      double v = expectiminimax(c, depth - 1);
      best = max ? Math.max(best, v) : Math.min(best, v);
    }
    return best;
  }

  @Test
  void rulesOfTheTurn() {
    Game g = GameRegistry.load("pig(players=3,winscore=10)");
    Pig.PigState s = (Pig.PigState) g.newInitialState();
    s.applyAction(Pig.ROLL);
    assertThat(s.isChanceNode()).isTrue();
    assertThat(s.chanceOutcomes()).hasSize(6);
    s.applyAction(4); // face 5
    assertThat(s.turnTotal()).isEqualTo(5);
    s.applyAction(Pig.ROLL);
    s.applyAction(5); // face 6: 11 ≥ 10, only stop remains
    assertThat(s.legalActions()).containsExactly(Pig.STOP);
    s.applyAction(Pig.STOP);
    assertThat(s.isTerminal()).isTrue();
    assertThat(s.returns()).containsExactly(1.0, -0.5, -0.5);

    Pig.PigState t = (Pig.PigState) g.newInitialState();
    t.applyAction(Pig.ROLL);
    t.applyAction(3);
    t.applyAction(Pig.ROLL);
    t.applyAction(0); // a 1: turn total lost, player 1 to move
    assertThat(t.turnTotal()).isZero();
    assertThat(t.currentPlayer()).isEqualTo(1);
    assertThat(t.score(0)).isZero();
  }

  @Test
  void pigletHasTwoOutcomesAndHorizonEndsInADraw() {
    Game g = GameRegistry.load("pig(piglet=true,horizon=3)");
    State s = g.newInitialState();
    s.applyAction(Pig.ROLL);
    assertThat(s.chanceOutcomes()).extracting(o -> o.action()).containsExactly(0, 1);
    assertThat(s.chanceOutcomes().get(1).probability()).isCloseTo(5.0 / 6, within(1e-15));
    assertThat(s.actionToString(1)).isEqualTo("Roll 1");
    s.applyAction(1);
    s.applyAction(Pig.ROLL);
    s.applyAction(1);
    s.applyAction(Pig.ROLL); // third decision: the horizon ends the game before the die lands
    assertThat(s.isTerminal()).isTrue();
    assertThat(s.returns()).containsExactly(0.0, 0.0);
    assertThat(s.toString()).isEqualTo("Scores: 0 0, Turn total: 2\nCurrent player: 0 (rolling)\n");
    assertThat(List.of(g.maxDecisions(), g.maxChanceNodesInHistory(), g.maxGameLength())).containsExactly(3, 2, 5);
  }
}
