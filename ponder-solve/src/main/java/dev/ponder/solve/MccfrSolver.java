package dev.ponder.solve;

import dev.ponder.game.Distributions;
import dev.ponder.game.State;
import java.util.SplittableRandom;

/**
 * Monte Carlo CFR (Lanctot, Waugh, Zinkevich &amp; Bowling 2009, NIPS 22) on a {@link GameTree}, with
 * the rules of ALGORITHMS.md §8.7:
 *
 * <ul>
 *   <li><b>External sampling</b>: one traversal per player i per iteration; chance and the other
 *       players' actions are sampled (the others from their current regret-matching policy), all
 *       of i's actions are explored; at i's nodes {@code R(I,a) += v(h·a) − Σ_b σ(b) v(h·b)}. Average
 *       policy, "simple" mode: at nodes of player {@code (i+1) mod n}, {@code S(I,·) += σ}.
 *   <li><b>Outcome sampling</b>: one sampled trajectory per player per iteration; the updating
 *       player samples from {@code ε·uniform + (1−ε)·σ} ({@code ε = 0.6} by default), the others
 *       from σ. Sampled child value {@code ṽ(a) = v/q(a)} (0 for the others); node value
 *       {@code Σ σ(a) ṽ(a)}; regret {@code += (ṽ(a) − ṽ)·π_−i/q}; average at the updating
 *       player's own nodes, by its own reach: {@code S(I,a) += π_i·σ(a)/q} (as OpenSpiel's {@code
 *       outcome_sampling_mccfr.py}). Here π_−i and q (the probability of sampling the players'
 *       actions on the path) leave chance out; OpenSpiel multiplies both by it, which cancels in
 *       the regret. In expectation over the sampled path the average gains {@code
 *       π_i(I)·σ(I,a)·Σ_{h ∈ I} π_c(h)} (OpenSpiel's: the number of histories of I in place of
 *       the sum), a factor per information state that the normalization removes while the other
 *       players reach every history of I: CFR's average, weighted by the player's own reach, for
 *       any number of players.
 * </ul>
 *
 * Every random choice flows from the seed given at construction.
 *
 * <p>External sampling's "simple" average, with three or more players, weights player j's
 * strategy at its nodes by the sampled reach of the player whose traversal it is, not by j's own
 * reach (the two agree for two players; OpenSpiel's {@code external_sampling_mccfr.py} in its
 * simple mode averages the same way). The average policy then carries no convergence guarantee
 * and may drift away from an equilibrium as iterations go on (measured on three-player Kuhn poker:
 * exploitability 0.0140 after 10^4 iterations, 0.0208 after 10^6, seed 0; vanilla CFR reaches
 * 0.0013 in 10^3). Use it for two players; for n ≥ 3 prefer {@link CfrSolver} (or outcome
 * sampling, whose average is the standard one). Even for CFR, n ≥ 3 gives no Nash guarantee (the
 * regret bound gives a coarse correlated equilibrium).
 */
public final class MccfrSolver {

  /** Sampling scheme. */
  public enum Sampling {
    /** External sampling (Lanctot et al. 2009): chance and the opponents sampled, all of the updating player's actions explored. */
    EXTERNAL,
    /** Outcome sampling (Lanctot et al. 2009): one trajectory per traversal, the updating player's actions from ε-exploration. */
    OUTCOME
  }

  private final GameTree t;
  private final Sampling sampling;
  private final double epsilon;
  private final int n;
  private final double[] regret;
  private final double[] strategySum;
  private final int maxActions;
  /** Per depth (outcome sampling) or per frame (external sampling) f: a policy at {@code f·maxActions}. */
  private final double[] sigmaBuf;
  /** External sampling, per frame f: the sampled values of its node's children at {@code f·maxActions}. */
  private final double[] childValues;
  /** External sampling: the policy of the other players' node being sampled. */
  private final double[] otherSigma;
  private final SplittableRandom rng;
  // the traversals' own stack, one entry per depth (no recursion: depth is bounded by memory)
  private final int[] pathNode;
  private final int[] pathNext; // external sampling: next child of the frame's node (the updating player's)
  private final double[] pathValue; // external sampling: value being summed
  private final int[] pathSlot; // the node's first slot
  private final int[] pathAction; // outcome sampling: sampled child (−1 at chance nodes)
  private final double[] pathQ; // outcome sampling: probability of sampling it
  private final double[] pathMy;
  private final double[] pathOpp;
  private final double[] pathSample;
  private long iteration;

  /**
   * A solver with an explicit exploration ε for outcome sampling (external sampling ignores it,
   * after checking it). Regrets and strategy sums start at 0; nothing runs until {@link #run}.
   *
   * @param tree the game tree (its policy slot arrays are this solver's policies); a zero-sum
   *     (or constant-sum) game of any number of players (see the class comment for n ≥ 3)
   * @param sampling the sampling scheme
   * @param epsilon exploration of the updating player in outcome sampling, in (0, 1]: the
   *     convergence bound of Lanctot et al. 2009 needs every action sampled with positive
   *     probability, which ε = 0 does not give (an action whose current probability is 0 is
   *     never sampled for the updating player); OpenSpiel's default is 0.6
   * @param seed seed of every random choice
   * @throws NullPointerException if {@code tree} or {@code sampling} is null (the message names
   *     the parameter)
   * @throws IllegalArgumentException if epsilon is outside (0, 1], or the game is neither
   *     zero-sum nor constant-sum ({@link GameTree#requireZeroSum}: the message of {@code ponder
   *     solve})
   */
  public MccfrSolver(GameTree tree, Sampling sampling, double epsilon, long seed) {
    java.util.Objects.requireNonNull(tree, "tree");
    java.util.Objects.requireNonNull(sampling, "sampling");
    GameTree.requireZeroSum(tree.game(), "MccfrSolver");
    if (!(epsilon > 0 && epsilon <= 1)) {
      throw new IllegalArgumentException("epsilon " + epsilon + " out of range; valid: (0, 1]");
    }
    this.t = tree;
    this.sampling = sampling;
    this.epsilon = epsilon;
    this.n = tree.numPlayers();
    this.regret = new double[tree.numSlots()];
    this.strategySum = new double[tree.numSlots()];
    int depth = tree.maxDepth() + 2;
    maxActions = Math.max(1, tree.maxActions());
    sigmaBuf = new double[depth * maxActions];
    childValues = new double[depth * maxActions];
    otherSigma = new double[maxActions];
    pathSlot = new int[depth];
    pathNode = new int[depth];
    pathNext = new int[depth];
    pathValue = new double[depth];
    pathAction = new int[depth];
    pathQ = new double[depth];
    pathMy = new double[depth];
    pathOpp = new double[depth];
    pathSample = new double[depth];
    rng = new SplittableRandom(seed);
  }

  /**
   * A solver with ε = 0.6 (OpenSpiel's default; used by outcome sampling only).
   *
   * @param tree the game tree (its policy slot arrays are this solver's policies)
   * @param sampling the sampling scheme
   * @param seed seed of every random choice
   * @throws NullPointerException if {@code tree} or {@code sampling} is null (the message names
   *     the parameter)
   * @throws IllegalArgumentException if the game is neither zero-sum nor constant-sum ({@link
   *     GameTree#requireZeroSum})
   */
  public MccfrSolver(GameTree tree, Sampling sampling, long seed) {
    this(tree, sampling, 0.6, seed);
  }

  /** Number of iterations run so far. */
  public long iterations() {
    return iteration;
  }

  /** The sampling scheme. */
  public Sampling sampling() {
    return sampling;
  }

  /**
   * Runs {@code count} iterations (one sampled traversal per player each).
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
      for (int p = 0; p < n; p++) {
        if (sampling == Sampling.EXTERNAL) {
          external(p);
        } else {
          outcome(p);
        }
      }
    }
  }

  private void regretMatching(int s, int k, double[] out) {
    RegretMatching.policy(regret, s, k, out, 0);
  }

  /** An index of {@code probs[from .. from + k)} drawn by its probability with one draw of the generator. */
  private int sample(double[] probs, int from, int k) {
    return Distributions.sample(probs, from, k, rng.nextDouble());
  }

  /**
   * External-sampling traversal for updating player {@code i} (Lanctot et al. 2009): chance and
   * the other players sample one action (the next player after {@code i} adds its current policy
   * to the average), {@code i} tries every action and updates its regrets by the sampled
   * counterfactual values. Returns the root's sampled value for {@code i}. Walks with its own
   * stack, one frame per node of {@code i} on the current path (chance and the other players'
   * nodes are passed through), so a game's depth is bounded by memory.
   */
  private double external(int i) {
    final int n = this.n;
    final int ma = maxActions;
    final int nextPlayer = (i + 1) % n;
    final int[] player = t.nodePlayerArray();
    final int[] first = t.nodeFirstChildArray();
    final int[] num = t.nodeNumChildrenArray();
    final int[] slot = t.nodeSlotArray();
    final int[] edgeChild = t.edgeChildArray();
    final double[] edgeProb = t.edgeProbArray();
    final double[] util = t.utilityArray();
    final double[] sigma = sigmaBuf;
    final double[] cv = childValues;
    final double[] other = otherSigma;
    final double[] regret = this.regret;
    final double[] strategySum = this.strategySum;
    int f = -1; // top frame
    int v = 0;
    while (true) {
      // down from v to a terminal node or a new frame's first child
      double ret;
      while (true) {
        int p = player[v];
        if (p == State.TERMINAL) {
          ret = util[v * n + i];
          break;
        }
        int k = num[v];
        int e0 = first[v];
        if (p == State.CHANCE) {
          v = edgeChild[e0 + sample(edgeProb, e0, k)];
          continue;
        }
        int s = slot[v];
        if (p != i) {
          RegretMatching.policy(regret, s, k, other, 0);
          if (p == nextPlayer) {
            for (int j = 0; j < k; j++) {
              strategySum[s + j] += other[j];
            }
          }
          v = edgeChild[e0 + sample(other, 0, k)];
          continue;
        }
        if (k == 0) {
          ret = 0;
          break;
        }
        f++;
        pathNode[f] = v;
        pathSlot[f] = s;
        pathNext[f] = 1;
        pathValue[f] = 0;
        RegretMatching.policy(regret, s, k, sigma, f * ma);
        v = edgeChild[e0];
      }
      // up with the finished node's value, to the deepest frame with a child left
      while (true) {
        if (f < 0) {
          return ret;
        }
        int b = f * ma;
        int j = pathNext[f] - 1;
        int u = pathNode[f];
        int k = num[u];
        cv[b + j] = ret;
        pathValue[f] += sigma[b + j] * ret;
        if (j + 1 < k) {
          pathNext[f] = j + 2;
          v = edgeChild[first[u] + j + 1];
          break;
        }
        double value = pathValue[f];
        int s = pathSlot[f];
        for (int a = 0; a < k; a++) {
          regret[s + a] += cv[b + a] - value;
        }
        ret = value;
        f--;
      }
    }
  }

  /**
   * Outcome-sampling traversal for updating player {@code i} (Lanctot et al. 2009): one sampled
   * path from the root, exploring with ε at {@code i}'s nodes; on the way back, {@code i}'s regrets
   * and average policy are updated at {@code i}'s nodes with importance weights (regrets by
   * {@code π_−i/q}, the average by {@code π_i·σ/q}; ALGORITHMS.md §8.7). Returns the root's
   * sampled value.
   */
  private double outcome(int i) {
    final int ma = maxActions;
    final int[] player = t.nodePlayerArray();
    final int[] first = t.nodeFirstChildArray();
    final int[] num = t.nodeNumChildrenArray();
    final int[] slot = t.nodeSlotArray();
    final int[] edgeChild = t.edgeChildArray();
    final double[] edgeProb = t.edgeProbArray();
    final double[] sigmaBuf = this.sigmaBuf;
    int d = 0;
    int v = 0;
    double myReach = 1.0;
    double oppReach = 1.0;
    double sampleReach = 1.0;
    // down: sample the path, keeping what the updates need per depth
    int p;
    while ((p = player[v]) != State.TERMINAL) {
      int k = num[v];
      int e0 = first[v];
      if (p == State.CHANCE) {
        pathAction[d] = -1;
        v = edgeChild[e0 + sample(edgeProb, e0, k)];
        d++;
        continue;
      }
      pathNode[d] = v;
      pathMy[d] = myReach;
      pathOpp[d] = oppReach;
      pathSample[d] = sampleReach;
      int s = slot[v];
      pathSlot[d] = s;
      int b = d * ma;
      RegretMatching.policy(regret, s, k, sigmaBuf, b);
      int a;
      double qa;
      if (p == i) {
        double u = rng.nextDouble();
        double acc = 0;
        a = k - 1;
        for (int j = 0; j < k; j++) {
          acc += epsilon / k + (1 - epsilon) * sigmaBuf[b + j];
          if (u < acc) {
            a = j;
            break;
          }
        }
        qa = epsilon / k + (1 - epsilon) * sigmaBuf[b + a];
      } else {
        a = sample(sigmaBuf, b, k);
        qa = sigmaBuf[b + a];
      }
      double sa = sigmaBuf[b + a];
      pathAction[d] = a;
      pathQ[d] = qa;
      if (p == i) {
        myReach *= sa;
      } else {
        oppReach *= sa;
      }
      sampleReach *= qa;
      v = edgeChild[e0 + a];
      d++;
    }
    double childValue = t.utility(v, i);
    // up: the updates, deepest first. The sampled child's value is childValue / q(a), the others'
    // 0, so the node's value is 0 + σ(a)·that (the other terms add +0, which changes nothing)
    for (d = d - 1; d >= 0; d--) {
      int a = pathAction[d];
      if (a < 0) {
        continue; // chance: the value passes up unchanged
      }
      int u = pathNode[d];
      int pu = player[u];
      int s = pathSlot[d];
      int k = num[u];
      int b = d * ma;
      double cva = childValue / pathQ[d];
      double value = 0.0 + sigmaBuf[b + a] * cva;
      if (pu == i) {
        double w = pathOpp[d] / pathSample[d];
        for (int j = 0; j < k; j++) {
          regret[s + j] += ((j == a ? cva : 0.0) - value) * w;
        }
        // the average by i's own reach, with σ of the way down (OpenSpiel recomputes σ from the
        // regrets here: the same unless the information state is met twice on the path, which
        // perfect recall rules out)
        double my = pathMy[d];
        double q = pathSample[d];
        for (int j = 0; j < k; j++) {
          strategySum[s + j] += my * sigmaBuf[b + j] / q;
        }
      }
      childValue = value;
    }
    return childValue;
  }

  /** The cumulative regrets as a slot array (a copy; for tests). */
  double[] regretSlots() {
    return regret.clone();
  }

  /** The strategy sums as a slot array (a copy; for tests). */
  double[] strategySumSlots() {
    return strategySum.clone();
  }

  /** The average policy as a new policy slot array of the tree (uniform where nothing accumulated). */
  public double[] averagePolicy() {
    return t.normalizedSlots(strategySum);
  }

  /** The current regret-matching policy as a new policy slot array of the tree. */
  public double[] currentPolicy() {
    double[] cur = new double[t.numSlots()];
    double[] buf = new double[t.maxActions()];
    for (int i = 0; i < t.numInfosets(); i++) {
      int s = t.slotStart(i);
      int k = t.numActions(i);
      regretMatching(s, k, buf);
      System.arraycopy(buf, 0, cur, s, k);
    }
    return cur;
  }
}
