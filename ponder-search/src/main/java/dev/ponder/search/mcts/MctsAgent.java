package dev.ponder.search.mcts;

import dev.ponder.agent.PolicyAgent;
import dev.ponder.game.Game;
import dev.ponder.game.State;
import dev.ponder.search.SearchResult;

/**
 * An agent that runs one {@link MctsEngine} search per decision; its policy is the posterior π̂
 * of the search (aligned with the legal actions). With one thread and a seed its decisions are
 * reproducible.
 */
public final class MctsAgent implements PolicyAgent {
  private final MctsEngine engine;
  private SearchResult last;

  public MctsAgent(Game game, Mechanism mechanism, Knowledge knowledge, MctsConfig config, long seed) {
    this.engine = new MctsEngine(game, mechanism, knowledge, config, seed);
  }

  /** Runs a search at {@code state} and returns its full result. */
  public SearchResult search(State state) {
    last = engine.search(state);
    return last;
  }

  @Override
  public int selectAction(State state) {
    return search(state).action();
  }

  @Override
  public double[] policy(State state) {
    return search(state).policy().clone();
  }

  /** The result of the last search, or null. */
  public SearchResult lastResult() {
    return last;
  }

  public MctsEngine engine() {
    return engine;
  }

  @Override
  public void restart() {
    engine.reset();
    last = null;
  }

  @Override
  public void close() {
    engine.close();
  }
}
