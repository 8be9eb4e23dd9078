package dev.ponder.app;

import dev.ponder.agent.AgentRegistry;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;

/**
 * The warning printed when an agent asks for more search threads than the machine has cores: the
 * threads beyond the cores cannot run at the same time, so they cannot speed a search up (the
 * engine lets at most as many workers as cores run at once, taking turns), and the turns and the
 * extra threads add to the overrun of a time budget.
 */
final class SearchThreads {
  private SearchThreads() {}

  /**
   * The resolved {@code threads} parameter of {@code agent}, 1 for an agent without one.
   *
   * @throws dev.ponder.spec.SpecException if the agent string is invalid
   */
  static int threads(String agent) {
    return AgentRegistry.resolve(agent).values().get("threads") instanceof Number n ? n.intValue() : 1;
  }

  /**
   * One line when {@code agent} asks for more search threads than {@code cores}, naming the agent,
   * both counts and what to use instead; empty otherwise.
   *
   * @param cores available processors ({@link Runtime#availableProcessors()})
   * @throws dev.ponder.spec.SpecException if the agent string is invalid
   */
  static Optional<String> warning(String agent, int cores) {
    int t = threads(agent);
    if (t <= cores) {
      return Optional.empty();
    }
    return Optional.of("warning: " + agent + " asks for " + t + " search threads on " + cores + " core"
        + (cores == 1 ? "" : "s") + ": threads beyond the cores cannot speed the search up (at most " + cores
        + " run at once, taking turns) and add to a time budget's overrun; use threads=" + cores + " or fewer");
  }

  /** {@link #warning} for each distinct agent of {@code agents}, in order. */
  static List<String> warnings(List<String> agents, int cores) {
    List<String> out = new ArrayList<>();
    for (String a : new LinkedHashSet<>(agents)) {
      warning(a, cores).ifPresent(out::add);
    }
    return out;
  }
}
