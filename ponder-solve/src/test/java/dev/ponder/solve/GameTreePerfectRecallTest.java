package dev.ponder.solve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.game.GameRegistry;
import org.junit.jupiter.api.Test;

/** {@link GameTree#build} refuses information states without perfect recall, in one line. */
class GameTreePerfectRecallTest {

  @Test
  void perfectRecallGameBuilds() {
    GameTree t = GameTree.build(new RecallGame(RecallGame.Flaw.NONE));
    assertThat(t.numNodes()).isEqualTo(31);
    // player 0: 2 cards × (1 + 4 (a, b) pairs); player 1: 2 values of a
    assertThat(t.numInfosets()).isEqualTo(10 + 2);
  }

  @Test
  void informationStateRecurringOnOneHistoryIsRefused() {
    // depth-first, ascending: the first history of "P0 card 0 |" is [0], the first that meets it again [0, 0, 0]
    assertThatThrownBy(() -> GameTree.build(new RecallGame(RecallGame.Flaw.FORGET)))
        .isInstanceOf(GameTree.InformationStateException.class) // an IllegalArgumentException: the game's fault
        .hasMessage("recall_game: information state 'P0 card 0 |' of player 0 recurs on one history, after [0] and [0, 0, 0]:"
            + " the game tree (solve, exploitability, best response) requires perfect recall (an information state must"
            + " hold everything its player saw and did before)");
  }

  @Test
  void informationStateOfTwoOwnSequencesIsRefused() {
    // "P0 card 0 | 0" after a = 0, b = 0 and after a = 1, b = 0
    assertThatThrownBy(() -> GameTree.build(new RecallGame(RecallGame.Flaw.FORGET_OWN)))
        .isInstanceOf(GameTree.InformationStateException.class)
        .hasMessageStartingWith("recall_game: information state 'P0 card 0 | 0' of player 0 is reached after histories"
            + " [0, 0, 0] and [0, 1, 0], along which")
        .hasMessageContaining("requires perfect recall")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }

  @Test
  void gameDeclaringNoPerfectRecallIsRefusedOnlyForARecurrence() {
    assertThat(GameTree.build(new RecallGame(RecallGame.Flaw.FORGET_OWN, false)).numNodes()).isEqualTo(31);
    assertThatThrownBy(() -> GameTree.build(new RecallGame(RecallGame.Flaw.FORGET, false)))
        .hasMessageContaining("' of player 0 recurs on one history, after [0] and [0, 0, 0]");
  }

  @Test
  void shippedImperfectInformationGamesHavePerfectRecall() {
    for (String g : new String[] {"kuhn_poker", "leduc_poker", "kuhn_poker(players=3)", "liars_dice(dice_sides=3)"}) {
      assertThat(GameTree.build(GameRegistry.load(g)).numNodes()).as(g).isGreaterThan(0);
    }
  }
}
