package dev.ponder.rating;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class AlphaRankTest {
  static final double[][] RPS = {{0, -1, 1}, {1, 0, -1}, {-1, 1, 0}};

  /** A selection intensity that is not positive is refused in the command line's words (it said "> 0"). */
  @Test
  void aNonPositiveAlphaIsRefused() {
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> new AlphaRank.Options(0, 50, AlphaRank.Model.LOCAL))
        .hasMessage("alpha must be greater than 0 (or infinity), got 0.0");
    // the number beside it in the same words (it said ">= 2"), as are the arena's own counts
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> new AlphaRank.Options(1, 1, AlphaRank.Model.LOCAL))
        .hasMessage("population size must be in 2..1000000, got 1");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> new dev.ponder.arena.Analysis.Execution(0,
        dev.ponder.arena.Progress.Factory.NONE)).hasMessage("threads must be at least 1, got 0");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> dev.ponder.arena.TournamentConfig.roundRobin(
        java.util.List.of("tic_tac_toe"), java.util.List.of("random", "first"), 0))
        .hasMessage("seeds per pairing must be at least 1, got 0");
  }

  /**
   * Finite α up to 1e100 is solved (at 1e307 the product α·Δ·(m−1) overflowed and the chain was
   * reported reducible, after an arena had played its matches); beyond it is refused, as is a
   * population over a million. With a strictly dominant strategy all mass sits on it.
   */
  @Test
  void theLargestFiniteAlphaIsSolvedAndLargerIsRefused() {
    double[][] dominant = {{0, 0.5, 1}, {-0.5, 0, 0.25}, {-1, -0.25, 0}};
    for (AlphaRank.Model model : AlphaRank.Model.values()) {
      for (int m : new int[] {2, 50, AlphaRank.Options.MAX_POPULATION}) {
        double[] pi = AlphaRank.singlePopulation(dominant, new AlphaRank.Options(AlphaRank.Options.MAX_FINITE_ALPHA, m, model));
        assertThat(pi[0]).as(model + " m=" + m).isCloseTo(1.0, within(1e-12));
        assertThat(pi[1] + pi[2]).as(model + " m=" + m).isLessThan(1e-12);
      }
    }
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> new AlphaRank.Options(1e101, 50, AlphaRank.Model.LOCAL))
        .hasMessage("a finite alpha must be at most 1.0E100 (or infinity), got 1.0E101");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> new AlphaRank.Options(1, 1_000_001, AlphaRank.Model.LOCAL))
        .hasMessage("population size must be in 2..1000000, got 1000001");
    assertThat(new AlphaRank.Options(Double.POSITIVE_INFINITY, 50, AlphaRank.Model.LOCAL).alpha()).isInfinite();
  }

  @Test
  void rockPaperScissorsIsUniformForInfiniteAndFiniteAlpha() {
    double[] inf = AlphaRank.singlePopulation(RPS, AlphaRank.Options.infinite());
    double[] fin = AlphaRank.singlePopulation(RPS, new AlphaRank.Options(5, 50, AlphaRank.Model.LOCAL));
    double[] full = AlphaRank.singlePopulation(RPS, new AlphaRank.Options(0.5, 20, AlphaRank.Model.FULL));
    for (double[] pi : new double[][] {inf, fin, full}) {
      assertThat(pi).containsExactly(new double[] {1 / 3.0, 1 / 3.0, 1 / 3.0}, within(1e-9));
    }
  }

  @Test
  void dominantStrategyTakesAllTheMass() {
    // strategy 2 beats everyone; 1 beats 0
    double[][] m = {{0, -1, -1}, {1, 0, -1}, {1, 1, 0}};
    double[] pi = AlphaRank.singlePopulation(m, AlphaRank.Options.infinite());
    assertThat(pi[2]).isCloseTo(1.0, within(1e-6));
    double[] fin = AlphaRank.singlePopulation(m, new AlphaRank.Options(100, 50, AlphaRank.Model.LOCAL));
    assertThat(fin[2]).isCloseTo(1.0, within(1e-6));
  }

  @Test
  void hanEtAl2013ExampleMatchesOpenSpielsPublishedStationaryDistribution() {
    // OpenSpiel open_spiel/python/egt/alpharank_test.py, test_stationary_distribution: payoffs from
    // Han et al. 2013 (R=1, T=2, P=0, S=-1, delta=4, eps=0.25), m=20, alpha=0.1, non-local
    // selection model; expected pi = [0.40966787, 0.07959841, 0.20506998, 0.08505983, 0.2206039].
    double r = 1;
    double t = 2;
    double p = 0;
    double s = -1;
    double delta = 4;
    double eps = 0.25;
    double[][] m = {
        {r - eps / 2, r - eps, 0, s + delta - eps, r - eps},
        {r, r, s, s, s},
        {0, t, p, p, p},
        {t - delta, t, p, p, p},
        {r, t, p, p, p}};
    double[] pi = AlphaRank.singlePopulation(m, new AlphaRank.Options(0.1, 20, AlphaRank.Model.FULL));
    assertThat(pi).containsExactly(new double[] {0.40966787, 0.07959841, 0.20506998, 0.08505983, 0.2206039}, within(1e-4));
  }

  @Test
  void multiPopulationOnASymmetricGameAgreesWithItsStructure() {
    // Two populations playing RPS (payoff to population 0 = RPS[s0][s1], to population 1 =
    // RPS[s1][s0]): by symmetry each strategy's marginal mass is 1/3.
    double[][] pay = new double[9][2];
    for (int a = 0; a < 3; a++) {
      for (int b = 0; b < 3; b++) {
        pay[a * 3 + b][0] = RPS[a][b];
        pay[a * 3 + b][1] = RPS[b][a];
      }
    }
    double[] pi = AlphaRank.multiPopulation(new int[] {3, 3}, pay, AlphaRank.Options.infinite());
    double[] mass = AlphaRank.marginalMass(pi, 3, 2);
    assertThat(mass).containsExactly(new double[] {1 / 3.0, 1 / 3.0, 1 / 3.0}, within(1e-9));
    // A dominance game: strategy 1 strictly better for both populations -> all mass on (1, 1).
    double[][] dom = {{0, 0}, {-1, 1}, {1, -1}, {0, 0}};
    double[] pd = AlphaRank.multiPopulation(new int[] {2, 2}, dom, AlphaRank.Options.infinite());
    assertThat(pd[3]).isCloseTo(1.0, within(1e-6));
  }

  @Test
  void fixationIsNeutralAtZeroAndStableForLargeArguments() {
    assertThat(AlphaRank.fixation(0, 50)).isEqualTo(1 / 50.0);
    // (1 - e^-u)/(1 - e^-mu) with u = 0.1, m = 5 computed by hand: 0.0951626 / 0.3934693 = 0.2418552
    assertThat(AlphaRank.fixation(0.1, 5)).isCloseTo(0.2418552, within(1e-6));
    assertThat(AlphaRank.fixation(1e4, 50)).isCloseTo(1.0, within(1e-12));
    // e^{−490000}: below every double (the chain keeps its logarithm, AlphaRankLargeAlphaTest)
    assertThat(AlphaRank.fixation(-1e4, 50)).isZero();
  }

  @Test
  void gthMatchesATwoStateChainByHand() {
    // P = [[1-a, a], [b, 1-b]] -> pi = (b, a) / (a + b)
    double[] pi = Markov.stationary(new double[][] {{0.7, 0.3}, {0.1, 0.9}});
    assertThat(pi).containsExactly(new double[] {0.25, 0.75}, within(1e-12));
  }
}
