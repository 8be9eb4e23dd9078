package dev.ponder.search.mcts.zoo;

import dev.ponder.search.mcts.FinalActionSelector;
import dev.ponder.search.mcts.FinalSelectors;
import dev.ponder.search.mcts.SearchContext;
import dev.ponder.search.mcts.Tree;
import dev.ponder.search.mcts.ops.SoftPolicies;

/**
 * Final action selectors of the zoo (ALGORITHMS §0): π̂ is the visit distribution unless stated.
 * Ties are broken uniformly at random.
 */
public final class Finals {
  private Finals() {}

  /** bifv: {@code argmax_a [n(a) + w·Q̃(a)]} (w = 0.1; Q̃ normalized, 0 when unvisited). */
  public static FinalActionSelector visitsPlusQ(double w) {
    return FinalActionSelector.withRule("argmax visits + " + num(w) + "*Q, Q normalized into [0,1] (0 when unvisited)",
        (tree, root, pi, ctx) -> {
          FinalSelectors.visitPolicy(tree, root, pi);
          int mover = tree.player(root);
          return argmax(tree, root, ctx, e -> tree.visits(e) + w * Z.q(tree, e, mover, ctx, 0.0));
        });
  }

  /** A constant as a rule prints it: {@code 0.1}, {@code 1}. */
  static String num(double x) {
    return x == Math.rint(x) && Math.abs(x) < 1e15 ? Long.toString((long) x) : Double.toString(x);
  }

  /** Max child: {@code argmax_a Q̃(a)} over visited children. */
  public static FinalActionSelector maxQ() {
    return FinalActionSelector.withRule("max child: argmax Q over the visited actions", (tree, root, pi, ctx) -> {
      FinalSelectors.visitPolicy(tree, root, pi);
      int mover = tree.player(root);
      return argmax(tree, root, ctx, e -> tree.visits(e) > 0 ? Z.q(tree, e, mover, ctx, 0.0) : Double.NEGATIVE_INFINITY);
    });
  }

  /**
   * Secure child: the lower confidence bound {@code argmax_a Q̃(a) − A/sqrt(n(a))} over visited
   * children (Chaslot, Winands, van den Herik, Uiterwijk &amp; Bouzy 2008, "Progressive strategies for
   * Monte-Carlo tree search", which names the secure child among its final-move rules; used by
   * MCTS-Solver, Winands et al. 2008; A = 1 [recall]).
   * This is Ponder's reading, not ALGORITHMS.md's text: ALGORITHMS §0 and §3.7 record the rule as
   * {@code Q + A/√N} [recall], but a plus sign would favour the least-visited moves, the opposite
   * of a "secure" choice, so Ponder subtracts, as the lower confidence bound that paper
   * describes (docs/zoo.md, {@code mcts_solver}; {@link Solvers#solverFinal}). n(a) is N(s,a) of
   * ALGORITHMS.md; Q̃ is the mover's mean normalized by {@link
   * dev.ponder.search.mcts.SearchContext#normalize}.
   *
   * @param a the constant A ≥ 0 (0 gives the child of largest Q̃)
   */
  public static FinalActionSelector secure(double a) {
    return FinalActionSelector.withRule("secure child: argmax Q - " + num(a) + "/sqrt(visits) over the visited actions,"
        + " Q normalized into [0,1]", (tree, root, pi, ctx) -> {
          FinalSelectors.visitPolicy(tree, root, pi);
          int mover = tree.player(root);
          return argmax(tree, root, ctx, e -> {
            int n = tree.visits(e);
            return n > 0 ? Z.q(tree, e, mover, ctx, 0.0) - a / Math.sqrt(n) : Double.NEGATIVE_INFINITY;
          });
        });
  }

  /** Samples the move from the visit distribution π̂ (Smooth UCT's average strategy). */
  public static FinalActionSelector sampleVisits() {
    return FinalActionSelector.withRule("sampled from pi_visits (the average strategy), so not always the most visited",
        (tree, root, pi, ctx) -> {
          FinalSelectors.visitPolicy(tree, root, pi);
          int k = tree.numChildren(root);
          return tree.firstChild(root) + SoftPolicies.sample(pi, k, ctx.rng().nextDouble());
        });
  }

  /** A per-child score. */
  @FunctionalInterface
  interface Score {
    double of(int e);
  }

  /** argmax of {@code score} over the children of {@code node}, uniform ties. */
  static int argmax(Tree tree, int node, SearchContext ctx, Score score) {
    int first = tree.firstChild(node);
    int k = tree.numChildren(node);
    int chosen = first;
    double best = Double.NEGATIVE_INFINITY;
    int ties = 0;
    for (int e = first; e < first + k; e++) {
      double s = score.of(e);
      if (s > best) {
        best = s;
        chosen = e;
        ties = 1;
      } else if (s == best && ctx.rng().nextInt(++ties) == 0) {
        chosen = e;
      }
    }
    return chosen;
  }
}
