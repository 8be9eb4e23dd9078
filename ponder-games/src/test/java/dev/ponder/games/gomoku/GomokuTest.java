package dev.ponder.games.gomoku;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.spec.SpecException;
import dev.ponder.game.check.ConformanceKit;
import dev.ponder.game.check.Playthroughs;
import org.junit.jupiter.api.Test;

class GomokuTest {
  private final Gomoku game = (Gomoku) GameRegistry.load("gomoku");

  /**
   * Plays black's stones at {@code blackCells} (in that order) and white's filler stones at
   * {@code whiteCells} in between; returns the state after black's last stone.
   */
  private static State play(Gomoku g, int[] blackCells, int[] whiteCells) {
    State s = g.newInitialState();
    for (int i = 0; i < blackCells.length; i++) {
      s.applyAction(blackCells[i]);
      if (i < blackCells.length - 1) {
        s.applyAction(whiteCells[i]);
      }
    }
    return s;
  }

  private int[] line(int r, int c, int dr, int dc, int n) {
    int[] out = new int[n];
    for (int i = 0; i < n; i++) {
      out[i] = game.cellOf(r + i * dr, c + i * dc);
    }
    return out;
  }

  private static int[] middleLast(int[] cells) {
    // Put the middle stone last so the win is found in both directions from it.
    int[] out = cells.clone();
    int mid = out.length / 2;
    int t = out[mid];
    out[mid] = out[out.length - 1];
    out[out.length - 1] = t;
    return out;
  }

  @Test
  void fiveInARowWinsInEveryDirection() {
    int[] whites = {game.cellOf(0, 14), game.cellOf(1, 14), game.cellOf(2, 14), game.cellOf(3, 14)};
    int[][] lines = {
        line(7, 3, 0, 1, 5), // horizontal
        line(3, 7, 1, 0, 5), // vertical
        line(3, 3, 1, 1, 5), // diagonal
        line(3, 11, 1, -1, 5), // anti-diagonal
    };
    for (int[] l : lines) {
      for (int[] order : new int[][] {l, middleLast(l)}) {
        State s = play(game, order, whites);
        assertThat(s.isTerminal()).as(s.toString()).isTrue();
        assertThat(s.returns()).containsExactly(1.0, -1.0);
        State four = play(game, java.util.Arrays.copyOf(order, 4), whites);
        assertThat(four.isTerminal()).isFalse();
      }
    }
  }

  @Test
  void whiteWinsAndOverlineWins() {
    State s = game.newInitialState();
    int[] blacks = {game.cellOf(0, 0), game.cellOf(2, 0), game.cellOf(4, 0), game.cellOf(6, 0), game.cellOf(8, 5)};
    for (int i = 0; i < 5; i++) {
      s.applyAction(blacks[i]);
      s.applyAction(game.cellOf(10, i));
    }
    assertThat(s.isTerminal()).isTrue();
    assertThat(s.returns()).containsExactly(-1.0, 1.0);
    // Six in a row made by filling the gap of 3 + 2 wins too (free-style gomoku).
    int[] six = {game.cellOf(5, 0), game.cellOf(5, 1), game.cellOf(5, 2), game.cellOf(5, 4), game.cellOf(5, 5), game.cellOf(5, 3)};
    State o = play(game, six, new int[] {0, 2, 4, 6, 8});
    assertThat(o.isTerminal()).isTrue();
    assertThat(o.returns()).containsExactly(1.0, -1.0);
  }

  @Test
  void edgesDoNotConnectUnlessWrapped() {
    int[] acrossEdge = {game.cellOf(7, 13), game.cellOf(7, 14), game.cellOf(7, 0), game.cellOf(7, 1), game.cellOf(7, 2)};
    int[] whites = {game.cellOf(0, 5), game.cellOf(0, 7), game.cellOf(0, 9), game.cellOf(0, 11)};
    assertThat(play(game, acrossEdge, whites).isTerminal()).isFalse();
    Gomoku wrapped = (Gomoku) GameRegistry.load("gomoku(wrap=true)");
    State w = play(wrapped, acrossEdge, whites);
    assertThat(w.isTerminal()).isTrue();
    assertThat(w.returns()).containsExactly(1.0, -1.0);
  }

  @Test
  void antiMakesTheLineMakerLose() {
    Gomoku anti = (Gomoku) GameRegistry.load("gomoku(size=5,connect=3,anti=true)");
    State s = play(anti, new int[] {0, 1, 2}, new int[] {10, 11});
    assertThat(s.isTerminal()).isTrue();
    assertThat(s.returns()).containsExactly(-1.0, 1.0);
  }

  @Test
  void threeDimensionsHaveThirteenLineDirections() {
    Gomoku g = (Gomoku) GameRegistry.load("gomoku(size=4,dims=3,connect=4)");
    assertThat(g.numDirs).isEqualTo(13);
    assertThat(g.numDistinctActions()).isEqualTo(64);
    int[] spaceDiagonal = {g.cellOf(0, 0, 0), g.cellOf(1, 1, 1), g.cellOf(2, 2, 2), g.cellOf(3, 3, 3)};
    State s = play(g, spaceDiagonal, new int[] {g.cellOf(0, 0, 1), g.cellOf(0, 0, 2), g.cellOf(0, 0, 3)});
    assertThat(s.isTerminal()).isTrue();
    assertThat(s.actionToString(0, g.cellOf(1, 2, 3))).isEqualTo("1,2,3");
  }

  @Test
  void higherDimensionalBoardsPrintTheirSlices() {
    Gomoku g = (Gomoku) GameRegistry.load("gomoku(size=2,dims=3,connect=2)");
    State s = g.newInitialState();
    s.applyAction(g.cellOf(1, 0, 1));
    assertThat(s.toString()).isEqualTo("W\n..\n..\n\n.b\n..\n");
    Gomoku line = (Gomoku) GameRegistry.load("gomoku(size=5,dims=1,connect=3)");
    State l = line.newInitialState();
    l.applyAction(2);
    assertThat(l.toString()).isEqualTo("W\n..b..\n");
    assertThat(l.actionToString(1, 4)).isEqualTo("4");
  }

  @Test
  void fullBoardWithoutALineIsADraw() {
    // 3x3 tic-tac-toe draw: x o x / x o o / o x x
    Gomoku g = (Gomoku) GameRegistry.load("gomoku(size=3,connect=3)");
    State s = g.newInitialState();
    for (int a : new int[] {0, 1, 2, 4, 3, 5, 7, 6, 8}) {
      assertThat(s.isTerminal()).isFalse();
      s.applyAction(a);
    }
    assertThat(s.isTerminal()).isTrue();
    assertThat(s.returns()).containsExactly(0.0, 0.0);
    assertThat(s.toString()).isEqualTo("W\nbwb\nbww\nwbb\n");
  }

  @Test
  void hashIsTranspositionInvariantAndUndoRestores() {
    State a = game.newInitialState();
    State b = game.newInitialState();
    long h0 = a.hash();
    for (int x : new int[] {10, 20, 30, 40}) {
      a.applyAction(x);
    }
    for (int x : new int[] {30, 40, 10, 20}) {
      b.applyAction(x);
    }
    assertThat(a.hash()).isEqualTo(b.hash());
    for (int x : new int[] {40, 30, 20, 10}) {
      a.undoAction(x);
    }
    assertThat(a.hash()).isEqualTo(h0);
  }

  @Test
  void stringToActionParsesCoordinatesAndIdsAndRejectsOccupiedCells() {
    State s = game.newInitialState();
    assertThat(s.stringToAction("7,7")).isEqualTo(112);
    assertThat(s.stringToAction(" 0,14 ")).isEqualTo(14);
    assertThat(s.stringToAction("224")).isEqualTo(224);
    s.applyAction(112);
    assertThatThrownBy(() -> s.stringToAction("7,7")).isInstanceOf(dev.ponder.game.IllegalActionException.class);
    assertThatThrownBy(() -> s.stringToAction("15,0")).isInstanceOf(dev.ponder.game.IllegalActionException.class);
  }

  @Test
  void parametersAreValidated() {
    assertThatThrownBy(() -> GameRegistry.load("gomoku(dims=5)"))
        .isInstanceOf(SpecException.class).hasMessageContaining("dims=5").hasMessageContaining("1..4");
    // a line longer than the board's longest line can never be completed: refused in one line
    assertThatThrownBy(() -> GameRegistry.load("gomoku(size=3,connect=64)"))
        .isInstanceOf(SpecException.class)
        .hasMessage("gomoku: connect=64 can never be completed: the longest line of a board of size=3 has 3 cells;"
            + " valid: connect 1..3, or wrap=true (a full ring counts)");
    assertThatThrownBy(() -> GameRegistry.load("gomoku(size=4,dims=3,connect=5)"))
        .isInstanceOf(SpecException.class).hasMessageContaining("connect 1..4");
    // connect = size is possible (a full row), and with wrap a full ring counts for any connect:
    // on a 3 x 3 torus black fills row 0 (cells 0, 1, 2) while white plays 3, 4 and wins at once
    assertThat(GameRegistry.load("gomoku(size=3,connect=3)").numDistinctActions()).isEqualTo(9);
    State ring = GameRegistry.load("gomoku(size=3,connect=64,wrap=true)").newInitialState();
    for (int a : new int[] {0, 3, 1, 4}) {
      ring.applyAction(a);
      assertThat(ring.isTerminal()).isFalse();
    }
    ring.applyAction(2);
    assertThat(ring.isTerminal()).isTrue();
    assertThat(ring.playerReturn(0)).isEqualTo(1.0);
    assertThat(GameRegistry.load("gomoku").params().toOpenSpielParameters())
        .isEqualTo("{anti=False,connect=5,dims=2,size=15,wrap=False}");
  }

  @Test
  void replaysTheOpenSpielPlaythrough() {
    Playthroughs.assertReplays("gomoku.txt", true);
  }

  @Test
  void passesTheConformanceKit() {
    assertThat(ConformanceKit.check(GameRegistry.load("gomoku"),
        new ConformanceKit.Options().playouts(1000).seed(1)).playouts()).isEqualTo(1000);
    assertThat(ConformanceKit.check(GameRegistry.load("gomoku(size=6,connect=4,wrap=true)"),
        new ConformanceKit.Options().playouts(300).seed(1)).playouts()).isEqualTo(300);
    assertThat(ConformanceKit.check(GameRegistry.load("gomoku(size=4,dims=3,connect=3,anti=true)"),
        new ConformanceKit.Options().playouts(300).seed(1)).playouts()).isEqualTo(300);
  }
}
