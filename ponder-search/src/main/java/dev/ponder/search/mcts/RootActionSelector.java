package dev.ponder.search.mcts;

/**
 * Mechanism: chooses the root edge of each simulation; it can schedule the budget across root
 * actions using the simulation index t ({@link SearchContext#simulation()}) and the budget S
 * ({@link SearchContext#budget()}), e.g. sequential halving (Gumbel AlphaZero) or root noise.
 * Kept separate from {@link TreePolicy} (as mctx separates root and interior selection).
 */
public interface RootActionSelector {

  /**
   * Called once per search, before any worker starts, with the root expanded. May sample
   * per-search quantities (Gumbel noise, Dirichlet noise) into the selector's own fields or the
   * tree's auxiliary statistics. Default: nothing.
   *
   * @param rng the search's random stream (single-threaded here)
   */
  default void prepare(Tree tree, int root, SearchContext ctx) {}

  /**
   * Selects a child of the root for one simulation.
   *
   * @return a child entry id of {@code root}
   */
  int select(Tree tree, int root, SearchContext ctx);

  /** The root selector that applies {@code policy} at the root as everywhere else. */
  static RootActionSelector of(TreePolicy policy) {
    return policy::select;
  }
}
