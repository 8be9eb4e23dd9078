package dev.ponder.search.mcts.ops;

/**
 * MCTS as regularized policy optimization (Grill, Altché, Tang, Hubert, Valko, Antonoglou &amp;
 * Munos 2020, ICML): {@code π̄ = argmax_y [qᵀy − λ_N·KL(π_θ ‖ y)]} over the simplex, in closed
 * form {@code π̄(a) = λ_N·π_θ(a)/(α* − q(a))} with α* found by bisection.
 */
public final class Rpo {
  private Rpo() {}

  /** {@code λ_N = c·sqrt(N)/(|A| + N)}, N = Σ_b n(b). */
  public static double lambda(double c, long sumN, int numActions) {
    return c * Math.sqrt(sumN) / (numActions + (double) sumN);
  }

  /**
   * Writes π̄ into {@code out}.
   *
   * @param q normalized edge values (unvisited edges need an FPU value)
   * @param prior π_θ, positive entries summing to 1
   * @param lambda λ_N &gt; 0 (callers substitute a positive value when N = 0)
   * @param tol stop when |Σπ̄ − 1| &lt; tol (1e-4 in Ludii); π̄ is renormalized at the end
   */
  public static void piBar(double[] q, double[] prior, int k, double lambda, double tol, double[] out) {
    double qMax = Double.NEGATIVE_INFINITY;
    double lo = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < k; i++) {
      qMax = Math.max(qMax, q[i]);
      lo = Math.max(lo, q[i] + lambda * prior[i]);
    }
    double hi = qMax + lambda;
    double alpha = 0.5 * (lo + hi);
    for (int iter = 0; iter < 200; iter++) {
      alpha = 0.5 * (lo + hi);
      double s = 0;
      for (int i = 0; i < k; i++) {
        s += lambda * prior[i] / (alpha - q[i]);
      }
      if (Math.abs(s - 1.0) < tol) {
        break;
      }
      if (s < 1.0) {
        hi = alpha;
      } else {
        lo = alpha;
      }
    }
    double s = 0;
    for (int i = 0; i < k; i++) {
      out[i] = lambda * prior[i] / Math.max(alpha - q[i], 1e-300);
      s += out[i];
    }
    for (int i = 0; i < k; i++) {
      out[i] /= s;
    }
  }

  /** The objective {@code qᵀy − λ·KL(π_θ ‖ y)} (for tests and diagnostics). */
  public static double objective(double[] q, double[] prior, double[] y, int k, double lambda) {
    double v = 0;
    double kl = 0;
    for (int i = 0; i < k; i++) {
      v += q[i] * y[i];
      if (prior[i] > 0) {
        kl += prior[i] * Math.log(prior[i] / y[i]);
      }
    }
    return v - lambda * kl;
  }
}
