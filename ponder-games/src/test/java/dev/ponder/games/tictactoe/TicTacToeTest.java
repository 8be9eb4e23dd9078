package dev.ponder.games.tictactoe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.IllegalActionException;
import dev.ponder.game.State;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TicTacToeTest {
  private final Game game = GameRegistry.load("tic_tac_toe");

  private long[] counts = new long[4]; // games, x wins, o wins, draws

  private void enumerate(State s, Set<String> positions) {
    positions.add(s.toString() + s.currentPlayer());
    if (s.isTerminal()) {
      counts[0]++;
      double r = s.playerReturn(0);
      counts[r > 0 ? 1 : r < 0 ? 2 : 3]++;
      return;
    }
    for (int a : s.legalActions()) {
      s.applyActionUnchecked(a);
      enumerate(s, positions);
      s.undoAction(a);
    }
  }

  @Test
  void completeGameAndPositionCountsMatchReference() {
    // REFERENCE.md: 255,168 complete games (131,184 X wins, 77,904 O wins, 46,080 draws); 5,478 positions
    Set<String> positions = new HashSet<>();
    enumerate(game.newInitialState(), positions);
    assertThat(counts).containsExactly(255_168L, 131_184L, 77_904L, 46_080L);
    assertThat(positions).hasSize(5_478);
  }

  @Test
  void zobristHashIsTranspositionInvariant() {
    State a = game.newInitialState();
    State b = game.newInitialState();
    for (int x : new int[] {0, 4, 8}) {
      a.applyAction(x);
    }
    for (int x : new int[] {8, 4, 0}) {
      b.applyAction(x);
    }
    assertThat(a.hash()).isEqualTo(b.hash());
    assertThat(a.toString()).isEqualTo("x..\n.o.\n..x");
  }

  @Test
  void illegalActionNamesLegalOnes() {
    State s = game.newInitialState();
    s.applyAction(4);
    assertThatThrownBy(() -> s.applyAction(4))
        .isInstanceOf(IllegalActionException.class)
        .hasMessageContaining("illegal action 4")
        .hasMessageContaining("o(0,0)");
  }

  @Test
  void winEndsTheGame() {
    State s = game.newInitialState();
    for (int x : new int[] {0, 3, 1, 4, 2}) {
      s.applyAction(x);
    }
    assertThat(s.isTerminal()).isTrue();
    assertThat(s.returns()).containsExactly(1.0, -1.0);
    assertThat(s.actionToString(1, 5)).isEqualTo("o(1,2)");
  }
}
