package dev.ponder.search.mcts;

/**
 * Mechanism: propagates the leaf's value vector up the path, bottom-up. Called once per edge on
 * the path, from the leaf to the root, and once per node entry that is not itself an edge (the
 * root; every node of a keyed tree).
 *
 * <p>{@code value} holds one entry per player in raw utility; an implementation may change it in
 * place to pass a different vector to the next edge up (discounting, max backup). Under threads
 * additive updates use {@link Tree#addVisits}/{@link Tree#addValue}; anything else holds
 * {@link Tree#lock(int)}.
 *
 * <p>Depth: two conventions meet here. A node's depth counts the tree edges from the root to it
 * (the root is at 0, a root child at 1: {@link SearchContext#depth()} at selection and
 * evaluation, {@link #updateNode}'s {@code depth}, {@code SearchResult.maxDepth()}, the
 * {@code max_depth} of {@code ponder search}). An edge's depth is the depth of the node it leaves
 * (the edges out of the root, i.e. the root's children, are at 0: {@link #update}'s {@code depth},
 * {@link VirtualLoss#apply}'s {@code depth}, and {@link SearchContext#depth()} during
 * {@link #update}); an edge at depth k leads to a node at depth k + 1. A chance node of the tree
 * is a node like any other; with keyed nodes chance outcomes have no node and add no depth.
 */
public interface ValueBackup {

  /**
   * Updates the edge {@code edge} from {@code parent}.
   *
   * @param parent the node the edge leaves; the chooser is {@code tree.player(parent)}
   * @param edge the edge entry
   * @param child the node entry reached (in tree mode {@code edge} itself; in keyed mode the node
   *     found by key, or −1 if the edge led to a terminal state or no node was created)
   * @param value the value vector being backed up (length ≥ numPlayers)
   * @param depth the edge's depth: the depth of {@code parent} (edges out of the root, i.e. the
   *     root's children, are at 0; see the class comment)
   * @param ctx the worker's context; {@link SearchContext#depth()} equals {@code depth}
   */
  void update(Tree tree, int parent, int edge, int child, double[] value, int depth, SearchContext ctx);

  /**
   * Updates a node entry that is not an edge (the root, or a keyed node): by default N(s) += 1 and
   * W(s) += value.
   *
   * @param node the node entry
   * @param value the value vector being backed up (length ≥ numPlayers)
   * @param depth the node's depth (the root is at 0, a keyed node reached by a root edge at 1)
   */
  default void updateNode(Tree tree, int node, double[] value, int depth, SearchContext ctx) {
    tree.addVisitAndValues(node, value);
  }

  /** Mean backup: n += 1, W += value at every edge (Kocsis &amp; Szepesvári 2006). */
  ValueBackup MEAN = (tree, parent, edge, child, value, depth, ctx) -> {
    tree.addVisitAndValues(edge, value);
  };
}
