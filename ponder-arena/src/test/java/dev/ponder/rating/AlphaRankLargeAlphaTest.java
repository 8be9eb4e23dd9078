package dev.ponder.rating;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

import org.junit.jupiter.api.Test;

/**
 * α-Rank at large finite α, where a losing mutant's fixation probability (about e^{−(m−1)αΔ})
 * is far below the smallest double. The expected masses were computed independently with mpmath
 * at 60 digits from the formulas (Fermi fixation, the chain C[s][r] = η ρ), solving each chain
 * twice — GTH without subtraction, and LU on the generator at 2,500–3,000 digits — the two
 * agreeing to 10⁻⁶⁰.
 */
class AlphaRankLargeAlphaTest {
  /**
   * Mean score matrix of a stored tic_tac_toe tournament (random, uct, puct, m_seed, bifv at 100
   * simulations, 4 seeds): random is state 0 and loses to everyone.
   */
  private static final double[][] TTT = {
      {0, -0.625, -0.875, -1, -1},
      {0.625, 0, 0.125, 0, -0.25},
      {0.875, -0.125, 0, 0, -0.375},
      {1, 0, 0, 0, 0},
      {1, 0.25, 0.375, 0, 0}};

  private static AlphaRank.Options local(double alpha) {
    return new AlphaRank.Options(alpha, 50, AlphaRank.Model.LOCAL);
  }

  @Test
  void singlePopulationKeepsItsMassesAtAnyAlpha() {
    // α = 15: random's mass is 1.79e-402, below every double
    assertThat(AlphaRank.singlePopulation(TTT, local(15))).containsExactly(new double[] {0,
        0.0073034925017288023893, 0.0025044212466072798578, 0.25, 0.74019208625166391775}, within(1e-12));
    assertThat(AlphaRank.singlePopulation(TTT, local(100))).containsExactly(new double[] {0,
        0.0073286740438579578622, 0.0024752475247694931182, 0.25, 0.74019607843137254902}, within(1e-12));
    // logarithms near −2.6·10⁵ carry an absolute error near 3·10⁻¹¹
    assertThat(AlphaRank.singlePopulation(TTT, local(1e4))).containsExactly(new double[] {0,
        0.0073286740438749757329, 0.0024752475247524752475, 0.25, 0.74019607843137254902}, within(1e-9));
  }

  @Test
  void twoPopulationsOnTheSymmetricTableToo() {
    double[][] pay = new double[25][2];
    for (int a = 0; a < 5; a++) {
      for (int b = 0; b < 5; b++) {
        pay[a * 5 + b][0] = TTT[a][b];
        pay[a * 5 + b][1] = TTT[b][a];
      }
    }
    double[] pi = AlphaRank.multiPopulation(new int[] {5, 5}, pay, local(100));
    assertThat(AlphaRank.marginalMass(pi, 5, 2)).containsExactly(new double[] {0, 0.011684524327768308147,
        0.004639560737267377647, 0.28939892294499999885, 0.69427699198996431536}, within(1e-12));
    pi = AlphaRank.multiPopulation(new int[] {5, 5}, pay, local(1e4));
    assertThat(AlphaRank.marginalMass(pi, 5, 2)).containsExactly(new double[] {0, 0.011684532532658487423,
        0.0046395526594482697081, 0.2893989200046438352, 0.69427699480324940767}, within(1e-9));
  }

  @Test
  void threePopulationsWithADeepLoserAsProfileZero() {
    // each player's payoff: the sum of R against the other two; strategy 0 loses to every other,
    // 1, 2, 3 form a cycle
    double[][] r = {{0, -1, -1, -1}, {1, 0, 0.5, -0.25}, {1, -0.5, 0, 0.75}, {1, 0.25, -0.75, 0}};
    double[][] pay = new double[64][3];
    for (int s = 0; s < 64; s++) {
      int[] prof = {s / 16, s / 4 % 4, s % 4};
      for (int p = 0; p < 3; p++) {
        for (int q = 0; q < 3; q++) {
          if (q != p) {
            pay[s][p] += r[prof[p]][prof[q]];
          }
        }
      }
    }
    int[] ks = {4, 4, 4};
    double[] mass = AlphaRank.marginalMass(AlphaRank.multiPopulation(ks, pay, local(15)), 4, 3);
    assertThat(mass[0]).isCloseTo(3.4990453150731678201e-162, withinPercentage(1e-7));
    assertThat(mass).containsExactly(new double[] {3.4990453150731678201e-162, 0.3949628458588729103,
        0.34469466225273732637, 0.26034249188838976332}, within(1e-12));
    mass = AlphaRank.marginalMass(AlphaRank.multiPopulation(ks, pay, local(100)), 4, 3);
    assertThat(mass).containsExactly(new double[] {0, 0.39491314019725083259, 0.3447517648420321722,
        0.2603350949607169952}, within(1e-11));
  }

  @Test
  void theFullModelKeepsMassesFarBelowTheClampedFixation() {
    // general-sum, diagonal read by the full model; at α = 50 states 0–2 hold about 10⁻⁹⁹, which
    // rests on fixation probabilities near e^{−1000}
    double[][] m = {{0.5, -0.25, 1, 0}, {0.75, 0, -0.5, 0.25}, {-1, 1, 0.25, 0.5}, {0.5, -0.25, -0.5, 1}};
    double[] pi = AlphaRank.singlePopulation(m, new AlphaRank.Options(50, 50, AlphaRank.Model.FULL));
    assertThat(pi[0]).isCloseTo(9.0525011570473133769e-100, withinPercentage(1e-7));
    assertThat(pi[1]).isCloseTo(9.052485463564386331e-100, withinPercentage(1e-7));
    assertThat(pi[2]).isCloseTo(1.4252927286220760357e-99, withinPercentage(1e-7));
    assertThat(pi[3]).isCloseTo(1.0, within(1e-15));
    pi = AlphaRank.singlePopulation(m, new AlphaRank.Options(1, 50, AlphaRank.Model.FULL));
    assertThat(pi).containsExactly(new double[] {0.0059313606709186323885, 0.0021423632484554029035,
        0.003708541746051992098, 0.98821773433457397261}, within(1e-13));
  }

  @Test
  void logFixationIsFiniteWhereTheFixationUnderflows() {
    assertThat(AlphaRank.fixation(-1e4, 50)).isZero();
    // −(m − 1)v + log(1 − e^{−v}) − log(1 − e^{−mv}) = −490000 to double precision
    assertThat(AlphaRank.logFixation(-1e4, 50)).isEqualTo(-490000.0);
    assertThat(AlphaRank.logFixation(0, 50)).isEqualTo(-Math.log(50));
    assertThat(AlphaRank.logFixation(0.1, 5)).isCloseTo(Math.log(0.2418552), within(1e-6));
    assertThat(Math.exp(AlphaRank.logFixation(-3, 7))).isCloseTo(AlphaRank.fixation(-3, 7), withinPercentage(1e-12));
  }
}
