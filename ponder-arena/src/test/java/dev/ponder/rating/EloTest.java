package dev.ponder.rating;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class EloTest {
  // Reference ratings: the smoothed Bradley-Terry maximum-likelihood fit computed independently
  // (numpy, Newton's method with theta_0 fixed, final gradient below 1e-12), 400/ln 10 Elo per
  // unit of theta, shifted so the minimum is 0.

  @Test
  void aOneSidedChainIsFittedNotStoppedAtTheIterationCap() {
    // each agent wins all 400 games against the next one; Hunter's MM alone, capped at 2000
    // iterations, stops near 3098 for the top agent
    double[] r = Elo.fit(new double[][] {{0, 400, 400}, {0, 0, 400}, {0, 0, 0}});
    assertThat(r[0]).isCloseTo(3440.841369, within(1e-4));
    assertThat(r[1]).isCloseTo(1720.420684, within(1e-4));
    assertThat(r[2]).isEqualTo(0);
  }

  @Test
  void aLongerOneSidedChainIsSymmetric() {
    double[][] wins = new double[5][5];
    for (int i = 0; i < 5; i++) {
      for (int j = i + 1; j < 5; j++) {
        wins[i][j] = 1000;
      }
    }
    double[] r = Elo.fit(wins);
    double[] expected = {6895.865753, 5136.682801, 3447.932877, 1759.182953, 0};
    for (int i = 0; i < 5; i++) {
      assertThat(r[i]).as("agent %d", i).isCloseTo(expected[i], within(1e-3));
    }
    // reversing the chain maps it onto itself: the outer and inner gaps are pairwise equal
    assertThat(r[0] - r[1]).isCloseTo(r[3] - r[4], within(1e-6));
    assertThat(r[1] - r[2]).isCloseTo(r[2] - r[3], within(1e-6));
  }

  @Test
  void mixedResultsMatchTheReferenceAndZeroTheGradient() {
    double[][] wins = {{0, 10, 2, 7}, {5, 0, 9, 0}, {8, 1, 0, 4}, {3, 10, 6, 0}};
    double[] r = Elo.fit(wins);
    double[] expected = {70.984353, 0, 17.884738, 125.033009};
    for (int i = 0; i < 4; i++) {
      assertThat(r[i]).as("agent %d", i).isCloseTo(expected[i], within(1e-5));
    }
    // at the fit every agent's smoothed score equals its expected score
    for (int i = 0; i < 4; i++) {
      double gradient = 0;
      for (int j = 0; j < 4; j++) {
        if (j != i) {
          double wij = wins[i][j] + Elo.SMOOTHING;
          double wji = wins[j][i] + Elo.SMOOTHING;
          double p = 1 / (1 + Math.pow(10, (r[j] - r[i]) / 400));
          gradient += wij - (wij + wji) * p;
        }
      }
      assertThat(gradient).as("agent %d", i).isCloseTo(0, within(1e-9));
    }
  }

  @Test
  void oneAgentIsRatedZero() {
    assertThat(Elo.fit(new double[][] {{0}})).containsExactly(0.0);
  }
}
