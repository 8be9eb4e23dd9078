package dev.ponder.game;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.game.check.ConformanceKitTest;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The contract checks tools make on the lists they read ({@link GameContract}): chance
 * probabilities that do not sum to 1 and legal actions out of ascending order are refused in one
 * line naming the game and the history, where before they gave wrong numbers or called a legal
 * action illegal. The test game is the conformance kit's toy_race with its planted flaws {@code
 * bad_probability} (outcomes 0.5 and 0.6) and {@code unsorted} (legal actions [1, 0]).
 */
class GameContractTest {
  private static Game toyRace(String flaw) {
    ConformanceKitTest.toyRace(); // registers toy_race
    return GameRegistry.load(flaw.equals("none") ? "toy_race" : "toy_race(flaw=" + flaw + ")");
  }

  /** toy_race's first chance node: after player 0's action 0. */
  private static State chanceNode() {
    State s = toyRace("none").newInitialState();
    s.applyAction(0);
    assertThat(s.isChanceNode()).isTrue();
    return s;
  }

  @Test
  void aDistributionWithinTheKitsToleranceIsAccepted() {
    State s = chanceNode();
    assertThatCode(() -> GameContract.checkChanceOutcomes(s, new double[] {0.5, 0.5}, 2)).doesNotThrowAnyException();
    assertThatCode(() -> GameContract.checkChanceOutcomes(s, new double[] {0.1, 0.2, 0.7}, 3)).doesNotThrowAnyException();
    assertThatCode(() -> GameContract.checkChanceOutcomes(s, new double[] {0.5, 0.5 + 0.9e-9}, 2))
        .doesNotThrowAnyException();
    // entries past k are not read
    assertThatCode(() -> GameContract.checkChanceOutcomes(s, new double[] {1.0, 5.0}, 1)).doesNotThrowAnyException();
  }

  @Test
  void theToleranceIsTheConformanceKits() {
    assertThat(GameContract.PROBABILITY_SUM_TOLERANCE).isEqualTo(1e-9);
    State s = chanceNode();
    assertThatThrownBy(() -> GameContract.checkChanceOutcomes(s, new double[] {0.5, 0.5 + 1.1e-9}, 2))
        .isInstanceOf(GameContractException.class);
  }

  @Test
  void aSumOtherThanOneIsRefusedNamingTheGameTheHistoryAndTheSum() {
    State s = chanceNode();
    assertThatThrownBy(() -> GameContract.checkChanceOutcomes(s, new double[] {1.0 / 3, 1.0 / 3, 1.0 / 3 - 0.1}, 3))
        .isInstanceOf(GameContractException.class)
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("toy_race: the chance outcomes after history [0] have probabilities summing to 0.9, not 1 (±1e-9);"
            + " the game API requires a probability distribution (State.chanceOutcomes); run ponder check 'toy_race'");
  }

  @Test
  void aNegativeOrNanProbabilityOrNoOutcomeIsRefused() {
    State s = chanceNode();
    assertThatThrownBy(() -> GameContract.checkChanceOutcomes(s, new double[] {1.5, -0.5}, 2))
        .isInstanceOf(GameContractException.class)
        .hasMessageStartingWith("toy_race: the chance outcomes after history [0] give outcome 1 of 2 the probability -0.5;");
    assertThatThrownBy(() -> GameContract.checkChanceOutcomes(s, new double[] {Double.NaN, 1.0}, 2))
        .isInstanceOf(GameContractException.class).hasMessageContaining("give outcome 0 of 2 the probability NaN");
    assertThatThrownBy(() -> GameContract.checkChanceOutcomes(s, new double[] {1.0}, 0))
        .isInstanceOf(GameContractException.class).hasMessageContaining("after history [0] lists no outcomes");
  }

  @Test
  void randomPlayoutRefusesABadDistribution() {
    Game g = toyRace("bad_probability");
    RandomPlayout runner = new RandomPlayout(g);
    assertThatThrownBy(() -> runner.run(g.newInitialState(), new SplittableRandom(1)))
        .isInstanceOf(GameContractException.class)
        .hasMessageMatching("toy_race\\(flaw=bad_probability\\): the chance outcomes after history \\[[01]\\] have"
            + " probabilities summing to 1\\.1, not 1 .*; run ponder check 'toy_race\\(flaw=bad_probability\\)'");
    // a sound game plays on
    Game sound = toyRace("none");
    assertThat(new RandomPlayout(sound).run(sound.newInitialState(), new SplittableRandom(1))).isPositive();
  }

  @Test
  void ascendingListsPassAndOthersAreNamed() {
    State s = toyRace("none").newInitialState();
    assertThatCode(() -> GameContract.checkAscending(s, new int[] {0, 3, 7}, 3)).doesNotThrowAnyException();
    assertThatCode(() -> GameContract.checkAscending(s, new int[] {5, 1}, 1)).doesNotThrowAnyException();
    assertThatThrownBy(() -> GameContract.checkAscending(s, new int[] {1, 0}, 2))
        .isInstanceOf(GameContractException.class)
        .hasMessage("toy_race: the legal actions of player 0 at the initial state, [1, 0], are not in ascending order;"
            + " the game API requires them strictly ascending (State.legalActions); run ponder check 'toy_race'");
    assertThatThrownBy(() -> GameContract.checkAscending(s, new int[] {0, 2, 2}, 3))
        .isInstanceOf(GameContractException.class).hasMessageContaining("[0, 2, 2], repeat 2;");
    State c = chanceNode();
    assertThatThrownBy(() -> GameContract.checkAscending(c, new int[] {1, 0}, 2))
        .hasMessageStartingWith("toy_race: the chance outcomes' actions after history [0], [1, 0], are not in ascending");
  }

  @Test
  void indexOfLegalFindsSearchesAndTellsAnUnsortedListFromAMiss() {
    State s = toyRace("none").newInitialState();
    int[] legal = {0, 2, 5, 9};
    assertThat(GameContract.indexOfLegal(s, legal, 4, 0)).isZero();
    assertThat(GameContract.indexOfLegal(s, legal, 4, 9)).isEqualTo(3);
    assertThat(GameContract.indexOfLegal(s, legal, 4, 3)).isEqualTo(-1);
    assertThat(GameContract.indexOfLegal(s, legal, 3, 9)).isEqualTo(-1); // past n
    assertThat(GameContract.indexOfLegal(s, new int[0], 0, 1)).isEqualTo(-1);
    // in the list but out of order: named as such, not reported missing
    assertThatThrownBy(() -> GameContract.indexOfLegal(s, new int[] {1, 0}, 2, 0))
        .isInstanceOf(GameContractException.class).hasMessageContaining("[1, 0], are not in ascending order");
    // an action missing from an unsorted list is just missing
    assertThat(GameContract.indexOfLegal(s, new int[] {1, 0}, 2, 4)).isEqualTo(-1);
  }

  @Test
  void anUnsortedGamesOwnLegalActionIsNotCalledIllegal() {
    Game g = toyRace("unsorted");
    State s = g.newInitialState();
    assertThat(s.legalActions()).containsExactly(1, 0);
    String expected = "toy_race(flaw=unsorted): the legal actions of player 0 at the initial state, [1, 0], are not in"
        + " ascending order; the game API requires them strictly ascending (State.legalActions);"
        + " run ponder check 'toy_race(flaw=unsorted)'";
    // before, applyAction(0) threw "illegal action 0 in toy_race for player 0; legal: 1 (+2), 0 (+1)"
    assertThatThrownBy(() -> s.applyAction(0)).isInstanceOf(GameContractException.class).hasMessage(expected);
    assertThatThrownBy(() -> s.isLegal(0)).isInstanceOf(GameContractException.class).hasMessage(expected);
    assertThatThrownBy(() -> s.stringToAction("0")).isInstanceOf(GameContractException.class).hasMessage(expected);
    assertThat(s.isLegal(1)).isTrue(); // the binary search happens to find it
    assertThat(s.isLegal(7)).isFalse();
    assertThatThrownBy(() -> s.applyAction(7)).isInstanceOf(IllegalActionException.class);
    assertThat(s.historySize()).isZero();
  }
}
