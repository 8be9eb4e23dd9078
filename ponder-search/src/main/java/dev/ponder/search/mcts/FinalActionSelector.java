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

  /**
   * How {@link #select} chooses the move, in one line of plain text for a person reading a search
   * (written by {@code ponder search} under its table), or null for the robust child (the most
   * visited action), which the visit column already explains. A selector whose move need not be the
   * most visited (a value-based, sampled or proof-based rule) says so here.
   */
  default String rule() {
    return null;
  }

  /**
   * {@code selector} with {@link #rule()} {@code rule}; {@link #select} and {@link #policyKind()}
   * are the selector's.
   *
   * @param rule one line of plain text, not null
   * @param selector the selector, not null
   * @throws NullPointerException if either is null
   */
  static FinalActionSelector withRule(String rule, FinalActionSelector selector) {
    java.util.Objects.requireNonNull(rule, "rule");
    java.util.Objects.requireNonNull(selector, "selector");
    return new FinalActionSelector() {
      @Override
      public int select(Tree tree, int root, double[] policyOut, SearchContext ctx) {
        return selector.select(tree, root, policyOut, ctx);
      }

      @Override
      public dev.ponder.search.PolicyKind policyKind() {
        return selector.policyKind();
      }

      @Override
      public String rule() {
        return rule;
      }
    };
  }
}
