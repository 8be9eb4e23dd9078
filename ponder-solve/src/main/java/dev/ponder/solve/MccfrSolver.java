package dev.ponder.solve;

import dev.ponder.game.State;
import java.util.SplittableRandom;

/**
 * Monte Carlo CFR (Lanctot, Waugh, Zinkevich & Bowling 2009, NIPS 22) on a {@link GameTree}, with
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
 *       {@code Σ σ(a) ṽ(a)}; regret {@code += (ṽ(a) − ṽ)·π_−i/q}; average at nodes of player
 *       {@code (i+1) mod n}: {@code S(I,a) += π_−i·σ(a)/q}.
 * </ul>
 *
 * Every random choice flows from the seed given at construction.
 */
public final class MccfrSolver {

  /** Sampling scheme. */
  public enum Sampling {
    EXTERNAL, OUTCOME
  }

  private final GameTree t;
  private final Sampling sampling;
  private final double epsilon;
  private final int n;
  private final double[] regret;
  private final double[] strategySum;
  private final double[][] sigmaBuf;
  private final double[][] childValues;
  private final SplittableRandom rng;
  // the traversals' own stack, one entry per depth (no recursion: depth is bounded by memory)
  private final int[] pathNode;
  private final int[] pathNext; // external sampling: next child of the updating player's node; 0 = pass the child's value up
  private final double[] pathValue; // external sampling: value being summed
  private final int[] pathAction; // outcome sampling: sampled child (−1 at chance nodes)
  private final double[] pathQ; // outcome sampling: probability of sampling it
  private final double[] pathMy;
  private final double[] pathOpp;
  private final double[] pathSample;
  private long iteration;

  /**
   * @param epsilon exploration of the updating player in outcome sampling, in (0, 1]: the
   *     convergence bound of Lanctot et al. 2009 needs every action sampled with positive
   *     probability, which ε = 0 does not give (an action whose current probability is 0 is
   *     never sampled for the updating player)
   * @param seed seed of every random choice
   * @throws IllegalArgumentException if epsilon is outside (0, 1]
   */
  public MccfrSolver(GameTree tree, Sampling sampling, double epsilon, long seed) {
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
    sigmaBuf = new double[depth][tree.maxActions()];
    childValues = new double[depth][tree.maxActions()];
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

  /** An outcome-sampling solver uses ε = 0.6 (OpenSpiel's default). */
  public MccfrSolver(GameTree tree, Sampling sampling, long seed) {
    this(tree, sampling, 0.6, seed);
  }

  public long iterations() {
    return iteration;
  }

  public Sampling sampling() {
    return sampling;
  }

  /** Runs {@code count} iterations (one sampled traversal per player each). */
  public void run(int count) {
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

  private int sample(double[] probs, int k) {
    double u = rng.nextDouble();
    double acc = 0;
    for (int j = 0; j < k; j++) {
      acc += probs[j];
      if (u < acc) {
        return j;
      }
    }
    return k - 1;
  }

  private int sampleChance(int v) {
    int k = t.numChildren(v);
    double u = rng.nextDouble();
    double acc = 0;
    for (int j = 0; j < k; j++) {
      acc += t.chanceProb(v, j);
      if (u < acc) {
        return j;
      }
    }
    return k - 1;
  }

  /**
   * External-sampling traversal for updating player {@code i} (Lanctot et al. 2009): chance and
   * the other players sample one action (the next player after {@code i} adds its current policy
   * to the average), {@code i} tries every action and updates its regrets by the sampled
   * counterfactual values. Returns the root's sampled value for {@code i}.
   */
  private double external(int i) {
    int d = 0;
    pathNode[0] = 0;
    double ret;
    while (true) {
      // enter pathNode[d]
      int v = pathNode[d];
      int p = t.player(v);
      boolean descend = true;
      ret = 0;
      if (p == State.TERMINAL) {
        ret = t.utility(v, i);
        descend = false;
      } else if (p == State.CHANCE) {
        pathNext[d] = 0;
        pathNode[d + 1] = t.child(v, sampleChance(v));
      } else {
        int info = t.infoset(v);
        int s = t.slotStart(info);
        int k = t.numActions(info);
        double[] sigma = sigmaBuf[d];
        regretMatching(s, k, sigma);
        if (p != i) {
          if (p == (i + 1) % n) {
            for (int j = 0; j < k; j++) {
              strategySum[s + j] += sigma[j];
            }
          }
          pathNext[d] = 0;
          pathNode[d + 1] = t.child(v, sample(sigma, k));
        } else if (k == 0) {
          descend = false;
        } else {
          pathNext[d] = 1;
          pathValue[d] = 0;
          pathNode[d + 1] = t.child(v, 0);
        }
      }
      if (descend) {
        d++;
        continue;
      }
      // unwind with the finished node's value
      boolean next = false;
      while (d > 0 && !next) {
        d--;
        if (pathNext[d] == 0) {
          continue; // chance or another player: the sampled child's value is this node's
        }
        int v0 = pathNode[d];
        int info = t.infoset(v0);
        int s = t.slotStart(info);
        int k = t.numActions(info);
        int j = pathNext[d] - 1;
        double[] cv = childValues[d];
        cv[j] = ret;
        pathValue[d] += sigmaBuf[d][j] * cv[j];
        if (j + 1 < k) {
          pathNext[d] = j + 2;
          pathNode[d + 1] = t.child(v0, j + 1);
          d++;
          next = true;
        } else {
          double value = pathValue[d];
          for (int a = 0; a < k; a++) {
            regret[s + a] += cv[a] - value;
          }
          ret = value;
        }
      }
      if (!next) {
        return ret;
      }
    }
  }

  /**
   * Outcome-sampling traversal for updating player {@code i} (Lanctot et al. 2009): one sampled
   * path from the root, exploring with ε at {@code i}'s nodes; on the way back, {@code i}'s regrets
   * and the next player's average policy are updated with importance weights. Returns the root's
   * sampled value.
   */
  private double outcome(int i) {
    int d = 0;
    int v = 0;
    double myReach = 1.0;
    double oppReach = 1.0;
    double sampleReach = 1.0;
    // down: sample the path, keeping what the updates need per depth
    while (t.player(v) != State.TERMINAL) {
      int p = t.player(v);
      pathNode[d] = v;
      pathMy[d] = myReach;
      pathOpp[d] = oppReach;
      pathSample[d] = sampleReach;
      if (p == State.CHANCE) {
        pathAction[d] = -1;
        v = t.child(v, sampleChance(v));
        d++;
        continue;
      }
      int info = t.infoset(v);
      int s = t.slotStart(info);
      int k = t.numActions(info);
      double[] sigma = sigmaBuf[d];
      regretMatching(s, k, sigma);
      int a;
      double qa;
      if (p == i) {
        double u = rng.nextDouble();
        double acc = 0;
        a = k - 1;
        for (int j = 0; j < k; j++) {
          acc += epsilon / k + (1 - epsilon) * sigma[j];
          if (u < acc) {
            a = j;
            break;
          }
        }
        qa = epsilon / k + (1 - epsilon) * sigma[a];
      } else {
        a = sample(sigma, k);
        qa = sigma[a];
      }
      double sa = sigma[a];
      pathAction[d] = a;
      pathQ[d] = qa;
      if (p == i) {
        myReach *= sa;
      } else {
        oppReach *= sa;
      }
      sampleReach *= qa;
      v = t.child(v, a);
      d++;
    }
    double childValue = t.utility(v, i);
    // up: the updates, deepest first
    for (d = d - 1; d >= 0; d--) {
      int a = pathAction[d];
      if (a < 0) {
        continue; // chance: the value passes up unchanged
      }
      int u = pathNode[d];
      int p = t.player(u);
      int info = t.infoset(u);
      int s = t.slotStart(info);
      int k = t.numActions(info);
      double[] sigma = sigmaBuf[d];
      double[] cv = childValues[d];
      double qa = pathQ[d];
      for (int j = 0; j < k; j++) {
        cv[j] = 0;
      }
      cv[a] = childValue / qa;
      double value = 0;
      for (int j = 0; j < k; j++) {
        value += sigma[j] * cv[j];
      }
      if (p == i) {
        double w = pathOpp[d] / pathSample[d];
        for (int j = 0; j < k; j++) {
          regret[s + j] += (cv[j] - value) * w;
        }
      } else if (p == (i + 1) % n) {
        double w = pathOpp[d] / pathSample[d];
        for (int j = 0; j < k; j++) {
          strategySum[s + j] += w * sigma[j];
        }
      }
      childValue = value;
    }
    return childValue;
  }

  /** The average policy as a slot array (uniform where nothing accumulated). */
  public double[] averagePolicy() {
    return t.normalizedSlots(strategySum);
  }

  /** The current regret-matching policy as a slot array. */
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
