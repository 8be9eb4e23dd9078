package dev.ponder.agent;

import dev.ponder.game.Game;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import java.util.List;
import java.util.Map;

/**
 * Creates agents of one kind from an agent string such as {@code puct(sims=800,c_init=1.25)}.
 * Registered as a {@link java.util.ServiceLoader} service or through
 * {@link AgentRegistry#register(AgentFactory)}.
 */
public interface AgentFactory {

  /** Registry name, e.g. {@code uct}. */
  String name();

  /** One line: what the agent is and the source (authors, year) of the method it implements. */
  String description();

  /**
   * The name of the agent this one plays as: an agent whose moves are those of another, seed for
   * seed, under the same parameters (e.g. {@code uniform} is {@code random} with a reported
   * policy) returns that agent's name, so that tools comparing agents (the arena's duplicate
   * check) take the two names as one agent. By default the agent's own {@link #name()}.
   */
  default String playsAs() {
    return name();
  }

  /** Declared parameters with defaults. */
  List<ParamSpec> parameters();

  /**
   * The parameters as the agent applies them: {@code params} with every value the agent derives
   * from the others set to what it uses ({@link Params#withDerived}, so {@link Params#isGiven}
   * still shows what the agent string gave). An MCTS agent given only {@code time_ms} has {@code
   * sims=0} (no simulation cap), not {@code sims}'s default, which it never applies. {@link
   * AgentRegistry#resolve} returns these values, so tools that compare or store agents by their
   * parameters (the arena's duplicate check, stored parameters and match reuse) see what the
   * agent plays with. Default: {@code params} unchanged.
   *
   * @param params the parameters resolved against {@link #parameters()} (defaults filled in)
   * @return the applied parameters, over the same declared keys
   * @throws dev.ponder.spec.SpecException if a derived value is out of its parameter's range
   */
  default Params applied(Params params) {
    return params;
  }

  /**
   * Creates an agent for {@code game} (the player it will act for is the state's current player
   * whenever it is asked).
   *
   * @param seed every random choice of the agent flows from this seed
   * @throws dev.ponder.spec.SpecException if a parameter is out of range or the agent cannot
   *     play this game
   */
  Agent create(Game game, Params params, long seed);

  /**
   * What, besides its parameters, decides how an agent with {@code params} plays: for an agent
   * that reads a file, a digest of the file's content. The arena stores these entries with the
   * agent's parameters and refuses to resume or extend a tournament when one has changed (the new
   * matches would be mixed with the stored ones under one name). Keys must differ from the
   * parameters' names; values are short strings. Default: none.
   *
   * @param params the resolved parameters (defaults filled in)
   * @return entries to store and compare; empty when the parameters say everything. An input that
   *     cannot be read gives no entry (creating the agent then reports it)
   */
  default Map<String, String> fingerprint(Params params) {
    return Map.of();
  }

  /**
   * What the user of an agent with {@code params} playing {@code game} should know before it plays,
   * although it can play: one line each, without a {@code warning:} prefix (a policy file that
   * does not name its game, or lacks some of the game's information states). Commands print these
   * once for each agent string and game they set up, before the first move; {@link #create} stays
   * silent, as a tournament creates one agent per match. Call it after {@code create} succeeded
   * for the same arguments. Default: none.
   *
   * @param params the resolved parameters (defaults filled in)
   * @return the lines, possibly empty; never null
   */
  default List<String> warnings(Game game, Params params) {
    return List.of();
  }
}
