package dev.ponder.search.mcts;

/**
 * Mechanism: chooses the edge to descend at an interior decision node (exploration vs
 * exploitation). Coarse-grained: it receives the whole node and loops over the children itself,
 * so one virtual call is made per node visited, not per child.
 *
 * <p>Implementations are shared by all workers of a search: they keep no per-call state outside
 * the arguments (scratch lives in the {@link SearchContext}) and must be thread-safe.
 */
@FunctionalInterface
public interface TreePolicy {

  /**
   * Selects a child of {@code node}.
   *
   * @param tree the search tree; {@code node} is expanded and has at least one child
   * @param node a decision node; the chooser is {@code tree.player(node)}
   * @param ctx the worker's context (RNG, simulation index t, budget S, utility bounds, depth)
   * @return a child entry id in {@code [tree.firstChild(node), tree.firstChild(node) + tree.numChildren(node))}
   */
  int select(Tree tree, int node, SearchContext ctx);

  /**
   * The auxiliary slot ({@link Tree#aux}) where this policy wants the exact value of terminal
   * children, or −1 (the default) for none. When it is ≥ 0, the engine tests every child of a
   * decision node it expands for terminality (once, at expansion: each action applied to the
   * expanding state and taken back when the game supports undo, else applied to a scratch copy of
   * it, which costs a state copy per child, O(b·|state|) per expansion) and for each terminal child
   * sets {@link Tree#TERMINAL} on its entry and writes the chooser's return (raw utility, the
   * chooser being the player of the expanded node) at this slot, both before the node is published
   * as expanded to other workers, so that selection
   * can use the exact utility of a terminal child before its first visit. Only in perfect-information
   * games (in an information-state tree the child's terminality depends on the sampled world).
   */
  default int terminalChildSlot() {
    return -1;
  }

  /**
   * Whether this policy may select a child it has visited while a sibling is still unvisited
   * (PUCT with a finite first-play value, Gumbel's deterministic interior rule, policies that
   * sample children by their priors), as opposed to trying every child once before it visits one
   * again (UCB1 with unvisited children first; the default, false). A hint for sizing the tree
   * ahead of an engine's first search, which has no measured rate yet: a leaf is expanded when a
   * simulation reaches it again, so with such a policy most simulations expand one node (about
   * 0.4 b new entries per simulation measured for puct, gumbel, rpo and ments, b the root's legal
   * actions), and otherwise far fewer (about √b for uct; docs/bench/search.md). It changes no
   * search result, only how large the tree's arrays are made before the first search.
   *
   * @return true if the policy may revisit a child before trying all of its siblings
   */
  default boolean revisitsBeforeTryingAll() {
    return false;
  }
}
