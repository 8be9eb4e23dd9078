package dev.ponder.rating;

/**
 * Batch Elo: a Bradley–Terry model fitted by Hunter's (2004) minorization–maximization
 * iteration, as OpenSpiel's {@code evaluation/elo.cc} (ALGORITHMS.md §8.3): pairwise win scores
 * {@code W_ij = wins + draws/2 + 0.01} (smoothing), {@code γ_i ← Σ_j W_ij / Σ_{j≠i} N_ij/(γ_i + γ_j)}
 * with {@code N_ij = W_ij + W_ji}, normalized each step, at most 2000 iterations or until the
 * largest change is below 1e-10; rating {@code 400·log10 γ_i} shifted so the minimum is 0.
 * Elo assumes that strength is transitive (one number per agent); with cycles it misleads.
 */
public final class Elo {
  /** Smoothing added to every ordered pair's win score. */
  public static final double SMOOTHING = 0.01;

  private Elo() {}

  /**
   * Fits ratings.
   *
   * @param wins K × K, {@code wins[i][j]} = wins of i over j plus half the draws (the diagonal is
   *     ignored)
   * @return Elo ratings (Elo points, 400 per factor 10 of γ): length K, indexed like {@code wins},
   *     minimum 0
   */
  public static double[] fit(double[][] wins) {
    int k = wins.length;
    double[][] w = new double[k][k];
    for (int i = 0; i < k; i++) {
      for (int j = 0; j < k; j++) {
        w[i][j] = i == j ? 0 : wins[i][j] + SMOOTHING;
      }
    }
    double[] g = new double[k];
    java.util.Arrays.fill(g, 1.0);
    double[] next = new double[k];
    for (int it = 0; it < 2000; it++) {
      double sum = 0;
      for (int i = 0; i < k; i++) {
        double num = 0;
        double den = 0;
        for (int j = 0; j < k; j++) {
          if (j == i) {
            continue;
          }
          num += w[i][j];
          den += (w[i][j] + w[j][i]) / (g[i] + g[j]);
        }
        next[i] = den > 0 ? num / den : g[i];
        sum += next[i];
      }
      double change = 0;
      for (int i = 0; i < k; i++) {
        double v = next[i] * k / sum;
        change = Math.max(change, Math.abs(v - g[i]));
        g[i] = v;
      }
      if (change < 1e-10) {
        break;
      }
    }
    double[] r = new double[k];
    double min = Double.POSITIVE_INFINITY;
    for (int i = 0; i < k; i++) {
      r[i] = 400 * Math.log10(g[i]);
      min = Math.min(min, r[i]);
    }
    for (int i = 0; i < k; i++) {
      r[i] -= min;
    }
    return r;
  }
}
