package dev.ponder.search.mcts;

/**
 * The tree policy of {@code m_seed}, the bare template of the seed paper (Li, Schultz, Lanctot &amp; Hennes 2026, seed 000, App. J.1; SPEC §1.3):
 * the first unvisited child in action order is taken at once; otherwise
 * {@code argmax_a Q̃(a) + c·π(a)·sqrt(N)/(1 + n(a))} with the constant c = 2.0, Q̃ the chooser's
 * mean normalized into [0, 1], and first-index tie-breaking ({@code std::max_element}).
 */
public final class SeedPolicy implements TreePolicy {
  private final double c;

  /** @param c the exploration constant ({@code m_seed} uses 2.0, {@link dev.ponder.search.mcts.ops.Schedules#M_SEED_C}); not checked */
  public SeedPolicy(double c) {
    this.c = c;
  }

  @Override
  public int select(Tree tree, int node, SearchContext ctx) {
    int mover = tree.player(node);
    int first = tree.firstChild(node);
    int end = first + tree.numChildren(node);
    for (int e = first; e < end; e++) {
      if (tree.visits(e) <= 0) {
        return e;
      }
    }
    double sqrtN = Math.sqrt(Math.max(0, tree.visits(node)));
    double best = Double.NEGATIVE_INFINITY;
    int chosen = first;
    for (int e = first; e < end; e++) {
      int n = tree.visits(e);
      double score = ctx.normalize(tree.valueSum(e, mover) / n) + c * tree.prior(e) * sqrtN / (1 + n);
      if (score > best) {
        best = score;
        chosen = e;
      }
    }
    return chosen;
  }
}
