package dev.ponder.app;

import dev.ponder.agent.Agent;
import dev.ponder.agent.AgentFactory;
import dev.ponder.game.Game;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import java.util.List;

/** Test-only agent {@code crash_agent}: its {@code selectAction} throws {@link IllegalStateException} at its first decision. */
final class CrashAgent implements AgentFactory {
  @Override
  public String name() {
    return "crash_agent";
  }

  @Override
  public String description() {
    return "test agent: throws at its first decision";
  }

  @Override
  public List<ParamSpec> parameters() {
    return List.of();
  }

  @Override
  public Agent create(Game game, Params params, long seed) {
    return state -> {
      throw new IllegalStateException("no move for history size " + state.historySize());
    };
  }
}
