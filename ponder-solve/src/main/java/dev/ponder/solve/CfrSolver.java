package dev.ponder.solve;

import dev.ponder.game.State;
import java.util.Arrays;
import java.util.Locale;

/**
 * Counterfactual regret minimization on a {@link GameTree}: vanilla CFR (Zinkevich, Johanson,
 * Bowling & Piccione 2007, NIPS 20) with alternating or simultaneous updates, CFR+ (Tammelin 2014,
 * arXiv 1407.5042), Linear CFR and Discounted CFR (Brown & Sandholm 2019, AAAI, arXiv
 * 1809.04040). Rules as in ALGORITHMS.md §8.6:
 *
 * <ul>
 *   <li>current policy by regret matching {@code σ(I,a) = R⁺(I,a)/Σ_b R⁺(I,b)} (uniform if the sum is
 *       0), fixed during a traversal;
 *   <li>per history h of I: {@code R(I,a) += π_−i(h)·(v_i(h·a) − v_i(h))} and
 *       {@code S(I,a) += w_t·π_i(h)·σ(I,a)};
 *   <li>CFR: {@code w_t = 1}; CFR+: regrets floored at 0 after each traversal (RM+), alternating,
 *       {@code w_t = t}; DCFR(α, β, γ): after player i's traversal at iteration t positive regrets
 *       × t^α/(t^α+1), negative × t^β/(t^β+1), {@code w_t = t^γ}; Linear CFR = DCFR(1, 1, 1).
 * </ul>
 *
 * The average policy {@code S/ΣS} converges to a Nash equilibrium in two-player zero-sum games.
 * Iterations allocate nothing.
 */
public final class CfrSolver {

  /** The CFR variants. */
  public enum Variant {
    CFR, CFR_PLUS, LINEAR, DISCOUNTED;

    /** Parses {@code cfr}, {@code cfr+}, {@code lcfr}, {@code dcfr}. */
    public static Variant parse(String s) {
      switch (s.toLowerCase(Locale.ROOT)) {
        case "cfr":
          return CFR;
        case "cfr+":
        case "cfrplus":
          return CFR_PLUS;
        case "lcfr":
          return LINEAR;
        case "dcfr":
          return DISCOUNTED;
        default:
          throw new IllegalArgumentException("unknown CFR variant '" + s + "'; valid: cfr, cfr+, lcfr, dcfr");
      }
    }
  }

  private final GameTree t;
  private final Variant variant;
  private final boolean alternating;
  private final double alpha;
  private final double beta;
  private final double gamma;
  private final int n;
  private final double[] regret;
  private final double[] strategySum;
  private final double[] current;
  private final double[][] reachBuf;
  private final double[][] valueBuf;
  private final double[][][] childBuf;
  private int iteration;
  private double weight;

  /** A solver with the variant's standard settings (alternating updates; DCFR (1.5, 0, 2)). */
  public CfrSolver(GameTree tree, Variant variant) {
    this(tree, variant, true, 1.5, 0.0, 2.0);
  }

  /**
   * @param alternating update one player per traversal (true) or all players in one traversal
   *     (simultaneous; only meaningful for {@link Variant#CFR})
   * @param alpha DCFR positive-regret discount exponent (ignored by other variants)
   * @param beta DCFR negative-regret discount exponent
   * @param gamma DCFR averaging exponent
   */
  public CfrSolver(GameTree tree, Variant variant, boolean alternating, double alpha, double beta, double gamma) {
    this.t = tree;
    this.variant = variant;
    this.alternating = variant == Variant.CFR ? alternating : true;
    this.alpha = variant == Variant.LINEAR ? 1 : alpha;
    this.beta = variant == Variant.LINEAR ? 1 : beta;
    this.gamma = variant == Variant.LINEAR ? 1 : gamma;
    this.n = tree.numPlayers();
    regret = new double[tree.numSlots()];
    strategySum = new double[tree.numSlots()];
    current = tree.uniformSlots();
    int depth = tree.maxDepth() + 2;
    reachBuf = new double[depth][n + 1];
    valueBuf = new double[depth][n];
    childBuf = new double[depth][tree.maxActions()][n];
  }

  public Variant variant() {
    return variant;
  }

  public boolean alternating() {
    return alternating;
  }

  /** Number of iterations run so far. */
  public int iterations() {
    return iteration;
  }

  /** Runs {@code count} iterations (each: one traversal per player, or one for all). */
  public void run(int count) {
    for (int c = 0; c < count; c++) {
      iteration++;
      int tt = iteration;
      switch (variant) {
        case CFR:
          weight = 1;
          break;
        case CFR_PLUS:
        case LINEAR:
          weight = tt;
          break;
        default:
          weight = Math.pow(tt, gamma);
      }
      if (alternating) {
        for (int p = 0; p < n; p++) {
          traverse(p);
          afterTraversal(p);
        }
      } else {
        traverse(-1);
        for (int p = 0; p < n; p++) {
          afterTraversal(p);
        }
      }
    }
  }

  private void traverse(int updatePlayer) {
    double[] r = reachBuf[0];
    Arrays.fill(r, 1.0);
    cfr(0, 0, updatePlayer);
  }

  private void afterTraversal(int player) {
    double posF = 1;
    double negF = 1;
    if (variant == Variant.LINEAR || variant == Variant.DISCOUNTED) {
      double ta = Math.pow(iteration, alpha);
      double tb = Math.pow(iteration, beta);
      posF = ta / (ta + 1);
      negF = tb / (tb + 1);
    }
    for (int i = 0; i < t.numInfosets(); i++) {
      if (t.infosetPlayer(i) != player) {
        continue;
      }
      int s = t.slotStart(i);
      int k = t.numActions(i);
      for (int j = s; j < s + k; j++) {
        double x = regret[j];
        if (variant == Variant.CFR_PLUS) {
          regret[j] = Math.max(0, x);
        } else if (posF != 1 || negF != 1) {
          regret[j] = x > 0 ? x * posF : x * negF;
        }
      }
      regretMatching(s, k);
    }
  }

  private void regretMatching(int s, int k) {
    RegretMatching.policy(regret, s, k, current, s);
  }

  /** Writes node {@code v}'s value vector into valueBuf[d]; reach in reachBuf[d]. */
  private void cfr(int v, int d, int up) {
    double[] out = valueBuf[d];
    int p = t.player(v);
    if (p == State.TERMINAL) {
      for (int q = 0; q < n; q++) {
        out[q] = t.utility(v, q);
      }
      return;
    }
    double[] reach = reachBuf[d];
    double[] childReach = reachBuf[d + 1];
    Arrays.fill(out, 0.0);
    int k = t.numChildren(v);
    if (p == State.CHANCE) {
      for (int j = 0; j < k; j++) {
        double w = t.chanceProb(v, j);
        System.arraycopy(reach, 0, childReach, 0, n + 1);
        childReach[n] *= w;
        cfr(t.child(v, j), d + 1, up);
        double[] c = valueBuf[d + 1];
        for (int q = 0; q < n; q++) {
          out[q] += w * c[q];
        }
      }
      return;
    }
    int info = t.infoset(v);
    int s = t.slotStart(info);
    double[][] cv = childBuf[d];
    for (int j = 0; j < k; j++) {
      double sig = current[s + j];
      System.arraycopy(reach, 0, childReach, 0, n + 1);
      childReach[p] *= sig;
      boolean anyReach = false;
      for (int q = 0; q < n; q++) {
        if (childReach[q] != 0) {
          anyReach = true;
          break;
        }
      }
      if (!anyReach) {
        Arrays.fill(cv[j], 0.0);
        continue;
      }
      cfr(t.child(v, j), d + 1, up);
      System.arraycopy(valueBuf[d + 1], 0, cv[j], 0, n);
      for (int q = 0; q < n; q++) {
        out[q] += sig * cv[j][q];
      }
    }
    if (up == -1 || up == p) {
      double cf = reach[n];
      for (int q = 0; q < n; q++) {
        if (q != p) {
          cf *= reach[q];
        }
      }
      double own = reach[p];
      double vp = out[p];
      for (int j = 0; j < k; j++) {
        regret[s + j] += cf * (cv[j][p] - vp);
        strategySum[s + j] += weight * own * current[s + j];
      }
    }
  }

  /** The current (regret-matching) policy as a slot array (a copy). */
  public double[] currentPolicy() {
    return current.clone();
  }

  /** The average policy {@code S/ΣS} as a slot array (uniform where nothing accumulated). */
  public double[] averagePolicy() {
    return t.normalizedSlots(strategySum);
  }

  public GameTree tree() {
    return t;
  }
}
