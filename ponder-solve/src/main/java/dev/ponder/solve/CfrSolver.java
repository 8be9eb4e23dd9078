package dev.ponder.solve;

import dev.ponder.game.State;
import java.util.Locale;

/**
 * Counterfactual regret minimization on a {@link GameTree}: vanilla CFR (Zinkevich, Johanson,
 * Bowling &amp; Piccione 2007, NIPS 20) with alternating or simultaneous updates, CFR+ (Tammelin 2014,
 * arXiv 1407.5042), Linear CFR and Discounted CFR (Brown &amp; Sandholm 2019, AAAI, arXiv
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
    /** Vanilla CFR (Zinkevich, Johanson, Bowling &amp; Piccione 2007): {@code w_t = 1}, no discounting. */
    CFR,
    /** CFR+ (Tammelin 2014): regret matching+ (regrets floored at 0), alternating, {@code w_t = t}. */
    CFR_PLUS,
    /** Linear CFR (Brown &amp; Sandholm 2019): DCFR with α = β = γ = 1. */
    LINEAR,
    /** Discounted CFR DCFR(α, β, γ) (Brown &amp; Sandholm 2019); the standard (1.5, 0, 2). */
    DISCOUNTED;

    /**
     * Parses {@code cfr}, {@code cfr+} (or {@code cfrplus}), {@code lcfr}, {@code dcfr}, in any
     * case.
     *
     * @throws IllegalArgumentException for another name (the message lists the valid ones)
     */
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
          throw new IllegalArgumentException("unknown CFR variant '" + s + "'; valid: cfr, cfr+, lcfr, dcfr"
            + dev.ponder.spec.Suggestions.didYouMean(s, java.util.List.of("cfr", "cfr+", "lcfr", "dcfr")));
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
  private final int maxActions;
  /** Per depth d: reach probabilities at {@code d·(n+1)}, players' then chance's. */
  private final double[] reach;
  /** Per depth d: the node's value vector at {@code d·n}. */
  private final double[] value;
  /** Per depth d: the acting player's value of child j at {@code d·maxActions + j}. */
  private final double[] childValue;
  private final int[] stackNode;
  private final int[] stackNext;
  /** Iterations run so far: a long, so that no run overflows it into negative (or NaN) weights. */
  private long iteration;
  private double weight;

  /**
   * A solver with the variant's standard settings (alternating updates; DCFR (1.5, 0, 2)).
   *
   * @param tree the game tree (its policy slot arrays are this solver's policies)
   * @param variant the CFR variant
   * @throws NullPointerException if {@code tree} or {@code variant} is null
   * @throws IllegalArgumentException if the game is neither zero-sum nor constant-sum ({@link
   *     GameTree#requireZeroSum})
   */
  public CfrSolver(GameTree tree, Variant variant) {
    this(tree, variant, true, 1.5, 0.0, 2.0);
  }

  /**
   * A solver with explicit settings. The exponents act only in {@link Variant#DISCOUNTED}: after
   * player i's traversal at iteration t, positive regrets are multiplied by {@code t^α/(t^α+1)},
   * negative ones by {@code t^β/(t^β+1)}, and iteration t's policy enters the average with weight
   * {@code t^γ} (Brown &amp; Sandholm 2019). {@link Variant#LINEAR} replaces all three by 1
   * (whatever is given), and {@link Variant#CFR} and {@link Variant#CFR_PLUS} ignore them; every
   * variant checks them. α and γ lie in [0, {@value #MAX_EXPONENT}] and β in [−{@value
   * #MAX_EXPONENT}, {@value #MAX_EXPONENT}], the ranges of {@code ponder solve}, so that {@code t^x}
   * stays finite and positive for every iteration count a {@code long} holds (a NaN, an infinity or a larger
   * magnitude would turn regrets or strategy sums into NaN). A negative β discounts negative
   * regrets more strongly than 0 (factor below 1/2; Brown &amp; Sandholm's β = −∞ is the limit,
   * CFR+'s flooring at 0).
   *
   * @param tree the game tree
   * @param variant the CFR variant
   * @param alternating update one player per traversal (true) or all players in one traversal
   *     (simultaneous); honoured only by {@link Variant#CFR}, the other variants always alternate
   * @param alpha DCFR positive-regret discount exponent α, 0 ≤ α ≤ 10 (standard 1.5)
   * @param beta DCFR negative-regret discount exponent β, −10 ≤ β ≤ 10 (standard 0)
   * @param gamma DCFR averaging exponent γ, 0 ≤ γ ≤ 10 (standard 2)
   * @throws NullPointerException if {@code tree} or {@code variant} is null
   * @throws IllegalArgumentException if the game is neither zero-sum nor constant-sum ({@link
   *     GameTree#requireZeroSum}: the message of {@code ponder solve}), or an exponent is NaN,
   *     infinite or out of its range (the message names it and the valid range)
   */
  public CfrSolver(GameTree tree, Variant variant, boolean alternating, double alpha, double beta, double gamma) {
    java.util.Objects.requireNonNull(tree, "tree");
    java.util.Objects.requireNonNull(variant, "variant");
    GameTree.requireZeroSum(tree.game(), "CfrSolver");
    requireExponent("alpha", alpha, 0);
    requireExponent("beta", beta, -MAX_EXPONENT);
    requireExponent("gamma", gamma, 0);
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
    maxActions = Math.max(1, tree.maxActions());
    reach = new double[depth * (n + 1)];
    value = new double[depth * n];
    childValue = new double[depth * maxActions];
    stackNode = new int[depth];
    stackNext = new int[depth];
  }

  /**
   * Largest DCFR exponent: α and γ lie in [0, {@value}], β in [−{@value}, {@value}] (the ranges of
   * {@code ponder solve --alpha/--beta/--gamma}); {@code (2^63)^10} is still a finite double (and
   * {@code (2^63)^−10} a positive one).
   */
  public static final double MAX_EXPONENT = 10;

  private static void requireExponent(String name, double x, double min) {
    if (!(x >= min && x <= MAX_EXPONENT)) {
      throw new IllegalArgumentException("DCFR exponent " + name + " = " + x + " is out of range; valid: a finite number in "
          + (long) min + ".." + (long) MAX_EXPONENT);
    }
  }

  /** The variant the solver runs. */
  public Variant variant() {
    return variant;
  }

  /** Whether traversals alternate between players (always true except for a simultaneous {@link Variant#CFR}). */
  public boolean alternating() {
    return alternating;
  }

  /** Number of iterations run so far (a long, as {@link MccfrSolver#iterations()}). */
  public long iterations() {
    return iteration;
  }

  /** Sets the iteration counter, as if that many iterations had run (for tests of large counts). */
  void setIterations(long iterations) {
    iteration = iterations;
  }

  /**
   * Runs {@code count} iterations (each: one traversal per player, or one for all); allocates
   * nothing.
   *
   * @param count 0 ≤ count (0 does nothing)
   * @throws IllegalArgumentException if {@code count} is negative
   */
  public void run(int count) {
    if (count < 0) {
      throw new IllegalArgumentException("iteration count must be at least 0, got " + count);
    }
    for (int c = 0; c < count; c++) {
      iteration++;
      double tt = iteration;
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
   * by memory. Frames are slices of flat arrays: at depth d, {@code reach[d·(n+1) ..]} holds the
   * node's reach probabilities (players', then chance's), {@code value[d·n ..]} its value vector
   * being summed and, at a node whose player is updated, {@code childValue[d·maxActions + j]} the
   * acting player's value of its j-th child. A decision child whose reach is 0 for every player is
   * not visited (its value is taken as 0); a terminal child is added from the utilities without
   * a frame.
   */
  private void traverse(int up) {
    final int n = this.n;
    final int n1 = n + 1;
    final int ma = maxActions;
    final int[] player = t.nodePlayerArray();
    final int[] first = t.nodeFirstChildArray();
    final int[] num = t.nodeNumChildrenArray();
    final int[] slot = t.nodeSlotArray();
    final int[] edgeChild = t.edgeChildArray();
    final double[] edgeProb = t.edgeProbArray();
    final double[] util = t.utilityArray();
    final double[] reach = this.reach;
    final double[] value = this.value;
    final double[] childValue = this.childValue;
    final double[] cur = this.current;
    final int[] stackNode = this.stackNode;
    final int[] stackNext = this.stackNext;
    if (player[0] == State.TERMINAL) {
      return;
    }
    for (int q = 0; q <= n; q++) {
      reach[q] = 1.0;
    }
    for (int q = 0; q < n; q++) {
      value[q] = 0.0;
    }
    stackNode[0] = 0;
    stackNext[0] = 0;
    int d = 0;
    while (true) {
      int v = stackNode[d];
      int p = player[v];
      int k = num[v];
      int e0 = first[v];
      int rb = d * n1;
      int cb = rb + n1;
      int vb = d * n;
      int s = slot[v];
      boolean chance = p == State.CHANCE;
      boolean rec = !chance && (up == -1 || up == p);
      int cvb = d * ma;
      // the acting entry of the child's reach (chance's for a chance node) and whether another
      // player's reach is nonzero (then no child of a decision node is pruned)
      int act = chance ? n : p;
      boolean othersReach = chance;
      for (int q = 0; q < n && !othersReach; q++) {
        othersReach = q != p && reach[rb + q] != 0;
      }
      double actReach = reach[rb + act];
      boolean descended = false;
      for (int j = stackNext[d]; j < k; j++) {
        double w = chance ? edgeProb[e0 + j] : cur[s + j];
        double childActReach = actReach * w;
        if (!othersReach && childActReach == 0) {
          // every player's reach is 0: not visited, value 0
          if (rec) {
            childValue[cvb + j] = 0.0;
          }
          continue;
        }
        int c = edgeChild[e0 + j];
        if (player[c] == State.TERMINAL) {
          int ub = c * n;
          if (rec) {
            childValue[cvb + j] = util[ub + p];
          }
          for (int q = 0; q < n; q++) {
            value[vb + q] += w * util[ub + q];
          }
          continue;
        }
        System.arraycopy(reach, rb, reach, cb, n1);
        reach[cb + act] = childActReach;
        stackNext[d] = j + 1;
        d++;
        stackNode[d] = c;
        stackNext[d] = 0;
        int nb = vb + n;
        for (int q = 0; q < n; q++) {
          value[nb + q] = 0.0;
        }
        descended = true;
        break;
      }
      if (descended) {
        continue;
      }
      // every child of v is done
      if (rec) {
        double cf = reach[rb + n];
        for (int q = 0; q < n; q++) {
          if (q != p) {
            cf *= reach[rb + q];
          }
        }
        double own = reach[rb + p];
        double vp = value[vb + p];
        for (int j = 0; j < k; j++) {
          regret[s + j] += cf * (childValue[cvb + j] - vp);
          strategySum[s + j] += weight * own * cur[s + j];
        }
      }
      if (d == 0) {
        return;
      }
      // add v's value to its parent's, weighted by the edge's chance probability or policy
      int cvOff = vb;
      d--;
      int u = stackNode[d];
      int j = stackNext[d] - 1;
      int pu = player[u];
      int pb = d * n;
      double w;
      if (pu == State.CHANCE) {
        w = edgeProb[first[u] + j];
      } else {
        w = cur[slot[u] + j];
        if (up == -1 || up == pu) {
          childValue[d * ma + j] = value[cvOff + pu];
        }
      }
      for (int q = 0; q < n; q++) {
        value[pb + q] += w * value[cvOff + q];
      }
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

  /** The cumulative regrets as a slot array (a copy; for tests). */
  double[] regretSlots() {
    return regret.clone();
  }

  /** The strategy sums as a slot array (a copy; for tests). */
  double[] strategySumSlots() {
    return strategySum.clone();
  }

  /** The current (regret-matching) policy as a policy slot array of {@link #tree()} (a copy). */
  public double[] currentPolicy() {
    return current.clone();
  }

  /**
   * The average policy {@code S/ΣS} as a new policy slot array of {@link #tree()} (uniform where
   * nothing accumulated); the policy that converges to a Nash equilibrium in two-player zero-sum
   * games.
   */
  public double[] averagePolicy() {
    return t.normalizedSlots(strategySum);
  }

  /** The game tree the solver works on. */
  public GameTree tree() {
    return t;
  }
}
