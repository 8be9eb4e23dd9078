package dev.ponder.search.mcts;

import dev.ponder.game.State;

/**
 * Knowledge: an estimate v(s) ∈ ℝ^n of the return of every player from a non-terminal state, in
 * raw utility (within the game's [minUtility, maxUtility]).
 */
@FunctionalInterface
public interface ValueEstimator {

  /**
   * Writes one value per player into {@code out}. May modify {@code state} (it is the worker's
   * scratch world and is discarded afterwards). Allocates nothing; random choices come from
   * {@link SearchContext#rng()}.
   */
  void evaluate(State state, double[] out, SearchContext ctx);
}
