package dev.ponder.search.mcts;

import dev.ponder.game.State;

/** Knowledge: the prior π(·|s) over the legal actions of a decision state. */
@FunctionalInterface
public interface PriorPolicy {

  /**
   * Writes one prior probability per legal action into {@code out[0..n)}, aligned with {@code
   * actions[0..n)} (the state's legal actions in ascending order, n ≥ 1), each in [0, 1], summing
   * to 1. Must not modify {@code state}; allocates nothing. Called by every worker at once with
   * several threads ({@code actions} and {@code out} are the worker's
   * {@link SearchContext#actionBuffer()} and {@link SearchContext#priorBuffer()}). The engine
   * fails the search with an {@link IllegalStateException} naming this class when an entry is
   * negative, not finite or unwritten, or the sum is off 1 by more than 0.001.
   */
  void prior(State state, int[] actions, int n, float[] out, SearchContext ctx);

  /** The uniform prior 1/|A|. */
  PriorPolicy UNIFORM = (state, actions, n, out, ctx) -> {
    float p = 1f / n;
    for (int i = 0; i < n; i++) {
      out[i] = p;
    }
  };
}
