package dev.ponder.search.mcts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.search.SearchResult;
import org.junit.jupiter.api.Test;

/** For a solver the principal variation of a proven win follows the proof. */
class SolverPrincipalVariationTest {

  /**
   * Whether {@code player} wins from {@code s} within {@code plies} plies whatever the others do
   * (plain minimax over the legal actions; a deterministic game).
   */
  static boolean forcedWin(State s, int player, int plies) {
    if (s.isTerminal()) {
      return s.playerReturn(player) > 0;
    }
    if (plies == 0) {
      return false;
    }
    boolean mine = s.currentPlayer() == player;
    for (int a : s.legalActions()) {
      State c = s.copy();
      c.applyAction(a);
      boolean w = forcedWin(c, player, plies - 1);
      if (mine && w) {
        return true;
      }
      if (!mine && !w) {
        return false;
      }
    }
    return !mine;
  }

  private static State position(Game g, int... history) {
    State s = g.newInitialState();
    for (int a : history) {
      s.applyAction(a);
    }
    return s;
  }

  @Test
  void theLineOfAProvenWinFollowsWinningMoves() {
    Game c4 = GameRegistry.load("connect_four");
    for (long seed = 1; seed <= 4; seed++) {
      State root = position(c4, 3, 0, 4, 0);
      try (MctsAgent a = MctsAgent.create("mcts_solver(sims=20000)", c4, seed)) {
        SearchResult r = a.search(root);
        assertThat(r.rootProven()).isTrue();
        assertThat(r.rootProvenValue()[0]).isEqualTo(1.0);
        int[] pv = r.principalVariation();
        assertThat(pv[0]).isEqualTo(r.action());
        // x to move: every move of x on the line keeps a forced win (independent minimax), and
        // the line ends in x's win
        State s = root.copy();
        int pliesLeft = 3; // x5 threatens 2 and 6: x wins at its next move
        assertThat(forcedWin(s, 0, pliesLeft)).isTrue();
        for (int i = 0; i < pv.length; i++) {
          boolean xMoves = s.currentPlayer() == 0;
          s.applyAction(pv[i]);
          pliesLeft--;
          if (xMoves) {
            assertThat(forcedWin(s, 0, pliesLeft)).as("seed %d, PV move %d (%d) of %s", seed, i, pv[i],
                java.util.Arrays.toString(pv)).isTrue();
          }
        }
        assertThat(s.isTerminal()).as("PV %s", java.util.Arrays.toString(pv)).isTrue();
        assertThat(s.playerReturn(0)).isEqualTo(1.0);
      }
    }
  }

  /** Without proofs the line is the most-visited one, as before. */
  @Test
  void otherAgentsFollowTheMostVisitedChild() {
    Game c4 = GameRegistry.load("connect_four");
    try (MctsAgent a = MctsAgent.create("uct(sims=3000)", c4, 1)) {
      SearchResult r = a.search(position(c4, 3, 0, 4, 0));
      Tree t = a.engine().tree();
      int e = t.firstChild(t.root()) + r.indexOf(r.action());
      for (int i = 1; i < r.principalVariation().length; i++) {
        int best = t.firstChild(e);
        for (int c = t.firstChild(e); c < t.firstChild(e) + t.numChildren(e); c++) {
          if (t.visits(c) > t.visits(best)) {
            best = c;
          }
        }
        assertThat(r.principalVariation()[i]).isEqualTo(t.action(best));
        e = best;
      }
    }
  }
}
