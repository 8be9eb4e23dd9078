package dev.ponder.rating;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class IntervalsTest {

  @Test
  void wilsonMatchesNewcombe1998TableI() {
    // Newcombe (1998), Statistics in Medicine 17:857-872, Table I, method 3 (score interval).
    check(81, 263, 0.2553, 0.3662);
    check(15, 148, 0.0624, 0.1605);
    check(0, 20, 0.0, 0.1611);
    check(1, 29, 0.0061, 0.1718);
  }

  private static void check(int x, int n, double lo, double hi) {
    Intervals.Interval w = Intervals.wilson(x, n, 0.95);
    assertThat(w.low()).isCloseTo(lo, within(6e-5));
    assertThat(w.high()).isCloseTo(hi, within(6e-5));
  }

  @Test
  void normalQuantile() {
    assertThat(Intervals.z(0.95)).isCloseTo(1.959964, within(1e-6));
  }

  @Test
  void bootstrapIntervalsCoverTheTrueMeanAtRoughlyTheNominalRate() {
    // 400 simulated experiments of 40 win/draw/loss outcomes (+1 w.p. 0.45, 0 w.p. 0.2, -1 w.p.
    // 0.35; true mean 0.10), 2,000 resamples each. Percentile bootstrap with n = 40 undercovers
    // slightly; expected coverage ~0.93-0.95. With 400 trials the standard error is ~0.011.
    SplittableRandom rng = new SplittableRandom(11);
    int trials = 400;
    int covered = 0;
    for (int t = 0; t < trials; t++) {
      double[] x = new double[40];
      for (int i = 0; i < x.length; i++) {
        double u = rng.nextDouble();
        x[i] = u < 0.45 ? 1 : u < 0.65 ? 0 : -1;
      }
      Intervals.Interval ci = Intervals.bootstrapMean(x, 2000, 0.95, rng.nextLong());
      if (ci.low() <= 0.10 && 0.10 <= ci.high()) {
        covered++;
      }
    }
    double rate = (double) covered / trials;
    assertThat(rate).isBetween(0.90, 0.98);
  }

  @Test
  void interquartileMean() {
    // 8 values: middle half = sorted[2..5] = 3,4,5,6 -> 4.5; outliers ignored
    assertThat(Intervals.iqm(new double[] {100, 1, 2, 3, 4, 5, 6, -50})).isCloseTo(3.5, within(1e-12));
    // n = 6: quartile boundaries at 1.5 and 4.5 -> 0.5*x[1] + x[2] + x[3] + 0.5*x[4] over 3
    assertThat(Intervals.iqm(new double[] {1, 2, 3, 4, 5, 6})).isCloseTo((0.5 * 2 + 3 + 4 + 0.5 * 5) / 3, within(1e-12));
    assertThat(Intervals.iqm(new double[] {Double.NaN, 2})).isEqualTo(2);
  }

  @Test
  void eloOfTwoPlayersIsTheLogOddsOfTheSmoothedScore() {
    // Bradley-Terry with two players: gamma0/gamma1 = W01/W10 = 3.01/1.01.
    double[] r = Elo.fit(new double[][] {{0, 3}, {1, 0}});
    assertThat(r[1]).isEqualTo(0);
    assertThat(r[0]).isCloseTo(400 * Math.log10(3.01 / 1.01), within(1e-6));
  }
}
