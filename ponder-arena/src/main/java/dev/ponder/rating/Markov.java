package dev.ponder.rating;

/** Stationary distributions of finite Markov chains. */
public final class Markov {
  private Markov() {}

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
    for (int k = n - 1; k >= 1; k--) {
      double s = 0;
      for (int j = 0; j < k; j++) {
        s += a[k][j];
      }
      if (!(s > 0)) {
        throw new IllegalArgumentException("reducible Markov chain: state " + k + " has no path to lower states");
      }
      for (int i = 0; i < k; i++) {
        a[i][k] /= s;
      }
      for (int i = 0; i < k; i++) {
        double f = a[i][k];
        if (f == 0) {
          continue;
        }
        double[] ai = a[i];
        double[] ak = a[k];
        for (int j = 0; j < k; j++) {
          ai[j] += f * ak[j];
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
