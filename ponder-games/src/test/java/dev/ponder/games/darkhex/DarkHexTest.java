package dev.ponder.games.darkhex;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.games.testutil.ResampleCheck;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class DarkHexTest {

  @Test
  void classicalFailureKeepsTheTurnAbruptPassesIt() {
    State c = GameRegistry.load("dark_hex").newInitialState();
    c.applyAction(4);
    c.applyAction(4);
    assertThat(c.currentPlayer()).isEqualTo(1);
    assertThat(c.informationStateString(1)).isEqualTo("...\n.x.\n...\n2\n1,4 ");
    State a = GameRegistry.load("dark_hex(gameversion=adh)").newInitialState();
    a.applyAction(4);
    a.applyAction(4);
    assertThat(a.currentPlayer()).isEqualTo(0);
  }

  @Test
  void hiddenBoardFollowsHexRules() {
    // 2x2: Black b1 + a2 connect top and bottom even though White never sees them
    State s = GameRegistry.load("dark_hex(board_size=2)").newInitialState();
    s.applyAction(1);
    s.applyAction(0);
    s.applyAction(2);
    assertThat(s.isTerminal()).isTrue();
    assertThat(s.returns()).containsExactly(1.0, -1.0);
    assertThat(s.observationString(1)).isEqualTo("o.\n..");
  }

  @Test
  void resampleIsConsistentAndUniform() {
    Game g = GameRegistry.load("dark_hex");
    State target = g.stateFromHistory(new int[] {4, 0, 0, 8, 1});
    ResampleCheck.assertUniform(g, target, 0, 8_000, 3);
    ResampleCheck.assertUniform(g, target, 1, 8_000, 4);
  }

  @Test
  void resampleUniformAbruptWithRevealedTurns() {
    Game g = GameRegistry.load("dark_hex(gameversion=adh,obstype=reveal-numturns)");
    State target = g.stateFromHistory(new int[] {4, 4, 0, 8});
    ResampleCheck.assertUniform(g, target, 1, 5_000, 5);
  }

  @Test
  void resampleAlongThePlaythroughGameOn5x3() {
    // the golden playthrough's 25-move game: at every 4th prefix both players' resampled worlds
    // keep their information state and the current player
    int[] history = {0, 14, 5, 11, 14, 11, 4, 8, 13, 6, 12, 1, 7, 4, 7, 9, 1, 9, 10, 10, 0, 2, 2, 8, 3};
    Game g = GameRegistry.load("dark_hex(num_rows=5,num_cols=3)");
    State s = g.newInitialState();
    java.util.SplittableRandom rng = new java.util.SplittableRandom(1);
    for (int a : history) {
      if (s.historySize() % 4 == 0) {
        for (int p = 0; p < 2; p++) {
          for (int k = 0; k < 20; k++) { // repeated draws reuse the counts of the first
            State w = s.resample(p, rng);
            assertThat(w.informationStateString(p)).isEqualTo(s.informationStateString(p));
            assertThat(w.currentPlayer()).isEqualTo(s.currentPlayer());
          }
        }
      }
      s.applyAction(a);
    }
    assertThat(s.returns()).containsExactly(1.0, -1.0);
  }

  @Test
  void oneCellBoardIsWonByBlacksFirstStone() {
    State s = GameRegistry.load("dark_hex(board_size=1)").newInitialState();
    assertThat(s.legalActions()).containsExactly(0);
    s.applyAction(0);
    assertThat(s.isTerminal()).isTrue();
    assertThat(s.returns()).containsExactly(1.0, -1.0);
  }

  @Test
  void oneColumnBoardIsWonByWhitesFirstPlacedStone() {
    // 3 rows, 1 column: every cell joins White's left and right edges. White first tries Black's
    // hidden cell (classical dark hex: the turn stays with White), then places and wins
    State s = GameRegistry.load("dark_hex(num_rows=3,num_cols=1)").newInitialState();
    s.applyAction(1);
    s.applyAction(1);
    assertThat(s.isTerminal()).isFalse();
    assertThat(s.currentPlayer()).isEqualTo(1);
    s.applyAction(2);
    assertThat(s.isTerminal()).isTrue();
    assertThat(s.returns()).containsExactly(-1.0, 1.0);
  }

  @Test
  void thinBoardsAlwaysHaveAMoveOrAWinner() {
    // seeded random playouts, both versions: a state that is not terminal has a legal action and
    // every game ends with one winner
    SplittableRandom rng = new SplittableRandom(29);
    for (String spec : new String[] {"dark_hex(num_rows=1,num_cols=3)", "dark_hex(num_rows=3,num_cols=1)",
        "dark_hex(num_rows=2,num_cols=5)", "dark_hex(num_rows=5,num_cols=2,gameversion=adh)",
        "dark_hex(board_size=1,gameversion=adh)"}) {
      Game g = GameRegistry.load(spec);
      int[] buf = new int[g.maxActionsPerState()];
      for (int i = 0; i < 200; i++) {
        State s = g.newInitialState();
        while (!s.isTerminal()) {
          int n = s.legalActions(buf);
          assertThat(n).as("%s after %s", spec, s.historyString()).isPositive();
          s.applyAction(buf[rng.nextInt(n)]);
        }
        assertThat(Math.abs(s.playerReturn(0))).as(spec).isEqualTo(1.0);
        assertThat(s.playerReturn(0) + s.playerReturn(1)).isZero();
      }
    }
  }
}
