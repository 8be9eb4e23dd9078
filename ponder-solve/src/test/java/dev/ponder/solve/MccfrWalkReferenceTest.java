package dev.ponder.solve;


import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The solver's explicit-stack MCCFR walks (external and outcome sampling) against straightforward
 * recursive versions written from Lanctot et al. (2009), drawing from the same seeded generator in
 * the same order: regrets and strategy sums must be equal to the last bit after every iteration,
 * on seeded random imperfect-information games of two and three players and on poker.
 */
class MccfrWalkReferenceTest {

  static final class RecursiveMccfr {
    final GameTree t;
    final boolean external;
    final double epsilon;
    final int n;
    final double[] regret;
    final double[] strategySum;
    final SplittableRandom rng;

    RecursiveMccfr(GameTree t, boolean external, double epsilon, long seed) {
      this.t = t;
      this.external = external;
      this.epsilon = epsilon;
      n = t.numPlayers();
      regret = new double[t.numSlots()];
      strategySum = new double[t.numSlots()];
      rng = new SplittableRandom(seed);
    }

    void iterate() {
      for (int i = 0; i < n; i++) {
        if (external) {
          es(0, i);
        } else {
          os(0, i, 1.0, 1.0, 1.0);
        }
      }
    }

    int draw(double[] p, int k) {
      double u = rng.nextDouble();
      double acc = 0;
      for (int j = 0; j < k; j++) {
        acc += p[j];
        if (u < acc) {
          return j;
        }
      }
      return k - 1;
    }

    int drawChance(int v) {
      int k = t.numChildren(v);
      double[] p = new double[k];
      for (int j = 0; j < k; j++) {
        p[j] = t.chanceProb(v, j);
      }
      return draw(p, k);
    }

    double[] sigma(int v) {
      int info = t.infoset(v);
      int k = t.numActions(info);
      double[] sigma = new double[k];
      RegretMatching.policy(regret, t.slotStart(info), k, sigma, 0);
      return sigma;
    }

    double es(int v, int i) {
      int p = t.player(v);
      if (p == State.TERMINAL) {
        return t.utility(v, i);
      }
      if (p == State.CHANCE) {
        return es(t.child(v, drawChance(v)), i);
      }
      int s = t.slotStart(t.infoset(v));
      double[] sigma = sigma(v);
      int k = sigma.length;
      if (p != i) {
        if (p == (i + 1) % n) {
          for (int j = 0; j < k; j++) {
            strategySum[s + j] += sigma[j];
          }
        }
        return es(t.child(v, draw(sigma, k)), i);
      }
      double[] cv = new double[k];
      double value = 0;
      for (int j = 0; j < k; j++) {
        cv[j] = es(t.child(v, j), i);
        value += sigma[j] * cv[j];
      }
      for (int j = 0; j < k; j++) {
        regret[s + j] += cv[j] - value;
      }
      return value;
    }

    double os(int v, int i, double my, double opp, double sample) {
      int p = t.player(v);
      if (p == State.TERMINAL) {
        return t.utility(v, i);
      }
      if (p == State.CHANCE) {
        return os(t.child(v, drawChance(v)), i, my, opp, sample);
      }
      int s = t.slotStart(t.infoset(v));
      double[] sigma = sigma(v);
      int k = sigma.length;
      double[] q = new double[k];
      for (int j = 0; j < k; j++) {
        q[j] = p == i ? epsilon / k + (1 - epsilon) * sigma[j] : sigma[j];
      }
      int a = draw(q, k);
      double child = os(t.child(v, a), i, p == i ? my * sigma[a] : my, p == i ? opp : opp * sigma[a], sample * q[a]);
      double[] cv = new double[k];
      cv[a] = child / q[a];
      double value = 0;
      for (int j = 0; j < k; j++) {
        value += sigma[j] * cv[j];
      }
      if (p == i) {
        double w = opp / sample;
        for (int j = 0; j < k; j++) {
          regret[s + j] += (cv[j] - value) * w;
        }
        for (int j = 0; j < k; j++) {
          strategySum[s + j] += my * sigma[j] / sample; // ALGORITHMS.md §8.7: π_i·σ(a)/q
        }
      }
      return value;
    }
  }

  private static void compare(GameTree tree, boolean external, double epsilon, long seed, int iterations) {
    MccfrSolver solver = new MccfrSolver(tree, external ? MccfrSolver.Sampling.EXTERNAL : MccfrSolver.Sampling.OUTCOME, epsilon, seed);
    RecursiveMccfr ref = new RecursiveMccfr(tree, external, epsilon, seed);
    for (int it = 1; it <= iterations; it++) {
      solver.run(1);
      ref.iterate();
      String what = (external ? "external" : "outcome") + " seed " + seed + " iteration " + it;
      CfrWalkReferenceTest.assertBitEqual(ref.regret, solver.regretSlots(), what + " regret");
      CfrWalkReferenceTest.assertBitEqual(ref.strategySum, solver.strategySumSlots(), what + " strategy sum");
    }
  }

  @Test
  void explicitStackWalksEqualRecursiveReferencesOnRandomGames() {
    for (long seed = 1; seed <= 12; seed++) {
      GameTree tree = GameTree.build(new RandomTreeGame(seed, seed % 3 == 0 ? 3 : 2, 6));
      compare(tree, true, 0.6, seed, 200);
      compare(tree, false, 0.6, seed, 300);
      compare(tree, false, 1.0, seed + 100, 100);
    }
  }

  @Test
  void explicitStackWalksEqualRecursiveReferencesOnPoker() {
    GameTree leduc = GameTree.build(GameRegistry.load("leduc_poker"));
    compare(leduc, true, 0.6, 7, 30);
    compare(leduc, false, 0.6, 7, 300);
    GameTree kuhn3 = GameTree.build(GameRegistry.load("kuhn_poker(players=3)"));
    compare(kuhn3, true, 0.6, 8, 200);
    compare(kuhn3, false, 0.6, 8, 500);
  }
}
