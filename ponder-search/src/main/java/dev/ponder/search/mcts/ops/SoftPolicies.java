package dev.ponder.search.mcts.ops;

/**
 * Pieces of the stochastic tree policies: Smooth UCT's mixing probability (Heinrich &amp; Silver
 * 2015), MENTS' softmax value and E2W exploration weight (Xiao, Huang, Mei, Schuurmans &amp;
 * Müller 2019), and sampling from a probability vector. The E2W and Boltzmann sampling loops are
 * in {@code zoo.SoftSearch} and {@code zoo.BanditPolicies}.
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
   * Index drawn from {@code p[0..k)} with one uniform draw {@code u ∈ [0,1)}: the first i whose
   * cumulative sum exceeds {@code u·Σp}. Unlike {@link dev.ponder.game.Distributions#sample}, it
   * rescales by the actual total, so weights that sum only to about 1 (soft policies computed in
   * floating point) are drawn in proportion; if rounding leaves no index, it returns the last one
   * with positive weight (k − 1 if none is positive).
   *
   * @param p non-negative weights, at least {@code k} long
   * @param k number of entries, ≥ 1
   * @param u uniform draw in [0, 1)
   * @return an index in [0, k)
   */
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
    return dev.ponder.game.Distributions.lastPositive(p, 0, k);
  }
}
