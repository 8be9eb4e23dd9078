package dev.ponder.rating;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link Markov#stationaryLog}, and {@link Markov#stationary} on probabilities below 2⁻⁹⁰⁰. */
class MarkovLogTest {
  private static final double NONE = Double.NEGATIVE_INFINITY;

  @Test
  void twoStatesWithProbabilitiesBelowEveryDouble() {
    // π0 c01 = π1 c10 with c01 = e^{−2000}, c10 = e^{−2001}: π = (1, e) / (1 + e)
    double[][] logC = {{NONE, -2000}, {-2001, NONE}};
    double e = Math.E;
    assertThat(Markov.stationaryLog(logC)).containsExactly(new double[] {1 / (1 + e), e / (1 + e)}, within(1e-15));
  }

  @Test
  void aHeavyStateAfterALightStateZeroDoesNotOverflow() {
    // a three-state cycle 0 → 1 → 2 → 0 with rates a, b, c: π ∝ (1/a, 1/b, 1/c). State 0 leaves at
    // e^{−10} (light), 1 at e^{−1500}, 2 at e^{−1501}: π ∝ (e^{10}, e^{1500}, e^{1501}), so π0 ≈ 0
    double[][] logC = {{NONE, -10, NONE}, {NONE, NONE, -1500}, {-1501, NONE, NONE}};
    double e = Math.E;
    double[] pi = Markov.stationaryLog(logC);
    assertThat(pi).containsExactly(new double[] {0, 1 / (1 + e), e / (1 + e)}, within(1e-15));
  }

  @Test
  void doublesBelowTwoToTheMinus900AreSolvedInLogarithms() {
    // the same cycle in doubles with rates 1e-280, 1e-280, 1e-300: π ∝ (1e280, 1e280, 1e300)
    double[][] c = {{1 - 1e-280, 1e-280, 0}, {0, 1 - 1e-280, 1e-280}, {1e-300, 0, 1 - 1e-300}};
    double z = 2e280 + 1e300;
    double[] pi = Markov.stationary(c);
    assertThat(pi[2]).isCloseTo(1e300 / z, within(1e-15));
    assertThat(pi[0]).isCloseTo(1e280 / z, withinPercentage(1e-10));
    assertThat(pi[1]).isCloseTo(1e280 / z, withinPercentage(1e-10));
  }

  @Test
  void logAndDoubleAgreeOnOrdinaryChains() {
    SplittableRandom rng = new SplittableRandom(3);
    for (int n : new int[] {2, 5, 40}) {
      double[][] c = new double[n][n];
      double[][] logC = new double[n][n];
      for (int i = 0; i < n; i++) {
        double row = 0;
        for (int j = 0; j < n; j++) {
          if (j != i && (rng.nextInt(3) > 0 || j == (i + 1) % n)) {
            c[i][j] = Math.pow(10, -rng.nextInt(12)) * rng.nextDouble(0.1, 1) / n;
            row += c[i][j];
          }
          logC[i][j] = j == i ? NONE : Math.log(c[i][j]);
        }
        c[i][i] = 1 - row;
      }
      double[] d = Markov.stationary(c);
      double[] l = Markov.logGth(logC);
      for (int i = 0; i < n; i++) {
        assertThat(l[i]).as("n=%d state %d", n, i).isCloseTo(d[i], withinPercentage(1e-9));
      }
    }
  }

  @Test
  void aReducibleChainIsRefusedInLogarithmsToo() {
    double[][] logC = {{NONE, -1e4, NONE}, {-1e4, NONE, NONE}, {NONE, NONE, NONE}};
    assertThatThrownBy(() -> Markov.stationaryLog(logC)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("reducible Markov chain: state 2 has no path to lower states");
  }
}
