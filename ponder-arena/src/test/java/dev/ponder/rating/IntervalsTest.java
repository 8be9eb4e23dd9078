package dev.ponder.rating;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

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
  void interquartileMean() {
    // 8 values, sorted -50, 1, 2, 3, 4, 5, 6, 100: middle half = sorted[2..5] = 2, 3, 4, 5 -> 3.5;
    // the outliers -50 and 100 are ignored
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
