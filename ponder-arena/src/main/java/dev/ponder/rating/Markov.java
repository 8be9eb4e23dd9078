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
   * @param c n × n transition matrix (not modified)
   * @throws IllegalArgumentException if the chain is reducible (a state cannot be left)
   */
  public static double[] stationary(double[][] c) {
    int n = c.length;
    double[][] a = new double[n][];
    for (int i = 0; i < n; i++) {
      a[i] = c[i].clone();
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
    }
    for (int j = 0; j < n; j++) {
      pi[j] /= total;
    }
    return pi;
  }
}
