package dev.ponder.search.mcts;

import dev.ponder.game.State;

/**
 * Knowledge: draws a world h ~ b(·|s) consistent with the searcher's information state at the
 * root, once per simulation (IS-MCTS determinization).
 */
public interface ResampleHistory {

  /**
   * @param root the state to draw from, equal to the root state given to the search: that state
   *     itself with one thread, and with several for the draws made in the caller's thread
   *     before the workers start (the expansion of a new root; with a reused root already
   *     expanded, one draw when {@link State#keepsResampleWork()}); else, in a search with
   *     several threads, the calling worker's own copy of it ({@link State#copy()}, made in the
   *     worker's thread at the start of each search), so no other thread uses it during the call.
   *     Its game state must not be modified (scratch buffers kept on it may be), and nothing but
   *     {@code player}'s information may influence the result
   * @param player the searcher, in {@code [0, numPlayers)}: the player to act at the root
   * @param scratch a worker-owned state of the same game that may be overwritten and returned
   * @param ctx the calling worker's context; every random choice comes from its {@link
   *     SearchContext#rng()}
   * @return the world to simulate in (possibly {@code scratch}); the engine modifies it
   */
  State resample(State root, int player, State scratch, SearchContext ctx);

  /** Whether this resampler returns the root itself (valid only for perfect information). */
  default boolean isIdentity() {
    return false;
  }

  /** Perfect information: the world is the root (copied into the scratch state, no allocation). */
  ResampleHistory IDENTITY = new ResampleHistory() {
    @Override
    public State resample(State root, int player, State scratch, SearchContext ctx) {
      scratch.copyFrom(root);
      return scratch;
    }

    @Override
    public boolean isIdentity() {
      return true;
    }
  };

  /**
   * The game's own resampler: {@link State#resampleInto(int, java.util.SplittableRandom, State)}
   * draws the world into the worker's scratch state, which is returned. Allocates nothing per
   * simulation for games that override {@code resampleInto} (Kuhn, Leduc, Liar's Dice, phantom
   * tic-tac-toe, dark hex, Goofspiel, Hearts); others fall back to a copy of a new
   * {@link State#resample} world.
   */
  ResampleHistory GAME = (root, player, scratch, ctx) -> {
    root.resampleInto(player, ctx.rng(), scratch);
    return scratch;
  };
}
