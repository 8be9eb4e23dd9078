// docs/search.md, "Extending the search from Java": a game-specific value estimator.
// (shown there in package org.example.search, a project of your own)
package dev.ponder.search.docs;

import dev.ponder.game.State;
import dev.ponder.games.tictactoe.TicTacToe;
import dev.ponder.search.mcts.SearchContext;
import dev.ponder.search.mcts.ValueEstimator;

public final class OpenLinesEstimator implements ValueEstimator {
  private static final int[][] LINES = {
      {0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};

  /** v(s) = (lines x can still complete − lines o can still complete) / 8 for x, its negation for o. */
  @Override
  public void evaluate(State state, double[] out, SearchContext ctx) {
    TicTacToe.TicTacToeState s = (TicTacToe.TicTacToeState) state;
    int open = 0;
    for (int[] line : LINES) {
      boolean x = true;
      boolean o = true;
      for (int c : line) {
        x &= s.cell(c) != 1;
        o &= s.cell(c) != 0;
      }
      open += (x ? 1 : 0) - (o ? 1 : 0);
    }
    out[0] = open / 8.0;
    out[1] = -open / 8.0;
  }
}
