package dev.ponder.game;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * {@link Distributions#sample}: the first index whose running sum exceeds u, past the total the last
 * index of positive probability;
 * {@link Distributions#sampleOutcome}: the same index, and a refusal of what is not a distribution.
 */
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
    // the fallback never lands on an entry of probability 0 (a caller may divide by it): the
    // entries sum to 1 − 2^-53 here, so u = 1 − 2^-53 is past the total
    double[] q = {0.25, Math.nextDown(0.75), 0.0};
    double u = Math.nextDown(1.0);
    assertThat(q[0] + q[1]).isLessThanOrEqualTo(u);
    assertThat(Distributions.sample(q, 0, 3, u)).isEqualTo(1);
    assertThat(Distributions.sample(new double[] {0, 0}, 0, 2, 0.5)).isEqualTo(1); // none positive: the last
  }

  @Test
  void sampleOutcomeDrawsAsSampleAndRefusesWhatIsNotADistribution() {
    dev.ponder.game.check.ConformanceKitTest.toyRace(); // registers toy_race
    State s = GameRegistry.load("toy_race").newInitialState();
    s.applyAction(0); // a chance node
    double[] p = {0.1, 0.2, 0.3, 0.4, 99};
    java.util.SplittableRandom rng = new java.util.SplittableRandom(4);
    for (int i = 0; i < 10_000; i++) {
      double u = rng.nextDouble();
      assertThat(Distributions.sampleOutcome(s, p, 4, u)).isEqualTo(Distributions.sample(p, 0, 4, u));
    }
    assertThat(Distributions.sampleOutcome(s, new double[] {0.5, 0.5}, 2, 0.9999999999999999)).isEqualTo(1);
    // the draw would land on an outcome, but the list is refused whatever u is
    assertThatThrownBy(() -> Distributions.sampleOutcome(s, new double[] {0.5, 0.4}, 2, 0.1))
        .isInstanceOf(GameContractException.class).hasMessageContaining("summing to 0.9, not 1");
    assertThatThrownBy(() -> Distributions.sampleOutcome(s, new double[] {1.2, -0.2}, 2, 0.1))
        .isInstanceOf(GameContractException.class).hasMessageContaining("the probability -0.2");
    assertThatThrownBy(() -> Distributions.sampleOutcome(s, new double[] {1}, 0, 0.1))
        .isInstanceOf(GameContractException.class).hasMessageContaining("lists no outcomes");
    // past a total rounded below u, the last outcome of positive probability
    double[] q = {0.25, Math.nextDown(0.75), 0.0};
    assertThat(Distributions.sampleOutcome(s, q, 3, Math.nextDown(1.0))).isEqualTo(1);
  }
}
