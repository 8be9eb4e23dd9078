package dev.ponder.agent;

import dev.ponder.game.Game;
import dev.ponder.spec.Params;
import dev.ponder.spec.Spec;
import dev.ponder.spec.SpecException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * All known agents by name; agent strings use the game-string grammar. Agents come from
 * {@link AgentFactory} services ({@code META-INF/services/dev.ponder.agent.AgentFactory}, one
 * class per line, each with a public no-argument constructor) and {@link #register}.
 */
public final class AgentRegistry {
  private static final Map<String, AgentFactory> FACTORIES = new TreeMap<>();
  private static boolean loaded;

  private AgentRegistry() {}

  private static synchronized void ensureLoaded() {
    if (loaded) {
      return;
    }
    loaded = true;
    FACTORIES.put("random", new RandomAgent.Factory());
    for (AgentFactory f : ServiceLoader.load(AgentFactory.class)) {
      FACTORIES.put(f.name(), f);
    }
  }

  /** Adds an agent kind; a later registration of the same name replaces the earlier one. */
  public static synchronized void register(AgentFactory factory) {
    // load the registered services first, so that they never replace an explicit registration
    ensureLoaded();
    FACTORIES.put(factory.name(), factory);
  }

  /** Registered kinds sorted by name. */
  public static synchronized List<AgentFactory> factories() {
    ensureLoaded();
    return Collections.unmodifiableList(new ArrayList<>(FACTORIES.values()));
  }

  /**
   * The kind named {@code name}.
   *
   * @throws SpecException if unknown; the message lists the known agents
   */
  public static synchronized AgentFactory factory(String name) {
    ensureLoaded();
    AgentFactory f = FACTORIES.get(name);
    if (f == null) {
      throw new SpecException("unknown agent '" + name + "'; known agents: " + String.join(", ", FACTORIES.keySet()));
    }
    return f;
  }

  /**
   * Resolves an agent string's parameters without creating the agent (validates keys and types).
   *
   * @throws SpecException on an unknown agent, unknown key or bad value
   */
  public static Params resolve(String agentString) {
    Spec spec = Spec.parse(agentString);
    return Params.resolve(spec, factory(spec.name()).parameters());
  }

  /**
   * Creates an agent from an agent string for {@code game}.
   *
   * @throws SpecException on an unknown agent, unknown key or bad value
   */
  public static Agent create(String agentString, Game game, long seed) {
    Spec spec = Spec.parse(agentString);
    AgentFactory f = factory(spec.name());
    return f.create(game, Params.resolve(spec, f.parameters()), seed);
  }
}
