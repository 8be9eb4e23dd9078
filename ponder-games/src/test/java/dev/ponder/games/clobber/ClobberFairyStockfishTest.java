package dev.ponder.games.clobber;

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
 * Differential perft against fairy-stockfish's {@code clobber} variant, whose board has 5 files
 * and 6 ranks where Ponder's (OpenSpiel's) default has 5 rows and 6 columns. The mapping
 * transposes, which preserves orthogonal adjacency: Ponder cell (row r, column c) is file
 * {@code a+r}, rank {@code c+1}; player 0 ({@code o}) is {@code P} and moves as {@code w}.
 */
class ClobberFairyStockfishTest {

  static String fen(Clobber.ClobberState s) {
    Clobber g = (Clobber) s.game();
    return FairyStockfish.fen(g.columns(), g.rows(), (rank, file) -> s.cell(file, rank), s.currentPlayer());
  }

  @Test
  void perftAgreesWithFairyStockfishOnRandomPositions() throws Exception {
    compare("clobber", "clobber", 77, 16);
  }

  @Test
  void tenByTenByteBoardAgreesWithFairyStockfishClobber10() throws Exception {
    // 10x10 exceeds the bitboard: this checks the byte-per-cell board (fairy-stockfish's clobber10)
    compare("clobber(rows=10,columns=10)", "clobber10", 78, 60);
  }

  private static void compare(String spec, String variant, long seed, int maxPlies) throws Exception {
    Path bin = FairyStockfish.locate();
    assumeTrue(bin != null, "fairy-stockfish not installed (apt-get install fairy-stockfish); differential test skipped");
    Game g = GameRegistry.load(spec);
    SplittableRandom rng = new SplittableRandom(seed);
    int compared = 0;
    try (FairyStockfish fsf = FairyStockfish.start(bin)) {
      fsf.variant(variant);
      State start = g.newInitialState();
      assertThat(fsf.perft(fen((Clobber.ClobberState) start), 3)).isEqualTo(Perft.paths(start, 3));
      for (int i = 0; i < 12; i++) {
        State s = g.newInitialState();
        int plies = 2 + rng.nextInt(maxPlies);
        for (int p = 0; p < plies && !s.isTerminal(); p++) {
          int[] legal = s.legalActions();
          s.applyAction(legal[rng.nextInt(legal.length)]);
        }
        String fen = fen((Clobber.ClobberState) s);
        int depth = s.historySize() < 8 || g.numDistinctActions() > 200 ? 3 : 4;
        long ours = Perft.paths(s, depth);
        assertThat(fsf.perft(fen, depth)).as("perft %d of %s (history %s)", depth, fen, s.historyString())
            .isEqualTo(ours);
        compared++;
      }
    }
    assertThat(compared).isEqualTo(12);
  }
}
