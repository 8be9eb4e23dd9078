package dev.ponder.solve;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.agent.AgentRegistry;
import dev.ponder.agent.PolicyAgent;
import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The MCTS engine's agents tabularize on Kuhn poker into valid, seed-deterministic policies. */
class MctsTabularizationTest {
  private static final Game KUHN = GameRegistry.load("kuhn_poker");
  private static final GameTree TREE = GameTree.build(KUHN);
  private static final double UNIFORM = 0.458333;

  @ParameterizedTest
  @ValueSource(strings = {"puct(sims=100)", "uct(sims=100)", "m_seed(sims=100)"})
  void searchAgentsTabularizeDeterministically(String spec) {
    TabularPolicy a = Tabularizer.tabularize(KUHN, s -> (PolicyAgent) AgentRegistry.create(spec, KUHN, s), 4, 3);
    TabularPolicy b = Tabularizer.tabularize(KUHN, s -> (PolicyAgent) AgentRegistry.create(spec, KUHN, s), 4, 3);
    assertThat(a.size()).isEqualTo(12);
    assertThat(a.coverage(TREE).missing()).isZero();
    double[] slots = a.toSlots(TREE);
    assertThat(b.toSlots(TREE)).containsExactly(slots);
    double e = PolicyEvaluation.exploitability(TREE, slots);
    // a search with 100 simulations per decision is less exploitable than uniform random play
    // and more than an equilibrium
    assertThat(e).isGreaterThan(0.0).isLessThan(UNIFORM);
  }
}
