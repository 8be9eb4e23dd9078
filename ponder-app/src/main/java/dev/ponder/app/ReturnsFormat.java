package dev.ponder.app;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * How {@code play}, {@code replay} and {@code simulate} print returns: one number per player,
 * in the shortest form that is exact, or else rounded to six significant digits; never with
 * trailing zeros and never in exponent notation ({@code 1}, {@code -0.5}, {@code 0.333333},
 * {@code 0.0000001}).
 */
final class ReturnsFormat {
  private static final MathContext SIX = new MathContext(6, RoundingMode.HALF_EVEN);

  private ReturnsFormat() {}

  /**
   * One return: the shortest decimal that reads back as {@code v} if it has at most six
   * significant digits, otherwise {@code v} rounded to six significant digits; trailing zeros
   * dropped, no exponent. {@code -0.0} prints as {@code 0}; NaN and infinities as Java prints them.
   */
  static String format(double v) {
    return plain(v, true);
  }

  /** Every player's return, {@link #format(double) formatted}, separated by single spaces. */
  static String format(double[] returns) {
    return join(returns, true);
  }

  /**
   * Every player's return as the shortest decimal that reads back as exactly that double (no
   * rounding, no exponent; {@code -0.0} as {@code 0}), separated by single spaces: what a record's
   * {@code returns:} line holds ({@link ReplayCommand#returnsLine}).
   */
  static String exact(double[] returns) {
    return join(returns, false);
  }

  private static String join(double[] returns, boolean round) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < returns.length; i++) {
      sb.append(i > 0 ? " " : "").append(plain(returns[i], round));
    }
    return sb.toString();
  }

  private static String plain(double v, boolean round) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      return Double.toString(v);
    }
    if (v == 0) {
      return "0";
    }
    // BigDecimal.valueOf uses the shortest decimal that reads back as v (Double.toString)
    BigDecimal d = BigDecimal.valueOf(v);
    if (round && d.precision() > 6) {
      d = d.round(SIX);
    }
    return d.stripTrailingZeros().toPlainString();
  }
}
