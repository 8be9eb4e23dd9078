package dev.ponder.search.mcts;

import java.util.SplittableRandom;

/**
 * UCT's tree policy: UCB1 in the tree (Kocsis &amp; Szepesvári 2006; UCB1 from Auer,
 * Cesa-Bianchi &amp; Fischer 2002). Selects {@code argmax_a Q̃(a) + c·sqrt(ln N / n(a))} where Q̃
 * is the chooser's mean value normalized into [0, 1] by (u − minU)/ΔU, N the node's visit count
 * (simulations through it) and n(a) the edge's; unvisited children score +∞. Ties are broken
 * uniformly at random.
 */
public final class Ucb1 implements TreePolicy {
  private final double c;

  /**
   * @param c exploration constant ≥ 0 (on the normalized [0, 1] scale)
   * @throws IllegalArgumentException if {@code c} is negative or NaN
   */
  public Ucb1(double c) {
    if (!(c >= 0)) {
      throw new IllegalArgumentException("c must be at least 0, got " + c);
    }
    this.c = c;
  }

  /** The exploration constant c ≥ 0. */
  public double c() {
    return c;
  }

  @Override
  public int select(Tree tree, int node, SearchContext ctx) {
    int mover = tree.player(node);
    int first = tree.firstChild(node);
    int end = first + tree.numChildren(node);
    double logN = Math.log(Math.max(1, tree.visits(node)));
    SplittableRandom rng = ctx.rng();
    double best = Double.NEGATIVE_INFINITY;
    int chosen = first;
    int ties = 0;
    for (int e = first; e < end; e++) {
      int n = tree.visits(e);
      double score;
      if (n <= 0) {
        score = Double.POSITIVE_INFINITY;
      } else {
        double inv = 1.0 / n;
        score = ctx.normalize(tree.valueSum(e, mover) * inv) + c * Math.sqrt(logN * inv);
      }
      if (score > best) {
        best = score;
        chosen = e;
        ties = 1;
      } else if (score == best && rng.nextInt(++ties) == 0) {
        chosen = e;
      }
    }
    return chosen;
  }
}
