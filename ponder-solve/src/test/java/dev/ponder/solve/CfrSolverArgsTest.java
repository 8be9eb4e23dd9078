package dev.ponder.solve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.game.GameRegistry;
import org.junit.jupiter.api.Test;

/** CfrSolver refuses exponents that would turn DCFR's regrets or averages into NaN, and negative counts. */
class CfrSolverArgsTest {
  private static final GameTree KUHN = GameTree.build(GameRegistry.load("kuhn_poker"));

  @Test
  void nonFiniteOrHugeExponentsAreRefusedNamingThem() {
    assertThatThrownBy(() -> new CfrSolver(KUHN, CfrSolver.Variant.DISCOUNTED, true, Double.NaN, 0, 2))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("DCFR exponent alpha = NaN is out of range; valid: a finite number in -30..30");
    assertThatThrownBy(() -> new CfrSolver(KUHN, CfrSolver.Variant.DISCOUNTED, true, 1.5, Double.NEGATIVE_INFINITY, 2))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("exponent beta = -Infinity");
    assertThatThrownBy(() -> new CfrSolver(KUHN, CfrSolver.Variant.LINEAR, true, 1.5, 0, 1000))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("exponent gamma = 1000.0");
  }

  @Test
  void extremeFiniteExponentsKeepThePolicyADistribution() {
    // |x| = 30 at the bound: t^x stays finite, so the average policy stays a distribution
    CfrSolver s = new CfrSolver(KUHN, CfrSolver.Variant.DISCOUNTED, true, 30, -30, 30);
    s.run(200);
    double e = PolicyEvaluation.exploitability(KUHN, s.averagePolicy());
    assertThat(e).isFinite().isGreaterThanOrEqualTo(-1e-12);
  }

  @Test
  void linearForcesOneOneOneWhateverIsGiven() {
    CfrSolver lin = new CfrSolver(KUHN, CfrSolver.Variant.LINEAR, false, 5, -3, 7);
    CfrSolver dcfr111 = new CfrSolver(KUHN, CfrSolver.Variant.DISCOUNTED, true, 1, 1, 1);
    lin.run(50);
    dcfr111.run(50);
    assertThat(lin.alternating()).isTrue();
    assertThat(lin.averagePolicy()).containsExactly(dcfr111.averagePolicy());
  }

  @Test
  void negativeIterationCountIsRefused() {
    CfrSolver s = new CfrSolver(KUHN, CfrSolver.Variant.CFR);
    assertThatThrownBy(() -> s.run(-1)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("iteration count must be at least 0, got -1");
    s.run(0);
    assertThat(s.iterations()).isZero();
  }

  @Test
  void mccfrRefusesANegativeIterationCount() {
    MccfrSolver s = new MccfrSolver(KUHN, MccfrSolver.Sampling.EXTERNAL, 1);
    assertThatThrownBy(() -> s.run(-5)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("iteration count must be at least 0, got -5");
    assertThat(s.iterations()).isZero();
  }
}
