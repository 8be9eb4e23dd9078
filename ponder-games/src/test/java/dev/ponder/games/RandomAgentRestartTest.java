package dev.ponder.games;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.agent.Agent;
import dev.ponder.agent.AgentRegistry;
import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code random} keeps the Agent contract: after restart() it repeats a new agent's decisions. */
class RandomAgentRestartTest {
  private static List<Integer> decisions(Agent agent, Game game, int count) {
    // many decisions from one position with 60 legal actions (breakthrough): a repeat by chance is negligible
    State s = game.newInitialState();
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      out.add(agent.selectAction(s));
    }
    return out;
  }

  @Test
  void aRestartedRandomAgentRepeatsAFreshOne() {
    Game game = GameRegistry.load("breakthrough");
    Agent fresh = AgentRegistry.create("random", game, 42);
    List<Integer> first = decisions(fresh, game, 20);
    List<Integer> second = decisions(fresh, game, 20);
    assertThat(second).as("the generator advances between decisions").isNotEqualTo(first);
    fresh.restart();
    assertThat(decisions(fresh, game, 20)).isEqualTo(first);
    assertThat(decisions(AgentRegistry.create("random", game, 42), game, 20)).isEqualTo(first);
  }
}
