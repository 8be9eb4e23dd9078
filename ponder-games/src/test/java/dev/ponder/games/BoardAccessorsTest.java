package dev.ponder.games;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.game.Game;
import dev.ponder.game.GameFactory;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.games.breakthrough.Breakthrough;
import dev.ponder.games.clobber.Clobber;
import dev.ponder.games.connectfour.ConnectFour;
import dev.ponder.games.othello.Othello;
import dev.ponder.games.tictactoe.TicTacToe;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * What a heuristic of the user's own reads from the public state classes: the board accessors answer
 * for the cell asked or refuse it (a bitboard shift would otherwise wrap to another cell), and the
 * tensors write their declared size only, whatever the buffer's length.
 */
class BoardAccessorsTest {

  @Test
  void connectFourCellRefusesCellsOffTheBoard() {
    ConnectFour g = (ConnectFour) GameRegistry.load("connect_four");
    assertThat(g.rows()).isEqualTo(6);
    assertThat(g.columns()).isEqualTo(7);
    ConnectFour.ConnectFourState s = (ConnectFour.ConnectFourState) g.stateFromHistory(new int[] {1, 6});
    assertThat(s.cell(0, 1)).isZero();
    assertThat(s.cell(0, 6)).isEqualTo(1);
    assertThat(s.cell(5, 6)).isEqualTo(-1);
    // row 7 of column 0 is bit 7, that is row 0 of column 1 (x's disc): it used to answer 0
    assertThatThrownBy(() -> s.cell(7, 0)).isInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("cell (7, 0) is outside the 6 × 7 board; valid: row 0..5, col 0..6");
    assertThatThrownBy(() -> s.cell(6, 0)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> s.cell(0, 7)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> s.cell(-1, 1)).isInstanceOf(IndexOutOfBoundsException.class);
  }

  @Test
  void ticTacToeAndOthelloCellsRefuseIndicesOffTheBoard() {
    TicTacToe.TicTacToeState t = (TicTacToe.TicTacToeState) GameRegistry.load("tic_tac_toe").stateFromHistory(new int[] {0});
    assertThat(t.cell(0)).isZero();
    assertThat(t.cell(8)).isEqualTo(-1);
    // 1 << 32 is 1 << 0 for an int: cell 32 used to answer for cell 0
    assertThatThrownBy(() -> t.cell(32)).isInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("cell 32 is outside the 3 × 3 board; valid: 0..8");
    assertThatThrownBy(() -> t.cell(9)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> t.cell(-1)).isInstanceOf(IndexOutOfBoundsException.class);

    Othello.OthelloState o = (Othello.OthelloState) GameRegistry.load("othello").newInitialState();
    int owned = 0;
    for (int sq = 0; sq < 64; sq++) {
      owned += o.cell(sq) >= 0 ? 1 : 0;
    }
    assertThat(owned).isEqualTo(4);
    assertThatThrownBy(() -> o.cell(64)).isInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("cell 64 is outside the 8 × 8 board; valid: 0..63");
    assertThatThrownBy(() -> o.cell(-1)).isInstanceOf(IndexOutOfBoundsException.class);
  }

  @Test
  void clobberAndBreakthroughCellsRefuseCellsOffTheBoard() {
    Clobber c = (Clobber) GameRegistry.load("clobber");
    Clobber.ClobberState cs = c.newInitialState();
    assertThat(cs.cell(c.rows() - 1, c.columns() - 1)).isBetween(-1, 1);
    // column `columns` of row 0 is row 1's first cell
    assertThatThrownBy(() -> cs.cell(0, c.columns())).isInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("cell (0, " + c.columns() + ") is outside the " + c.rows() + " × " + c.columns() + " board; valid: row 0.."
            + (c.rows() - 1) + ", col 0.." + (c.columns() - 1));
    assertThatThrownBy(() -> cs.cell(c.rows(), 0)).isInstanceOf(IndexOutOfBoundsException.class);

    Breakthrough b = (Breakthrough) GameRegistry.load("breakthrough");
    Breakthrough.BreakthroughState bs = (Breakthrough.BreakthroughState) b.newInitialState();
    assertThat(bs.cell(0, 0)).isNotEqualTo(-1);
    assertThatThrownBy(() -> bs.cell(0, b.columns())).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> bs.cell(-1, 0)).isInstanceOf(IndexOutOfBoundsException.class);
    // a larger board (over 64 cells, kept in a byte array) is checked alike
    Breakthrough big = (Breakthrough) GameRegistry.load("breakthrough(rows=10,columns=10)");
    Breakthrough.BreakthroughState bigs = (Breakthrough.BreakthroughState) big.newInitialState();
    assertThat(bigs.cell(9, 9)).isNotEqualTo(-1);
    assertThatThrownBy(() -> bigs.cell(10, 0)).isInstanceOf(IndexOutOfBoundsException.class);
  }

  @Test
  void everyTensorWritesItsSizeOnlyIntoALongerBuffer() {
    for (GameFactory f : GameRegistry.factories()) {
      Game g = GameRegistry.load(f.type().shortName());
      SplittableRandom rng = new SplittableRandom(5);
      State s = g.newInitialState();
      int[] buf = new int[Math.max(1, g.maxActionsPerState())];
      for (int move = 0; move < 40 && !s.isTerminal(); move++) {
        for (int p = 0; p < g.numPlayers(); p++) {
          for (boolean info : new boolean[] {true, false}) {
            int[] shape = info ? g.informationStateTensorShape() : g.observationTensorShape();
            if (shape.length == 0) {
              continue;
            }
            int size = Arrays.stream(shape).reduce(1, (x, y) -> x * y);
            float[] out = new float[size + 3];
            Arrays.fill(out, -7f);
            if (info) {
              s.informationStateTensor(p, out);
            } else {
              s.observationTensor(p, out);
            }
            assertThat(Arrays.copyOfRange(out, size, size + 3))
                .as("%s %s tensor of player %d after %s", g.spec(), info ? "information-state" : "observation", p,
                    s.historyString())
                .containsExactly(-7f, -7f, -7f);
          }
        }
        int n = s.legalActions(buf);
        s.applyAction(buf[rng.nextInt(n)]);
      }
    }
  }
}
