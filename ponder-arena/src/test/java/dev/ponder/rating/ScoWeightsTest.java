package dev.ponder.rating;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link Sco#fit(double[][], double, Sco.Options)}: the fit of the ballots, bit for bit. */
class ScoWeightsTest {
  /**
   * The fit as ALGORITHMS.md §8.2 states it: every ordered pair of every ballot, each step, the
   * gradient averaged over the votes (a ballot of weight w counting as w of them).
   */
  private static double[] direct(int k, List<Sco.Ballot> ballots, Sco.Options o) {
    double[] r = new double[k];
    java.util.Arrays.fill(r, (o.upper() - o.lower()) / 2 + o.lower());
    double[][] w = new double[k][k];
    double votes = 0;
    for (Sco.Ballot b : ballots) {
      votes += b.weight();
      for (int i = 0; i < k; i++) {
        for (int j = 0; j < k; j++) {
          if (!Double.isNaN(b.scores()[i]) && !Double.isNaN(b.scores()[j]) && b.scores()[i] > b.scores()[j]) {
            w[i][j] += b.weight();
          }
        }
      }
    }
    double[] grad = new double[k];
    for (int it = 0; it < o.iterations(); it++) {
      java.util.Arrays.fill(grad, 0);
      for (int a = 0; a < k; a++) {
        for (int b = 0; b < k; b++) {
          if (w[a][b] != 0) {
            double s = 1 / (1 + Math.exp(-((r[b] - r[a]) / o.temperature())));
            double g = w[a][b] * s * (1 - s) / o.temperature();
            grad[a] -= g;
            grad[b] += g;
          }
        }
      }
      for (int a = 0; a < k; a++) {
        r[a] = Math.min(o.upper(), Math.max(o.lower(), r[a] - o.learningRate() * grad[a] / votes));
      }
    }
    return r;
  }

  @Test
  void fitFromPairWeightsEqualsTheStepByStepFit() {
    SplittableRandom rng = new SplittableRandom(9);
    for (Sco.Options o : List.of(Sco.Options.defaults(), Sco.Options.openSpiel(), new Sco.Options(0.7, 0.3, 200, -5, 20))) {
      for (int t = 0; t < 6; t++) {
        int k = 2 + rng.nextInt(8);
        List<Sco.Ballot> ballots = new ArrayList<>();
        int n = 1 + rng.nextInt(6);
        for (int v = 0; v < n; v++) {
          double[] s = new double[k];
          for (int a = 0; a < k; a++) {
            s[a] = rng.nextInt(6) == 0 ? Double.NaN : rng.nextInt(4); // ties and absent agents
          }
          ballots.add(new Sco.Ballot(s, 0.5 + rng.nextInt(3)));
        }
        double[] expected = direct(k, ballots, o);
        assertThat(Sco.fit(k, ballots, o)).containsExactly(expected);
        double votes = ballots.stream().mapToDouble(Sco.Ballot::weight).sum();
        assertThat(Sco.fit(Sco.pairWeights(k, ballots), votes, o)).containsExactly(expected);
      }
    }
  }

  @Test
  void noBallotLeavesTheMidpoint() {
    assertThat(Sco.fit(new double[3][3], 0, Sco.Options.defaults())).containsExactly(500.0, 500.0, 500.0);
  }
}
