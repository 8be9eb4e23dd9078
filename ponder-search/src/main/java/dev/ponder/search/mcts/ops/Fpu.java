package dev.ponder.search.mcts.ops;

/**
 * First-play urgency (FPU): the value given to an unvisited edge in a selection score. The
 * sibling-aggregate rules take the parent's edge arrays ({@code q} for the mover, visits
 * {@code n}, priors {@code p}; {@code k} edges) and look only at visited edges.
 */
public final class Fpu {
  private Fpu() {}

  /**
   * Lc0's reduction rule: {@code vParent − cFpu·sqrt(Σ_{visited} p)} (Lc0 {@code search.cc}).
   */
  public static double reduction(double vParent, double cFpu, double[] p, int[] n, int k) {
    double mass = 0;
    for (int i = 0; i < k; i++) {
      if (n[i] > 0) {
        mass += p[i];
      }
    }
    return vParent - cFpu * Math.sqrt(mass);
  }

  /**
   * bifv's maturity-annealed FPU (SPEC §1.3, reading the lost radical as a square root):
   * {@code Q0 − sqrt(1 − π(a))·(0.1 + 0.4·N/(100 + N))}.
   *
   * @param q0 normalized value of utility 0 ({@code −minU/ΔU})
   * @param prior π(a) in [0,1]
   * @param parentN parent visits N
   */
  public static double bifv(double q0, double prior, int parentN) {
    return q0 - Math.sqrt(Math.max(0.0, 1.0 - prior)) * (0.1 + 0.4 * parentN / (100.0 + parentN));
  }

  /**
   * run1's FPU in raw utility: {@code 0 − 0.3·ΔU·sqrt(1 − π(a))} ("Q0" of SPEC §1.3 is utility 0
   * in raw units). Divide by ΔU and add Q0 for the normalized equivalent.
   */
  public static double run1Raw(double deltaU, double prior) {
    return -0.3 * deltaU * Math.sqrt(Math.max(0.0, 1.0 - prior));
  }

  /** Mean q of visited edges, or {@code fallback} if none is visited. */
  public static double meanVisited(double[] q, int[] n, int k, double fallback) {
    double s = 0;
    int m = 0;
    for (int i = 0; i < k; i++) {
      if (n[i] > 0) {
        s += q[i];
        m++;
      }
    }
    return m == 0 ? fallback : s / m;
  }

  /**
   * run2's FPU (SPEC §1.3): mean q of visited siblings {@code − 0.15·(1 − π(a))/(1 + |A_visited|)}.
   * With no visited sibling the mean is replaced by {@code fallback} [UNVERIFIED: the seed does
   * not say; Ponder uses Q0].
   */
  public static double run2(double[] q, int[] n, int k, double prior, double fallback) {
    int visited = 0;
    for (int i = 0; i < k; i++) {
      if (n[i] > 0) {
        visited++;
      }
    }
    return meanVisited(q, n, k, fallback) - 0.15 * (1.0 - prior) / (1.0 + visited);
  }

  /**
   * run4's FPU (SPEC §1.3): {@code Σπ_iQ_i/Σπ_i − 0.25·ΔU·sqrt(Σπ_i)} over visited siblings,
   * in the units of {@code q} (raw utility when {@code deltaU} is the utility range; pass 1 for
   * normalized q). With no visited sibling: {@code fallback} [UNVERIFIED choice: Q0].
   */
  public static double run4(double[] q, int[] n, double[] p, int k, double deltaU, double fallback) {
    double sp = 0;
    double spq = 0;
    for (int i = 0; i < k; i++) {
      if (n[i] > 0) {
        sp += p[i];
        spq += p[i] * q[i];
      }
    }
    if (sp <= 0) {
      return fallback;
    }
    return spq / sp - 0.25 * deltaU * Math.sqrt(sp);
  }

  /**
   * run5's FPU (SPEC §1.3): visit-weighted mean q of visited siblings {@code Σ n_i q_i / Σ n_i};
   * {@code fallback} if none is visited [UNVERIFIED choice: Q0].
   */
  public static double run5(double[] q, int[] n, int k, double fallback) {
    double sn = 0;
    double snq = 0;
    for (int i = 0; i < k; i++) {
      if (n[i] > 0) {
        sn += n[i];
        snq += n[i] * q[i];
      }
    }
    return sn == 0 ? fallback : snq / sn;
  }
}
