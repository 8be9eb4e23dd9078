package dev.ponder.search.mcts.ops;

/**
 * First-play urgency (FPU): the value given to an unvisited edge in a selection score, for the
 * rules that depend on the edge alone. The rules built from sibling aggregates (Lc0's reduction,
 * run2, run4, run5) are computed in the selection loops of {@code Puct} and {@code zoo.PuctFamily}.
 */
public final class Fpu {
  private Fpu() {}

  /**
   * bifv's maturity-annealed FPU (Li, Schultz, Lanctot &amp; Hennes 2026, seed 000; SPEC §1.3, reading the lost radical as a square root):
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
}
