package dev.ponder.game;

/** Drawing from finite probability distributions held in primitive arrays (allocates nothing). */
public final class Distributions {
  private Distributions() {}

  /**
   * The index drawn by {@code u} from the distribution {@code probabilities[from .. from + k)}: the
   * first {@code j} in {@code [0, k)} with {@code u < p[from] + ... + p[from + j]} (summed left to
   * right from 0), or {@code k − 1} when rounding leaves the total at or below {@code u}. With
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
    return k - 1;
  }
}
