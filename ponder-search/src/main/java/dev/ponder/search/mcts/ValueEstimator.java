package dev.ponder.search.mcts;

import dev.ponder.game.State;

/**
 * Knowledge: an estimate v(s) ∈ ℝ^n of the return of every player from a non-terminal state, in
 * raw utility (within the game's [minUtility, maxUtility]).
 */
@FunctionalInterface
public interface ValueEstimator {

  /**
   * Writes one value per player into {@code out[0..numPlayers)}, indexed by player (raw utility;
   * the engine's buffer is exactly {@code numPlayers} long and holds NaN on entry). May modify {@code state} (it is the worker's
   * scratch world and is discarded afterwards). Allocates nothing; random choices come from
   * {@link SearchContext#rng()}. Called by every worker at once with several threads: keep no
   * mutable fields. The engine fails the search with an {@link IllegalStateException} naming this
   * class when a value is not finite, is outside a strict utility bound of the game (a nominal one,
   * {@link dev.ponder.game.Game#maxUtilityNominal()}, is not enforced) or is left unwritten.
   */
  void evaluate(State state, double[] out, SearchContext ctx);
}
