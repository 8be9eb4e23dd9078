package dev.ponder.search.mcts.ops;

/**
 * Non-mean backup operators: power mean (Dam, Klink, D'Eramo, Peters &amp; Pajarinen 2019,
 * "Generalized Mean Estimation in Monte-Carlo Tree Search"), max backup (Coulom 2006), and the
 * incremental forms used by the engine.
 */
public final class Backups {
  private Backups() {}

  /**
   * Power mean {@code (Σ_a (n(a)/N)·q(a)^p)^(1/p)} with N = Σ n(a), over visited edges.
   *
   * @param q edge values in [0,1] for the node's mover (negative values are clamped to 0)
   * @param p power ≥ 1 (1 = mean; large p approaches max)
   * @return the power mean, or NaN if no edge is visited
   */
  public static double powerMean(double[] q, int[] n, int k, double p) {
    long sumN = 0;
    double mx = 0;
    for (int i = 0; i < k; i++) {
      if (n[i] > 0) {
        sumN += n[i];
        mx = Math.max(mx, Math.max(0.0, q[i]));
      }
    }
    if (sumN == 0) {
      return Double.NaN;
    }
    if (mx == 0) {
      return 0.0;
    }
    // scale by the max so q^p neither underflows nor overflows for large p
    double s = 0;
    for (int i = 0; i < k; i++) {
      if (n[i] > 0) {
        s += (double) n[i] / sumN * Math.pow(Math.max(0.0, q[i]) / mx, p);
      }
    }
    return mx * Math.pow(s, 1.0 / p);
  }

  /**
   * Max backup: {@code max_{a: n(a) ≥ k} q(a)}; the index of the maximizing edge (first on ties),
   * or −1 if no edge has {@code minVisits} visits.
   */
  public static int argMaxVisited(double[] q, int[] n, int k, int minVisits) {
    int best = -1;
    for (int i = 0; i < k; i++) {
      if (n[i] >= Math.max(1, minVisits) && (best < 0 || q[i] > q[best])) {
        best = i;
      }
    }
    return best;
  }

  /** Incremental mean: {@code q + (x − q)/(n + 1)} (n = visits before the update). */
  public static double meanStep(double q, int n, double x) {
    return q + (x - q) / (n + 1.0);
  }

  /** Robbins–Monro step {@code q + γ·(x − q)}. */
  public static double stochasticStep(double q, double gamma, double x) {
    return q + gamma * (x - q);
  }
}
