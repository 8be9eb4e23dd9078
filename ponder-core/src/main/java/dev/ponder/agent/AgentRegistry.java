package dev.ponder.agent;

import dev.ponder.game.Game;
import dev.ponder.spec.Params;
import dev.ponder.spec.Spec;
import dev.ponder.spec.SpecException;
import java.util.List;

/**
 * All known agents by name; agent strings use the game-string grammar. Agents come from the
 * built-in {@code random}, from {@link AgentFactory} services on the class path (one factory class
 * per line in {@code META-INF/services/dev.ponder.agent.AgentFactory}) and from {@link
 * #register(AgentFactory)}.
 *
 * <p><b>Loading.</b> The services files are read on first use, one provider at a time (lines may
 * carry {@code #} comments; a class listed twice is loaded once). Each provider must be a public
 * class implementing {@link AgentFactory} with a public no-argument constructor and a non-empty
 * {@link AgentFactory#name()}. A provider that fails any of this, or two providers answering to
 * the same name (the built-in {@code random} counts), make every registry call throw an {@link
 * IllegalStateException} whose one-line message names the provider(s), where they are listed
 * (file and line) and what to fix. Broken providers are not skipped, and no provider silently
 * replaces another.
 *
 * <p><b>Explicit registration.</b> {@link #register(AgentFactory)} first loads the services, then
 * replaces any agent of the same name: an explicit registration always wins over the services
 * files, whatever the order of the calls.
 */
public final class AgentRegistry {
  private static final AgentCatalog CATALOG = new AgentCatalog(() -> {
    ClassLoader cl = Thread.currentThread().getContextClassLoader();
    return cl != null ? cl : AgentRegistry.class.getClassLoader();
  });

  private AgentRegistry() {}

  /**
   * Adds an agent kind, replacing a registered kind of the same name (services and the built-in
   * {@code random} included); a later registration of the same name replaces the earlier one.
   *
   * @throws IllegalArgumentException if the factory has no name
   * @throws IllegalStateException if the services files hold a bad provider
   */
  public static void register(AgentFactory factory) {
    CATALOG.register(factory);
  }

  /**
   * Registered kinds sorted by name.
   *
   * @throws IllegalStateException if the services files hold a bad provider
   */
  public static List<AgentFactory> factories() {
    return CATALOG.factories();
  }

  /**
   * The kind named {@code name}.
   *
   * @throws SpecException if unknown; the message lists the known agents and suggests the closest
   *     when one is clearly closest ({@link dev.ponder.spec.Suggestions})
   * @throws IllegalStateException if the services files hold a bad provider
   */
  public static AgentFactory factory(String name) {
    AgentFactory f = CATALOG.find(name);
    if (f == null) {
      throw new SpecException("unknown agent '" + name + "'; known agents: " + String.join(", ", CATALOG.names())
          + dev.ponder.spec.Suggestions.didYouMean(name, CATALOG.names())
          + " (agents of your own: a jar on the class path, PONDER_CLASSPATH for the ponder command, listing the"
          + " factory class in "
          + AgentCatalog.SERVICES_FILE + ")");
    }
    return f;
  }

  /**
   * Resolves an agent string's parameters without creating the agent (validates keys and types):
   * the defaults filled in, then the values the agent derives from others as it applies them
   * ({@link AgentFactory#applied}: {@code uct(time_ms=50)} has {@code sims=0}, no simulation cap).
   *
   * @throws SpecException on an unknown agent, unknown key or bad value
   */
  public static Params resolve(String agentString) {
    Spec spec = Spec.parse(agentString);
    AgentFactory f = factory(spec.name());
    return f.applied(Params.resolve(spec, f.parameters()));
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

  /**
   * The factory's {@link AgentFactory#warnings} for an agent string and game: what to tell the user
   * once before the agent plays {@code game} (one line each, no prefix); empty when nothing.
   *
   * @throws SpecException on an unknown agent, unknown key or bad value
   */
  public static List<String> warnings(String agentString, Game game) {
    Spec spec = Spec.parse(agentString);
    AgentFactory f = factory(spec.name());
    return f.warnings(game, Params.resolve(spec, f.parameters()));
  }
}
