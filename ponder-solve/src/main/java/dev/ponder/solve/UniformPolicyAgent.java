package dev.ponder.solve;

import dev.ponder.agent.Agent;
import dev.ponder.agent.PolicyAgent;
import dev.ponder.agent.RandomAgent;
import dev.ponder.game.Game;
import dev.ponder.game.State;

/**
 * {@link RandomAgent} seen as a {@link PolicyAgent}: it plays a uniformly random legal action and
 * reports the uniform distribution over the legal actions.
 */
public final class UniformPolicyAgent implements PolicyAgent {
  private final Agent random;

  public UniformPolicyAgent(Game game, long seed) {
    this.random = new RandomAgent(game, seed);
  }

  @Override
  public int selectAction(State state) {
    return random.selectAction(state);
  }

  @Override
  public double[] policy(State state) {
    int k = state.legalActions().length;
    double[] p = new double[k];
    java.util.Arrays.fill(p, 1.0 / k);
    return p;
  }
}
