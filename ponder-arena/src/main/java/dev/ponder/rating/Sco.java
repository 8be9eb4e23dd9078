package dev.ponder.rating;

import java.util.List;

/**
 * Soft Condorcet Optimization (Lanctot, Larson, Kaisers, Berthet, Gemp, Diaz, Maura-Rivero,
 * Bachrach, Koop &amp; Precup 2025, "Soft Condorcet Optimization for Ranking of General Agents",
 * AAMAS 2025, arXiv 2411.00119), sigmoid loss: ratings r minimizing
 * {@code L(r) = Σ_votes Σ_{a ≻ b in the vote} w · σ((r_b − r_a)/τ)} by full-batch gradient
 * descent, clipped to [lower, upper] after every step, starting from the midpoint (ALGORITHMS.md
 * §8.2; the update is OpenSpiel's {@code soft_condorcet_optimization.py}; see
 * {@link Options#defaults()} for why the default step is larger than OpenSpiel's). A ballot may contain ties: tied alternatives contribute no
 * pair. The gradient is averaged over the votes: a ballot of weight w counts as w votes, so the
 * step is divided by the ballots' total weight, as OpenSpiel's optimizers (Python and C++) split
 * a vote of weight w into w votes of weight 1 before averaging over the batch (a weight-2 ballot
 * fits exactly as two copies of it).
 */
public final class Sco {
  private Sco() {}

  /**
   * Options.
   *
   * @param temperature τ &gt; 0
   * @param learningRate step size &gt; 0
   * @param iterations number of full-batch steps ≥ 0
   * @param lower lower rating bound
   * @param upper upper rating bound (&gt; lower)
   */
  public record Options(double temperature, double learningRate, int iterations, double lower, double upper) {
    /**
     * Checks the options.
     *
     * @throws IllegalArgumentException if {@code temperature} or {@code learningRate} is not &gt; 0
     *     (NaN included), {@code iterations} &lt; 0, or {@code upper} is not &gt; {@code lower}
     */
    public Options {
      if (!(temperature > 0) || !(learningRate > 0) || iterations < 0 || !(upper > lower)) {
        throw new IllegalArgumentException("invalid SCO options: tau=" + temperature + " lr=" + learningRate
            + " iterations=" + iterations + " bounds=[" + lower + ", " + upper + "]");
      }
    }

    /**
     * Ponder's defaults: τ = 1, lr = 1, 1000 iterations, [0, 1000]. OpenSpiel's Python defaults
     * ({@link #openSpiel()}, lr = 0.01) stop while the ratings are still within about ±1 of the
     * midpoint, where the sigmoid is nearly linear and the order follows Borda counts rather than
     * pairwise majorities (e.g. votes 2 × a≻b≻c, 3 × c≻a≻b: a ahead of the Condorcet winner c);
     * 100× the step length lets the order settle (c ≻ a ≻ b) while staying cheap.
     */
    public static Options defaults() {
      return new Options(1.0, 1.0, 1000, 0, 1000);
    }

    /** OpenSpiel's Python defaults: τ = 1, lr = 0.01, 1000 iterations, [0, 1000]. */
    public static Options openSpiel() {
      return new Options(1.0, 0.01, 1000, 0, 1000);
    }
  }

  /**
   * A ballot: a score per alternative (higher = ranked higher; equal scores are tied;
   * {@code NaN} = alternative absent from this ballot) and a weight.
   */
  public record Ballot(double[] scores, double weight) {}

  /**
   * Fits the ratings.
   *
   * @param numAlternatives number of alternatives K; each ballot's {@code scores} is indexed by
   *     alternative
   * @return ratings in [lower, upper]: length K, indexed by alternative
   */
  public static double[] fit(int numAlternatives, List<Ballot> ballots, Options o) {
    double totalWeight = 0;
    for (Ballot b : ballots) {
      totalWeight += b.weight();
    }
    return fit(pairWeights(numAlternatives, ballots), totalWeight, o);
  }

  /**
   * The ballots' pair weights: {@code w[a][b]} = total weight of the ballots ranking a strictly
   * above b (the only thing {@link #fit(int, List, Options)} reads from the ballots besides their
   * number).
   *
   * @return numAlternatives × numAlternatives weights
   */
  public static double[][] pairWeights(int numAlternatives, List<Ballot> ballots) {
    double[][] w = new double[numAlternatives][numAlternatives];
    for (Ballot b : ballots) {
      double[] s = b.scores();
      for (int i = 0; i < numAlternatives; i++) {
        for (int j = 0; j < numAlternatives; j++) {
          if (!Double.isNaN(s[i]) && !Double.isNaN(s[j]) && s[i] > s[j]) {
            w[i][j] += b.weight();
          }
        }
      }
    }
    return w;
  }

  /**
   * Fits the ratings from the pair weights of ballots of total weight {@code totalWeight}
   * ({@link #pairWeights}); the same ratings, bit for bit, as fitting the ballots themselves.
   *
   * @param w K × K pair weights (not modified)
   * @param totalWeight the summed weight of the ballots the weights came from (their number when
   *     every weight is 1; the gradient is averaged over it, a ballot of weight w counting as w
   *     votes); 0 or less = no ballot, the ratings stay at the midpoint
   * @return ratings in [lower, upper]: length K, indexed by alternative
   */
  public static double[] fit(double[][] w, double totalWeight, Options o) {
    int numAlternatives = w.length;
    double[] r = new double[numAlternatives];
    java.util.Arrays.fill(r, (o.upper() - o.lower()) / 2 + o.lower());
    if (!(totalWeight > 0)) {
      return r;
    }
    double n = totalWeight;
    double[] grad = new double[numAlternatives];
    for (int it = 0; it < o.iterations(); it++) {
      java.util.Arrays.fill(grad, 0);
      for (int a = 0; a < numAlternatives; a++) {
        double[] wa = w[a];
        for (int b = 0; b < numAlternatives; b++) {
          if (wa[b] == 0) {
            continue;
          }
          double delta = (r[b] - r[a]) / o.temperature();
          double sg = 1 / (1 + Math.exp(-delta));
          double g = wa[b] * sg * (1 - sg) / o.temperature();
          grad[a] -= g;
          grad[b] += g;
        }
      }
      for (int a = 0; a < numAlternatives; a++) {
        r[a] = Math.min(o.upper(), Math.max(o.lower(), r[a] - o.learningRate() * grad[a] / n));
      }
    }
    return r;
  }

  /** The sigmoid loss of {@code ratings} on the ballots (for diagnostics and tests). */
  public static double loss(double[] ratings, List<Ballot> ballots, double temperature) {
    double l = 0;
    for (Ballot b : ballots) {
      double[] s = b.scores();
      for (int i = 0; i < s.length; i++) {
        for (int j = 0; j < s.length; j++) {
          if (!Double.isNaN(s[i]) && !Double.isNaN(s[j]) && s[i] > s[j]) {
            l += b.weight() / (1 + Math.exp(-(ratings[j] - ratings[i]) / temperature));
          }
        }
      }
    }
    return l;
  }

  /**
   * Pairwise ballot win rates {@code F(A≻B)} = fraction of ballots (weighted) in which A is
   * ranked strictly above B, among the ballots containing both (seed 000). Diagonal is NaN.
   *
   * @return K × K ({@code numAlternatives}), {@code [a][b]} = F(a≻b) in [0, 1]; NaN on the
   *     diagonal and where no ballot holds both
   */
  public static double[][] ballotWinRates(int numAlternatives, List<Ballot> ballots) {
    double[][] f = new double[numAlternatives][numAlternatives];
    for (int a = 0; a < numAlternatives; a++) {
      for (int b = 0; b < numAlternatives; b++) {
        if (a == b) {
          f[a][b] = Double.NaN;
          continue;
        }
        double num = 0;
        double den = 0;
        for (Ballot bl : ballots) {
          double sa = bl.scores()[a];
          double sb = bl.scores()[b];
          if (Double.isNaN(sa) || Double.isNaN(sb)) {
            continue;
          }
          den += bl.weight();
          if (sa > sb) {
            num += bl.weight();
          }
        }
        f[a][b] = den > 0 ? num / den : Double.NaN;
      }
    }
    return f;
  }
}
