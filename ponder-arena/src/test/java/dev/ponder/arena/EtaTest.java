package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/** {@link Eta} on synthetic counts whose true time left is known in closed form. */
class EtaTest {

  /**
   * Feeds the count done(t) (sampled every 0.1 s, floored to whole units) and checks, from
   * {@code from} seconds on, the ratio of the estimate to the true time left.
   *
   * @return {min, max} of estimate / truth over the checked times
   */
  private static double[] ratios(DoubleUnaryOperator done, long total, double end, double from) {
    Eta eta = new Eta(0, 0);
    double lo = Double.POSITIVE_INFINITY;
    double hi = 0;
    for (int i = 1; i * 0.1 < end - 1; i++) {
      double t = i * 0.1;
      eta.record((long) Math.floor(done.applyAsDouble(t)), t);
      if (t >= from && i % 10 == 0) {
        double r = eta.secondsLeft(total, t) / (end - t);
        lo = Math.min(lo, r);
        hi = Math.max(hi, r);
      }
    }
    return new double[] {lo, hi};
  }

  /** The whole-run estimate the lines used before: units left / (done / elapsed). */
  private static double wholeRunRatio(DoubleUnaryOperator done, long total, double end, double t) {
    double d = Math.floor(done.applyAsDouble(t));
    return (total - d) / (d / t) / (end - t);
  }

  @Test
  void aSteadyRateGivesTheExactTimeLeft() {
    // 5 units per second, 2,000 units: 400 s
    double[] r = ratios(t -> 5 * t, 2000, 400, 10);
    // within the counting grain: at 10 s a window of 2.5 s holds 12 or 13 whole units
    assertThat(r[0]).isCloseTo(1, within(0.05));
    assertThat(r[1]).isCloseTo(1, within(0.05));
  }

  @Test
  void aLinearlyRisingRateIsForecastWithinTenPercent() {
    // rate 0.6 + 0.06 t units/s (as a bootstrap whose memo starts to pay off): done(t) = 0.6 t +
    // 0.03 t², 2,000 units reached at t = (−0.6 + √(0.36 + 240)) / 0.06 = 248.4 s
    double end = (-0.6 + Math.sqrt(0.36 + 4 * 0.03 * 2000)) / (2 * 0.03);
    DoubleUnaryOperator done = t -> 0.6 * t + 0.03 * t * t;
    double[] r = ratios(done, 2000, end, 0.2 * end);
    assertThat(r[0]).isGreaterThan(0.9);
    assertThat(r[1]).isLessThan(1.1);
    // the whole-run average overstates it more than twice at a fifth of the run (the reported fault)
    assertThat(wholeRunRatio(done, 2000, end, 0.2 * end)).isGreaterThan(2);
  }

  @Test
  void aRateThatRisesThenLevelsOffStaysWithinTwiceTheTruth() {
    // rate rises linearly from 1 to 11 units/s over the first 100 s, then stays at 11: done(t) =
    // t + 0.05 t² up to 100 s (600 units), then 600 + 11 (t − 100); 3,000 units at t = 318.2 s
    DoubleUnaryOperator done = t -> t <= 100 ? t + 0.05 * t * t : 600 + 11 * (t - 100);
    double end = 100 + 2400 / 11.0;
    double[] r = ratios(done, 3000, end, 40);
    assertThat(r[0]).isGreaterThan(0.5);
    assertThat(r[1]).isLessThan(2);
    assertThat(wholeRunRatio(done, 3000, end, 40)).isGreaterThan(2);
  }

  @Test
  void aSingleStepUpInRateIsANewSteadyRateNotAnAcceleration() {
    // 100 units/s for 8 s, then 115 units/s (a run of cheaper matches): 10,000 units at
    // t = 8 + 9,200 / 115 = 88 s. At 10 s the last window (2.5 s) ran about 12% faster than the
    // one before; extrapolating that as a lasting acceleration forecast about half the time left
    DoubleUnaryOperator done = t -> t <= 8 ? 100 * t : 800 + 115 * (t - 8);
    double end = 8 + 9200 / 115.0;
    Eta eta = new Eta(0, 0);
    for (int i = 1; i <= 100; i++) {
      double t = i * 0.1;
      eta.record((long) Math.floor(done.applyAsDouble(t)), t);
    }
    assertThat(eta.secondsLeft(10000, 10) / (end - 10)).isCloseTo(1, within(0.1));
  }

  @Test
  void nothingDoneYetHasNoEstimate() {
    Eta eta = new Eta(0, 0);
    eta.record(0, 3);
    assertThat(eta.secondsLeft(100, 3)).isNaN();
    assertThat(eta.rate(3)).isZero();
  }

  @Test
  void noEstimateBeforeAFullWindow() {
    // 30 units in the first second, as a bootstrap's first line: no ETA until 2 s have elapsed
    Eta eta = new Eta(0, 0);
    eta.record(30, 1);
    assertThat(eta.secondsLeft(2000, 1)).isNaN();
    assertThat(eta.rate(1)).isCloseTo(30, within(1e-9));
    eta.record(90, 2);
    assertThat(eta.secondsLeft(2000, 2)).isCloseTo(1910 / 45.0, within(1e-9));
  }

  @Test
  void unitsDoneBeforeTheStartDoNotCountAsThisRunsSpeed() {
    // 900 of 1,000 stored before; 1 unit per second since: 100 s left, not 100 × 3 s / 903
    Eta eta = new Eta(900, 0);
    for (int t = 1; t <= 3; t++) {
      eta.record(900 + t, t);
    }
    assertThat(eta.secondsLeft(1000, 3)).isCloseTo(97, within(1e-9));
  }
}
