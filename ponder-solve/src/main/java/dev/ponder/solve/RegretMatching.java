package dev.ponder.solve;

/**
 * Regret matching (Hart and Mas-Colell, 2000), shared by the CFR family's solvers: the policy of
 * one information set is proportional to its positive cumulative regrets, uniform when none is
 * positive. Allocation-free.
 */
final class RegretMatching {
  private RegretMatching() {}

  /**
   * Writes the regret-matching policy of the {@code k} slots {@code regret[s..s+k)} into
   * {@code out[o..o+k)}.
   */
  static void policy(double[] regret, int s, int k, double[] out, int o) {
    double sum = 0;
    for (int j = 0; j < k; j++) {
      double r = regret[s + j];
      if (r > 0) {
        sum += r;
      }
    }
    for (int j = 0; j < k; j++) {
      out[o + j] = sum > 0 ? Math.max(regret[s + j], 0) / sum : 1.0 / k;
    }
  }
}
