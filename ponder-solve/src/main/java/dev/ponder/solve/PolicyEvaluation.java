package dev.ponder.solve;

import dev.ponder.game.State;

/**
 * Exact measures of a joint policy on a {@link GameTree}: expected returns (chance included),
 * exact best responses, NashConv and exploitability. Policies are slot arrays of the tree (see
 * {@link TabularPolicy#toSlots}).
 *
 * <p>Definitions (Lanctot et al. 2017, arXiv 1711.00832; Li, Schultz, Lanctot &amp; Hennes
 * 2026, seed 000, Eq. 13):
 * {@code NashConv(π) = Σ_i [u_i(BR_i(π_−i), π_−i) − u_i(π)]} and
 * {@code exploitability(π) = NashConv(π) / n}, the mean gain of a best-responding player. For two
 * players this equals OpenSpiel's {@code exploitability} (NashConv/2). Ponder prints this
 * exploitability everywhere.
 *
 * <p><b>Policy arrays.</b> Every method takes the joint policy as a <em>slot array</em> of the
 * tree: {@code double[tree.numSlots()]}, information set {@code I} (0 ≤ I &lt;
 * {@code tree.numInfosets()}) owning the slots {@code [tree.slotStart(I), tree.slotStart(I) +
 * tree.numActions(I))}, one per legal action in ascending action order ({@link
 * GameTree#slotAction(int)}), holding the probability that I's player takes that action. At each
 * information set the entries are finite, non-negative and sum to 1 within 1e-6 (the tolerance of
 * {@link TabularPolicy#put}). {@link GameTree#uniformSlots()}, {@link TabularPolicy#toSlots},
 * {@link CfrSolver#averagePolicy()} and {@link MccfrSolver#averagePolicy()} give such arrays. Each
 * public entry point checks its array once (one pass over the slots, before the walk) and refuses
 * anything else with an {@link IllegalArgumentException} naming the wrong length, or the
 * information state, action and value or sum at fault. Returns are raw utilities (the game's
 * units, not normalized).
 */
public final class PolicyEvaluation {
  private PolicyEvaluation() {}

  /**
   * Expected return of every player when all follow {@code policy}. Walks the tree depth-first
   * with its own stack (no recursion), skipping subtrees of probability 0.
   *
   * @param policy a policy slot array of {@code tree} (see the class comment)
   * @return {@code double[tree.numPlayers()]}, player i's expected raw return
   * @throws IllegalArgumentException if {@code policy} is not a policy slot array of {@code tree}
   */
  public static double[] expectedReturns(GameTree tree, double[] policy) {
    tree.checkPolicy(policy);
    return expectedReturnsUnchecked(tree, policy);
  }

  private static double[] expectedReturnsUnchecked(GameTree tree, double[] policy) {
    int n = tree.numPlayers();
    int depth = tree.maxDepth() + 1;
    double[][] buf = new double[depth][n]; // buf[d]: the value being summed at depth d
    int[] node = new int[depth];
    int[] next = new int[depth]; // next child to consider at depth d
    int d = 0;
    node[0] = 0;
    enter(tree, 0, buf[0]);
    next[0] = 0;
    while (true) {
      int v = node[d];
      int k = tree.player(v) == State.TERMINAL ? 0 : tree.numChildren(v);
      int j = next[d];
      // skip children of probability 0
      while (j < k && weight(tree, policy, v, j) == 0) {
        j++;
      }
      if (j < k) {
        next[d] = j + 1;
        int c = tree.child(v, j);
        d++;
        node[d] = c;
        next[d] = 0;
        enter(tree, c, buf[d]);
        continue;
      }
      // node v is done: add it to its parent
      if (d == 0) {
        return buf[0].clone();
      }
      d--;
      double w = weight(tree, policy, node[d], next[d] - 1);
      double[] out = buf[d];
      double[] c = buf[d + 1];
      for (int q = 0; q < n; q++) {
        out[q] += w * c[q];
      }
    }
  }

  /** Starts node {@code v}'s value: its utilities if terminal, else 0 (to be summed). */
  private static void enter(GameTree t, int v, double[] out) {
    if (t.player(v) == State.TERMINAL) {
      for (int q = 0; q < out.length; q++) {
        out[q] = t.utility(v, q);
      }
    } else {
      java.util.Arrays.fill(out, 0.0);
    }
  }

  /** Probability of the {@code j}-th child of non-terminal {@code v}: chance's or the policy's. */
  private static double weight(GameTree t, double[] pol, int v, int j) {
    int p = t.player(v);
    return p == State.CHANCE ? t.chanceProb(v, j) : pol[t.slotStart(t.infoset(v)) + j];
  }

  /**
   * Exact best response of {@code responder} to the other players' part of {@code policy}
   * (Zinkevich et al. 2007's counterfactual-reach formulation; OpenSpiel's
   * {@code BestResponsePolicy}): values are cached per history (tree node), the best action of
   * each responder information set maximizes the counterfactual-reach-weighted sum over its
   * histories, deeper information sets first. Requires perfect recall.
   */
  public static final class BestResponse {
    private final GameTree t;
    private final double[] pol;
    private final int responder;
    private final double[] reach;
    /** Per information set of the responder: the sum of its histories' counterfactual reach. */
    private final double[] infosetReach;
    private final double[] value;
    private final boolean[] done;
    private final int[] best;

    /**
     * Prepares the best response of {@code responder} to {@code policy} (the counterfactual reach
     * of every history; values are computed on demand).
     *
     * @param policy a policy slot array of {@code tree} (see the class comment); the responder's
     *     own entries are read by nothing but the check
     * @param responder 0 ≤ responder &lt; {@code tree.numPlayers()}
     * @throws IllegalArgumentException if {@code responder} is out of range or {@code policy} is
     *     not a policy slot array of {@code tree}
     */
    public BestResponse(GameTree tree, double[] policy, int responder) {
      this(tree, checked(tree, policy, responder), responder, true);
    }

    private static double[] checked(GameTree tree, double[] policy, int responder) {
      if (responder < 0 || responder >= tree.numPlayers()) {
        throw new IllegalArgumentException("responder must be a player 0.." + (tree.numPlayers() - 1) + ", got " + responder);
      }
      tree.checkPolicy(policy);
      return policy;
    }

    /** Without the checks, for callers that made them ({@code unused} tells the constructors apart). */
    private BestResponse(GameTree tree, double[] policy, int responder, boolean unused) {
      this.t = tree;
      this.pol = policy;
      this.responder = responder;
      reach = new double[tree.numNodes()];
      value = new double[tree.numNodes()];
      done = new boolean[tree.numNodes()];
      best = new int[tree.numInfosets()];
      java.util.Arrays.fill(best, -1);
      infosetReach = new double[tree.numInfosets()];
      // the tree numbers a node before its children, so one pass in node order sets every
      // node's reach after its parent's
      reach[0] = 1.0;
      for (int v = 0; v < t.numNodes(); v++) {
        int p = t.player(v);
        if (p == State.TERMINAL) {
          continue;
        }
        int k = t.numChildren(v);
        int s = p >= 0 ? t.slotStart(t.infoset(v)) : -1;
        double r = reach[v];
        if (p == responder) {
          infosetReach[t.infoset(v)] += r;
        }
        for (int j = 0; j < k; j++) {
          double w = p == State.CHANCE ? t.chanceProb(v, j) : p == responder ? 1.0 : pol[s + j];
          reach[t.child(v, j)] = r * w;
        }
      }
    }

    /**
     * Value (raw return) of history {@code v} for the responder when it plays the best response
     * below {@code v} and the others follow the policy.
     *
     * @param v a node of the tree, 0 ≤ v &lt; {@code tree.numNodes()}
     * @throws IllegalArgumentException if {@code v} is out of range
     */
    public double value(int v) {
      if (v < 0 || v >= t.numNodes()) {
        throw new IllegalArgumentException("node " + v + " out of range 0.." + (t.numNodes() - 1));
      }
      if (!done[v]) {
        push(VALUE, v);
        run();
      }
      return value[v];
    }

    /**
     * Index {@code j} (0 ≤ j &lt; {@code tree.numActions(infoset)}; the action is {@code
     * tree.slotAction(tree.slotStart(infoset) + j)}) of the best-response action at one of the
     * responder's information sets; the first legal action (0) where the other players never
     * reach it. Of actions whose reach-weighted sums lie within 1e-12 times the information set's
     * total counterfactual reach of each other, the earliest is kept (a tolerance relative to the
     * set's reach, so that a set reached with a tiny probability still gets its best action).
     *
     * @param infoset an information set of the responder, 0 ≤ infoset &lt; {@code
     *     tree.numInfosets()}
     * @throws IllegalArgumentException if {@code infoset} is out of range or another player's
     */
    public int bestAction(int infoset) {
      if (infoset < 0 || infoset >= t.numInfosets()) {
        throw new IllegalArgumentException("information set " + infoset + " out of range 0.." + (t.numInfosets() - 1));
      }
      if (t.infosetPlayer(infoset) != responder) {
        throw new IllegalArgumentException("information set " + infoset + " belongs to player " + t.infosetPlayer(infoset)
            + ", not to the responder " + responder);
      }
      if (best[infoset] < 0) {
        push(BEST, infoset);
        run();
      }
      return best[infoset];
    }

    // The walk keeps its own stack of frames instead of recursing, so a game's depth is bounded
    // by memory. A VALUE frame computes value[v]: the best-response child's value at the
    // responder's histories, else the probability-weighted sum of the children's values (children
    // of probability 0 skipped). A BEST frame computes best[infoset]: for each action j in order,
    // the sum over the information set's histories h (reach ≠ 0) of reach[h]·value(child(h, j)),
    // keeping the first action whose sum exceeds the best so far by more than 1e-12 times the
    // information set's total reach Σ_h reach[h] (a tolerance relative to the sums' own scale: an
    // absolute one would call every action tied, and keep the first, at an information set whose
    // reach is below it, however much better another action is). A frame
    // needing a value not yet computed pushes that node's VALUE frame and resumes when it is done.
    private static final int VALUE = 0;
    private static final int BEST = 1;
    private int top = -1;
    private int[] kind = new int[64];
    private int[] item = new int[64]; // node (VALUE) or information set (BEST)
    private int[] fj = new int[64]; // next child / action
    private int[] fh = new int[64]; // next history of the information set (BEST)
    private double[] fx = new double[64]; // partial sum
    private double[] fbest = new double[64]; // best sum so far (BEST)
    private int[] farg = new int[64]; // best action so far (BEST)

    private void push(int k, int it) {
      top++;
      if (top == kind.length) {
        int cap = top * 2;
        kind = java.util.Arrays.copyOf(kind, cap);
        item = java.util.Arrays.copyOf(item, cap);
        fj = java.util.Arrays.copyOf(fj, cap);
        fh = java.util.Arrays.copyOf(fh, cap);
        fx = java.util.Arrays.copyOf(fx, cap);
        fbest = java.util.Arrays.copyOf(fbest, cap);
        farg = java.util.Arrays.copyOf(farg, cap);
      }
      kind[top] = k;
      item[top] = it;
      fj[top] = 0;
      fh[top] = 0;
      fx[top] = 0;
      fbest[top] = Double.NEGATIVE_INFINITY;
      farg[top] = 0;
    }

    /** Runs frames until the stack is empty. */
    private void run() {
      frames:
      while (top >= 0) {
        if (kind[top] == VALUE) {
          int v = item[top];
          int p = t.player(v);
          if (p == State.TERMINAL) {
            finish(v, t.utility(v, responder));
          } else if (p == responder) {
            int info = t.infoset(v);
            if (best[info] < 0) {
              push(BEST, info);
              continue;
            }
            int c = t.child(v, best[info]);
            if (!done[c]) {
              push(VALUE, c);
              continue;
            }
            finish(v, value[c]);
          } else {
            int k = t.numChildren(v);
            int s = p >= 0 ? t.slotStart(t.infoset(v)) : -1;
            for (int j = fj[top]; j < k; j++) {
              double w = p == State.CHANCE ? t.chanceProb(v, j) : pol[s + j];
              if (w == 0) {
                continue;
              }
              int c = t.child(v, j);
              if (!done[c]) {
                fj[top] = j;
                push(VALUE, c);
                continue frames;
              }
              fx[top] += w * value[c];
            }
            finish(v, fx[top]);
          }
        } else {
          int info = item[top];
          int k = t.numActions(info);
          int m = t.infosetSize(info);
          for (int j = fj[top]; j < k; j++) {
            for (int h = fh[top]; h < m; h++) {
              int v = t.infosetNode(info, h);
              if (reach[v] != 0) {
                int c = t.child(v, j);
                if (!done[c]) {
                  fj[top] = j;
                  fh[top] = h;
                  push(VALUE, c);
                  continue frames;
                }
                fx[top] += reach[v] * value[c];
              }
            }
            if (fx[top] > fbest[top] + 1e-12 * infosetReach[info]) {
              fbest[top] = fx[top];
              farg[top] = j;
            }
            fx[top] = 0;
            fh[top] = 0;
          }
          best[info] = farg[top];
          top--;
        }
      }
    }

    /** Completes the VALUE frame on top of the stack. */
    private void finish(int v, double x) {
      value[v] = x;
      done[v] = true;
      top--;
    }

    /** The responder's best-response value {@code u_i(BR_i(π_−i), π_−i)} (raw return). */
    public double value() {
      return value(0);
    }
  }

  /**
   * Best-response value {@code u_i(BR_i(π_−i), π_−i)} of every player against {@code policy}.
   *
   * @param policy a policy slot array of {@code tree} (see the class comment)
   * @return {@code double[tree.numPlayers()]}, raw returns
   * @throws IllegalArgumentException if {@code policy} is not a policy slot array of {@code tree}
   */
  public static double[] bestResponseValues(GameTree tree, double[] policy) {
    tree.checkPolicy(policy);
    return bestResponseValuesUnchecked(tree, policy);
  }

  private static double[] bestResponseValuesUnchecked(GameTree tree, double[] policy) {
    double[] br = new double[tree.numPlayers()];
    for (int i = 0; i < br.length; i++) {
      br[i] = new BestResponse(tree, policy, i, true).value();
    }
    return br;
  }

  /**
   * The joint policy in which {@code responder} plays its exact best response to the other
   * players' part of {@code policy} ({@link BestResponse}) and every other player plays
   * {@code policy}: a slot array of {@code tree} (same layout as {@code policy}), one-hot (the
   * best action, probability 1) at each of the responder's information sets, a copy of
   * {@code policy} elsewhere. Its expected return for the responder ({@link #expectedReturns}) is
   * the best-response value {@code u_i(BR_i(π_−i), π_−i)}. An information set the other players
   * never reach (counterfactual reach 0 at every history) gets its first legal action.
   *
   * @param policy a policy slot array of {@code tree} (see the class comment)
   * @param responder player id, 0 ≤ responder &lt; {@code tree.numPlayers()}
   * @return a new policy slot array of {@code tree}
   * @throws IllegalArgumentException if {@code responder} is not a player or {@code policy} is not
   *     a policy slot array of {@code tree}
   */
  public static double[] bestResponsePolicy(GameTree tree, double[] policy, int responder) {
    BestResponse br = new BestResponse(tree, policy, responder);
    double[] out = policy.clone();
    for (int i = 0; i < tree.numInfosets(); i++) {
      if (tree.infosetPlayer(i) != responder) {
        continue;
      }
      int s = tree.slotStart(i);
      int k = tree.numActions(i);
      java.util.Arrays.fill(out, s, s + k, 0.0);
      out[s + br.bestAction(i)] = 1.0;
    }
    return out;
  }

  /**
   * Per-player gains {@code u_i(BR_i, π_−i) − u_i(π)} (each ≥ 0 up to rounding).
   *
   * @param policy a policy slot array of {@code tree} (see the class comment)
   * @return {@code double[tree.numPlayers()]}, in the game's raw utility units
   * @throws IllegalArgumentException if {@code policy} is not a policy slot array of {@code tree}
   */
  public static double[] gains(GameTree tree, double[] policy) {
    tree.checkPolicy(policy);
    double[] br = bestResponseValuesUnchecked(tree, policy);
    double[] v = expectedReturnsUnchecked(tree, policy);
    for (int i = 0; i < br.length; i++) {
      br[i] -= v[i];
    }
    return br;
  }

  /**
   * NashConv: the sum of the players' best-response gains ({@link #gains}); ≥ 0 up to rounding, 0
   * exactly at a Nash equilibrium; raw utility units. Zero-sum (and constant-sum) games only, as
   * {@code ponder exploitability}: for a general-sum game NashConv is defined, but this API and
   * the command refuse it ({@link GameTree#requireZeroSum}); the sum of {@link #gains}, which
   * accepts any game, is its NashConv.
   *
   * @param policy a policy slot array of {@code tree} (see the class comment)
   * @throws IllegalArgumentException if {@code policy} is not a policy slot array of {@code tree},
   *     or the game is neither zero-sum nor constant-sum (the message of {@code ponder
   *     exploitability})
   */
  public static double nashConv(GameTree tree, double[] policy) {
    GameTree.requireZeroSum(tree.game(), "PolicyEvaluation.nashConv");
    double s = 0;
    for (double g : gains(tree, policy)) {
      s += g;
    }
    return s;
  }

  /**
   * Exploitability as seed 000 defines it: NashConv / n (NashConv/2 for two players); ≥ 0 up to
   * rounding; raw utility units. Zero-sum (and constant-sum) games only, as {@link #nashConv}.
   *
   * @param policy a policy slot array of {@code tree} (see the class comment)
   * @throws IllegalArgumentException if {@code policy} is not a policy slot array of {@code tree},
   *     or the game is neither zero-sum nor constant-sum ({@link GameTree#requireZeroSum}: the
   *     message of {@code ponder exploitability})
   */
  public static double exploitability(GameTree tree, double[] policy) {
    GameTree.requireZeroSum(tree.game(), "PolicyEvaluation.exploitability");
    return nashConv(tree, policy) / tree.numPlayers();
  }
}
