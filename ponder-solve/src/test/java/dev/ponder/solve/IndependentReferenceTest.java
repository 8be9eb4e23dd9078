package dev.ponder.solve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.ponder.game.GameRegistry;
import org.junit.jupiter.api.Test;

/**
 * Values of an independent implementation: the Python programs in {@code src/test/independent}
 * (README there), written from the games' rules and ALGORITHMS.md §8.4–8.7 and sharing no code
 * with Ponder; {@code python3 reference_values.py} prints every value pinned here. They agree with
 * Ponder's to rounding; the tolerance is 1e-12, not bit equality, since the two sum in different
 * orders.
 */
class IndependentReferenceTest {
  private static final GameTree KUHN = GameTree.build(GameRegistry.load("kuhn_poker"));
  private static final GameTree KUHN3 = GameTree.build(GameRegistry.load("kuhn_poker(players=3)"));

  private static double nashConvAfter(GameTree t, String algo, int iterations) {
    CfrSolver s;
    switch (algo) {
      case "cfr-sim":
        s = new CfrSolver(t, CfrSolver.Variant.CFR, false, 1.5, 0, 2);
        break;
      default:
        s = new CfrSolver(t, CfrSolver.Variant.parse(algo));
    }
    s.run(iterations);
    return PolicyEvaluation.nashConv(t, s.averagePolicy());
  }

  @Test
  void cfrFamilyOnKuhnPokerAfter100Iterations() {
    assertThat(nashConvAfter(KUHN, "cfr", 100)).isCloseTo(0.016451954631830412, within(1e-12));
    assertThat(nashConvAfter(KUHN, "cfr-sim", 100)).isCloseTo(0.0513494716938957, within(1e-12));
    assertThat(nashConvAfter(KUHN, "cfr+", 100)).isCloseTo(0.002388808202223369, within(1e-12));
    assertThat(nashConvAfter(KUHN, "lcfr", 100)).isCloseTo(0.002178054730106682, within(1e-12));
    assertThat(nashConvAfter(KUHN, "dcfr", 100)).isCloseTo(0.0033326839406504494, within(1e-12));
  }

  @Test
  void cfrFamilyOnThreePlayerKuhnPokerAfter50Iterations() {
    assertThat(nashConvAfter(KUHN3, "cfr", 50)).isCloseTo(0.07265240777811116, within(1e-12));
    assertThat(nashConvAfter(KUHN3, "cfr+", 50)).isCloseTo(0.010651497372355184, within(1e-12));
    assertThat(nashConvAfter(KUHN3, "lcfr", 50)).isCloseTo(0.022043805277630918, within(1e-12));
    assertThat(nashConvAfter(KUHN3, "dcfr", 50)).isCloseTo(0.004200638954348496, within(1e-12));
  }

  /**
   * Kuhn's (1950) equilibrium family of two-player Kuhn poker, α ∈ [0, 1/3] (cards J, Q, K = 0, 1,
   * 2; action 0 passes or folds, 1 bets or calls). Player 0 bets J with probability α, never bets
   * Q, bets K with 3α; after pass–bet it folds J, calls Q with α + 1/3 and calls K. Player 1 facing
   * a bet folds J, calls Q with 1/3 and calls K; after a pass it bets J with 1/3, passes Q and bets
   * K. Every member is an equilibrium (NashConv 0) worth −1/18 to player 0.
   */
  static double[] kuhnEquilibrium(double alpha) {
    double[] pol = KUHN.uniformSlots();
    double[][] byCard = { // bet at "c", call at "cpb", call at "cb", bet at "cp"
        {alpha, 0, 0, 1.0 / 3}, {0, alpha + 1.0 / 3, 1.0 / 3, 0}, {3 * alpha, 1, 1, 1}};
    String[] after = {"", "pb", "b", "p"};
    for (int card = 0; card < 3; card++) {
      for (int h = 0; h < 4; h++) {
        int s = KUHN.slotStart(KUHN.infosetOf(card + after[h]));
        pol[s] = 1 - byCard[card][h];
        pol[s + 1] = byCard[card][h];
      }
    }
    return pol;
  }

  @Test
  void kuhnsEquilibriumFamilyHasNashConvZeroAndValueMinusOneEighteenth() {
    for (double alpha : new double[] {0, 1.0 / 6, 1.0 / 3}) {
      double[] pol = kuhnEquilibrium(alpha);
      assertThat(PolicyEvaluation.nashConv(KUHN, pol)).as("alpha %s", alpha).isCloseTo(0, within(1e-12));
      assertThat(PolicyEvaluation.exploitability(KUHN, pol)).as("alpha %s", alpha).isCloseTo(0, within(1e-12));
      double[] v = PolicyEvaluation.expectedReturns(KUHN, pol);
      assertThat(v[0]).as("alpha %s", alpha).isCloseTo(-1.0 / 18, within(1e-12));
      assertThat(v[1]).as("alpha %s", alpha).isCloseTo(1.0 / 18, within(1e-12));
      double[] gains = PolicyEvaluation.gains(KUHN, pol);
      assertThat(gains[0]).isCloseTo(0, within(1e-12));
      assertThat(gains[1]).isCloseTo(0, within(1e-12));
    }
    // off the family: player 0 bluffing J more than 1/3 of the time is exploitable
    double[] off = kuhnEquilibrium(1.0 / 3);
    int s = KUHN.slotStart(KUHN.infosetOf("0"));
    off[s] = 0.5;
    off[s + 1] = 0.5;
    assertThat(PolicyEvaluation.nashConv(KUHN, off)).isGreaterThan(1e-3);
  }
}
