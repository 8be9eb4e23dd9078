package dev.ponder.solve;

import dev.ponder.game.State;

/**
 * Exact measures of a joint policy on a {@link GameTree}: expected returns (chance included),
 * exact best responses, NashConv and exploitability. Policies are slot arrays of the tree (see
 * {@link TabularPolicy#toSlots}).
 *
 * <p>Definitions (Lanctot et al. 2017, arXiv 1711.00832; seed 000 Eq. 13):
 * {@code NashConv(π) = Σ_i [u_i(BR_i(π_−i), π_−i) − u_i(π)]} and
 * {@code exploitability(π) = NashConv(π) / n}, the mean gain of a best-responding player. For two
 * players this equals OpenSpiel's {@code exploitability} (NashConv/2). Ponder prints this
 * exploitability everywhere.
 */
public final class PolicyEvaluation {
  private PolicyEvaluation() {}

  /** Expected return of every player when all follow {@code policy} (length n). */
  public static double[] expectedReturns(GameTree tree, double[] policy) {
    int n = tree.numPlayers();
    double[][] buf = new double[tree.maxDepth() + 2][n];
    double[] out = new double[n];
    values(tree, policy, 0, 0, buf);
    System.arraycopy(buf[0], 0, out, 0, n);
    return out;
  }

  private static void values(GameTree t, double[] pol, int v, int d, double[][] buf) {
    int n = t.numPlayers();
    double[] out = buf[d];
    int p = t.player(v);
    if (p == State.TERMINAL) {
      for (int q = 0; q < n; q++) {
        out[q] = t.utility(v, q);
      }
      return;
    }
    java.util.Arrays.fill(out, 0.0);
    int k = t.numChildren(v);
    int s = p == State.CHANCE ? -1 : t.slotStart(t.infoset(v));
    for (int j = 0; j < k; j++) {
      double w = p == State.CHANCE ? t.chanceProb(v, j) : pol[s + j];
      if (w == 0) {
        continue;
      }
      values(t, pol, t.child(v, j), d + 1, buf);
      double[] c = buf[d + 1];
      for (int q = 0; q < n; q++) {
        out[q] += w * c[q];
      }
    }
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
    private final double[] value;
    private final boolean[] done;
    private final int[] best;

    public BestResponse(GameTree tree, double[] policy, int responder) {
      this.t = tree;
      this.pol = policy;
      this.responder = responder;
      reach = new double[tree.numNodes()];
      value = new double[tree.numNodes()];
      done = new boolean[tree.numNodes()];
      best = new int[tree.numInfosets()];
      java.util.Arrays.fill(best, -1);
      reach(0, 1.0);
    }

    private void reach(int v, double r) {
      reach[v] = r;
      int p = t.player(v);
      if (p == State.TERMINAL) {
        return;
      }
      int k = t.numChildren(v);
      int s = p >= 0 ? t.slotStart(t.infoset(v)) : -1;
      for (int j = 0; j < k; j++) {
        double w = p == State.CHANCE ? t.chanceProb(v, j) : p == responder ? 1.0 : pol[s + j];
        reach(t.child(v, j), r * w);
      }
    }

    /** Value of history {@code v} for the responder when it plays the best response. */
    public double value(int v) {
      if (done[v]) {
        return value[v];
      }
      int p = t.player(v);
      double x;
      if (p == State.TERMINAL) {
        x = t.utility(v, responder);
      } else if (p == responder) {
        x = value(t.child(v, bestAction(t.infoset(v))));
      } else {
        x = 0;
        int k = t.numChildren(v);
        int s = p >= 0 ? t.slotStart(t.infoset(v)) : -1;
        for (int j = 0; j < k; j++) {
          double w = p == State.CHANCE ? t.chanceProb(v, j) : pol[s + j];
          if (w != 0) {
            x += w * value(t.child(v, j));
          }
        }
      }
      value[v] = x;
      done[v] = true;
      return x;
    }

    /** Index (0..numActions−1) of the best-response action at a responder information set. */
    public int bestAction(int infoset) {
      if (best[infoset] >= 0) {
        return best[infoset];
      }
      int k = t.numActions(infoset);
      int m = t.infosetSize(infoset);
      int arg = 0;
      double bestVal = Double.NEGATIVE_INFINITY;
      for (int j = 0; j < k; j++) {
        double sum = 0;
        for (int h = 0; h < m; h++) {
          int v = t.infosetNode(infoset, h);
          if (reach[v] != 0) {
            sum += reach[v] * value(t.child(v, j));
          }
        }
        if (sum > bestVal + 1e-12) {
          bestVal = sum;
          arg = j;
        }
      }
      best[infoset] = arg;
      return arg;
    }

    /** The responder's best-response value {@code u_i(BR_i(π_−i), π_−i)}. */
    public double value() {
      return value(0);
    }
  }

  /** Best-response value of every player against {@code policy}. */
  public static double[] bestResponseValues(GameTree tree, double[] policy) {
    double[] br = new double[tree.numPlayers()];
    for (int i = 0; i < br.length; i++) {
      br[i] = new BestResponse(tree, policy, i).value();
    }
    return br;
  }

  /** Per-player gains {@code u_i(BR_i, π_−i) − u_i(π)} (each ≥ 0 up to rounding). */
  public static double[] gains(GameTree tree, double[] policy) {
    double[] br = bestResponseValues(tree, policy);
    double[] v = expectedReturns(tree, policy);
    for (int i = 0; i < br.length; i++) {
      br[i] -= v[i];
    }
    return br;
  }

  /** NashConv: the sum of the players' best-response gains. */
  public static double nashConv(GameTree tree, double[] policy) {
    double s = 0;
    for (double g : gains(tree, policy)) {
      s += g;
    }
    return s;
  }

  /** Exploitability as seed 000 defines it: NashConv / n (NashConv/2 for two players). */
  public static double exploitability(GameTree tree, double[] policy) {
    return nashConv(tree, policy) / tree.numPlayers();
  }
}
