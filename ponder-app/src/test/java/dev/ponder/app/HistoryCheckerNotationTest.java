package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import org.junit.jupiter.api.Test;

/**
 * --history's space form reads a move the game names in several words by its own notation, as the
 * comma form does: backgammon's checker notation ({@code 24/23 24/22}).
 */
class HistoryCheckerNotationTest {

  private static State after(String history) {
    State s = GameRegistry.load("backgammon").newInitialState();
    SearchCommand.applyHistory(s, history);
    return s;
  }

  /** The checker notation of a legal move: its action string after " - ". */
  private static String notation(State s, int a) {
    String full = s.actionToString(s.currentPlayer(), a);
    return full.substring(full.indexOf(" - ") + 3);
  }

  @Test
  void theSpaceFormReadsCheckerNotationAsTheCommaFormDoes() {
    State comma = after("0,24/23 24/22");
    State space = after("0 24/23 24/22");
    assertThat(space.history()).containsExactly(comma.history());
    assertThat(space.history()).hasSize(2);
    // two turns, each a roll and a move in notation, the second built from the game
    State s = after("0,24/23 24/22,5");
    String move = null;
    for (int a : s.legalActions()) {
      if (notation(s, a).contains(" ")) {
        move = notation(s, a); // a move of several words
        break;
      }
    }
    assertThat(move).isNotNull();
    State commaTwo = after("0,24/23 24/22,5," + move);
    State spaceTwo = after("0 24/23 24/22 5 " + move);
    assertThat(spaceTwo.history()).containsExactly(commaTwo.history());
    assertThat(spaceTwo.history()).hasSize(4);
  }

  @Test
  void aWordThatIsNoMoveAloneOrInARunIsStillNamed() {
    assertThatThrownBy(() -> after("0 24/23 24/21"))
        .isInstanceOf(UsageException.class).hasMessageContaining("--history entry 2: '24/23' is not a legal move");
  }
}
