package dev.ponder.search.mcts.ops;

/**
 * Proof propagation for MCTS-Solver (Winands, Björnsson &amp; Saito 2008) in OpenSpiel's
 * generalized form, and bound propagation for Score-Bounded MCTS (Cazenave &amp; Saffidine 2010).
 */
public final class Proofs {
  private Proofs() {}

  /**
   * MCTS-Solver at a decision node. {@code value[i]} is child i's proven value for this node's
   * mover (ignored unless {@code proven[i]}); a child is "missing" if not yet in the tree and then
   * counts as unproven. The node is proven when some proven child reaches {@code maxUtility} (a
   * proven win), or when every child is proven (its value is then the best proven child's).
   *
   * @return index of the child whose value the node takes, or −1 if the node is not proven
   */
  public static int solveDecision(double[] value, boolean[] proven, int k, double maxUtility) {
    int best = -1;
    boolean all = true;
    for (int i = 0; i < k; i++) {
      if (!proven[i]) {
        all = false;
        continue;
      }
      if (value[i] >= maxUtility) {
        return i;
      }
      if (best < 0 || value[i] > value[best]) {
        best = i;
      }
    }
    return all ? best : -1;
  }

  /**
   * Score-Bounded MCTS, two players, bounds for the maximizing player (player 0): at a MAX node
   * {@code opt = max opt(c)}, {@code pess = max pess(c)}; at a MIN node {@code min} of both.
   * Children not yet in the tree must be given the trivial bounds {@code [minU, maxU]} by the
   * caller. Writes {@code out[0] = pess}, {@code out[1] = opt}.
   */
  public static void bounds(double[] pess, double[] opt, int k, boolean maxNode, double[] out) {
    double p = maxNode ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
    double o = p;
    for (int i = 0; i < k; i++) {
      double pi = pess[i];
      double oi = opt[i];
      if (maxNode) {
        p = Math.max(p, pi);
        o = Math.max(o, oi);
      } else {
        p = Math.min(p, pi);
        o = Math.min(o, oi);
      }
    }
    out[0] = p;
    out[1] = o;
  }

  /**
   * Score-Bounded cut: child bounds {@code [cPess, cOpt]} cannot improve the parent (pruned) when,
   * at a MAX node, {@code cOpt ≤ pess(parent)}; at a MIN node, {@code cPess ≥ opt(parent)}.
   */
  public static boolean cut(double cPess, double cOpt, double parentPess, double parentOpt, boolean maxNode) {
    return maxNode ? cOpt <= parentPess : cPess >= parentOpt;
  }
}
