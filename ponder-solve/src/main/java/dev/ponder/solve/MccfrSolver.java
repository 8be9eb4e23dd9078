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
  private long iteration;

  /**
   * @param epsilon exploration of the updating player in outcome sampling, in [0, 1]
   * @param seed seed of every random choice
   */
  public MccfrSolver(GameTree tree, Sampling sampling, double epsilon, long seed) {
    if (!(epsilon >= 0 && epsilon <= 1)) {
      throw new IllegalArgumentException("epsilon " + epsilon + " out of range; valid: 0..1");
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
          external(0, p, 0);
        } else {
          outcome(0, p, 1.0, 1.0, 1.0, 0);
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

  private double external(int v, int i, int d) {
    int p = t.player(v);
    if (p == State.TERMINAL) {
      return t.utility(v, i);
    }
    if (p == State.CHANCE) {
      return external(t.child(v, sampleChance(v)), i, d + 1);
    }
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
      return external(t.child(v, sample(sigma, k)), i, d + 1);
    }
    double[] cv = childValues[d];
    double value = 0;
    for (int j = 0; j < k; j++) {
      cv[j] = external(t.child(v, j), i, d + 1);
      value += sigma[j] * cv[j];
    }
    for (int j = 0; j < k; j++) {
      regret[s + j] += cv[j] - value;
    }
    return value;
  }

  private double outcome(int v, int i, double myReach, double oppReach, double sampleReach, int d) {
    int p = t.player(v);
    if (p == State.TERMINAL) {
      return t.utility(v, i);
    }
    if (p == State.CHANCE) {
      return outcome(t.child(v, sampleChance(v)), i, myReach, oppReach, sampleReach, d + 1);
    }
    int info = t.infoset(v);
    int s = t.slotStart(info);
    int k = t.numActions(info);
    double[] sigma = sigmaBuf[d];
    regretMatching(s, k, sigma);
    // sampling policy: explore only at the updating player's nodes
    double[] cv = childValues[d];
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
    double newMy = p == i ? myReach * sa : myReach;
    double newOpp = p == i ? oppReach : oppReach * sa;
    double childValue = outcome(t.child(v, a), i, newMy, newOpp, sampleReach * qa, d + 1);
    // the recursion reused deeper buffers only; sigma and cv of this depth are intact
    for (int j = 0; j < k; j++) {
      cv[j] = 0;
    }
    cv[a] = childValue / qa;
    double value = 0;
    for (int j = 0; j < k; j++) {
      value += sigma[j] * cv[j];
    }
    if (p == i) {
      double w = oppReach / sampleReach;
      for (int j = 0; j < k; j++) {
        regret[s + j] += (cv[j] - value) * w;
      }
    } else if (p == (i + 1) % n) {
      double w = oppReach / sampleReach;
      for (int j = 0; j < k; j++) {
        strategySum[s + j] += w * sigma[j];
      }
    }
    return value;
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
