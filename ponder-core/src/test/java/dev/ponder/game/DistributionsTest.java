package dev.ponder.game;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@link Distributions#sample}: the first index whose running sum exceeds u, k − 1 past the total. */
class DistributionsTest {
  @Test
  void theFirstIndexWhoseRunningSumExceedsU() {
    double[] p = {0.25, 0.5, 0.25};
    assertThat(Distributions.sample(p, 0, 3, 0.0)).isZero();
    assertThat(Distributions.sample(p, 0, 3, 0.2499)).isZero();
    assertThat(Distributions.sample(p, 0, 3, 0.25)).isEqualTo(1); // u < 0.25 fails: the next entry
    assertThat(Distributions.sample(p, 0, 3, 0.7499)).isEqualTo(1);
    assertThat(Distributions.sample(p, 0, 3, 0.75)).isEqualTo(2);
    assertThat(Distributions.sample(p, 0, 3, 0.9999)).isEqualTo(2);
  }

  @Test
  void aRangeInsideALargerArrayAndTheRoundingFallback() {
    double[] buf = {9, 9, 0.5, 0.5, 9};
    assertThat(Distributions.sample(buf, 2, 2, 0.4)).isZero();
    assertThat(Distributions.sample(buf, 2, 2, 0.6)).isEqualTo(1);
    // a total below u (rounding): the last index, never one past the range
    assertThat(Distributions.sample(new double[] {0.5, 0.25}, 0, 2, 0.9)).isEqualTo(1);
    assertThat(Distributions.sample(new double[] {0.0, 0.0, 1.0}, 0, 3, 0.0)).isEqualTo(2); // zero entries skipped
  }
}
