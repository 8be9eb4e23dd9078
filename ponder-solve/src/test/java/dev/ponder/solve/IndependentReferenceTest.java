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
}
