package dev.ponder.games.othello;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.games.testutil.Perft;
import org.junit.jupiter.api.Test;

class OthelloTest {

  @Test
  void perftFromTheStartMatchesReference() {
    // REFERENCE.md: a pass counts as a ply; finished games before depth d count as leaves
    long[] expected = {4, 12, 56, 244, 1_396, 8_200, 55_092, 390_216};
    State s = GameRegistry.load("othello").newInitialState();
    for (int d = 1; d <= expected.length; d++) {
      assertThat(Perft.leaves(s, d)).as("depth %d", d).isEqualTo(expected[d - 1]);
    }
    assertThat(s.historySize()).isZero();
  }

  @Test
  void openingMovesAreTheFourTextbookSquares() {
    State s = GameRegistry.load("othello").newInitialState();
    assertThat(s.legalActions()).containsExactly(19, 26, 37, 44);
    assertThat(s.actionToString(19)).isEqualTo("d3");
    s.applyAction(s.stringToAction("e6"));
    // e6 flips e5: black now has d5, e4, e5, e6
    assertThat(((Othello.OthelloState) s).diskCount(0)).isEqualTo(4);
    assertThat(((Othello.OthelloState) s).diskCount(1)).isEqualTo(1);
  }

  @Test
  void passIsTheOnlyActionWhenBlocked() {
    // random games until one reaches a state where the mover has no placement but the opponent does
    State s = GameRegistry.load("othello").newInitialState();
    java.util.SplittableRandom rng = new java.util.SplittableRandom(11);
    boolean sawPass = false;
    for (int game = 0; game < 200 && !sawPass; game++) {
      s = GameRegistry.load("othello").newInitialState();
      while (!s.isTerminal()) {
        int[] legal = s.legalActions();
        if (legal.length == 1 && legal[0] == Othello.PASS) {
          sawPass = true;
          assertThat(s.actionToString(Othello.PASS)).isEqualTo("pass");
          Othello.OthelloState o = (Othello.OthelloState) s;
          assertThat(Othello.moves(o.disks[o.toMove], o.disks[1 - o.toMove])).isZero();
          assertThat(Othello.moves(o.disks[1 - o.toMove], o.disks[o.toMove])).isNotZero();
          int before = s.currentPlayer();
          s.applyAction(Othello.PASS);
          assertThat(s.currentPlayer()).isEqualTo(1 - before);
          break;
        }
        assertThat(legal).doesNotContain(Othello.PASS);
        s.applyAction(legal[rng.nextInt(legal.length)]);
      }
    }
    assertThat(sawPass).isTrue();
  }

  @Test
  void zobristHashIsTranspositionInvariantAndUndoRestoresIt() {
    State a = GameRegistry.load("othello").newInitialState();
    State b = GameRegistry.load("othello").newInitialState();
    long h0 = a.hash();
    // d3 c3 c4 and c4 c3 d3 reach the same position by different move orders
    for (String m : new String[] {"d3", "c3", "c4"}) {
      a.applyAction(a.stringToAction(m));
    }
    for (String m : new String[] {"c4", "c3", "d3"}) {
      b.applyAction(b.stringToAction(m));
    }
    assertThat(a.toString()).isEqualTo(b.toString());
    assertThat(a.hash()).isEqualTo(b.hash());
    for (int i = 2; i >= 0; i--) {
      a.undoAction(a.historyAt(i));
    }
    assertThat(a.hash()).isEqualTo(h0);
  }

  @Test
  void fullBoardWinnerByDiskCount() {
    // the golden playthrough ends 1-white-majority: replaying its history gives returns [-1, 1]
    int[] history = {44, 43, 26, 29, 45, 25, 17, 52, 21, 13, 37, 42, 41, 53, 34, 8, 16, 50, 0, 48, 61, 60,
        59, 33, 18, 51, 58, 9, 2, 49, 62, 1, 40, 54, 56, 32, 22, 57, 38, 3, 14, 19, 12, 63, 20, 31, 39, 24,
        23, 11, 46, 30, 10, 15, 47, 5, 6, 4, 7, 55};
    State s = GameRegistry.load("othello").stateFromHistory(history);
    Othello.OthelloState o = (Othello.OthelloState) s;
    assertThat(s.isTerminal()).isTrue();
    assertThat(o.diskCount(0) + o.diskCount(1)).isEqualTo(64);
    assertThat(o.diskCount(1)).isGreaterThan(o.diskCount(0));
    assertThat(s.returns()).containsExactly(-1.0, 1.0);
  }
}
