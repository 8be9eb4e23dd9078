package dev.ponder.search.mcts.ops;

/**
 * Stochastic tree policies: Smooth UCT's mixing probability (Heinrich &amp; Silver 2015), MENTS'
 * softmax value and E2W probabilities (Xiao, Huang, Mei, Schuurmans &amp; Müller 2019), and the
 * Boltzmann (softmax over Q) policy; plus sampling from a probability vector.
 */
public final class SoftPolicies {
  private SoftPolicies() {}

  /**
   * Smooth UCT: probability of the UCB branch {@code η_N = max(γ, η/(1 + d·sqrt(N)))}, N = the
   * node's visits. Defaults γ = 0.1, η = 0.9, d = 0.001 [recall: values used by a public Smooth
   * UCT client, matched to the paper's notation].
   */
  public static double smoothUctEta(int parentN, double gamma, double eta, double d) {
    return Math.max(gamma, eta / (1.0 + d * Math.sqrt(parentN)));
  }

  /** Average strategy {@code π̄(a) = n(a)/Σn} into {@code out} (uniform when Σn = 0). */
  public static void averageStrategy(int[] n, int k, double[] out) {
    long s = 0;
    for (int i = 0; i < k; i++) {
      s += n[i];
    }
    for (int i = 0; i < k; i++) {
      out[i] = s == 0 ? 1.0 / k : (double) n[i] / s;
    }
  }

  /** Soft value {@code τ·log Σ exp(q/τ)} with max subtraction. */
  public static double softValue(double[] q, int k, double tau) {
    double mx = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < k; i++) {
      mx = Math.max(mx, q[i]);
    }
    double s = 0;
    for (int i = 0; i < k; i++) {
      s += Math.exp((q[i] - mx) / tau);
    }
    return mx + tau * Math.log(s);
  }

  /**
   * MENTS exploration weight {@code λ = min(1, ε·|A|/log(N + 1))} (paper form [recall]); 1 when
   * N = 0.
   */
  public static double e2wLambda(double epsilon, int numActions, int parentN) {
    double l = Math.log(parentN + 1.0);
    return l <= 0 ? 1.0 : Math.min(1.0, epsilon * numActions / l);
  }

  /**
   * E2W policy {@code π(a) = (1 − λ)·exp((q(a) − V_sft)/τ) + λ/|A|} into {@code out}.
   */
  public static void e2w(double[] qSoft, int k, double tau, double lambda, double[] out) {
    double v = softValue(qSoft, k, tau);
    for (int i = 0; i < k; i++) {
      out[i] = (1.0 - lambda) * Math.exp((qSoft[i] - v) / tau) + lambda / k;
    }
  }

  /**
   * Boltzmann policy {@code (1 − ε)·softmax(q/τ) + ε/|A|} into {@code out}.
   */
  public static void boltzmann(double[] q, int k, double tau, double epsilon, double[] out) {
    double mx = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < k; i++) {
      mx = Math.max(mx, q[i]);
    }
    double s = 0;
    for (int i = 0; i < k; i++) {
      out[i] = Math.exp((q[i] - mx) / tau);
      s += out[i];
    }
    for (int i = 0; i < k; i++) {
      out[i] = (1.0 - epsilon) * out[i] / s + epsilon / k;
    }
  }

  /** Index drawn from {@code p[0..k)} (sums to about 1) with one uniform draw {@code u ∈ [0,1)}. */
  public static int sample(double[] p, int k, double u) {
    double total = 0;
    for (int i = 0; i < k; i++) {
      total += p[i];
    }
    double x = u * total;
    double acc = 0;
    for (int i = 0; i < k; i++) {
      acc += p[i];
      if (x < acc) {
        return i;
      }
    }
    for (int i = k - 1; i >= 0; i--) {
      if (p[i] > 0) {
        return i;
      }
    }
    return k - 1;
  }
}
