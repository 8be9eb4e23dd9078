package dev.ponder.games.clobber;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import org.junit.jupiter.api.Test;

class ClobberTest {

  @Test
  void openingMoveCountIsTheNumberOfAdjacentPairs() {
    // On the full checkerboard every orthogonally adjacent pair holds one piece of each side, and
    // each pair gives the player to move exactly one capture. An r x c board has r(c-1)
    // horizontal and (r-1)c vertical pairs: 5x6 -> 25 + 24 = 49; 4x3 -> 8 + 9 = 17.
    assertThat(GameRegistry.load("clobber").newInitialState().legalActions()).hasSize(49);
    assertThat(GameRegistry.load("clobber(rows=4,columns=3)").newInitialState().legalActions()).hasSize(17);
  }

  @Test
  void playerWhoCannotMoveLoses() {
    // 1x3 board: o x o (player 0 owns the bottom-left corner). o moves a1b1, leaving . o o:
    // no contact left, so player 1 cannot move and loses.
    State s = GameRegistry.load("clobber(rows=1,columns=3)").newInitialState();
    assertThat(s.toString()).isEqualTo("1oxo\n abc\n");
    s.applyAction(s.stringToAction("a1b1"));
    assertThat(s.isTerminal()).isTrue();
    assertThat(s.returns()).containsExactly(1.0, -1.0);
  }

  @Test
  void zobristHashIsTranspositionInvariantAndUndoRestoresIt() {
    State a = GameRegistry.load("clobber").newInitialState();
    State b = GameRegistry.load("clobber").newInitialState();
    long h0 = a.hash();
    for (String m : new String[] {"a5a4", "b5b4", "e1f1", "e2f2"}) {
      a.applyAction(a.stringToAction(m));
    }
    for (String m : new String[] {"e1f1", "e2f2", "a5a4", "b5b4"}) {
      b.applyAction(b.stringToAction(m));
    }
    assertThat(a.toString()).isEqualTo(b.toString());
    assertThat(a.hash()).isEqualTo(b.hash());
    for (int i = 3; i >= 0; i--) {
      a.undoAction(a.historyAt(i));
    }
    assertThat(a.hash()).isEqualTo(h0);
  }
}
