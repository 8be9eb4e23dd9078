package dev.ponder.search.mcts.zoo;

import dev.ponder.search.mcts.SearchContext;
import dev.ponder.search.mcts.Tree;

/** Small shared helpers of the zoo components (package-private). */
final class Z {
  private Z() {}

  /** Normalized mean value of edge {@code e} for {@code mover}; {@code fallback} if unvisited. */
  static double q(Tree tree, int e, int mover, SearchContext ctx, double fallback) {
    int n = tree.visits(e);
    return n > 0 ? ctx.normalize(tree.valueSum(e, mover) / n) : fallback;
  }

  /**
   * Whether the node {@code child} an edge led to is the same node on every simulation through the
   * edge: always in tree mode ({@code child == edge}); in keyed mode only when no chance outcome and
   * no hidden information is sampled between the edge and the node (a perfect-information game
   * without chance under {@code keying=transpositions}). Otherwise the node reached depends on the
   * sampled world, and a backup that reads the node's children sees one sample of the edge's
   * successor distribution.
   */
  static boolean sameSuccessor(int edge, int child, SearchContext ctx) {
    return child == edge || (!ctx.imperfectInformation() && !ctx.game().type().hasChance());
  }

  /** Whether the game is two-player zero- or constant-sum (values of the two players sum to minU + maxU). */
  static boolean twoPlayerConstantSum(SearchContext ctx) {
    if (ctx.numPlayers() != 2) {
      return false;
    }
    String u = ctx.game().type().utility().name();
    return u.equals("ZERO_SUM") || u.equals("CONSTANT_SUM");
  }
}
