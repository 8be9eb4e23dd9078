package dev.ponder.app;

import dev.ponder.agent.AgentRegistry;
import dev.ponder.game.Game;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * The warnings agents give about the games they are set up to play ({@link
 * dev.ponder.agent.AgentFactory#warnings}, e.g. a {@code tabular} policy file that does not name its
 * game or lacks some of its information states), as the commands print them on standard error:
 * once per distinct agent string and game, before the first move, {@code warning: AGENT: …}.
 */
final class AgentWarnings {
  private AgentWarnings() {}

  /**
   * The lines for each distinct agent of {@code agents} and each game, in order.
   *
   * @throws dev.ponder.spec.SpecException if an agent string is invalid (callers create the agents first)
   */
  static List<String> lines(Collection<String> agents, Collection<Game> games) {
    List<String> out = new ArrayList<>();
    for (String a : new LinkedHashSet<>(agents)) {
      for (Game g : games) {
        for (String w : AgentRegistry.warnings(a, g)) {
          out.add("warning: " + a + ": " + w);
        }
      }
    }
    return out;
  }

  /** Prints {@link #lines} on {@code err} and flushes it. */
  static void print(PrintWriter err, Collection<String> agents, Collection<Game> games) {
    lines(agents, games).forEach(err::println);
    err.flush();
  }
}
