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
        .hasMessage("DCFR exponent alpha = NaN is out of range; valid: a finite number in 0..10");
    assertThatThrownBy(() -> new CfrSolver(KUHN, CfrSolver.Variant.DISCOUNTED, true, 1.5, Double.NEGATIVE_INFINITY, 2))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("exponent beta = -Infinity");
    assertThatThrownBy(() -> new CfrSolver(KUHN, CfrSolver.Variant.LINEAR, true, 1.5, 0, 1000))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("exponent gamma = 1000.0");
  }

  @Test
  void extremeFiniteExponentsKeepThePolicyADistribution() {
    // at the bounds: t^x stays finite, so the average policy stays a distribution
    CfrSolver s = new CfrSolver(KUHN, CfrSolver.Variant.DISCOUNTED, true, 10, -10, 10);
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

  /** The ranges of ponder solve's --alpha, --beta, --gamma: α and γ in 0..10, β in −10..10 (it took ±30). */
  @Test
  void dcfrExponentsHaveTheCommandLinesRanges() {
    double[][] accepted = {{0, -10, 0}, {10, 10, 10}, {1.5, 0, 2}, {0.5, -1, 3}};
    for (double[] x : accepted) {
      new CfrSolver(KUHN, CfrSolver.Variant.DISCOUNTED, true, x[0], x[1], x[2]).run(3);
    }
    assertThatThrownBy(() -> new CfrSolver(KUHN, CfrSolver.Variant.DISCOUNTED, true, -0.5, 0, 2))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("DCFR exponent alpha = -0.5 is out of range; valid: a finite number in 0..10");
    assertThatThrownBy(() -> new CfrSolver(KUHN, CfrSolver.Variant.DISCOUNTED, true, 1.5, -10.5, 2))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("DCFR exponent beta = -10.5 is out of range; valid: a finite number in -10..10");
    assertThatThrownBy(() -> new CfrSolver(KUHN, CfrSolver.Variant.DISCOUNTED, true, 1.5, 0, 10.5))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("DCFR exponent gamma = 10.5 is out of range; valid: a finite number in 0..10");
    assertThatThrownBy(() -> new CfrSolver(KUHN, CfrSolver.Variant.DISCOUNTED, true, 1.5, 0, -1))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("gamma = -1.0");
  }

  private static final String GENERAL = "goofspiel(num_cards=3,returns_type=total_points)";

  /** The Java API refuses general-sum games as the command line does, with its message. */
  @Test
  void generalSumGamesAreRefusedLikeTheCommandLine() {
    GameTree g = GameTree.build(GameRegistry.load(GENERAL));
    String tail = " supports zero- and constant-sum games, e.g. kuhn_poker, leduc_poker, liars_dice";
    String head = GENERAL + " is general-sum, not zero-sum with these parameters (goofspiel with its default parameters is"
        + " zero-sum);";
    assertThatThrownBy(() -> new CfrSolver(g, CfrSolver.Variant.CFR)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage(head + " CfrSolver" + tail);
    assertThatThrownBy(() -> new CfrSolver(g, CfrSolver.Variant.DISCOUNTED, true, 1.5, 0, 2))
        .hasMessage(head + " CfrSolver" + tail);
    assertThatThrownBy(() -> new MccfrSolver(g, MccfrSolver.Sampling.EXTERNAL, 1)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage(head + " MccfrSolver" + tail);
    assertThatThrownBy(() -> new MccfrSolver(g, MccfrSolver.Sampling.OUTCOME, 0.6, 1)).hasMessage(head + " MccfrSolver" + tail);
    double[] uniform = g.uniformSlots();
    assertThatThrownBy(() -> PolicyEvaluation.exploitability(g, uniform)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage(head + " PolicyEvaluation.exploitability" + tail);
    assertThatThrownBy(() -> PolicyEvaluation.nashConv(g, uniform)).hasMessage(head + " PolicyEvaluation.nashConv" + tail);
    // what is defined for any game stays available: returns, best responses, gains
    double[] gains = PolicyEvaluation.gains(g, uniform);
    assertThat(gains).hasSize(2);
    assertThat(gains[0]).isGreaterThan(0);
    assertThat(gains[1]).isGreaterThan(0);
    assertThat(PolicyEvaluation.expectedReturns(g, uniform)).hasSize(2);
    // zero-sum goofspiel (its default) is accepted
    GameTree z = GameTree.build(GameRegistry.load("goofspiel(num_cards=3)"));
    new CfrSolver(z, CfrSolver.Variant.CFR).run(2);
    new MccfrSolver(z, MccfrSolver.Sampling.OUTCOME, 1).run(2);
    assertThat(PolicyEvaluation.exploitability(z, z.uniformSlots())).isGreaterThan(0);
  }

  @Test
  void mccfrNamesANullArgument() {
    assertThatThrownBy(() -> new MccfrSolver(null, MccfrSolver.Sampling.EXTERNAL, 1)).isInstanceOf(NullPointerException.class)
        .hasMessage("tree");
    assertThatThrownBy(() -> new MccfrSolver(KUHN, null, 0.5, 1)).isInstanceOf(NullPointerException.class)
        .hasMessage("sampling");
    assertThatThrownBy(() -> new MccfrSolver(null, null, 1)).isInstanceOf(NullPointerException.class).hasMessage("tree");
  }

  /**
   * The iteration counter is a long: runs continued past 2^31 − 1 iterations keep the averaging
   * weights t (CFR+, Linear CFR) and t^γ and the discounts t^α, t^β (DCFR) positive and finite. As
   * an int it wrapped to −2^31: CFR+ then added strategy sums of weight −2^31 (negative sums, an
   * average that is no distribution) and DCFR took (−2^31)^1.5, NaN regrets.
   */
  @Test
  void iterationsPastTheIntRangeKeepTheWeightsPositive() {
    for (CfrSolver.Variant v : CfrSolver.Variant.values()) {
      CfrSolver s = new CfrSolver(KUHN, v);
      s.run(10);
      s.setIterations(Integer.MAX_VALUE);
      s.run(2);
      assertThat(s.iterations()).as(v.name()).isEqualTo(Integer.MAX_VALUE + 2L);
      for (double x : s.strategySumSlots()) {
        assertThat(x).as(v.name()).isFinite().isGreaterThanOrEqualTo(0);
      }
      for (double x : s.regretSlots()) {
        assertThat(x).as(v.name()).isFinite();
      }
      assertThat(PolicyEvaluation.exploitability(KUHN, s.averagePolicy())).as(v.name()).isFinite();
    }
  }
}
