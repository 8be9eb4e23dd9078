package dev.ponder.search.mcts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.game.GameContractException;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A game whose chance probabilities do not sum to 1 stops the search in one line naming the game,
 * the history and the sum, whether the outcomes are sampled (one per simulation, keyed or not),
 * expanded all at once or drawn by the random rollout; a root whose legal actions are not
 * ascending is named too. Before, the search used the weights as they were.
 */
class GameContractSearchTest {
  /** One decision of two actions, then a chance node with {@code probs}, then one more decision (player 0 throughout). */
  private static TreeGame game(double... probs) {
    double[][] leaves = new double[2 * probs.length * 2][];
    for (int i = 0; i < leaves.length; i++) {
      leaves[i] = new double[] {(i % 5) / 4.0};
    }
    return new TreeGame(1, 2, 3, leaves, probs, 0, 1);
  }

  @ParameterizedTest
  @ValueSource(strings = {"uct(sims=200)", "uct(sims=200,chance_expand_all=true)", "uct(sims=200,keying=transpositions)",
      "puct(sims=200)", "uct(sims=200,expand=4)"})
  void chanceProbabilitiesSummingToPointNineStopTheSearch(String agent) {
    TreeGame g = game(1.0 / 3, 1.0 / 3, 1.0 / 3 - 0.1);
    try (MctsAgent a = MctsAgent.create(agent, g, 1)) {
      assertThatThrownBy(() -> a.search(g.newInitialState()))
          .isInstanceOf(GameContractException.class)
          .hasMessageMatching("tree_game: the chance outcomes after history \\[[01]\\] have probabilities summing to 0\\.9,"
              + " not 1 \\(±1e-9\\); the game API requires a probability distribution \\(State\\.chanceOutcomes\\);"
              + " run ponder check 'tree_game'");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"uct(sims=200)", "uct(sims=200,chance_expand_all=true)"})
  void aDistributionWithinRoundingSearchesAsBefore(String agent) {
    TreeGame g = game(0.1, 0.2, 0.7); // sums to 1.0000000000000002 in doubles
    try (MctsAgent a = MctsAgent.create(agent, g, 1)) {
      assertThat(a.search(g.newInitialState()).simulations()).isEqualTo(200);
    }
  }

  @Test
  void aRootWhoseLegalActionsAreNotAscendingIsNamed() {
    double[][] leaves = new double[4][];
    Arrays.fill(leaves, new double[] {0.5});
    TreeGame g = new TreeGame(1, 2, 2, leaves, null, 0, 1).descending();
    try (MctsAgent a = MctsAgent.create("uct(sims=50)", g, 1)) {
      assertThatThrownBy(() -> a.search(g.newInitialState()))
          .isInstanceOf(GameContractException.class)
          .hasMessage("tree_game: the legal actions of player 0 at the initial state, [1, 0], are not in ascending order;"
              + " the game API requires them strictly ascending (State.legalActions); run ponder check 'tree_game'");
    }
  }
}
