package dev.ponder.rating;

/** Stationary distributions of finite Markov chains. */
public final class Markov {
  private Markov() {}

  /** Pivots eliminated together ({@link #stationary}); 16 rows of 1,000 doubles fit in L2. */
  static final int BLOCK = 16;

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
        double[] ai = a[i];
        for (int k = hi; k >= lo; k--) {
          eliminate(ai, a[k], k, s[k]);
        }
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
