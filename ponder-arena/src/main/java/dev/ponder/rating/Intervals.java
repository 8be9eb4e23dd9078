package dev.ponder.rating;

import java.util.Arrays;
import org.hipparchus.distribution.continuous.NormalDistribution;

/** Confidence intervals: Wilson score, percentile bootstrap, interquartile mean. */
public final class Intervals {
  private Intervals() {}

  /** A two-sided interval around an estimate. */
  public record Interval(double estimate, double low, double high) {}

  /** The two-sided standard normal quantile z for confidence {@code level} (0.95 → 1.95996). */
  public static double z(double level) {
    return new NormalDistribution(0, 1).inverseCumulativeProbability(0.5 + level / 2);
  }

  /**
   * Wilson score interval (Wilson 1927) for a binomial proportion: center
   * {@code (p̂ + z²/2n)/(1 + z²/n)}, half-width {@code z/(1 + z²/n) · sqrt(p̂(1−p̂)/n + z²/4n²)}.
   *
   * @param successes 0 ≤ successes ≤ n
   * @param n trials (n = 0 gives [0, 1])
   * @param level confidence level in (0, 1)
   * @return the estimate p̂ = successes/n (NaN when n = 0) and the bounds, clipped to [0, 1]
   * @throws IllegalArgumentException if n &gt; 0 and {@code successes} is outside 0..n
   */
  public static Interval wilson(long successes, long n, double level) {
    if (n == 0) {
      return new Interval(Double.NaN, 0, 1);
    }
    if (successes < 0 || successes > n) {
      throw new IllegalArgumentException("successes " + successes + " outside 0.." + n);
    }
    double z = z(level);
    double p = (double) successes / n;
    double z2 = z * z;
    double denom = 1 + z2 / n;
    double center = (p + z2 / (2.0 * n)) / denom;
    double half = z / denom * Math.sqrt(p * (1 - p) / n + z2 / (4.0 * n * n));
    return new Interval(p, Math.max(0, center - half), Math.min(1, center + half));
  }

  /**
   * Linear-interpolation quantile of sorted data: the value at position q·(n − 1), interpolated
   * between its two neighbours.
   *
   * @param sorted the data in ascending order, at least one value
   * @param q the probability, in [0, 1] (0 the minimum, 1 the maximum)
   */
  public static double quantileSorted(double[] sorted, double q) {
    if (sorted.length == 1) {
      return sorted[0];
    }
    double pos = q * (sorted.length - 1);
    int lo = (int) Math.floor(pos);
    int hi = Math.min(sorted.length - 1, lo + 1);
    return sorted[lo] + (pos - lo) * (sorted[hi] - sorted[lo]);
  }

  /**
   * Interquartile mean: the mean of the middle half of the sorted values, with fractional
   * weights at the quartile boundaries so that exactly n/2 observations count. Agarwal et al. 2021
   * ("Deep RL at the edge of the statistical precipice") define the IQM as the mean of the middle
   * 50%, but their library (rliable, {@code scipy.stats.trim_mean(x, 0.25)}) drops ⌊n/4⌋ whole
   * values at each end instead; the two agree when n is a multiple of 4 and differ otherwise
   * (0, 1, 2, 4, 10: 2.3 here, 7/3 there). NaN values are ignored.
   */
  public static double iqm(double[] values) {
    double[] v = Arrays.stream(values).filter(x -> !Double.isNaN(x)).sorted().toArray();
    int n = v.length;
    if (n == 0) {
      return Double.NaN;
    }
    double lo = n / 4.0;
    double hi = 3 * n / 4.0;
    double sum = 0;
    double weight = 0;
    for (int i = 0; i < n; i++) {
      double w = Math.max(0, Math.min(i + 1, hi) - Math.max(i, lo));
      sum += w * v[i];
      weight += w;
    }
    return sum / weight;
  }
}
