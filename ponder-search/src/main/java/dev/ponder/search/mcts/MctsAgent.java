package dev.ponder.search.mcts;

import dev.ponder.agent.Agent;
import dev.ponder.agent.AgentFactory;
import dev.ponder.agent.AgentRegistry;
import dev.ponder.agent.PolicyAgent;
import dev.ponder.game.Game;
import dev.ponder.game.State;
import dev.ponder.search.SearchResult;
import dev.ponder.spec.Spec;
import dev.ponder.spec.SpecException;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * An agent that runs one {@link MctsEngine} search per decision; its policy is the posterior π̂
 * of the search (aligned with the legal actions).
 *
 * <p>What repeats: with one thread, agents created with the same arguments and seed make the same
 * sequence of searches (the same results for the same sequence of states), and {@link #restart()} starts that sequence again: a restarted agent searches exactly as a
 * freshly created one. With several threads the searches depend on thread timing.
 *
 * <p>Thread safety: an agent searches one position at a time. {@link #search}, {@link
 * #selectAction} and {@link #policy} called from a second thread while a search of this agent runs
 * throw {@link IllegalStateException} (the agent's {@link MctsEngine} checks it with one
 * compare-and-set per search). For a parallel search of one position give the agent {@code
 * threads=T}; to search several positions at once, create one agent per thread (same arguments
 * and seeds give the same searches, one thread each).
 *
 * <p>From an agent string: {@link #create(String, Game, long)} (fails clearly on an agent that
 * is not MCTS); with knowledge of one's own: {@link #withKnowledge(Knowledge)}.
 */
public final class MctsAgent implements PolicyAgent {
  private final Game game;
  private final Supplier<Mechanism> mechanisms;
  private final Knowledge knowledge;
  private final MctsConfig config;
  private final long seed;
  private MctsEngine engine;
  private SearchResult last;

  /**
   * An agent running {@code mechanism}. {@link #restart()} resets the engine ({@link
   * MctsEngine#reset()}): tree and random generator; a mechanism component that learns across
   * searches keeps what it learned (use {@link #MctsAgent(Game, Supplier, Knowledge, MctsConfig,
   * long)} for such a mechanism).
   *
   * @param game the game whose states the agent plays
   * @param mechanism the game-agnostic components
   * @param knowledge the game-specific components (prior, value estimator, resampler)
   * @param config budget, threads and tree shape
   * @param seed every random choice flows from it
   * @throws NullPointerException if an argument is null
   * @throws IllegalArgumentException as {@link MctsEngine#MctsEngine} (keying, resampler or
   *     chance_expand_all not allowed for the game)
   */
  public MctsAgent(Game game, Mechanism mechanism, Knowledge knowledge, MctsConfig config, long seed) {
    this(game, constant(Objects.requireNonNull(mechanism, "mechanism")), knowledge, config, seed);
  }

  /**
   * An agent whose mechanism is built by {@code mechanisms}: once now and again at every
   * {@link #restart()} that follows a search, so components that learn across searches (SA-MCTS's
   * tuners) start over as well. {@link MctsAgentFactory} creates its agents this way. The
   * supplier must build the same mechanism each time (same kinds and parameters).
   *
   * @param game the game whose states the agent plays
   * @param mechanisms builds the game-agnostic components; called at creation and at each restart
   * @param knowledge the game-specific components (prior, value estimator, resampler)
   * @param config budget, threads and tree shape
   * @param seed every random choice flows from it
   * @throws NullPointerException if an argument is null or the supplier returns null
   * @throws IllegalArgumentException as {@link MctsEngine#MctsEngine}
   */
  public MctsAgent(Game game, Supplier<Mechanism> mechanisms, Knowledge knowledge, MctsConfig config, long seed) {
    this.game = Objects.requireNonNull(game, "game");
    this.mechanisms = Objects.requireNonNull(mechanisms, "mechanisms");
    this.knowledge = Objects.requireNonNull(knowledge, "knowledge");
    this.config = Objects.requireNonNull(config, "config");
    this.seed = seed;
    this.engine = new MctsEngine(game, Objects.requireNonNull(mechanisms.get(), "mechanism"), knowledge, config, seed);
  }

  private static Supplier<Mechanism> constant(Mechanism m) {
    return () -> m;
  }

  /**
   * Creates the MCTS agent an agent string names ({@code "puct(sims=800,c_init=1.25)"}; every agent
   * whose factory is an {@link MctsAgentFactory}: uct, puct, m_seed and the zoo), through its
   * factory, so every check of the factory applies. Use it to get a {@link SearchResult} from
   * an agent string: {@code MctsAgent.create(spec, game, seed).search(state)}.
   *
   * @param agentString an agent string of the grammar {@code name(key=value,...)}
   * @param game the game to play
   * @param seed every random choice flows from it
   * @throws SpecException on an unknown agent, key or value, or an agent that is not an MCTS agent
   *     (the message lists the MCTS agents)
   */
  public static MctsAgent create(String agentString, Game game, long seed) {
    String name = Spec.parse(agentString).name();
    AgentFactory f = AgentRegistry.factory(name);
    if (!(f instanceof MctsAgentFactory)) {
      throw new SpecException(name + " is not an MCTS agent (it gives no search result); MCTS agents: "
          + String.join(", ", AgentRegistry.factories().stream()
              .filter(x -> x instanceof MctsAgentFactory).map(AgentFactory::name).toList()));
    }
    Agent a = AgentRegistry.create(agentString, game, seed);
    if (a instanceof MctsAgent m) {
      return m;
    }
    a.close();
    throw new SpecException(name + ": its factory made a " + a.getClass().getSimpleName() + ", not an MctsAgent");
  }

  /**
   * A new agent with this agent's game, mechanism (built again by the same supplier), config and
   * seed, and the knowledge {@code k}: a named mechanism with a value estimator, prior or
   * resampler of one's own. This agent is not changed and stays open: with {@code threads} &gt; 1,
   * once it has searched, its worker threads live until it is closed, so close it when only the
   * new agent is used (an agent that has not searched has started no threads).
   *
   * @throws NullPointerException if {@code k} is null
   * @throws IllegalArgumentException as {@link MctsEngine#MctsEngine} (e.g. the identity
   *     resampler for an imperfect-information game)
   */
  public MctsAgent withKnowledge(Knowledge k) {
    return new MctsAgent(game, mechanisms, Objects.requireNonNull(k, "knowledge"), config, seed);
  }

  /**
   * Runs a search at {@code state} and returns its full result.
   *
   * @throws IllegalArgumentException as {@link MctsEngine#search}: a state of another game, a
   *     terminal state or a chance node
   * @throws IllegalStateException if another search of this agent is running (see the class
   *     Javadoc: one position at a time), or as {@link MctsEngine#search}
   */
  public SearchResult search(State state) {
    last = engine.search(state);
    return last;
  }

  /**
   * {@inheritDoc}
   *
   * @throws IllegalArgumentException as {@link MctsEngine#search}
   */
  @Override
  public int selectAction(State state) {
    return search(state).action();
  }

  /**
   * π̂ of a new search at {@code state}, aligned with {@code state.legalActions()} (a copy).
   *
   * @throws IllegalArgumentException as {@link MctsEngine#search}
   */
  @Override
  public double[] policy(State state) {
    return search(state).policy().clone();
  }

  /** The result of the last search, or null (none since creation or {@link #restart()}). */
  public SearchResult lastResult() {
    return last;
  }

  /**
   * The engine that runs the searches, for inspection ({@link MctsEngine#tree()}, its
   * configuration). {@link #restart()} keeps it (it is replaced only when a mechanism supplier
   * builds a mechanism of another shape); ask again after a restart rather than keeping the
   * reference.
   */
  public MctsEngine engine() {
    return engine;
  }

  /** The seed every random choice flows from. */
  public long seed() {
    return seed;
  }

  /**
   * Returns the agent to its freshly created state: the tree is emptied, the random generator
   * starts again from the seed, the last result is forgotten, and a mechanism built by a
   * supplier is built again. With one thread the searches that follow repeat those of a new
   * agent with the same arguments and seed. The knowledge is kept as given. The engine, its
   * tree's arrays (as grown by the searches so far) and its worker threads are kept: the new
   * mechanism takes the old one's place ({@code MctsEngine.reset(Mechanism)}); only a supplier
   * that builds a mechanism of another shape (another auxiliary width, backup or virtual loss)
   * gets a new engine.
   *
   * @throws IllegalStateException if a search of this agent is running (in another thread); the
   *     agent is not changed then (a mechanism supplier may have been called)
   * @throws NullPointerException if the mechanism supplier returns null
   */
  @Override
  public void restart() {
    Mechanism m = Objects.requireNonNull(mechanisms.get(), "mechanism");
    if (m == engine.mechanism()) {
      engine.reset();
    } else if (!engine.reset(m)) {
      // a supplier that broke its contract (another shape of mechanism): a new engine fits it
      engine.close();
      engine = new MctsEngine(game, m, knowledge, config, seed);
    }
    last = null;
  }

  /**
   * Stops the engine's worker threads (see {@link MctsEngine#close()}).
   *
   * @throws IllegalStateException if a search of this agent is running (in another thread);
   *     nothing is changed then
   */
  @Override
  public void close() {
    engine.close();
  }
}
