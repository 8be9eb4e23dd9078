package dev.ponder.games.hex;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.IllegalActionException;
import dev.ponder.game.State;
import dev.ponder.spec.SpecException;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class HexTest {

  @Test
  void openingMoveCountIsEveryCell() {
    // any empty cell is a legal move: n*m at the start, one fewer after each stone
    assertThat(GameRegistry.load("hex").newInitialState().legalActions()).hasSize(121);
    State s = GameRegistry.load("hex(num_rows=3,num_cols=4)").newInitialState();
    assertThat(s.legalActions()).hasSize(12);
    s.applyAction(5);
    assertThat(s.legalActions()).hasSize(11).doesNotContain(5);
    assertThat(s.actionToString(0, 5)).isEqualTo("b2");
  }

  /** Dark hex's rules engine names its sizes in one fixed order, whatever the JVM (the same game string every run). */
  @Test
  void theEnginesGameStringIsFixed() {
    assertThat(Hex.engine(3, 4).spec()).isEqualTo("hex(num_cols=4,num_rows=3)");
    assertThat(Hex.engine(3, 4).newInitialState().legalActions()).hasSize(12);
  }

  @Test
  void hexAdjacencyRunsAlongTheShortDiagonal() {
    // cell (r,c) touches (r-1,c+1) and (r+1,c-1) but not (r-1,c-1) / (r+1,c+1).
    // 2x2: b1 (0,1) and a2 (1,0) touch, so Black connects top and bottom with them
    State s = GameRegistry.load("hex(board_size=2)").newInitialState();
    s.applyAction(1); // x b1
    s.applyAction(0); // o a1
    s.applyAction(2); // x a2
    assertThat(s.isTerminal()).isTrue();
    assertThat(s.returns()).containsExactly(1.0, -1.0);
    // a1 (0,0) and b2 (1,1) do not touch
    State t = GameRegistry.load("hex(board_size=2)").newInitialState();
    t.applyAction(0); // x a1
    t.applyAction(1); // o b1
    t.applyAction(3); // x b2
    assertThat(t.isTerminal()).isFalse();
  }

  @Test
  void whiteConnectsLeftToRight() {
    // 3x3: White's row a2 b2 c2 (cells 3,4,5) wins; Black's a1 b1 c3 (0,1,8) do not connect
    State s = GameRegistry.load("hex(board_size=3)").newInitialState();
    for (int a : new int[] {0, 3, 1, 4, 8}) {
      s.applyAction(a);
      assertThat(s.isTerminal()).isFalse();
    }
    s.applyAction(5);
    assertThat(s.isTerminal()).isTrue();
    assertThat(s.returns()).containsExactly(-1.0, 1.0);
    assertThat(s.toString()).isEqualTo("x x . \n o o o \n  . . x ");
  }

  @Test
  void randomGamesNeverDraw() {
    // Hex has no draws: every random game on several board shapes ends with a winner before or
    // when the board fills
    SplittableRandom rng = new SplittableRandom(5);
    for (String spec : new String[] {"hex(board_size=5)", "hex(board_size=11)", "hex(num_rows=3,num_cols=7)"}) {
      Game g = GameRegistry.load(spec);
      int[] buf = new int[g.maxActionsPerState()];
      for (int i = 0; i < 300; i++) {
        State s = g.newInitialState();
        while (!s.isTerminal()) {
          int n = s.legalActions(buf);
          assertThat(n).as(spec).isPositive();
          s.applyActionUnchecked(buf[rng.nextInt(n)]);
        }
        assertThat(Math.abs(s.playerReturn(0))).as(spec).isEqualTo(1.0);
        assertThat(s.playerReturn(0) + s.playerReturn(1)).isZero();
      }
    }
  }

  @Test
  void explicitStringsShowEdgeConnection() {
    State s = GameRegistry.load("hex(board_size=3,string_rep=explicit)").newInitialState();
    // top-row black stone is north-connected (y), written (column,row) as OpenSpiel does
    assertThat(s.actionToString(0, 1)).isEqualTo("y(1,0)");
    assertThat(s.actionToString(1, 3)).isEqualTo("p(0,1)");
    s.applyAction(4);
    assertThat(s.toString()).isEqualTo(". . . \n . x . \n  . . . ");
  }

  @Test
  void swapMirrorsTheOpeningStoneForWhite() {
    Game g = GameRegistry.load("hex(board_size=3,swap=true)");
    assertThat(g.numDistinctActions()).isEqualTo(10); // 9 cells + swap
    State s = g.newInitialState();
    s.applyAction(1); // x b1: row 0, column 1
    assertThat(s.legalActions()).hasSize(9).contains(9).doesNotContain(1);
    assertThat(s.actionToString(1, 9)).isEqualTo("swap");
    s.applyAction(9); // swap: the stone moves to row 1, column 0 and turns White
    assertThat(s.toString()).isEqualTo(". . . \n o . . \n  . . . ");
    assertThat(((Hex.HexState) s).cellState(3)).isEqualTo(Hex.WHITE_WEST); // on White's west edge
    assertThat(s.currentPlayer()).isZero();
    assertThat(s.legalActions()).hasSize(8).doesNotContain(3, 9).contains(1);
    // only White's first move may swap
    s.applyAction(4);
    assertThat(s.legalActions()).hasSize(7).doesNotContain(3, 4, 9);
    assertThatThrownBy(() -> s.applyAction(9)).isInstanceOf(IllegalActionException.class);
    // a stone on the diagonal stays where it is
    State d = g.newInitialState();
    d.applyAction(4);
    d.applyAction(9);
    assertThat(d.toString()).isEqualTo(". . . \n . o . \n  . . . ");
    // the hash follows the board: the same swap from the same opening hashes alike, and
    // differently from Black's opening alone
    State t = g.newInitialState();
    t.applyAction(1);
    long before = t.hash();
    t.applyAction(9);
    State v = g.newInitialState();
    v.applyAction(1);
    v.applyAction(9);
    assertThat(t.hash()).isEqualTo(v.hash()).isNotEqualTo(before);
    // without swap the swap action is never legal and the game has 9 actions
    State w = GameRegistry.load("hex(board_size=3)").newInitialState();
    w.applyAction(1);
    assertThat(w.legalActions()).hasSize(8).doesNotContain(1, 9);
    assertThat(GameRegistry.load("hex(board_size=3)").numDistinctActions()).isEqualTo(9);
    assertThatThrownBy(() -> GameRegistry.load("hex(num_rows=3,num_cols=4,swap=true)"))
        .isInstanceOf(SpecException.class).hasMessageContaining("square");
  }

  @Test
  void plainObservationTensorHasBlackWhiteAndEmptyPlanes() {
    Game g = GameRegistry.load("hex(board_size=3,plain_obs_tensor=true)");
    assertThat(g.observationTensorShape()).containsExactly(3, 3, 3);
    State s = g.newInitialState();
    s.applyAction(0); // x a1
    s.applyAction(4); // o b2
    float[] t = new float[27];
    s.observationTensor(0, t);
    for (int c = 0; c < 9; c++) {
      assertThat(t[c]).as("black plane, cell " + c).isEqualTo(c == 0 ? 1f : 0f);
      assertThat(t[9 + c]).as("white plane, cell " + c).isEqualTo(c == 4 ? 1f : 0f);
      assertThat(t[18 + c]).as("empty plane, cell " + c).isEqualTo(c == 0 || c == 4 ? 0f : 1f);
    }
  }

  @Test
  void zobristHashIsTranspositionInvariant() {
    State a = GameRegistry.load("hex").newInitialState();
    State b = GameRegistry.load("hex").newInitialState();
    for (int m : new int[] {5, 60, 7, 61}) {
      a.applyAction(m);
    }
    for (int m : new int[] {7, 61, 5, 60}) {
      b.applyAction(m);
    }
    assertThat(a.hash()).isEqualTo(b.hash());
    State c = GameRegistry.load("hex").newInitialState();
    for (int m : new int[] {5, 60, 61, 7}) {
      c.applyAction(m);
    }
    assertThat(c.hash()).isNotEqualTo(a.hash());
  }

  /** Breadth-first search over {@code player}'s stones from its first edge to its second. */
  private static boolean connected(Hex.HexState s, int rows, int cols, int player) {
    boolean[] seen = new boolean[rows * cols];
    java.util.ArrayDeque<Integer> queue = new java.util.ArrayDeque<>();
    for (int i = 0; i < (player == 0 ? cols : rows); i++) {
      int cell = player == 0 ? i : i * cols;
      if (owner(s, cell) == player) {
        seen[cell] = true;
        queue.add(cell);
      }
    }
    int[][] d = {{-1, 0}, {-1, 1}, {0, 1}, {1, 0}, {1, -1}, {0, -1}};
    while (!queue.isEmpty()) {
      int cell = queue.poll();
      int r = cell / cols;
      int c = cell % cols;
      if (player == 0 ? r == rows - 1 : c == cols - 1) {
        return true;
      }
      for (int[] o : d) {
        int r2 = r + o[0];
        int c2 = c + o[1];
        if (r2 >= 0 && r2 < rows && c2 >= 0 && c2 < cols) {
          int n = r2 * cols + c2;
          if (!seen[n] && owner(s, n) == player) {
            seen[n] = true;
            queue.add(n);
          }
        }
      }
    }
    return false;
  }

  private static int owner(Hex.HexState s, int cell) {
    int v = s.cellState(cell);
    return v > 0 ? 0 : v < 0 ? 1 : -1;
  }

  @Test
  void terminationAgreesWithBreadthFirstConnectivity() {
    // an independent check of the flood-fill labels: after every move, the game is over exactly
    // when the mover's stones connect its two edges (BFS), and the mover is the winner
    SplittableRandom rng = new SplittableRandom(17);
    int[][] shapes = {{5, 5}, {4, 7}, {7, 4}, {11, 11}};
    for (int[] shape : shapes) {
      Game g = GameRegistry.load("hex(num_rows=" + shape[0] + ",num_cols=" + shape[1] + ")");
      for (int i = 0; i < 100; i++) {
        Hex.HexState s = (Hex.HexState) g.newInitialState();
        while (!s.isTerminal()) {
          int mover = s.currentPlayer();
          int[] legal = s.legalActions();
          s.applyAction(legal[rng.nextInt(legal.length)]);
          boolean won = connected(s, shape[0], shape[1], mover);
          assertThat(s.isTerminal()).as("after %s", s.historyString()).isEqualTo(won);
          assertThat(connected(s, shape[0], shape[1], 1 - mover)).isFalse();
          if (won) {
            assertThat(s.playerReturn(mover)).isEqualTo(1.0);
          }
        }
      }
    }
  }

  @Test
  void oneByOneBoardIsWonByBlacksFirstStone() {
    // the only cell touches all four edges: Black's stone joins top and bottom and wins
    for (String spec : new String[] {"hex(board_size=1)", "hex(num_rows=1,num_cols=1)"}) {
      State s = GameRegistry.load(spec).newInitialState();
      assertThat(s.legalActions()).as(spec).containsExactly(0);
      s.applyAction(0);
      assertThat(s.isTerminal()).as(spec).isTrue();
      assertThat(s.returns()).as(spec).containsExactly(1.0, -1.0);
      assertThat(((Hex.HexState) s).cellState(0)).isEqualTo(Hex.BLACK_WIN);
    }
    State e = GameRegistry.load("hex(board_size=1,string_rep=explicit)").newInitialState();
    assertThat(e.actionToString(0, 0)).isEqualTo("X(0,0)");
    assertThat(e.actionToString(1, 0)).isEqualTo("O(0,0)");
  }

  @Test
  void oneRowBoardIsWonByBlacksFirstStoneAnywhere() {
    // 1 row, 4 columns: every cell is on the top and the bottom row, so any Black stone wins
    Game g = GameRegistry.load("hex(num_rows=1,num_cols=4)");
    for (int cell = 0; cell < 4; cell++) {
      State s = g.newInitialState();
      s.applyAction(cell);
      assertThat(s.isTerminal()).as("x at %d", cell).isTrue();
      assertThat(s.returns()).containsExactly(1.0, -1.0);
    }
    // White on a single row would connect left and right only with all 4 cells
    State x = GameRegistry.load("hex(num_rows=1,num_cols=4,string_rep=explicit)").newInitialState();
    assertThat(x.actionToString(1, 0)).isEqualTo("p(0,0)");
    assertThat(x.actionToString(1, 1)).isEqualTo("o(1,0)");
    assertThat(x.actionToString(1, 3)).isEqualTo("q(3,0)");
  }

  @Test
  void oneColumnBoardIsWonByWhitesFirstStoneAnywhere() {
    // 4 rows, 1 column: Black needs all 4 cells to join top and bottom, but every cell is on
    // White's left and right edges, so White's first stone (the game's second) wins wherever
    Game g = GameRegistry.load("hex(num_rows=4,num_cols=1)");
    for (int black = 0; black < 4; black++) {
      for (int white = 0; white < 4; white++) {
        if (white == black) {
          continue;
        }
        State s = g.newInitialState();
        s.applyAction(black);
        assertThat(s.isTerminal()).as("x at %d", black).isFalse();
        assertThat(s.legalActions()).hasSize(3);
        s.applyAction(white);
        assertThat(s.isTerminal()).as("x at %d, o at %d", black, white).isTrue();
        assertThat(s.returns()).containsExactly(-1.0, 1.0);
        assertThat(((Hex.HexState) s).cellState(white)).isEqualTo(Hex.WHITE_WIN);
      }
    }
    // Black's stones keep OpenSpiel's edge states: top row north (y), bottom row south (z)
    State x = GameRegistry.load("hex(num_rows=4,num_cols=1,string_rep=explicit)").newInitialState();
    assertThat(x.actionToString(0, 0)).isEqualTo("y(0,0)");
    assertThat(x.actionToString(0, 1)).isEqualTo("x(0,1)");
    assertThat(x.actionToString(0, 3)).isEqualTo("z(0,3)");
  }

  @Test
  void thinBoardsAlwaysHaveAMoveOrAWinner() {
    // seeded random playouts on boards with one row or column or two: every state that is not
    // terminal has a legal action, and every game ends with exactly one player connected (BFS)
    SplittableRandom rng = new SplittableRandom(23);
    int[][] shapes = {{1, 3}, {3, 1}, {2, 5}, {5, 2}, {1, 1}};
    for (int[] shape : shapes) {
      String spec = "hex(num_rows=" + shape[0] + ",num_cols=" + shape[1] + ")";
      Game g = GameRegistry.load(spec);
      int[] buf = new int[g.maxActionsPerState()];
      for (int i = 0; i < 200; i++) {
        Hex.HexState s = (Hex.HexState) g.newInitialState();
        while (!s.isTerminal()) {
          int n = s.legalActions(buf);
          assertThat(n).as("%s after %s", spec, s.historyString()).isPositive();
          s.applyAction(buf[rng.nextInt(n)]);
        }
        int winner = s.playerReturn(0) > 0 ? 0 : 1;
        assertThat(Math.abs(s.playerReturn(0))).as(spec).isEqualTo(1.0);
        assertThat(s.playerReturn(0) + s.playerReturn(1)).isZero();
        assertThat(connected(s, shape[0], shape[1], winner)).as("%s %s", spec, s.historyString()).isTrue();
        assertThat(connected(s, shape[0], shape[1], 1 - winner)).as("%s %s", spec, s.historyString()).isFalse();
        if (shape[0] == 1) {
          assertThat(s.historySize()).as(spec).isEqualTo(1); // Black's first stone
        } else if (shape[1] == 1) {
          assertThat(s.historySize()).as(spec).isEqualTo(2); // White's first stone
        }
      }
    }
  }
}
