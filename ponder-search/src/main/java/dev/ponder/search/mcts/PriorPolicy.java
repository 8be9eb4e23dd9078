package dev.ponder.search.mcts;

import dev.ponder.game.State;

/** Knowledge: the prior π(·|s) over the legal actions of a decision state. */
@FunctionalInterface
public interface PriorPolicy {

  /**
   * Writes one prior probability per legal action, aligned with {@code actions[0..n)}, summing to
   * 1. Must not modify {@code state}; allocates nothing.
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
