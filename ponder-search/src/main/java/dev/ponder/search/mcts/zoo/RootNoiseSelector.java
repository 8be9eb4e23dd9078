package dev.ponder.search.mcts.zoo;

import dev.ponder.search.mcts.RootActionSelector;
import dev.ponder.search.mcts.SearchContext;
import dev.ponder.search.mcts.Tree;
import dev.ponder.search.mcts.ops.RootNoise;
import dev.ponder.spec.SpecException;
import java.util.Locale;

/**
 * Root selection by a {@link PuctFamily} policy whose root prior is mixed with Dirichlet noise
 * (Silver et al. 2018), sampled once per search: {@code P ← (1 − ε(t))·P + ε(t)·Dir(α)}.
 * Schedules: bifv {@code α = clip(10/|A|, 0.05, 1)}, {@code ε = 0.20(1 − t/S)}; run1
 * {@code α = max(0.1, 10/|A|)}, {@code ε = 0.25(1 − t/S)²}; AlphaZero constant α, ε (SPEC §1.3).
 * One search at a time (the noise vector is a field).
 */
public final class RootNoiseSelector implements RootActionSelector {

  /** The α and ε(t) schedule. */
  public enum Rule {
    /** bifv's: α = clip(10/|A|, 0.05, 1), ε(t) = 0.20·(1 − t/S) ({@link RootNoise#bifvAlpha}). */
    BIFV,
    /** run1's: α = max(0.1, 10/|A|), ε(t) = 0.25·(1 − t/S)² ({@link RootNoise#run1Alpha}). */
    RUN1,
    /** The constants α and ε given to the constructor (AlphaZero's rule, Silver et al. 2018). */
    CONSTANT;

    static Rule parse(String s) {
      try {
        return valueOf(s.trim().toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new SpecException("noise=" + s + " is not valid; valid: none, bifv, run1, constant"
            + dev.ponder.spec.Suggestions.didYouMean(s, java.util.List.of("none", "bifv", "run1", "constant")));
      }
    }
  }

  private final PuctFamily policy;
  private final Rule rule;
  private final double alpha;
  private final double epsilon;
  private double[] noise = new double[0];

  /**
   * @param alpha Dirichlet concentration α &gt; 0, used by {@link Rule#CONSTANT} only (α per game in
   *     AlphaZero)
   * @param epsilon noise weight ε in [0, 1], used by {@link Rule#CONSTANT} only (AlphaZero 0.25);
   *     neither is checked here
   */
  public RootNoiseSelector(PuctFamily policy, Rule rule, double alpha, double epsilon) {
    this.policy = policy;
    this.rule = rule;
    this.alpha = alpha;
    this.epsilon = epsilon;
  }

  @Override
  public void prepare(Tree tree, int root, SearchContext ctx) {
    int k = tree.numChildren(root);
    if (noise.length < k) {
      noise = new double[k];
    }
    double a = rule == Rule.BIFV ? RootNoise.bifvAlpha(k) : rule == Rule.RUN1 ? RootNoise.run1Alpha(k) : alpha;
    RootNoise.dirichlet(a, k, noise, ctx.rng());
  }

  /** ε(t) of the rule. */
  public double epsilon(SearchContext ctx) {
    switch (rule) {
      case BIFV:
        return RootNoise.bifvEpsilon(ctx.simulation(), ctx.budget());
      case RUN1:
        return RootNoise.run1Epsilon(ctx.simulation(), ctx.budget());
      default:
        return epsilon;
    }
  }

  @Override
  public int select(Tree tree, int root, SearchContext ctx) {
    return policy.select(tree, root, ctx, noise, epsilon(ctx));
  }
}
