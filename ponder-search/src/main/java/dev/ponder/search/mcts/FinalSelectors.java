package dev.ponder.search.mcts;

import java.util.SplittableRandom;

/** Reference {@link FinalActionSelector}s. */
public final class FinalSelectors {
  private FinalSelectors() {}

  /**
   * Robust child: the most-visited root child, ties broken uniformly at random; π̂ ∝ visits
   * (uniform if nothing was visited).
   */
  public static final FinalActionSelector MOST_VISITED = (tree, root, pi, ctx) -> select(tree, root, pi, ctx.rng());

  /** Robust child with first-index tie-breaking (as {@code m_seed}); π̂ ∝ visits. */
  public static final FinalActionSelector MOST_VISITED_FIRST = (tree, root, pi, ctx) -> select(tree, root, pi, null);

  private static int select(Tree tree, int root, double[] pi, SplittableRandom rng) {
    int first = tree.firstChild(root);
    int n = tree.numChildren(root);
    visitPolicy(tree, root, pi);
    int best = -1;
    int chosen = first;
    int ties = 0;
    for (int i = 0; i < n; i++) {
      int v = tree.visits(first + i);
      if (v > best) {
        best = v;
        chosen = first + i;
        ties = 1;
      } else if (v == best && rng != null && rng.nextInt(++ties) == 0) {
        chosen = first + i;
      }
    }
    return chosen;
  }

  /** Writes π̂(a) = n(a)/Σn over the root's children (uniform if Σn = 0). */
  public static void visitPolicy(Tree tree, int root, double[] pi) {
    int first = tree.firstChild(root);
    int n = tree.numChildren(root);
    long total = 0;
    for (int i = 0; i < n; i++) {
      total += Math.max(0, tree.visits(first + i));
    }
    for (int i = 0; i < n; i++) {
      pi[i] = total > 0 ? Math.max(0, tree.visits(first + i)) / (double) total : 1.0 / n;
    }
  }
}
