package dev.ponder.solve;

import dev.ponder.agent.Agent;
import dev.ponder.agent.AgentFactory;
import dev.ponder.agent.PolicyAgent;
import dev.ponder.agent.RandomAgent;
import dev.ponder.game.Game;
import dev.ponder.game.State;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import java.util.List;

/**
 * {@link RandomAgent} seen as a {@link PolicyAgent}: it plays a uniformly random legal action and
 * reports the uniform distribution over the legal actions. Registered as agent {@code uniform}.
 */
public final class UniformPolicyAgent implements PolicyAgent {
  private final Agent random;

  /**
   * The uniform agent for {@code game}; its moves are those of {@code new RandomAgent(game, seed)}.
   *
   * @param seed seed of the random generator that draws the moves
   */
  public UniformPolicyAgent(Game game, long seed) {
    this.random = new RandomAgent(game, seed);
  }

  /**
   * A uniformly random legal action, as {@link RandomAgent#selectAction}.
   *
   * @throws IllegalArgumentException at a terminal state or a chance node
   */
  @Override
  public int selectAction(State state) {
    return random.selectAction(state);
  }

  /**
   * {@code 1/k} for each of the k legal actions.
   *
   * @throws IllegalArgumentException at a terminal state or a chance node
   */
  @Override
  public double[] policy(State state) {
    Agent.requireDecisionNode(state);
    int k = state.legalActions().length;
    double[] p = new double[k];
    java.util.Arrays.fill(p, 1.0 / k);
    return p;
  }

  /** Factory for {@code uniform}. */
  public static final class Factory implements AgentFactory {
    @Override
    public String name() {
      return "uniform";
    }

    /** Its moves are {@code random}'s, seed for seed. */
    @Override
    public String playsAs() {
      return "random";
    }

    @Override
    public String description() {
      return "the same agent as random: uniformly random legal action, reporting the uniform policy";
    }

    @Override
    public List<ParamSpec> parameters() {
      return List.of();
    }

    @Override
    public Agent create(Game game, Params params, long seed) {
      return new UniformPolicyAgent(game, seed);
    }
  }
}
