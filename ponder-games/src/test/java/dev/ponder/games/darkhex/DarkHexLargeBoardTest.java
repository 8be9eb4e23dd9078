package dev.ponder.games.darkhex;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.games.testutil.ResampleCheck;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Dark hex on boards over 64 cells: the world resampler keys positions by several 64-bit words, so
 * every accepted board size is resampled, exactly and uniformly (checked against the brute-force
 * enumeration of consistent histories).
 */
class DarkHexLargeBoardTest {
  @Test
  void resampleOn65CellsIsUniformOverTheHiddenMove() {
    // 5 x 13: cell 64 lies in the second word of every mask
    Game g = GameRegistry.load("dark_hex(num_rows=5,num_cols=13)");
    State target = g.stateFromHistory(new int[] {0, 64});
    // Black knows only its own a1 and that one move followed: White's stone is any other cell
    assertThat(ResampleCheck.assertUniform(g, target, 0, 6_400, 11)).isEqualTo(64);
  }

  @Test
  void resampleOn65CellsWithABumpIsConsistentAndUniform() {
    // Black a1, White on cell 64, Black bumps into 64 (classical: Black moves again), Black 1,
    // White 30. Black's view shows White's stone on 64; White's second stone is any cell Black has
    // not seen (neither 0, 1 nor 64), and White's first stone must be 64 (Black bumped into it
    // before White's second move): 62 worlds.
    Game g = GameRegistry.load("dark_hex(num_rows=5,num_cols=13)");
    State target = g.stateFromHistory(new int[] {0, 64, 64, 1, 30});
    assertThat(ResampleCheck.assertUniform(g, target, 0, 6_200, 12, target.historySize())).isEqualTo(62);
  }

  @Test
  void resampleOnAnElevenByElevenBoardKeepsThePlayersInformation() {
    Game g = GameRegistry.load("dark_hex(board_size=11)");
    State s = g.newInitialState();
    SplittableRandom rng = new SplittableRandom(5);
    for (int i = 0; i < 6; i++) {
      int[] legal = s.legalActions();
      s.applyAction(legal[rng.nextInt(legal.length)]);
    }
    for (int p = 0; p < 2; p++) {
      State into = g.newInitialState();
      for (int i = 0; i < 20; i++) {
        State w = ResampleCheck.draw(s, p, rng, into, i);
        assertThat(w.informationStateString(p)).isEqualTo(s.informationStateString(p));
        assertThat(w.currentPlayer()).isEqualTo(s.currentPlayer());
      }
    }
  }
}
