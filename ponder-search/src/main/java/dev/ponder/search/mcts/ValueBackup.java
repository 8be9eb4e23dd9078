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

  /**
   * Whether every update of this backup is additive: {@link #update} and {@link #updateNode} only
   * add to n and W ({@link Tree#addVisits}, {@link Tree#addValue}, {@link Tree#addValues},
   * {@link Tree#addVisitAndValues}), so that updates commute and each worker may keep private
   * statistics with several threads ({@link MctsConfig#syncMicros()}). Default false; true for
   * {@link #MEAN} and {@link #additive(ValueBackup)}.
   */
  default boolean additive() {
    return false;
  }

  /**
   * {@code b} declared additive ({@link #additive()}): for a backup that only adds to n and W,
   * such as one that rescales the value vector and passes it to {@link #MEAN}. With several
   * threads and {@code sync_us} &gt; 0 such a backup runs on each worker's private statistics
   * (a backup that overwrites them, with {@link Tree#setStats} or {@link Tree#setValueSum}, then
   * fails with an {@link IllegalStateException}).
   *
   * @throws NullPointerException if {@code b} is null
   */
  static ValueBackup additive(ValueBackup b) {
    java.util.Objects.requireNonNull(b, "backup");
    return b.additive() ? b : new ValueBackup() {
      @Override
      public void update(Tree tree, int parent, int edge, int child, double[] value, int depth, SearchContext ctx) {
        b.update(tree, parent, edge, child, value, depth, ctx);
      }

      @Override
      public void updateNode(Tree tree, int node, double[] value, int depth, SearchContext ctx) {
        b.updateNode(tree, node, value, depth, ctx);
      }

      @Override
      public boolean additive() {
        return true;
      }

      @Override
      public String toString() {
        return "additive(" + b + ")";
      }
    };
  }

  /** Mean backup: n += 1, W += value at every edge (Kocsis &amp; Szepesvári 2006). */
  ValueBackup MEAN = new ValueBackup() {
    @Override
    public void update(Tree tree, int parent, int edge, int child, double[] value, int depth, SearchContext ctx) {
      tree.addVisitAndValues(edge, value);
    }

    @Override
    public boolean additive() {
      return true;
    }
  };
}
