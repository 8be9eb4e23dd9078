package dev.ponder.search.mcts;

import java.util.Objects;

/**
 * Mechanism: chooses the root edge of each simulation; it can schedule the budget across root
 * actions using the simulation index t ({@link SearchContext#simulation()}) and the budget S
 * ({@link SearchContext#budget()}), e.g. sequential halving (Gumbel AlphaZero) or root noise.
 * Kept separate from {@link TreePolicy} (as mctx separates root and interior selection).
 *
 * <p>The usual root selector applies the tree policy at the root as everywhere else:
 * {@link #of(TreePolicy)}. It remembers its policy ({@link TreePolicyAtRoot#policy()}), so
 * {@link Mechanism#withTreePolicy} can tell it from a root selector of its own (Gumbel's
 * sequential halving, root noise) and replace it together with the tree policy.
 */
public interface RootActionSelector {

  /**
   * Called once per search, before any worker starts, with the root expanded. May sample
   * per-search quantities (Gumbel noise, Dirichlet noise) into the selector's own fields or the
   * tree's auxiliary statistics. Default: nothing.
   *
   * @param tree the search tree
   * @param root the root entry (expanded, with at least one child)
   * @param ctx the first worker's context; its {@link SearchContext#rng()} is the search's random
   *     stream for per-search draws (single-threaded here: no worker runs yet), and
   *     {@link SearchContext#budget()} is S
   */
  default void prepare(Tree tree, int root, SearchContext ctx) {}

  /**
   * Selects a child of the root for one simulation. Called concurrently by every worker of a
   * search with several threads.
   *
   * @param tree the search tree
   * @param root the root entry
   * @param ctx the calling worker's context (its RNG, t, S; {@link SearchContext#depth()} is 0)
   * @return a child entry id of {@code root}, in
   *     {@code [tree.firstChild(root), tree.firstChild(root) + tree.numChildren(root))}
   */
  int select(Tree tree, int root, SearchContext ctx);

  /**
   * The root selector that applies {@code policy} at the root as everywhere else.
   *
   * @throws NullPointerException if {@code policy} is null
   */
  static RootActionSelector of(TreePolicy policy) {
    return new TreePolicyAtRoot(policy);
  }

  /**
   * {@link #of(TreePolicy)}: a tree policy applied at the root.
   *
   * @param policy the tree policy that chooses the root edge
   */
  record TreePolicyAtRoot(TreePolicy policy) implements RootActionSelector {
    /** @throws NullPointerException if {@code policy} is null */
    public TreePolicyAtRoot {
      Objects.requireNonNull(policy, "policy");
    }

    @Override
    public int select(Tree tree, int root, SearchContext ctx) {
      return policy.select(tree, root, ctx);
    }
  }
}
