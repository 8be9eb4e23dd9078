package dev.ponder.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ponder.game.State;
import org.junit.jupiter.api.Test;

/**
 * The solver's explicit-stack CFR walk against a straightforward recursive CFR written from the
 * rules (ALGORITHMS.md §8.6), on seeded random imperfect-information games of two and three
 * players: after every iteration, regrets and strategy sums must be equal to the last bit, for
 * every variant and for simultaneous updates.
 */
class CfrWalkReferenceTest {

  /** Recursive CFR on a game tree, same variant rules and the same order of floating-point operations. */
  static final class RecursiveCfr {
    final GameTree t;
    final CfrSolver.Variant variant;
    final boolean alternating;
    final double alpha;
    final double beta;
    final double gamma;
    final int n;
    final double[] regret;
    final double[] strategySum;
    final double[] current;
    int iteration;
    double weight;

    RecursiveCfr(GameTree t, CfrSolver.Variant variant, boolean alternating, double alpha, double beta, double gamma) {
      this.t = t;
      this.variant = variant;
      this.alternating = alternating;
      this.alpha = alpha;
      this.beta = beta;
      this.gamma = gamma;
      n = t.numPlayers();
      regret = new double[t.numSlots()];
      strategySum = new double[t.numSlots()];
      current = t.uniformSlots();
    }

    void iterate() {
      iteration++;
      weight = variant == CfrSolver.Variant.CFR ? 1
          : variant == CfrSolver.Variant.DISCOUNTED ? Math.pow(iteration, gamma) : iteration;
      double[] rootReach = new double[n + 1];
      java.util.Arrays.fill(rootReach, 1.0);
      if (alternating) {
        for (int p = 0; p < n; p++) {
          cfr(0, rootReach, p);
          after(p);
        }
      } else {
        cfr(0, rootReach, -1);
        for (int p = 0; p < n; p++) {
          after(p);
        }
      }
    }

    double[] cfr(int v, double[] reach, int up) {
      int p = t.player(v);
      double[] value = new double[n];
      if (p == State.TERMINAL) {
        for (int q = 0; q < n; q++) {
          value[q] = t.utility(v, q);
        }
        return value;
      }
      int k = t.numChildren(v);
      boolean chance = p == State.CHANCE;
      int s = chance ? -1 : t.slotStart(t.infoset(v));
      double[] own = new double[k];
      for (int j = 0; j < k; j++) {
        double[] r = reach.clone();
        double w = chance ? t.chanceProb(v, j) : current[s + j];
        if (chance) {
          r[n] *= w;
        } else {
          r[p] *= w;
          boolean any = false;
          for (int q = 0; q < n; q++) {
            any |= r[q] != 0;
          }
          if (!any) {
            continue; // pruned: value 0
          }
        }
        double[] c = cfr(t.child(v, j), r, up);
        if (!chance) {
          own[j] = c[p];
        }
        for (int q = 0; q < n; q++) {
          value[q] += w * c[q];
        }
      }
      if (!chance && (up == -1 || up == p)) {
        double cf = reach[n];
        for (int q = 0; q < n; q++) {
          if (q != p) {
            cf *= reach[q];
          }
        }
        for (int j = 0; j < k; j++) {
          regret[s + j] += cf * (own[j] - value[p]);
          strategySum[s + j] += weight * reach[p] * current[s + j];
        }
      }
      return value;
    }

    void after(int player) {
      boolean discount = variant == CfrSolver.Variant.LINEAR || variant == CfrSolver.Variant.DISCOUNTED;
      double ta = Math.pow(iteration, alpha);
      double tb = Math.pow(iteration, beta);
      for (int i = 0; i < t.numInfosets(); i++) {
        if (t.infosetPlayer(i) != player) {
          continue;
        }
        int s = t.slotStart(i);
        int k = t.numActions(i);
        for (int j = s; j < s + k; j++) {
          if (variant == CfrSolver.Variant.CFR_PLUS) {
            regret[j] = Math.max(0, regret[j]);
          } else if (discount) {
            regret[j] = regret[j] > 0 ? regret[j] * (ta / (ta + 1)) : regret[j] * (tb / (tb + 1));
          }
        }
        RegretMatching.policy(regret, s, k, current, s);
      }
    }
  }

  /** Every entry equal to the last bit (also used by {@link MccfrWalkReferenceTest}). */
  static void assertBitEqual(double[] expected, double[] actual, String what) {
    assertEquals(expected.length, actual.length, what);
    for (int i = 0; i < expected.length; i++) {
      assertEquals(Double.doubleToLongBits(expected[i]), Double.doubleToLongBits(actual[i]),
          what + " slot " + i + ": " + expected[i] + " vs " + actual[i]);
    }
  }

  private static void compare(GameTree tree, CfrSolver.Variant variant, boolean alternating, int iterations) {
    double alpha = variant == CfrSolver.Variant.LINEAR ? 1 : 1.5;
    double beta = variant == CfrSolver.Variant.LINEAR ? 1 : 0;
    double gamma = variant == CfrSolver.Variant.LINEAR ? 1 : 2;
    CfrSolver solver = new CfrSolver(tree, variant, alternating, alpha, beta, gamma);
    RecursiveCfr ref = new RecursiveCfr(tree, variant, solver.alternating(), alpha, beta, gamma);
    for (int it = 1; it <= iterations; it++) {
      solver.run(1);
      ref.iterate();
      String what = variant + (alternating ? "" : " simultaneous") + " iteration " + it;
      assertBitEqual(ref.regret, solver.regretSlots(), what + " regret");
      assertBitEqual(ref.strategySum, solver.strategySumSlots(), what + " strategy sum");
    }
  }

  @Test
  void explicitStackWalkEqualsRecursiveReferenceOnRandomGames() {
    int prunedSeen = 0;
    for (long seed = 1; seed <= 12; seed++) {
      int players = seed % 3 == 0 ? 3 : 2;
      GameTree tree = GameTree.build(new RandomTreeGame(seed, players, 6));
      assertTrue(tree.numInfosets() > 1, "seed " + seed + " has decisions");
      for (CfrSolver.Variant v : CfrSolver.Variant.values()) {
        compare(tree, v, true, 12);
      }
      compare(tree, CfrSolver.Variant.CFR, false, 12);
      CfrSolver plus = new CfrSolver(tree, CfrSolver.Variant.CFR_PLUS);
      plus.run(12);
      for (double x : plus.currentPolicy()) {
        prunedSeen += x == 0 ? 1 : 0;
      }
    }
    // CFR+ zeroes actions, so the walks' zero-reach pruning is exercised
    assertTrue(prunedSeen > 0, "some current-policy probability is 0");
  }

  @Test
  void explicitStackWalkEqualsRecursiveReferenceOnPoker() {
    GameTree kuhn3 = GameTree.build(dev.ponder.game.GameRegistry.load("kuhn_poker(players=3)"));
    compare(kuhn3, CfrSolver.Variant.CFR, true, 5);
    compare(kuhn3, CfrSolver.Variant.CFR_PLUS, true, 5);
    compare(kuhn3, CfrSolver.Variant.CFR, false, 5);
  }
}
