package dev.ponder.game;

/** Drawing from finite probability distributions held in primitive arrays (allocates nothing). */
public final class Distributions {
  private Distributions() {}

  /**
   * The index drawn by {@code u} from the distribution {@code probabilities[from .. from + k)}: the
   * first {@code j} in {@code [0, k)} with {@code u < p[from] + ... + p[from + j]} (summed left to
   * right from 0), or, when rounding leaves the total at or below {@code u}, the last index with a
   * positive probability (never one of probability 0, which a caller may divide by). With
   * {@code u} uniform in [0, 1) index j comes with probability {@code p[from + j]}.
   *
   * @param probabilities non-negative entries summing to 1 (within rounding) over the range
   * @param from first entry of the distribution
   * @param k number of entries, at least 1
   * @param u a uniform draw in [0, 1), e.g. {@code rng.nextDouble()}
   * @return an index in {@code [0, k)}, relative to {@code from}
   */
  public static int sample(double[] probabilities, int from, int k, double u) {
    double acc = 0;
    for (int j = 0; j < k; j++) {
      acc += probabilities[from + j];
      if (u < acc) {
        return j;
      }
    }
    return lastPositive(probabilities, from, k);
  }

  /**
   * The last index in {@code [0, k)} whose entry of {@code probabilities[from .. from + k)} is
   * positive; {@code k − 1} if none is: where a draw lands when rounding leaves the running sum at
   * or below it.
   *
   * @param k number of entries, at least 1
   */
  public static int lastPositive(double[] probabilities, int from, int k) {
    for (int j = k - 1; j > 0; j--) {
      if (probabilities[from + j] > 0) {
        return j;
      }
    }
    return probabilities[from] > 0 ? 0 : k - 1;
  }

  /**
   * The chance outcome drawn by {@code u} at the chance node {@code s}, whose {@code k} outcomes'
   * probabilities {@link State#chanceOutcomes(int[], double[])} wrote into {@code probabilities}:
   * the index {@link #sample} returns (the same running sum, compared the same way), in one pass
   * that also checks the probabilities form a distribution ({@link
   * GameContract#checkChanceOutcomes}: the running sum carries on to the total). What every tool
   * that draws a chance outcome calls ({@link RandomPlayout}, the MCTS engine and its random
   * rollout, the arena's and {@code ponder play}'s referee). Allocates nothing unless it throws.
   *
   * @param s the chance node (named, with its history, in the error)
   * @param probabilities the outcomes' probabilities, {@code [0, k)}
   * @param k the number of outcomes {@code s.chanceOutcomes} returned
   * @param u a uniform draw in [0, 1)
   * @return an index in {@code [0, k)}
   * @throws GameContractException if the probabilities do not sum to 1 within {@link
   *     GameContract#PROBABILITY_SUM_TOLERANCE}, one is negative or NaN, or k is 0
   */
  public static int sampleOutcome(State s, double[] probabilities, int k, double u) {
    double acc = 0;
    int pick = -1;
    boolean negative = false;
    for (int j = 0; j < k; j++) {
      double p = probabilities[j];
      acc += p;
      negative |= !(p >= 0);
      if (pick < 0 && u < acc) {
        pick = j;
      }
    }
    if (negative || !(Math.abs(acc - 1) <= GameContract.PROBABILITY_SUM_TOLERANCE)) {
      throw GameContract.notADistribution(s, probabilities, k, acc);
    }
    return pick < 0 ? lastPositive(probabilities, 0, k) : pick;
  }
}
