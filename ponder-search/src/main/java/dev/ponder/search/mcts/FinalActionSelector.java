package dev.ponder.search.mcts;

/**
 * Mechanism: after the search, chooses the move a* and the posterior policy π̂ over the root's
 * children (e.g. robust child: most visits, π̂ ∝ visits).
 */
@FunctionalInterface
public interface FinalActionSelector {

  /**
   * Chooses the move and writes π̂.
   *
   * @param tree the finished tree (no worker runs)
   * @param root the root; its children are in ascending action order
   * @param policyOut receives π̂, one probability per root child in child order, summing to 1 (the
   *     engine's array is exactly {@code tree.numChildren(root)} long)
   * @param ctx a context whose RNG may break ties
   * @return the chosen child entry id of {@code root}
   */
  int select(Tree tree, int root, double[] policyOut, SearchContext ctx);

  /**
   * What {@link #select} writes as π̂: by default the visit distribution
   * ({@link FinalSelectors#visitPolicy}); a selector that writes another policy overrides this.
   */
  default dev.ponder.search.PolicyKind policyKind() {
    return dev.ponder.search.PolicyKind.VISIT_COUNTS;
  }
}
