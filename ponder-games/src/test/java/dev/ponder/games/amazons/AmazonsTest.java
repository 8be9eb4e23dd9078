package dev.ponder.games.amazons;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.games.amazons.Amazons.AmazonsState;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import dev.ponder.game.check.ConformanceKit;
import dev.ponder.game.check.Playthroughs;
import org.junit.jupiter.api.Test;

class AmazonsTest {
  private final Amazons game = (Amazons) GameRegistry.load("amazons");

  private static final int[][] QUEEN = {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}};

  /** Cells a queen at (r, c) reaches on {@code board} ('.' is empty), by plain coordinate stepping. */
  private static List<int[]> reach(char[][] board, int r, int c) {
    List<int[]> out = new ArrayList<>();
    int n = board.length;
    for (int[] d : QUEEN) {
      int rr = r + d[0];
      int cc = c + d[1];
      while (rr >= 0 && rr < n && cc >= 0 && cc < n && board[rr][cc] == '.') {
        out.add(new int[] {rr, cc});
        rr += d[0];
        cc += d[1];
      }
    }
    return out;
  }

  /** Independent count of complete first turns (amazon, destination, arrow) for the side 'X'. */
  private static int firstTurns(char[][] board) {
    int n = board.length;
    int count = 0;
    for (int r = 0; r < n; r++) {
      for (int c = 0; c < n; c++) {
        if (board[r][c] != 'X') {
          continue;
        }
        board[r][c] = '.';
        for (int[] to : reach(board, r, c)) {
          board[to[0]][to[1]] = 'X';
          count += reach(board, to[0], to[1]).size();
          board[to[0]][to[1]] = '.';
        }
        board[r][c] = 'X';
      }
    }
    return count;
  }

  private static char[][] board(State s) {
    String[] rows = s.toString().split("\n");
    char[][] b = new char[rows.length][];
    for (int i = 0; i < rows.length; i++) {
      b[i] = rows[i].toCharArray();
    }
    return b;
  }

  private static int gameTurns(State s) {
    int count = 0;
    for (int from : s.legalActions()) {
      s.applyAction(from);
      for (int to : s.legalActions()) {
        s.applyAction(to);
        count += s.legalActions().length;
        s.undoAction(to);
      }
      s.undoAction(from);
    }
    return count;
  }

  @Test
  void openingHas2176TurnsAsPublishedAndAsCountedIndependently() {
    State s = game.newInitialState();
    assertThat(s.toString()).isEqualTo(
        "...O..O...\n..........\n..........\nO........O\n..........\n..........\nX........X\n..........\n..........\n...X..X...");
    // Standard opening: 2176 possible first moves (Hensgens 2001, Amazons literature).
    assertThat(firstTurns(board(s))).isEqualTo(2176);
    assertThat(gameTurns(s)).isEqualTo(2176);
    assertThat(s.legalActions()).containsExactly(60, 69, 93, 96);
  }

  @Test
  void smallerBoardsAgreeWithTheIndependentCount() {
    for (int n : new int[] {4, 5, 6, 7, 8}) {
      State s = GameRegistry.load("amazons(board_size=" + n + ")").newInitialState();
      assertThat(gameTurns(s)).as("board " + n).isEqualTo(firstTurns(board(s)));
    }
  }

  @Test
  void aTurnIsFromToShootWithOpenSpielStrings() {
    AmazonsState s = (AmazonsState) game.newInitialState();
    assertThat(s.actionToString(0, 96)).isEqualTo("X From (10, 7)");
    s.applyAction(96);
    assertThat(s.currentPlayer()).isEqualTo(0);
    assertThat(s.actionToString(0, 63)).isEqualTo("X To (7, 4)");
    s.applyAction(63);
    assertThat(s.actionToString(0, 85)).isEqualTo("X Shoot: (9, 6)");
    s.applyAction(85);
    assertThat(s.currentPlayer()).isEqualTo(1);
    assertThat(s.actionToString(1, 3)).isEqualTo("O From (1, 4)");
    assertThat(s.cellState(85)).isEqualTo(3);
    assertThat(s.cellState(63)).isEqualTo(2);
  }

  @Test
  void stringToActionNeedsTheRightStage() {
    State s = game.newInitialState();
    assertThat(s.stringToAction("X From (10, 7)")).isEqualTo(96);
    assertThat(s.stringToAction("x from (10, 7)")).isEqualTo(96);
    assertThat(s.stringToAction("69")).isEqualTo(69);
    assertThatThrownBy(() -> s.stringToAction("X To (10, 7)")).isInstanceOf(dev.ponder.game.IllegalActionException.class);
    assertThatThrownBy(() -> s.stringToAction("X From (1, 4)")).isInstanceOf(dev.ponder.game.IllegalActionException.class);
  }

  @Test
  void theSideWithoutAMoveLosesAndUndoRestores() {
    SplittableRandom rng = new SplittableRandom(5);
    for (String spec : new String[] {"amazons(board_size=5)", "amazons"}) {
      for (int g = 0; g < 20; g++) {
        State s = GameRegistry.load(spec).newInitialState();
        List<String> boards = new ArrayList<>();
        List<Long> hashes = new ArrayList<>();
        while (!s.isTerminal()) {
          boards.add(s.toString());
          hashes.add(s.hash());
          int[] legal = s.legalActions();
          s.applyAction(legal[rng.nextInt(legal.length)]);
        }
        int turns = s.historySize() / 3;
        assertThat(s.historySize() % 3).isZero();
        int loser = turns % 2; // player to move next
        char mine = loser == 0 ? 'X' : 'O';
        char[][] b = board(s);
        for (int r = 0; r < b.length; r++) {
          for (int c = 0; c < b.length; c++) {
            if (b[r][c] == mine) {
              assertThat(reach(b, r, c)).isEmpty();
            }
          }
        }
        assertThat(s.playerReturn(loser)).isEqualTo(-1.0);
        assertThat(s.playerReturn(1 - loser)).isEqualTo(1.0);
        int[] h = s.history();
        for (int i = h.length - 1; i >= 0; i--) {
          s.undoAction(h[i]);
          assertThat(s.toString()).isEqualTo(boards.get(i));
          assertThat(s.hash()).isEqualTo(hashes.get(i));
        }
      }
    }
  }

  @Test
  void hashIsTranspositionInvariant() {
    State a = game.newInitialState();
    for (int x : new int[] {60, 50, 40, 3, 13, 23, 69, 59, 49, 6, 16, 26}) {
      a.applyAction(x);
    }
    State b = game.newInitialState();
    for (int x : new int[] {69, 59, 49, 6, 16, 26, 60, 50, 40, 3, 13, 23}) {
      b.applyAction(x);
    }
    assertThat(a.toString()).isEqualTo(b.toString());
    assertThat(a.hash()).isEqualTo(b.hash());
    // Same board but a different stage must hash differently.
    State c = b.copy();
    c.applyAction(93);
    assertThat(c.hash()).isNotEqualTo(b.hash());
  }

  @Test
  void replaysTheOpenSpielPlaythrough() {
    Playthroughs.assertReplays("amazons.txt", true);
  }

  @Test
  void passesTheConformanceKit() {
    // 10x10 games last about 250 decisions of up to 100 actions; 100 playouts keep the suite within its CPU budget.
    assertThat(ConformanceKit.check(GameRegistry.load("amazons"),
        new ConformanceKit.Options().playouts(100).seed(1)).playouts()).isEqualTo(100);
    assertThat(ConformanceKit.check(GameRegistry.load("amazons(board_size=6)"),
        new ConformanceKit.Options().playouts(500).seed(1)).playouts()).isEqualTo(500);
  }
}
