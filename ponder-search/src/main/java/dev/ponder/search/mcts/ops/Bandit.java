package dev.ponder.search.mcts.ops;

/**
 * Bandit selection scores: UCB1 (Auer, Cesa-Bianchi &amp; Fischer 2002; used in the tree by
 * Kocsis &amp; Szepesvári 2006) and UCB1-Tuned (Auer et al. 2002). All scores are
 * larger-is-better. (PUCT's score is computed inside {@code Puct} and {@code zoo.PuctFamily}.)
 */
public final class Bandit {
  private Bandit() {}

  /**
   * UCB1: {@code q + c·sqrt(ln N / n)}.
   *
   * @param q mean value of the edge for the mover, normalized into [0, 1] ({@link
   *     dev.ponder.search.mcts.SearchContext#normalize}; above 1 only for games with a nominal
   *     bound)
   * @param n edge visits; {@code n = 0} gives {@code +∞} (try every edge once)
   * @param parentN parent visits N ≥ 1 ({@code ln N} with N ≤ 1 is taken as 0)
   * @param c exploration constant (√2 for rewards in [0,1] in the paper)
   */
  public static double ucb1(double q, int n, int parentN, double c) {
    if (n <= 0) {
      return Double.POSITIVE_INFINITY;
    }
    double ln = parentN > 1 ? Math.log(parentN) : 0.0;
    return q + c * Math.sqrt(ln / n);
  }

  /**
   * UCB1-Tuned: with {@code L = ln N}, {@code V = s2/n − q² + sqrt(2L/n)}, score
   * {@code q + sqrt((L/n)·min(vCap, max(0, V)))}. When q is the mean of the rewards whose squares
   * {@code s2} sums, V ≥ 0 (Auer et al. 2002 take min(1/4, V) of that non-negative estimate); V is
   * floored at 0 so that statistics that do not match (or rounding) give the bare mean {@code q},
   * never NaN.
   *
   * @param q mean reward of the edge (in [0,1] for {@code vCap = 1/4})
   * @param s2 sum of squared rewards of the edge
   * @param n edge visits; 0 gives {@code +∞}
   * @param parentN parent visits
   * @param vCap variance cap: 1/4 for rewards in [0,1] (Bernoulli bound) [recall]
   */
  public static double ucb1Tuned(double q, double s2, int n, int parentN, double vCap) {
    if (n <= 0) {
      return Double.POSITIVE_INFINITY;
    }
    double ln = parentN > 1 ? Math.log(parentN) : 0.0;
    double v = Math.max(0.0, s2 / n - q * q + Math.sqrt(2.0 * ln / n));
    return q + Math.sqrt(ln / n * Math.min(vCap, v));
  }
}
