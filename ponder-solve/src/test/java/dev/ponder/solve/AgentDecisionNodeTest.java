package dev.ponder.solve;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.agent.PolicyAgent;
import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import org.junit.jupiter.api.Test;

/** uniform and tabular refuse terminal states and chance nodes with IllegalArgumentException, as random and MCTS do. */
class AgentDecisionNodeTest {
  private final Game kuhn = GameRegistry.load("kuhn_poker");

  private PolicyAgent[] agents() {
    GameTree t = GameTree.build(kuhn);
    return new PolicyAgent[] {new UniformPolicyAgent(kuhn, 1), new TabularPolicyAgent(TabularPolicy.uniform(t), false, 1)};
  }

  @Test
  void chanceNodeIsRefused() {
    State deal = kuhn.newInitialState(); // kuhn_poker starts with the deal
    for (PolicyAgent a : agents()) {
      assertThatThrownBy(() -> a.selectAction(deal)).isInstanceOf(IllegalArgumentException.class)
          .hasMessage("an agent acts at a decision node; kuhn_poker is at a chance node");
      assertThatThrownBy(() -> a.policy(deal)).isInstanceOf(IllegalArgumentException.class);
    }
  }

  @Test
  void terminalStateIsRefused() {
    State s = kuhn.newInitialState();
    s.applyAction(0);
    s.applyAction(1);
    s.applyAction(0); // pass
    s.applyAction(0); // pass: showdown
    State end = s;
    for (PolicyAgent a : agents()) {
      assertThatThrownBy(() -> a.selectAction(end)).isInstanceOf(IllegalArgumentException.class)
          .hasMessage("an agent acts at a decision node; kuhn_poker is at a terminal state");
      assertThatThrownBy(() -> a.policy(end)).isInstanceOf(IllegalArgumentException.class);
    }
  }
}
