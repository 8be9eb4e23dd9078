package dev.ponder.rating;

/** Stationary distributions of finite Markov chains. */
public final class Markov {
  private Markov() {}

  /** Pivots eliminated together ({@link #stationary}); 16 rows of 1,000 doubles fit in L2. */
  static final int BLOCK = 16;

  /**
   * Row i (above the block) receives the block's pivots hi … lo in turn: first the entries from lo
   * up, one pivot at a time (they give each pivot's factor a[i][k] / s_k), then the entries left
   * of lo, which get every pivot with a non-zero factor, four pivots per pass:
   * {@code ((a + f1·p1) + f2·p2) + …} — the same additions in the same order as one pivot per
   * pass (a zero factor adds exactly nothing to these non-negative entries, and is skipped as
   * one pivot at a time skips it).
   *
   * @param f scratch of length ≥ hi − lo + 1 (the non-zero factors)
   * @param rows scratch of the same length (their pivot rows)
   */
  private static void eliminateBlock(double[] ai, double[][] a, int lo, int hi, double[] s, double[] f, double[][] rows) {
    int m = 0;
    for (int k = hi; k >= lo; k--) {
      double fk = ai[k] / s[k];
      ai[k] = fk;
      if (fk == 0) {
        continue;
      }
      double[] ak = a[k];
      for (int j = lo; j < k; j++) {
        ai[j] += fk * ak[j];
      }
      f[m] = fk;
      rows[m++] = ak;
    }
    int t = 0;
    for (; t + 4 <= m; t += 4) {
      double f1 = f[t];
      double f2 = f[t + 1];
      double f3 = f[t + 2];
      double f4 = f[t + 3];
      double[] p1 = rows[t];
      double[] p2 = rows[t + 1];
      double[] p3 = rows[t + 2];
      double[] p4 = rows[t + 3];
      for (int j = 0; j < lo; j++) {
        ai[j] = ai[j] + f1 * p1[j] + f2 * p2[j] + f3 * p3[j] + f4 * p4[j];
      }
    }
    for (; t < m; t++) {
      double ft = f[t];
      double[] pt = rows[t];
      for (int j = 0; j < lo; j++) {
        ai[j] += ft * pt[j];
      }
    }
  }

  /** Row i's step of eliminating pivot k: a[i][k] /= s, then a[i][j] += a[i][k]·a[k][j] for j &lt; k. */
  private static void eliminate(double[] ai, double[] ak, int k, double s) {
    double f = ai[k] / s;
    ai[k] = f;
    if (f == 0) {
      return;
    }
    for (int j = 0; j < k; j++) {
      ai[j] += f * ak[j];
    }
  }

  /**
   * Stationary distribution π (π C = π, Σ π = 1) of an irreducible row-stochastic matrix by the
   * Grassmann–Taksar–Heyman algorithm (Grassmann, Taksar &amp; Heyman 1985, Operations Research
   * 33(5)): Gaussian elimination without subtractions, accurate even when transition
   * probabilities differ by many orders of magnitude. Only off-diagonal entries are read.
   *
   * <p>A chain with a transition probability below 2⁻⁹⁰⁰ (about 10⁻²⁷¹) is solved in logarithms
   * ({@link #stationaryLog}): in doubles the elimination's products of such probabilities would
   * underflow. The masses are accumulated with rescaling, so a state far heavier than state 0
   * does not overflow them.
   *
   * @param c n × n transition matrix (not modified)
   * @throws IllegalArgumentException if the chain is reducible (a state cannot be left)
   */
  public static double[] stationary(double[][] c) {
    double[] pi = stationaryDouble(c);
    if (pi != null) {
      return pi;
    }
    int n = c.length;
    double[][] logC = new double[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        logC[i][j] = i == j ? Double.NEGATIVE_INFINITY : Math.log(c[i][j]);
      }
    }
    return logGth(logC);
  }

  /**
   * {@link #stationary} of the chain whose transition probabilities are {@code exp(logC[i][j])}:
   * for chains whose probabilities do not fit a double (α-Rank at a large α, where a mutant's
   * fixation probability is e^{−(m−1)αΔ}, far below 10⁻³⁰⁸). Solved in doubles when every
   * probability is at least 2⁻⁹⁰⁰, else by GTH in logarithms (sums as log-sum-exp, products as
   * sums), which keeps every entry whatever its magnitude, to a relative error of about
   * 10⁻¹⁶ times the magnitude of its logarithm (10⁻¹¹ for probabilities near e^{−10⁵}). The log
   * elimination costs an exponential and a logarithm per step: about 10 s for 1,000 states, 100
   * times the double one. Masses below the smallest double come out as 0.
   *
   * @param logC n × n natural logarithms of the off-diagonal transition probabilities (−∞: no
   *     transition; the diagonal is not read; not modified)
   * @return π over the n states (sums to 1)
   * @throws IllegalArgumentException if the chain is reducible (a state cannot be left)
   */
  public static double[] stationaryLog(double[][] logC) {
    int n = logC.length;
    double[][] c = new double[n][n];
    boolean fits = true;
    for (int i = 0; i < n && fits; i++) {
      double row = 0;
      for (int j = 0; j < n; j++) {
        if (j != i) {
          double x = logC[i][j];
          if (x > Double.NEGATIVE_INFINITY && !(x >= LOG_SMALLEST)) {
            fits = false;
            break;
          }
          c[i][j] = Math.exp(x);
          row += c[i][j];
        }
      }
      c[i][i] = 1 - row;
    }
    double[] pi = fits ? stationaryDouble(c) : null;
    return pi != null ? pi : logGth(logC);
  }

  /** log of the smallest probability {@link #stationaryLog} passes to the double elimination (2⁻⁹⁰⁰). */
  private static final double LOG_SMALLEST = -900 * Math.log(2);

  /** Smallest transition probability solved in doubles (2⁻⁹⁰⁰; the factors of the elimination stay below 2⁹⁰⁰). */
  private static final double SMALLEST = 0x1p-900;

  /** Masses above this are rescaled during back-substitution (factors ≤ 2⁹⁰⁰ keep the sums finite). */
  private static final double RESCALE = 0x1p100;

  /**
   * GTH in doubles; null when an input probability is below {@link #SMALLEST} (2⁻⁹⁰⁰), where the
   * products of the elimination would leave the range of doubles.
   */
  private static double[] stationaryDouble(double[][] c) {
    int n = c.length;
    double[][] a = new double[n][];
    for (int i = 0; i < n; i++) {
      a[i] = c[i].clone();
      for (int j = 0; j < n; j++) {
        if (j != i && a[i][j] != 0 && !(a[i][j] >= SMALLEST)) {
          return null;
        }
      }
    }
    // States are eliminated from n − 1 down to 1. Eliminating k sets a[i][k] /= s_k (s_k = the
    // sum of row k left of k) and adds a[i][k]·a[k][j] to a[i][j] (j < k) for every row i < k.
    // The pivots are taken in blocks of BLOCK: the block's own rows first, then every row above
    // the block receives the block's pivots one after another while it is in cache. Each entry
    // still receives the same operations in the same order (pivots in decreasing k), so the
    // result is the same, bit for bit, as eliminating one pivot at a time over all rows; only
    // the memory traffic drops (a row is read once per block instead of once per pivot).
    double[] s = new double[n];
    double[] f = new double[BLOCK];
    double[][] rows = new double[BLOCK][];
    for (int hi = n - 1; hi >= 1; hi -= BLOCK) {
      int lo = Math.max(1, hi - BLOCK + 1);
      for (int k = hi; k >= lo; k--) {
        double[] ak = a[k];
        double sum = 0;
        for (int j = 0; j < k; j++) {
          sum += ak[j];
        }
        if (!(sum > 0)) {
          throw new IllegalArgumentException("reducible Markov chain: state " + k + " has no path to lower states");
        }
        s[k] = sum;
        for (int i = lo; i < k; i++) {
          eliminate(a[i], ak, k, sum);
        }
      }
      for (int i = 0; i < lo; i++) {
        eliminateBlock(a[i], a, lo, hi, s, f, rows);
      }
    }
    // back-substitution from π[0] = 1; the masses so far are scaled down (by a power of two, which
    // changes no digit) whenever one exceeds RESCALE, as they do when state 0 is far lighter
    double[] pi = new double[n];
    pi[0] = 1;
    double total = 1;
    for (int j = 1; j < n; j++) {
      double v = 0;
      for (int i = 0; i < j; i++) {
        v += pi[i] * a[i][j];
      }
      pi[j] = v;
      total += v;
      if (v > RESCALE) {
        double scale = Math.scalb(1.0, -Math.getExponent(v));
        for (int i = 0; i <= j; i++) {
          pi[i] *= scale;
        }
        total *= scale;
      }
    }
    for (int j = 0; j < n; j++) {
      pi[j] /= total;
    }
    return pi;
  }

  /**
   * GTH on log transition probabilities: the same elimination with a·b as log a + log b, a / b as
   * log a − log b and a + b as {@link #logAdd}; the back-substitution likewise, then π normalised
   * from its largest entry. Cubic in n with an exp and a log1p per addition: used only when the
   * doubles do not suffice.
   */
  static double[] logGth(double[][] logC) {
    int n = logC.length;
    double[][] a = new double[n][];
    for (int i = 0; i < n; i++) {
      a[i] = logC[i].clone();
      a[i][i] = Double.NEGATIVE_INFINITY;
    }
    for (int k = n - 1; k >= 1; k--) {
      double[] ak = a[k];
      double ls = Double.NEGATIVE_INFINITY;
      for (int j = 0; j < k; j++) {
        ls = logAdd(ls, ak[j]);
      }
      if (ls == Double.NEGATIVE_INFINITY || Double.isNaN(ls)) {
        throw new IllegalArgumentException("reducible Markov chain: state " + k + " has no path to lower states");
      }
      for (int i = 0; i < k; i++) {
        double[] ai = a[i];
        double lf = ai[k] - ls;
        ai[k] = lf;
        if (lf == Double.NEGATIVE_INFINITY) {
          continue;
        }
        for (int j = 0; j < k; j++) {
          double x = ak[j];
          if (x != Double.NEGATIVE_INFINITY && j != i) {
            ai[j] = logAdd(ai[j], lf + x);
          }
        }
      }
    }
    double[] lp = new double[n];
    lp[0] = 0;
    double max = 0;
    for (int j = 1; j < n; j++) {
      double v = Double.NEGATIVE_INFINITY;
      for (int i = 0; i < j; i++) {
        v = logAdd(v, lp[i] + a[i][j]);
      }
      lp[j] = v;
      max = Math.max(max, v);
    }
    double[] pi = new double[n];
    double total = 0;
    for (int j = 0; j < n; j++) {
      pi[j] = Math.exp(lp[j] - max);
      total += pi[j];
    }
    for (int j = 0; j < n; j++) {
      pi[j] /= total;
    }
    return pi;
  }

  /**
   * log(e^x + e^y) without overflow or underflow; −∞ stands for 0. A term below e^{−40} times
   * the other (under a fifth of the rounding unit) is dropped without computing its exponential,
   * which leaves the sum as it rounds; log(1 + t) for t in [e^{−40}, 1] carries an absolute error
   * of about 10⁻¹⁶, the rounding error of the logarithm itself.
   */
  static double logAdd(double x, double y) {
    double hi;
    double d;
    if (x >= y) {
      hi = x;
      d = y - x;
    } else {
      hi = y;
      d = x - y;
    }
    if (!(d > -40)) { // also x = y = −∞ (d NaN)
      return hi;
    }
    return hi + Math.log(1 + Math.exp(d));
  }
}
