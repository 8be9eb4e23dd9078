package dev.ponder.search.mcts.ops;

import java.util.SplittableRandom;

/**
 * Root Dirichlet noise {@code P ← (1−ε)·P + ε·Dir(α)} (Silver et al. 2018) with the seed's
 * discovered α and ε(t) schedules (Li, Schultz, Lanctot &amp; Hennes 2026, seed 000; SPEC §1.3), and the Gamma/Dirichlet/Gumbel samplers it needs.
 */
public final class RootNoise {
  private RootNoise() {}

  /** bifv: {@code α = clip(10/|A|, 0.05, 1.0)}. */
  public static double bifvAlpha(int numActions) {
    return Math.min(1.0, Math.max(0.05, 10.0 / numActions));
  }

  /** bifv: {@code ε(t) = 0.20·(1 − t/S)}. */
  public static double bifvEpsilon(long t, long budget) {
    return 0.20 * (1.0 - Schedules.frac(t, budget));
  }

  /** run1: {@code α = max(0.1, 10/|A|)}. */
  public static double run1Alpha(int numActions) {
    return Math.max(0.1, 10.0 / numActions);
  }

  /** run1: {@code ε(t) = 0.25·(1 − t/S)²}. */
  public static double run1Epsilon(long t, long budget) {
    double r = 1.0 - Schedules.frac(t, budget);
    return 0.25 * r * r;
  }

  /** Mixes {@code out[i] = (1−ε)·prior[i] + ε·noise[i]} for {@code i < k}. */
  public static void mix(double[] prior, double[] noise, double eps, double[] out, int k) {
    for (int i = 0; i < k; i++) {
      out[i] = (1.0 - eps) * prior[i] + eps * noise[i];
    }
  }

  /**
   * Samples a symmetric Dirichlet(α, …, α) of dimension {@code k} into {@code out}.
   *
   * @throws IllegalArgumentException if α ≤ 0 or k &lt; 1
   */
  public static void dirichlet(double alpha, int k, double[] out, SplittableRandom rng) {
    if (!(alpha > 0)) {
      throw new IllegalArgumentException("dirichlet: alpha must be greater than 0, got " + alpha);
    }
    if (k < 1) {
      throw new IllegalArgumentException("dirichlet: k must be at least 1, got " + k);
    }
    double sum = 0;
    for (int i = 0; i < k; i++) {
      out[i] = gamma(alpha, rng);
      sum += out[i];
    }
    if (sum <= 0) {
      // every draw underflowed (tiny α): the limit of Dir(α) as α→0 puts all mass on one entry
      int j = rng.nextInt(k);
      for (int i = 0; i < k; i++) {
        out[i] = i == j ? 1.0 : 0.0;
      }
      return;
    }
    for (int i = 0; i < k; i++) {
      out[i] /= sum;
    }
  }

  /**
   * Samples Gamma(shape, scale 1) by Marsaglia &amp; Tsang (2000); shapes below 1 use
   * {@code Gamma(shape+1)·U^(1/shape)}.
   */
  public static double gamma(double shape, SplittableRandom rng) {
    if (shape < 1.0) {
      double u = rng.nextDouble();
      return gamma(shape + 1.0, rng) * Math.pow(u, 1.0 / shape);
    }
    double d = shape - 1.0 / 3.0;
    double c = 1.0 / Math.sqrt(9.0 * d);
    while (true) {
      double x;
      double v;
      do {
        x = rng.nextGaussian();
        v = 1.0 + c * x;
      } while (v <= 0);
      v = v * v * v;
      double u = rng.nextDouble();
      if (u < 1.0 - 0.0331 * x * x * x * x || Math.log(u) < 0.5 * x * x + d * (1.0 - v + Math.log(v))) {
        return d * v;
      }
    }
  }

  /** Samples a standard Gumbel variate {@code −ln(−ln U)}, U uniform on (0,1). */
  public static double gumbel(SplittableRandom rng) {
    double u;
    do {
      u = rng.nextDouble();
    } while (u <= 0.0);
    return -Math.log(-Math.log(u));
  }
}
