package dev.ponder.solve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.ponder.game.GameRegistry;
import dev.ponder.game.fixtures.HiddenGuessGame;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A constant-sum game (returns summing to 1, not 0) through the solvers and the exploitability:
 * hidden_guess, whose values are worked out by hand in its class comment. NashConv is a sum of
 * best-response gains, each a difference of one player's returns, so the constant drops out; the
 * expected returns keep it.
 */
class ConstantSumTest {
  private static GameTree tree;

  @BeforeAll
  static void build() {
    GameRegistry.register(new HiddenGuessGame.Factory());
    tree = GameTree.build(GameRegistry.load("hidden_guess"));
  }

  private static double[] policy(double hideZero, double guessZero) {
    double[] pol = new double[tree.numSlots()];
    int h = tree.slotStart(tree.infosetOf("to hide"));
    pol[h] = hideZero;
    pol[h + 1] = 1 - hideZero;
    int g = tree.slotStart(tree.infosetOf("to guess"));
    pol[g] = guessZero;
    pol[g + 1] = 1 - guessZero;
    return pol;
  }

  @Test
  void uniformPlayHasTheHandComputedValues() {
    double[] u = tree.uniformSlots();
    assertThat(PolicyEvaluation.expectedReturns(tree, u)).containsExactly(new double[] {5.0 / 8, 3.0 / 8}, within(1e-15));
    assertThat(PolicyEvaluation.gains(tree, u)).containsExactly(new double[] {1.0 / 8, 1.0 / 8}, within(1e-15));
    assertThat(PolicyEvaluation.nashConv(tree, u)).isCloseTo(0.25, within(1e-15));
    assertThat(PolicyEvaluation.exploitability(tree, u)).isCloseTo(0.125, within(1e-15));
  }

  @Test
  void theEquilibriumHasNashConvZero() {
    double[] eq = policy(1.0 / 3, 1.0 / 3);
    assertThat(PolicyEvaluation.nashConv(tree, eq)).isCloseTo(0, within(1e-15));
    assertThat(PolicyEvaluation.expectedReturns(tree, eq)).containsExactly(new double[] {2.0 / 3, 1.0 / 3}, within(1e-15));
  }

  @Test
  void everySolverApproachesTheEquilibrium() {
    for (CfrSolver.Variant v : CfrSolver.Variant.values()) {
      CfrSolver s = new CfrSolver(tree, v);
      s.run(2000);
      double[] avg = s.averagePolicy();
      assertThat(PolicyEvaluation.nashConv(tree, avg)).as(v.name()).isLessThan(2e-3);
      assertThat(avg[tree.slotStart(tree.infosetOf("to hide"))]).as(v.name()).isCloseTo(1.0 / 3, within(0.01));
      assertThat(avg[tree.slotStart(tree.infosetOf("to guess"))]).as(v.name()).isCloseTo(1.0 / 3, within(0.01));
    }
    for (MccfrSolver.Sampling sm : MccfrSolver.Sampling.values()) {
      MccfrSolver s = new MccfrSolver(tree, sm, 1);
      s.run(20_000);
      assertThat(PolicyEvaluation.nashConv(tree, s.averagePolicy())).as(sm.name()).isLessThan(0.02);
    }
  }
}
