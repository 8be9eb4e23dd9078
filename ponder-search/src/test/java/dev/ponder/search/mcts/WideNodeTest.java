package dev.ponder.search.mcts;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** A node with more children than the tree holds fails naming the game, the node and the engine's limit. */
class WideNodeTest {
  private static final int WIDE = 70_000;

  @Test
  void decisionNodeWithTooManyLegalActions() {
    double[][] leaves = new double[WIDE][];
    Arrays.fill(leaves, new double[] {0.5});
    TreeGame g = new TreeGame(1, WIDE, 1, leaves, null, 0, 1);
    try (MctsAgent a = MctsAgent.create("uct(sims=10)", g, 1)) {
      assertThatThrownBy(() -> a.search(g.newInitialState()))
          .isInstanceOf(IllegalStateException.class)
          .hasMessage("tree_game: the decision node of player 0 with 70000 legal actions after [] exceeds the MCTS tree's"
              + " limit of 65535 children per node (a limit of the search engine, not a rule of the game; choose parameters"
              + " with fewer outcomes or actions per node)");
    }
  }

  @Test
  void chanceNodeWithTooManyOutcomes() {
    double[] probs = new double[WIDE];
    Arrays.fill(probs, 1.0 / WIDE);
    // one decision (2 actions), then the chance node, then one more decision: 2 · 70000 · 2 leaves
    double[][] leaves = new double[2 * WIDE * 2][];
    Arrays.fill(leaves, new double[] {0.5});
    TreeGame g = new TreeGame(1, 2, 2, leaves, probs, 0, 1);
    try (MctsAgent a = MctsAgent.create("uct(sims=10,chance_expand_all=true)", g, 1)) {
      assertThatThrownBy(() -> a.search(g.newInitialState()))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageStartingWith("tree_game: the chance node with 70000 outcomes after [")
          .hasMessageContaining("exceeds the MCTS tree's limit of 65535 children per node (a limit of the search engine");
    }
  }
}
