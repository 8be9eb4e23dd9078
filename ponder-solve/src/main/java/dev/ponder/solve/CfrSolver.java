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
  private final int[] stackNode;
  private final int[] stackNext;
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
    stackNode = new int[depth];
    stackNext = new int[depth];
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

  /**
   * One CFR traversal from the root, updating {@code up}'s regrets and average policy (all
   * players' when −1). Depth-first with its own stack (no recursion), so a game's depth is bounded
   * by memory: at depth d, {@code reachBuf[d]} holds the reach probabilities (players', then
   * chance's) of the node, {@code valueBuf[d]} its value vector being summed and
   * {@code childBuf[d][j]} the value of its j-th child; a decision child whose reach is 0 for every
   * player is not visited (its value is taken as 0).
   */
  private void traverse(int up) {
    Arrays.fill(reachBuf[0], 1.0);
    stackNode[0] = 0;
    stackNext[0] = 0;
    if (!enter(0, 0)) {
      return;
    }
    int d = 0;
    while (true) {
      int v = stackNode[d];
      int p = t.player(v);
      int k = t.numChildren(v);
      double[] reach = reachBuf[d];
      double[] childReach = reachBuf[d + 1];
      int s = p == State.CHANCE ? -1 : t.slotStart(t.infoset(v));
      boolean descended = false;
      for (int j = stackNext[d]; j < k; j++) {
        System.arraycopy(reach, 0, childReach, 0, n + 1);
        if (p == State.CHANCE) {
          childReach[n] *= t.chanceProb(v, j);
        } else {
          childReach[p] *= current[s + j];
          boolean anyReach = false;
          for (int q = 0; q < n; q++) {
            if (childReach[q] != 0) {
              anyReach = true;
              break;
            }
          }
          if (!anyReach) {
            Arrays.fill(childBuf[d][j], 0.0);
            continue;
          }
        }
        stackNext[d] = j + 1;
        int c = t.child(v, j);
        stackNode[d + 1] = c;
        stackNext[d + 1] = 0;
        if (enter(c, d + 1)) {
          d++;
          descended = true;
          break;
        }
        addChild(d, j); // a terminal child: its value is in valueBuf[d + 1]
      }
      if (descended) {
        continue;
      }
      // every child of v is done
      if (p != State.CHANCE) {
        regretUpdate(v, d, up);
      }
      if (d == 0) {
        return;
      }
      d--;
      addChild(d, stackNext[d] - 1);
    }
  }

  /**
   * Starts node {@code v} at depth {@code d}: a terminal node's value is its utilities (returns
   * false: nothing to descend into), any other node's value starts at 0 (returns true).
   */
  private boolean enter(int v, int d) {
    double[] out = valueBuf[d];
    if (t.player(v) == State.TERMINAL) {
      for (int q = 0; q < n; q++) {
        out[q] = t.utility(v, q);
      }
      return false;
    }
    Arrays.fill(out, 0.0);
    return true;
  }

  /** Adds the value of the j-th child (in valueBuf[d + 1]) to its parent's at depth {@code d}. */
  private void addChild(int d, int j) {
    int v = stackNode[d];
    double[] out = valueBuf[d];
    double[] c = valueBuf[d + 1];
    if (t.player(v) == State.CHANCE) {
      double w = t.chanceProb(v, j);
      for (int q = 0; q < n; q++) {
        out[q] += w * c[q];
      }
      return;
    }
    double sig = current[t.slotStart(t.infoset(v)) + j];
    double[] cv = childBuf[d][j];
    System.arraycopy(c, 0, cv, 0, n);
    for (int q = 0; q < n; q++) {
      out[q] += sig * cv[q];
    }
  }

  /** Regrets and strategy sums of decision node {@code v} at depth {@code d}, once its children are done. */
  private void regretUpdate(int v, int d, int up) {
    int p = t.player(v);
    if (up != -1 && up != p) {
      return;
    }
    double[] reach = reachBuf[d];
    double[][] cv = childBuf[d];
    int s = t.slotStart(t.infoset(v));
    int k = t.numChildren(v);
    double cf = reach[n];
    for (int q = 0; q < n; q++) {
      if (q != p) {
        cf *= reach[q];
      }
    }
    double own = reach[p];
    double vp = valueBuf[d][p];
    for (int j = 0; j < k; j++) {
      regret[s + j] += cf * (cv[j][p] - vp);
      strategySum[s + j] += weight * own * current[s + j];
    }
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
