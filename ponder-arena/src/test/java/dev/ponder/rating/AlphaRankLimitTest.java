package dev.ponder.rating;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The α → ∞ shortcut ({@link AlphaRank#infiniteAlpha}: the exact ε → 0 limit on the single sink
 * component of the strong response graph) against the ε sweep over the whole chain, and against
 * hand-computed limits.
 */
class AlphaRankLimitTest {
  private static final AlphaRank.Options INF = AlphaRank.Options.infinite();

  /** The whole-chain ε sweep of a single-population game (the method before the shortcut). */
  private static double[] singleSweep(double[][] m) {
    int k = m.length;
    return AlphaRank.sweep(eps -> {
      double[][] c = new double[k][k];
      for (int s = 0; s < k; s++) {
        double row = 0;
        for (int r = 0; r < k; r++) {
          if (r != s) {
            double g = m[r][s] - m[s][r];
            c[s][r] = (g > 1e-12 ? 1 - eps : g < -1e-12 ? eps : 0.5) / (k - 1);
            row += c[s][r];
          }
        }
        c[s][s] = 1 - row;
      }
      return c;
    });
  }

  /** The whole-chain ε sweep of a multi-population game with K strategies in each population. */
  private static double[] multiSweep(int k, int pops, double[][] pay) {
    int n = pay.length;
    int dev = pops * (k - 1);
    return AlphaRank.sweep(eps -> {
      double[][] c = new double[n][n];
      for (int s = 0; s < n; s++) {
        double row = 0;
        int stride = 1;
        for (int p = pops - 1; p >= 0; p--) {
          int cur = (s / stride) % k;
          for (int alt = 0; alt < k; alt++) {
            if (alt != cur) {
              int r = s + (alt - cur) * stride;
              double g = pay[r][p] - pay[s][p];
              c[s][r] = (g > 1e-12 ? 1 - eps : g < -1e-12 ? eps : 0.5) / dev;
              row += c[s][r];
            }
          }
          stride *= k;
        }
        c[s][s] = 1 - row;
      }
      return c;
    });
  }

  @Test
  void aCycleAboveALoserGetsEqualMassAndTheLoserNone() {
    // 0 beats 1 beats 2 beats 0 (rock-paper-scissors), and all three beat 3: the sink component
    // is the cycle, whose ε = 0 chain moves each state to the next with probability 1/3
    double[][] m = {{0, 1, -1, 1}, {-1, 0, 1, 1}, {1, -1, 0, 1}, {-1, -1, -1, 0}};
    assertThat(AlphaRank.singleSink(AlphaRank.singleGains(m))).containsExactly(0, 1, 2);
    assertThat(AlphaRank.singlePopulation(m, INF)).containsExactly(new double[] {1 / 3.0, 1 / 3.0, 1 / 3.0, 0}, within(1e-15));
  }

  @Test
  void tiedStrategiesShareTheirSinkByTheTieEdges() {
    // 0 and 1 tie each other and both beat 2: the sink {0, 1} moves 0 ↔ 1 with probability
    // (1/2)·(1/2) each way, so the limit is (1/2, 1/2, 0)
    double[][] m = {{0, 0, 1}, {0, 0, 1}, {-1, -1, 0}};
    assertThat(AlphaRank.singlePopulation(m, INF)).containsExactly(new double[] {0.5, 0.5, 0}, within(1e-15));
  }

  @Test
  void twoSinksFallBackToTheSweep() {
    // a two-population coordination game: (0, 0) and (1, 1) are both strict equilibria, two sinks.
    // By hand (η = 1/2): each sink leaves at ε/2 to each of (0, 1) and (1, 0), which go on to
    // either sink at (1 − ε)/2: π(0,0) = π(1,1) = x, π(0,1) = π(1,0) = xε/(1 − ε), so the limit
    // ε → 0 is (1/2, 0, 0, 1/2); the payoffs' sizes (2 against 1) do not enter at α → ∞
    double[][] pay = {{2, 2}, {0, 0}, {0, 0}, {1, 1}};
    assertThat(AlphaRank.singleSink(AlphaRank.multiGains(new int[] {2, 2}, pay))).isNull();
    assertThat(AlphaRank.multiPopulation(new int[] {2, 2}, pay, INF)).containsExactly(new double[] {0.5, 0, 0, 0.5},
        within(1e-9));
  }

  @Test
  void withTwoSinksALargeFiniteAlphaIsNotTheInfiniteAlphaSplit() {
    // no payoff ties, two sinks (0, 0) and (1, 1): α → ∞ splits the mass 1/2, 1/2 (the ε-paths
    // count alike), while already α = 1 (m = 50) leaves (1, 1), the sink that is easier to leave,
    // almost nothing. Expected masses: the same chain solved independently with mpmath (80 digits)
    double[][] pay = {{3, 3}, {0, 0}, {0, 0}, {1, 1}};
    assertThat(AlphaRank.multiPopulation(new int[] {2, 2}, pay, INF)).containsExactly(new double[] {0.5, 0, 0, 0.5},
        within(1e-9));
    double[] finite = AlphaRank.multiPopulation(new int[] {2, 2}, pay, new AlphaRank.Options(1, 50, AlphaRank.Model.LOCAL));
    assertThat(finite[0]).isCloseTo(1, within(1e-15));
    assertThat(finite[1]).isCloseTo(1.44116e-64, within(1e-69));
    assertThat(finite[2]).isCloseTo(1.44116e-64, within(1e-69));
    assertThat(finite[3]).isCloseTo(2.74879e-43, within(1e-48));
  }

  /** The limit below: 10/37, 0, 0, 0, 14/37, 0, 0, 0, 13/37. */
  private static final double[] EXPECTED_3X3 = {10 / 37.0, 0, 0, 0, 14 / 37.0, 0, 0, 0, 13 / 37.0};

  @Test
  void threeSinksSplitByTheirEscapePaths() {
    // a 3 × 3 two-population game whose strict equilibria (0, 0), (1, 1), (2, 2) are three sinks
    // of unequal basins: the limit (ε → 0) computed independently with mpmath at ε = 10⁻⁴⁰
    // (60 digits; the O(ε) terms are far below the tolerance): 0.27027027…, 0.37837837…,
    // 0.35135135…
    double[][] pay = {{3, 3}, {0, 1}, {0, 0}, {1, 0}, {2, 2}, {0, 1}, {0, 0}, {1, 0}, {1, 1}};
    assertThat(AlphaRank.singleSink(AlphaRank.multiGains(new int[] {3, 3}, pay))).isNull();
    assertThat(AlphaRank.multiPopulation(new int[] {3, 3}, pay, INF)).containsExactly(EXPECTED_3X3, within(1e-8));
  }

  @Test
  void randomSinglePopulationGamesAgreeWithTheSweep() {
    SplittableRandom rng = new SplittableRandom(11);
    int shortcut = 0;
    for (int t = 0; t < 300; t++) {
      int k = 2 + rng.nextInt(9);
      double[][] m = new double[k][k];
      for (int a = 0; a < k; a++) {
        for (int b = a + 1; b < k; b++) {
          // a third of the pairs tie, as drawn games and equal bootstrap means do
          double x = rng.nextInt(3) == 0 ? 0 : rng.nextDouble(-1, 1);
          m[a][b] = x;
          m[b][a] = -x;
        }
      }
      shortcut += AlphaRank.singleSink(AlphaRank.singleGains(m)) != null ? 1 : 0;
      assertThat(AlphaRank.singlePopulation(m, INF)).containsExactly(singleSweep(m), within(1e-8));
    }
    assertThat(shortcut).isGreaterThan(100);
  }

  @Test
  void randomThreePopulationGamesAgreeWithTheSweep() {
    SplittableRandom rng = new SplittableRandom(12);
    int shortcut = 0;
    for (int t = 0; t < 40; t++) {
      int k = 2 + rng.nextInt(4);
      int n = k * k * k;
      double[][] pay = new double[n][3];
      for (double[] row : pay) {
        for (int p = 0; p < 3; p++) {
          row[p] = rng.nextInt(4) == 0 ? 0 : rng.nextInt(5) - 2;
        }
      }
      shortcut += AlphaRank.singleSink(AlphaRank.multiGains(new int[] {k, k, k}, pay)) != null ? 1 : 0;
      assertThat(AlphaRank.multiPopulation(new int[] {k, k, k}, pay, INF)).containsExactly(multiSweep(k, 3, pay),
          within(1e-8));
    }
    assertThat(shortcut).isGreaterThan(5);
  }
}
