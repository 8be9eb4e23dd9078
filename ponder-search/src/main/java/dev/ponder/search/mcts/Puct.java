package dev.ponder.search.mcts;

import java.util.Locale;
import java.util.SplittableRandom;

/**
 * PUCT tree policy with the AlphaZero exploration schedule (Silver et al. 2018; Schrittwieser et
 * al. 2020, App. B): {@code argmax_a Q̃(a) + c(N)·π(a)·sqrt(N)/(1 + n(a))} with
 * {@code c(N) = c_init + ln((N + c_base + 1)/c_base)}. Q̃ is the chooser's mean value normalized
 * into [0, 1]; N is the node's visit count (simulations through it). Unvisited children take a
 * first-play-urgency value ({@link Fpu}). Ties are broken uniformly at random.
 */
public final class Puct implements TreePolicy {

  /** First-play urgency: the Q̃ used for an unvisited child (ALGORITHMS §1.4). */
  public enum Fpu {
    /** 0 on the [0, 1] scale: an unvisited child counts as a loss (AlphaZero pseudo-code). */
    LOSS,
    /** The node's own mean value for the chooser (Q0 before any visit). */
    PARENT,
    /**
     * Lc0's reduction: the node's value for the chooser minus {@code fpu_value}·sqrt(sum of
     * priors of visited children).
     */
    REDUCTION,
    /** The constant {@code fpu_value} (Gelly &amp; Wang 2006). */
    ABSOLUTE,
    /** +∞: every child is tried once first. */
    INF;

    /**
     * Parses {@code loss|parent|reduction|absolute|inf} (any case, surrounding blanks ignored).
     *
     * @throws dev.ponder.spec.SpecException for another name (the message lists the valid ones)
     */
    public static Fpu parse(String s) {
      try {
        return valueOf(s.trim().toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new dev.ponder.spec.SpecException("fpu=" + s + " is not valid; valid: loss, parent, reduction, absolute, inf"
            + dev.ponder.spec.Suggestions.didYouMean(s, java.util.List.of("loss", "parent", "reduction", "absolute", "inf")));
      }
    }
  }

  private final double cInit;
  private final double cBase;
  private final Fpu fpu;
  private final double fpuValue;

  /**
   * PUCT with the AlphaZero schedule {@code c(N) = c_init + ln((N + c_base + 1)/c_base)} (Silver
   * et al. 2018).
   *
   * @param cInit c_init ≥ 0 (AlphaZero 1.25; the constant AlphaGo Zero calls c_puct, OpenSpiel's
   *     {@code uct_c})
   * @param cBase c_base &gt; 0 (AlphaZero 19652)
   * @param fpu first-play urgency rule, not null
   * @param fpuValue the constant of {@link Fpu#ABSOLUTE} (a normalized value) or
   *     {@link Fpu#REDUCTION} (the reduction factor); not NaN; ignored otherwise
   * @throws NullPointerException if {@code fpu} is null
   * @throws IllegalArgumentException if c_init &lt; 0, c_base ≤ 0 (or either is NaN), or
   *     {@code fpuValue} is NaN
   */
  public Puct(double cInit, double cBase, Fpu fpu, double fpuValue) {
    if (!(cInit >= 0)) {
      throw new IllegalArgumentException("c_init must be at least 0, got " + cInit);
    }
    if (!(cBase > 0)) {
      throw new IllegalArgumentException("c_base must be greater than 0, got " + cBase);
    }
    java.util.Objects.requireNonNull(fpu, "fpu");
    if (Double.isNaN(fpuValue)) {
      throw new IllegalArgumentException("fpu_value must be a number, got NaN");
    }
    this.cInit = cInit;
    this.cBase = cBase;
    this.fpu = fpu;
    this.fpuValue = fpuValue;
  }

  /**
   * c(N) = c_init + ln((N + c_base + 1)/c_base).
   *
   * @param n the node's visit count N ≥ 0
   */
  public double exploration(int n) {
    return cInit + Math.log((n + cBase + 1) / cBase);
  }

  /** True unless the first-play value is +∞ (which tries every child once first). */
  @Override
  public boolean revisitsBeforeTryingAll() {
    return fpu != Fpu.INF;
  }

  @Override
  public int select(Tree tree, int node, SearchContext ctx) {
    int mover = tree.player(node);
    int first = tree.firstChild(node);
    int end = first + tree.numChildren(node);
    int bigN = Math.max(0, tree.visits(node));
    double scale = exploration(bigN) * Math.sqrt(bigN);
    double unvisited = firstPlayValue(tree, node, mover, first, end, ctx);
    SplittableRandom rng = ctx.rng();
    double best = Double.NEGATIVE_INFINITY;
    int chosen = first;
    int ties = 0;
    for (int e = first; e < end; e++) {
      int n = tree.visits(e);
      double q = n > 0 ? ctx.normalize(tree.valueSum(e, mover) / n) : unvisited;
      double score = q + scale * tree.prior(e) / (1 + Math.max(0, n));
      if (score > best) {
        best = score;
        chosen = e;
        ties = 1;
      } else if (score == best && rng.nextInt(++ties) == 0) {
        chosen = e;
      }
    }
    return chosen;
  }

  private double firstPlayValue(Tree tree, int node, int mover, int first, int end, SearchContext ctx) {
    switch (fpu) {
      case LOSS:
        return 0.0;
      case ABSOLUTE:
        return fpuValue;
      case INF:
        return Double.POSITIVE_INFINITY;
      case PARENT:
        return parentValue(tree, node, mover, ctx);
      default: {
        double visitedPrior = 0;
        for (int e = first; e < end; e++) {
          if (tree.visits(e) > 0) {
            visitedPrior += tree.prior(e);
          }
        }
        return parentValue(tree, node, mover, ctx) - fpuValue * Math.sqrt(visitedPrior);
      }
    }
  }

  private static double parentValue(Tree tree, int node, int mover, SearchContext ctx) {
    int n = tree.visits(node);
    return n > 0 ? ctx.normalize(tree.valueSum(node, mover) / n) : ctx.q0();
  }
}
