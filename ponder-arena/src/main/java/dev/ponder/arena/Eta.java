package dev.ponder.arena;

/**
 * Time left of a task whose rate changes as it runs, e.g. a bootstrap whose resamples get
 * cheaper as the α-Rank results it remembers start to repeat. The whole-run average rate
 * (done / elapsed) lags such a task: while the rate keeps rising, it overstates the time left
 * several-fold. This estimator reads the recent history of the count instead: the mean rate over
 * the last quarter of the elapsed time (at least {@link #MIN_WINDOW_SECONDS}), r₂, over the
 * quarter before it, r₁, and over the one before that, r₀′. When the rate rises over both steps
 * (each later window holds more than {@link #RISE_UNITS} and {@link #RISE_FRACTION} more units than
 * the one before; one step up alone is a new steady rate) the rise is taken to go on at the
 * smaller of the two paces, a = min(r₂ − r₁, r₁ − r₀′) / w, from the current rate r₀ = r₂ + a·w/2,
 * so the time left τ solves
 * r₀ τ + a τ²/2 = units left; when it is steady or falls, τ = units left / r₂. A task whose rate
 * stops rising is then overtaken by later estimates as the windows move past the rise. Thread
 * use: the caller synchronizes.
 */
final class Eta {
  /** Shortest window over which a rate is measured, in seconds. */
  static final double MIN_WINDOW_SECONDS = 2;

  /** Fewest more units in the later window than in the earlier one that count as a rising rate. */
  static final double RISE_UNITS = 3;

  /** Least relative excess of the later window's units over the earlier one's that counts as a rising rate. */
  static final double RISE_FRACTION = 0.1;

  /** Samples kept; when full every other one is dropped (older history thins out). */
  private static final int CAPACITY = 512;

  private final double[] time = new double[CAPACITY];
  private final double[] count = new double[CAPACITY];
  private int size;

  /**
   * @param done units done at the start
   * @param seconds the start, in seconds on any clock
   */
  Eta(long done, double seconds) {
    time[0] = seconds;
    count[0] = done;
    size = 1;
  }

  /** {@code done} units were done at {@code seconds} (non-decreasing). */
  void record(long done, double seconds) {
    if (seconds <= time[size - 1]) {
      count[size - 1] = Math.max(count[size - 1], done);
      return;
    }
    if (size == CAPACITY) {
      int j = 1;
      for (int i = 2; i < size - 1; i += 2) {
        time[j] = time[i];
        count[j++] = count[i];
      }
      time[j] = time[size - 1]; // the newest sample stays
      count[j++] = count[size - 1];
      size = j;
    }
    time[size] = seconds;
    count[size++] = done;
  }

  /** Units done at time {@code t} by linear interpolation of the samples (clamped to their range). */
  private double countAt(double t) {
    if (t <= time[0]) {
      return count[0];
    }
    int lo = 0;
    int hi = size - 1;
    if (t >= time[hi]) {
      return count[hi];
    }
    while (hi - lo > 1) {
      int mid = (lo + hi) >>> 1;
      if (time[mid] <= t) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    double f = (t - time[lo]) / (time[hi] - time[lo]);
    return count[lo] + f * (count[hi] - count[lo]);
  }

  /**
   * The mean rate of the last window (units per second) at time {@code now}: the rate shown
   * beside the ETA. 0 before anything is done.
   */
  double rate(double now) {
    double elapsed = now - time[0];
    if (elapsed <= 0) {
      return 0;
    }
    double w = Math.min(elapsed, Math.max(MIN_WINDOW_SECONDS, elapsed / 4));
    return (countAt(now) - countAt(now - w)) / w;
  }

  /**
   * Seconds left until {@code total} units are done, at time {@code now}; NaN while no rate is
   * known: nothing done yet, or less than {@link #MIN_WINDOW_SECONDS} elapsed (a rate from the first
   * second, still warming up, overstated a rising step's time left up to 15-fold).
   */
  double secondsLeft(long total, double now) {
    double elapsed = now - time[0];
    double done = countAt(now);
    double left = total - done;
    if (left <= 0) {
      return 0;
    }
    if (elapsed < MIN_WINDOW_SECONDS) {
      return Double.NaN;
    }
    double w = Math.min(elapsed, Math.max(MIN_WINDOW_SECONDS, elapsed / 4));
    double r2 = (done - countAt(now - w)) / w;
    if (!(r2 > 0)) {
      double overall = (done - count[0]) / elapsed;
      return overall > 0 ? left / overall : Double.NaN;
    }
    if (elapsed < 2 * w) {
      return left / r2;
    }
    double r1 = (countAt(now - w) - countAt(now - 2 * w)) / w;
    // a rise counts when the later window holds clearly more units than the earlier one (more than
    // RISE_UNITS and RISE_FRACTION of them): whole units counted at irregular moments make two
    // windows of a steady rate differ by a unit or two, and extrapolating that would halve the ETA;
    // and it must have gone on over the window before too (a single step up, such as a run of
    // cheaper matches in a tournament, is a new rate, not an acceleration)
    if (elapsed < 3 * w || !rises(r1, r2, w)) {
      return left / r2;
    }
    double r0Before = (countAt(now - 2 * w) - countAt(now - 3 * w)) / w;
    if (!rises(r0Before, r1, w)) {
      return left / r2;
    }
    double a = Math.min(r2 - r1, r1 - r0Before) / w;
    double r0 = r2 + a * w / 2;
    return 2 * left / (r0 + Math.sqrt(r0 * r0 + 2 * a * left));
  }

  /** Whether a window of {@code w} seconds at rate {@code later} holds clearly more units than one at {@code earlier}. */
  private static boolean rises(double earlier, double later, double w) {
    return (later - earlier) * w > Math.max(RISE_UNITS, RISE_FRACTION * earlier * w);
  }
}
