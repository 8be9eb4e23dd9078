package dev.ponder.solve;

import dev.ponder.game.fixtures.FlawedDieGame;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.game.GameContractException;
import dev.ponder.game.GameRegistry;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The game tree (of the solvers, best response and exploitability) refuses chance probabilities
 * that do not sum to 1 and legal actions out of ascending order, in one line naming the game and
 * the history. Before, it weighted the outcomes as they were: a die whose faces sum to 0.9 was
 * solved as if the missing 0.1 were worth 0.
 */
class GameTreeContractTest {
  @BeforeAll
  static void registerTheTestGame() {
    GameRegistry.register(new FlawedDieGame.Factory());
  }

  @Test
  void chanceProbabilitiesSummingToPointNineAreRefused() {
    assertThatThrownBy(() -> GameTree.build(GameRegistry.load("flawed_die(shortfall=0.1)")))
        .isInstanceOf(GameContractException.class)
        .hasMessage("flawed_die(shortfall=0.1): the chance outcomes after history [1] have probabilities summing to 0.9,"
            + " not 1 (±1e-9); the game API requires a probability distribution (State.chanceOutcomes);"
            + " run ponder check 'flawed_die(shortfall=0.1)'");
  }

  @Test
  void legalActionsOutOfOrderAreRefused() {
    assertThatThrownBy(() -> GameTree.build(GameRegistry.load("flawed_die(descending=true)")))
        .isInstanceOf(GameContractException.class)
        .hasMessageStartingWith("flawed_die(descending=True): the legal actions of player 0 at the initial state, [1, 0],"
            + " are not in ascending order;");
  }

  @Test
  void theSoundDieBuildsItsSixHistories() {
    GameTree t = GameTree.build(GameRegistry.load("flawed_die"));
    assertThat(t.numNodes()).isEqualTo(6); // the root, stay, roll (a chance node) and its three faces
  }
}
