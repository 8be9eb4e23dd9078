package dev.ponder.search.mcts.ops;

import java.util.SplittableRandom;

/**
 * Normal-Gamma posterior of a node's return for Thompson sampling in the tree (DNG-MCTS: Bai, Wu
 * &amp; Chen 2013, NIPS): the prior and a draw of the mean. The conjugate update
 * ({@code μ' = (λμ + x)/(λ + 1)}, {@code λ' = λ + 1}, {@code α' = α + 1/2},
 * {@code β' = β + λ(x − μ)²/(2(λ + 1))}) runs on the tree's auxiliary statistics in
 * {@code zoo.BanditPolicies#thompsonUpdate}.
 *
 * <p>Default prior μ0 = 0, λ0 = 0.01, α0 = 1 [recall — verify against the paper] and β0 = 0.25:
 * Ponder feeds the posterior returns normalized into [0, 1], whose variance is at most 1/4, and
 * β0/α0 is the prior's guess of that variance (E[τ] = α0/β0). The recalled β0 = 100 belongs to a
 * raw reward scale; on [0, 1] it keeps the posterior sd of a child's mean near
 * sqrt(100/((1 + n/2)·n)) (1.3 at n = 10 visits), so selection stays close to uniform for hundreds
 * of visits per child.
 */
public final class NormalGamma {
  private NormalGamma() {}

  /** Paper prior [recall]. */
  public static final double MU0 = 0.0;
  /** Paper prior λ0 (pseudo-observations of the mean) [recall]. */
  public static final double LAMBDA0 = 0.01;
  /** Paper prior α0 (shape of the precision's Gamma) [recall]. */
  public static final double ALPHA0 = 1.0;
  /** β0 scaled to returns normalized into [0, 1] (variance ≤ 1/4; see the class comment). */
  public static final double BETA0 = 0.25;

  /**
   * Draws a mean from the posterior: {@code τ ~ Gamma(α, rate β)}, {@code μ ~ N(μ0, 1/(λτ))}.
   */
  public static double sampleMean(double mu, double lambda, double alpha, double beta, SplittableRandom rng) {
    double tau = RootNoise.gamma(alpha, rng) / beta;
    double sd = 1.0 / Math.sqrt(Math.max(lambda * tau, 1e-300));
    return mu + sd * rng.nextGaussian();
  }
}
