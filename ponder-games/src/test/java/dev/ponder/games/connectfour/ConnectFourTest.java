package dev.ponder.games.connectfour;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.game.check.ConformanceKit;
import dev.ponder.game.check.Playthroughs;
import dev.ponder.spec.SpecException;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConnectFourTest {
  private final Game game = GameRegistry.load("connect_four");

  @Test
  void goldenPlaythroughReplays() {
    Playthroughs.assertReplays("connect_four.txt", true);
  }

  @Test
  void passesTheConformanceKit() {
    ConformanceKit.Report r = ConformanceKit.check(game, new ConformanceKit.Options().seed(3));
    assertThat(r.playouts()).isEqualTo(1000);
    assertThat(r.maxLength()).isLessThanOrEqualTo(42);
  }

  @Test
  void smallVariantsPassTheConformanceKit() {
    ConformanceKit.check(GameRegistry.load("connect_four(rows=4,columns=5,x_in_row=3,egocentric_obs_tensor=true)"),
        new ConformanceKit.Options().playouts(300).seed(4));
    // 9 columns of 7 rows fill the 64-bit board exactly
    ConformanceKit.check(GameRegistry.load("connect_four(rows=6,columns=9,x_in_row=5)"), new ConformanceKit.Options().playouts(100).seed(5));
  }

  /** Distinct positions by ply from the empty board (REFERENCE.md, OEIS A212693). */
  @Test
  void positionCountsPerPlyMatchReference() {
    long[] expected = {1, 7, 49, 238, 1_120, 4_263, 16_422};
    Map<Position, ConnectFour.ConnectFourState> frontier = new HashMap<>();
    ConnectFour.ConnectFourState root = (ConnectFour.ConnectFourState) game.newInitialState();
    frontier.put(Position.of(root), root);
    for (int ply = 0; ply < expected.length; ply++) {
      assertThat((long) frontier.size()).as("positions at ply %d", ply).isEqualTo(expected[ply]);
      Map<Position, ConnectFour.ConnectFourState> next = new HashMap<>();
      for (ConnectFour.ConnectFourState s : frontier.values()) {
        for (int a : s.legalActions()) {
          ConnectFour.ConnectFourState c = s.copy();
          c.applyAction(a);
          next.putIfAbsent(Position.of(c), c);
        }
      }
      frontier = next;
    }
  }

  /** A position: both players' discs (the side to move follows from the disc count). */
  private record Position(long x, long o) {
    static Position of(ConnectFour.ConnectFourState s) {
      return new Position(s.discs(0), s.discs(1));
    }
  }

  @Test
  void zobristHashIsTranspositionInvariantAndPositionalOnly() {
    State a = game.newInitialState();
    State b = game.newInitialState();
    for (int x : new int[] {3, 2, 4, 5}) {
      a.applyAction(x);
    }
    for (int x : new int[] {4, 5, 3, 2}) {
      b.applyAction(x);
    }
    assertThat(a.toString()).isEqualTo(b.toString());
    assertThat(a.hash()).isEqualTo(b.hash());
    State c = game.newInitialState();
    for (int x : new int[] {3, 2, 5, 4}) {
      c.applyAction(x);
    }
    assertThat(c.hash()).isNotEqualTo(a.hash());
  }

  @Test
  void linesInEveryDirectionWin() {
    assertWinner(new int[] {0, 6, 1, 6, 2, 6, 3}, 0); // horizontal
    assertWinner(new int[] {0, 1, 0, 1, 0, 1, 0}, 0); // vertical
    assertWinner(new int[] {0, 1, 1, 2, 2, 3, 2, 3, 3, 6, 3}, 0); // diagonal up-right
    assertWinner(new int[] {6, 5, 5, 4, 4, 3, 4, 3, 3, 0, 3}, 0); // diagonal up-left
    assertWinner(new int[] {6, 0, 6, 1, 5, 2, 6, 3}, 1); // o wins horizontally
    // no wrap between the top of one column and the bottom of the next
    State s = game.newInitialState();
    for (int x : new int[] {0, 1, 0, 1, 0, 1, 1, 0, 2, 0, 2, 0}) {
      s.applyAction(x);
    }
    assertThat(s.isTerminal()).isFalse();
  }

  private void assertWinner(int[] moves, int winner) {
    State s = game.newInitialState();
    for (int i = 0; i < moves.length; i++) {
      assertThat(s.isTerminal()).as("terminal before move %d", i).isFalse();
      s.applyAction(moves[i]);
    }
    assertThat(s.isTerminal()).isTrue();
    assertThat(s.playerReturn(winner)).isEqualTo(1.0);
    assertThat(s.playerReturn(1 - winner)).isEqualTo(-1.0);
  }

  @Test
  void anXInRowLongerThanEveryLineIsRefused() {
    // 6 × 7: the longest line is a row of 7 cells
    assertThatThrownBy(() -> GameRegistry.load("connect_four(x_in_row=8)")).isInstanceOf(SpecException.class)
        .hasMessage("connect_four: x_in_row=8 can never be completed: the longest line of a board of rows=6, columns=7 has 7 cells;"
            + " valid: x_in_row 1..7");
    assertThatThrownBy(() -> GameRegistry.load("connect_four(rows=9,columns=3,x_in_row=10)")).isInstanceOf(SpecException.class)
        .hasMessageContaining("x_in_row=10 can never be completed").hasMessageEndingWith("valid: x_in_row 1..9");
    // the longest line decides: a column of 9 on a 9 × 3 board, a row of 7 on 6 × 7
    assertThat(GameRegistry.load("connect_four(rows=9,columns=3,x_in_row=9)").numDistinctActions()).isEqualTo(3);
    State s = GameRegistry.load("connect_four(x_in_row=7)").newInitialState();
    for (int c = 0; c < 7; c++) {
      s.applyAction(c); // x on the bottom row
      if (c < 6) {
        s.applyAction(c); // o above it
      }
    }
    assertThat(s.isTerminal()).isTrue();
    assertThat(s.returns()).containsExactly(1.0, -1.0);
  }

  @Test
  void fullBoardIsADraw() {
    // rows x o x then o x o: no three in a row (columns and diagonals hold at most two cells)
    Game tiny = GameRegistry.load("connect_four(rows=2,columns=3,x_in_row=3)");
    State s = tiny.newInitialState();
    for (int x : new int[] {0, 1, 2, 0, 1, 2}) {
      s.applyAction(x);
    }
    assertThat(s.isTerminal()).isTrue();
    assertThat(s.returns()).containsExactly(0.0, 0.0);
    assertThat(s.toString()).isEqualTo("oxo\nxox\n");
  }

  @Test
  void tensorPlanesFollowOpenSpiel() {
    State s = GameRegistry.load("connect_four(egocentric_obs_tensor=true)").newInitialState();
    s.applyAction(3); // x at row 0, column 3
    float[] t = new float[3 * 42];
    s.observationTensor(0, t); // observer x: own discs in plane 1
    assertThat(t[42 + 3]).isEqualTo(1f);
    s.observationTensor(1, t); // observer o: opponent's discs in plane 0
    assertThat(t[3]).isEqualTo(1f);
    State plain = game.newInitialState();
    plain.applyAction(3);
    plain.observationTensor(1, t);
    assertThat(t[3]).isEqualTo(1f);
    assertThat(t[2 * 42 + 3]).isZero();
    assertThat(t[2 * 42 + 4]).isEqualTo(1f);
  }

  @Test
  void boardsTooLargeForTheBitboardAreRejected() {
    assertThatThrownBy(() -> GameRegistry.load("connect_four(rows=8,columns=8)"))
        .isInstanceOf(SpecException.class).hasMessageContaining("exceeds 64");
  }
  @Test
  void winsAgreeWithABruteForceScanOfTheBoard() {
    // every position of 3,000 random games: the game is won exactly when a scan of the cells finds
    // four discs of the last mover in a row, column or diagonal
    java.util.SplittableRandom rng = new java.util.SplittableRandom(9);
    Game g = GameRegistry.load("connect_four");
    int wins = 0;
    for (int game = 0; game < 3000; game++) {
      ConnectFour.ConnectFourState s = (ConnectFour.ConnectFourState) g.newInitialState();
      while (!s.isTerminal()) {
        int mover = s.currentPlayer();
        int[] legal = s.legalActions();
        s.applyAction(legal[rng.nextInt(legal.length)]);
        boolean line = fourInARow(s, mover);
        assertThat(s.playerReturn(mover) == 1).as("[%s]", s.historyString()).isEqualTo(line);
        wins += line ? 1 : 0;
      }
    }
    assertThat(wins).isGreaterThan(2500);
  }

  private static boolean fourInARow(ConnectFour.ConnectFourState s, int p) {
    int[][] dirs = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    for (int r = 0; r < 6; r++) {
      for (int c = 0; c < 7; c++) {
        for (int[] d : dirs) {
          int k = 0;
          while (k < 4) {
            int rr = r + k * d[0];
            int cc = c + k * d[1];
            if (rr < 0 || rr >= 6 || cc < 0 || cc >= 7 || s.cell(rr, cc) != p) {
              break;
            }
            k++;
          }
          if (k == 4) {
            return true;
          }
        }
      }
    }
    return false;
  }
}
