package dev.ponder.games.othello;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The bitboard move generator, flips, passes and end of game against a direct transcription of
 * the rules on an 8×8 array (walk each of the 8 directions over opponent disks to an own disk).
 */
class OthelloNaiveRulesTest {
  private static final int[][] DIRS = {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}};

  /** board[r][c]: 0 black, 1 white, -1 empty. */
  private static int flipsInDirection(int[][] board, int player, int r, int c, int[] d) {
    int n = 0;
    int rr = r + d[0];
    int cc = c + d[1];
    while (rr >= 0 && rr < 8 && cc >= 0 && cc < 8 && board[rr][cc] == 1 - player) {
      n++;
      rr += d[0];
      cc += d[1];
    }
    return rr >= 0 && rr < 8 && cc >= 0 && cc < 8 && board[rr][cc] == player ? n : 0;
  }

  private static List<Integer> placements(int[][] board, int player) {
    List<Integer> out = new ArrayList<>();
    for (int r = 0; r < 8; r++) {
      for (int c = 0; c < 8; c++) {
        if (board[r][c] != -1) {
          continue;
        }
        for (int[] d : DIRS) {
          if (flipsInDirection(board, player, r, c, d) > 0) {
            out.add(r * 8 + c);
            break;
          }
        }
      }
    }
    return out;
  }

  private static void play(int[][] board, int player, int sq) {
    int r = sq / 8;
    int c = sq % 8;
    for (int[] d : DIRS) {
      int n = flipsInDirection(board, player, r, c, d);
      for (int k = 1; k <= n; k++) {
        board[r + k * d[0]][c + k * d[1]] = player;
      }
    }
    board[r][c] = player;
  }

  @Test
  void bitboardsAgreeWithTheRulesOverRandomGames() {
    SplittableRandom rng = new SplittableRandom(99);
    int passes = 0;
    for (int game = 0; game < 250; game++) {
      State s = GameRegistry.load("othello").newInitialState();
      int[][] board = new int[8][8];
      for (int[] row : board) {
        java.util.Arrays.fill(row, -1);
      }
      board[3][3] = 1;
      board[4][4] = 1;
      board[3][4] = 0;
      board[4][3] = 0;
      int toMove = 0;
      while (true) {
        List<Integer> mine = placements(board, toMove);
        List<Integer> theirs = placements(board, 1 - toMove);
        if (mine.isEmpty() && theirs.isEmpty()) {
          assertThat(s.isTerminal()).isTrue();
          int black = 0;
          int white = 0;
          for (int[] row : board) {
            for (int v : row) {
              black += v == 0 ? 1 : 0;
              white += v == 1 ? 1 : 0;
            }
          }
          assertThat(s.playerReturn(0)).isEqualTo((double) Integer.signum(black - white));
          break;
        }
        assertThat(s.currentPlayer()).isEqualTo(toMove);
        int[] legal = s.legalActions();
        if (mine.isEmpty()) {
          assertThat(legal).containsExactly(Othello.PASS);
          s.applyAction(Othello.PASS);
          passes++;
        } else {
          assertThat(legal).containsExactly(mine.stream().mapToInt(Integer::intValue).toArray());
          int a = legal[rng.nextInt(legal.length)];
          s.applyAction(a);
          play(board, toMove, a);
        }
        toMove = 1 - toMove;
        for (int sq = 0; sq < 64; sq++) {
          assertThat(((Othello.OthelloState) s).cell(sq)).isEqualTo(board[sq / 8][sq % 8]);
        }
      }
    }
    assertThat(passes).as("passes seen").isGreaterThan(10);
  }
}
