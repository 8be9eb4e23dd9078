package dev.ponder.search.mcts.ops;

/**
 * Exploration schedules c(N) of the seed's discovered mechanisms (Li, Schultz, Lanctot &amp; Hennes
 * 2026, seed 000; SPEC §1.3). N = parent visits,
 * |A| = legal actions, t = simulation index, S = budget, ΔU = maxUtility − minUtility.
 */
public final class Schedules {
  private Schedules() {}

  /** {@code m_seed}: constant c = 2.0. */
  public static final double M_SEED_C = 2.0;

  /**
   * bifv: {@code (1.25 + 0.25·ln((N+19652)/19652))·(1 + 0.05·ln|A|)·1.25^I}.
   *
   * @param imperfect true for an imperfect-information game (I = 1)
   */
  public static double bifv(int parentN, int numActions, boolean imperfect) {
    double c = (1.25 + 0.25 * Math.log((parentN + 19652.0) / 19652.0))
        * (1.0 + 0.05 * Math.log(Math.max(1, numActions)));
    return imperfect ? c * 1.25 : c;
  }

  /** bifv's root multiplier {@code 1 + 0.20·(1 − t/S)}. */
  public static double bifvRootFactor(long t, long budget) {
    return 1.0 + 0.20 * (1.0 - frac(t, budget));
  }

  /** run1: {@code ΔU·(1.25 + ln((N+19652)/19652))} (raw utility). */
  public static double run1(int parentN, double deltaU) {
    return deltaU * (1.25 + Math.log((parentN + 19652.0) / 19652.0));
  }

  /** run2: {@code 1.25 + 1.75·N/(N + max(100, 0.5·S))}. */
  public static double run2(int parentN, long budget) {
    return 1.25 + 1.75 * parentN / (parentN + Math.max(100.0, 0.5 * budget));
  }

  /** run4: {@code ΔU·(1.25 + 0.5·ln((N+50)/50))}, times {@link #run4Rho} at the root. */
  public static double run4(int parentN, double deltaU) {
    return deltaU * (1.25 + 0.5 * Math.log((parentN + 50.0) / 50.0));
  }

  /** run4's root factor {@code ρ(t) = 1.4 − 0.8·t/S}. */
  public static double run4Rho(long t, long budget) {
    return 1.4 - 0.8 * frac(t, budget);
  }

  /** run5: {@code ΔU·(1.25 + ln((N+19653)/19652))}. */
  public static double run5(int parentN, double deltaU) {
    return deltaU * (1.25 + Math.log((parentN + 19653.0) / 19652.0));
  }

  /** run2's prior blend {@code 0.85·π + 0.15/|A|}. */
  public static double run2Prior(double prior, int numActions) {
    return 0.85 * prior + 0.15 / numActions;
  }

  /** run2's depth discount {@code 1/(1 + 0.001·d)} applied to the return backed up at depth d. */
  public static double run2Discount(int depth) {
    return 1.0 / (1.0 + 0.001 * depth);
  }

  /** run4's Robbins–Monro step {@code γ = (n+1)^−0.82}, n = edge visits before the update. */
  public static double run4Step(int n) {
    return Math.pow(n + 1.0, -0.82);
  }

  /** t/S clipped into [0,1]; 0 when the budget is unknown (S ≤ 0, e.g. a time budget). */
  public static double frac(long t, long budget) {
    if (budget <= 0) {
      return 0.0;
    }
    return Math.min(1.0, Math.max(0.0, (double) t / budget));
  }
}
