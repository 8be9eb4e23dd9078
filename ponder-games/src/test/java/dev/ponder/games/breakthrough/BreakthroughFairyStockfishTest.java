package dev.ponder.games.breakthrough;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.games.testutil.FairyStockfish;
import dev.ponder.games.testutil.Perft;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Differential perft against fairy-stockfish's {@code breakthrough} variant on random reachable
 * positions. Fairy-stockfish's first player (white, {@code P}) starts on ranks 1–2 and moves up;
 * Ponder's (OpenSpiel's) first player, Black, starts on the top rows and moves down. The mapping
 * flips the board vertically: Ponder row r (0 = top) is fairy-stockfish rank r+1, Black is
 * {@code P}, White is {@code p}, and player 0 to move is {@code w}. Perft counts move paths of
 * exactly the given length (finished games contribute nothing) in both programs.
 */
class BreakthroughFairyStockfishTest {

  static String fen(Breakthrough.BreakthroughState s) {
    Breakthrough g = (Breakthrough) s.game();
    return FairyStockfish.fen(g.rows(), g.columns(), s::cell, s.currentPlayer());
  }

  @Test
  void perftAgreesWithFairyStockfishOnRandomPositions() throws Exception {
    Path bin = FairyStockfish.locate();
    assumeTrue(bin != null, "fairy-stockfish not installed (apt-get install fairy-stockfish); differential test skipped");
    Game g = GameRegistry.load("breakthrough");
    SplittableRandom rng = new SplittableRandom(2024);
    int compared = 0;
    try (FairyStockfish fsf = FairyStockfish.start(bin)) {
      fsf.variant("breakthrough");
      State start = g.newInitialState();
      assertThat(fsf.perft(fen((Breakthrough.BreakthroughState) start), 3))
          .isEqualTo(Perft.paths(start, 3));
      for (int i = 0; i < 12; i++) {
        State s = g.newInitialState();
        int plies = 8 + rng.nextInt(40);
        for (int p = 0; p < plies && !s.isTerminal(); p++) {
          int[] legal = s.legalActions();
          s.applyAction(legal[rng.nextInt(legal.length)]);
        }
        String fen = fen((Breakthrough.BreakthroughState) s);
        long ours = Perft.paths(s, 3);
        assertThat(fsf.perft(fen, 3)).as("perft 3 of %s (history %s)", fen, s.historyString()).isEqualTo(ours);
        compared++;
      }
    }
    assertThat(compared).isEqualTo(12);
  }
}
