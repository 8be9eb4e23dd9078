package dev.ponder.rating;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link Markov#stationary}: the blocked elimination gives, bit for bit, the pivot-at-a-time result. */
class MarkovBlockTest {
  /** Grassmann–Taksar–Heyman elimination one pivot at a time over all rows (the textbook order). */
  private static double[] pivotAtATime(double[][] c) {
    int n = c.length;
    double[][] a = new double[n][];
    for (int i = 0; i < n; i++) {
      a[i] = c[i].clone();
    }
    for (int k = n - 1; k >= 1; k--) {
      double s = 0;
      for (int j = 0; j < k; j++) {
        s += a[k][j];
      }
      for (int i = 0; i < k; i++) {
        a[i][k] /= s;
      }
      for (int i = 0; i < k; i++) {
        double f = a[i][k];
        if (f == 0) {
          continue;
        }
        for (int j = 0; j < k; j++) {
          a[i][j] += f * a[k][j];
        }
      }
    }
    double[] pi = new double[n];
    pi[0] = 1;
    double total = 1;
    for (int j = 1; j < n; j++) {
      double v = 0;
      for (int i = 0; i < j; i++) {
        v += pi[i] * a[i][j];
      }
      pi[j] = v;
      total += v;
    }
    for (int j = 0; j < n; j++) {
      pi[j] /= total;
    }
    return pi;
  }

  /** A chain with transition probabilities over many orders of magnitude and some zeros. */
  private static double[][] randomChain(SplittableRandom rng, int n, double zeros) {
    double[][] c = new double[n][n];
    for (int i = 0; i < n; i++) {
      double row = 0;
      for (int j = 0; j < n; j++) {
        if (j != i && (rng.nextDouble() >= zeros || j == (i + 1) % n)) {
          c[i][j] = Math.pow(10, -rng.nextInt(12)) * rng.nextDouble() / n;
          row += c[i][j];
        }
      }
      c[i][i] = 1 - row;
    }
    return c;
  }

  @Test
  void blockedEliminationIsBitForBitThePivotAtATimeOne() {
    SplittableRandom rng = new SplittableRandom(17);
    for (int n : new int[] {1, 2, 3, Markov.BLOCK, Markov.BLOCK + 1, 2 * Markov.BLOCK + 5, 100, 217}) {
      for (double zeros : new double[] {0, 0.5, 0.95}) {
        double[][] c = randomChain(rng, n, zeros);
        double[] expected = pivotAtATime(c);
        assertThat(Markov.stationary(c)).as("n=%d zeros=%s", n, zeros).containsExactly(expected);
      }
    }
  }

  @Test
  void aMultiPopulationChainToo() {
    // 3 populations of 6 strategies: 216 profiles, each moving to the 15 that differ in one place
    SplittableRandom rng = new SplittableRandom(5);
    double[][] pay = new double[216][3];
    for (double[] row : pay) {
      for (int p = 0; p < 3; p++) {
        row[p] = rng.nextInt(5);
      }
    }
    int[] ks = {6, 6, 6};
    // the α → ∞ sweep and finite α both go through Markov.stationary; compare with a chain built here
    double[][] c = new double[216][216];
    for (int s = 0; s < 216; s++) {
      double row = 0;
      for (int p = 0; p < 3; p++) {
        int stride = p == 0 ? 36 : p == 1 ? 6 : 1;
        int cur = s / stride % 6;
        for (int alt = 0; alt < 6; alt++) {
          if (alt != cur) {
            int r = s + (alt - cur) * stride;
            double gain = pay[r][p] - pay[s][p];
            c[s][r] = (gain > 0 ? 1 - 1e-7 : gain < 0 ? 1e-7 : 0.5) / 15;
            row += c[s][r];
          }
        }
      }
      c[s][s] = 1 - row;
    }
    assertThat(Markov.stationary(c)).containsExactly(pivotAtATime(c));
    assertThat(AlphaRank.multiPopulation(ks, pay, AlphaRank.Options.infinite())).hasSize(216);
  }

  @Test
  void aReducibleChainIsStillRefusedWithTheState() {
    double[][] c = new double[40][40];
    for (int i = 0; i < 40; i++) {
      c[i][i] = 1; // nobody moves
    }
    assertThatThrownBy(() -> Markov.stationary(c)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("reducible Markov chain: state 39 has no path to lower states");
  }
}
