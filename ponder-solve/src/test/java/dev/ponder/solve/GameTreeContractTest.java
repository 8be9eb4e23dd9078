package dev.ponder.solve;

import dev.ponder.game.fixtures.FlawedDieGame;
import dev.ponder.game.fixtures.HiddenGuessGame;
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
 * solved as if the missing 0.1 were worth 0. So are returns that do not sum as a zero-sum or
 * constant-sum game declares: the solvers and NashConv assume that sum (CFR's guarantee is for
 * zero-sum games), and computed on without a word.
 */
class GameTreeContractTest {
  @BeforeAll
  static void registerTheTestGame() {
    GameRegistry.register(new FlawedDieGame.Factory());
    GameRegistry.register(new HiddenGuessGame.Factory());
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

  @Test
  void aZeroSumGameWhoseReturnsDoNotSumToZeroIsRefused() {
    assertThatThrownBy(() -> GameTree.build(GameRegistry.load("flawed_die(surplus=0.25)")))
        .isInstanceOf(GameContractException.class)
        .hasMessage("flawed_die(surplus=0.25): the returns at the end of history [1, 0] are [-1.0, 1.25], summing to 0.25,"
            + " not to 0 as the game declares (zero-sum, GameType.utility); run ponder check 'flawed_die(surplus=0.25)'");
    // within 1e-9 relative: rounding is no fault
    assertThat(GameTree.build(GameRegistry.load("flawed_die(surplus=1e-10)")).numNodes()).isEqualTo(6);
  }

  @Test
  void aConstantSumGameWhoseReturnsDoNotSumToItsDeclaredSumIsRefused() {
    assertThatThrownBy(() -> GameTree.build(GameRegistry.load("hidden_guess(leak=0.5)")))
        .isInstanceOf(GameContractException.class)
        .hasMessage("hidden_guess(leak=0.5): the returns at the end of history [1, 1] are [0.5, 1.0], summing to 1.5,"
            + " not to 1 as the game declares (constant-sum, Game.utilitySum); run ponder check 'hidden_guess(leak=0.5)'");
    assertThat(GameTree.build(GameRegistry.load("hidden_guess")).numNodes()).isEqualTo(7);
  }
}
