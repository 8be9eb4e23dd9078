package dev.ponder.agent;

import dev.ponder.game.Game;
import dev.ponder.game.State;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Plays a uniformly random legal action and reports that distribution as its policy (uniform over
 * the legal actions), so it can be tabularized like any {@link PolicyAgent}.
 */
public final class RandomAgent implements PolicyAgent {
  private final long seed;
  private SplittableRandom rng;
  private final int[] buffer;

  /**
   * A random agent for {@code game} whose draws come from a generator seeded with {@code seed}.
   *
   * @param game the game (sizes the action buffer)
   * @param seed seed of the agent's {@link SplittableRandom}
   */
  public RandomAgent(Game game, long seed) {
    this.seed = seed;
    this.rng = new SplittableRandom(seed);
    this.buffer = new int[game.maxActionsPerState()];
  }

  /** Restarts the random generator from the seed: the next decisions repeat a new agent's. */
  @Override
  public void restart() {
    rng = new SplittableRandom(seed);
  }

  /**
   * One legal action drawn uniformly ({@link State#sampleLegalAction}: one {@code nextInt(n)} of
   * the agent's generator, without listing the actions in games that can avoid it).
   *
   * @throws IllegalArgumentException at a terminal state or a chance node (chance outcomes
   *     follow their probabilities, not a uniform draw)
   */
  @Override
  public int selectAction(State state) {
    Agent.requireDecisionNode(state);
    return state.sampleLegalAction(rng, buffer);
  }

  /**
   * The uniform distribution over {@code state.legalActions()}: {@code 1/k} for each of the k
   * legal actions (the distribution {@link #selectAction} draws from). Does not touch the agent's
   * random generator, so asking for the policy never changes the next decision.
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

  /** Factory for {@code random}. */
  public static final class Factory implements AgentFactory {
    @Override
    public String name() {
      return "random";
    }

    @Override
    public String description() {
      return "uniformly random legal action, reporting the uniform policy";
    }

    @Override
    public List<ParamSpec> parameters() {
      return List.of();
    }

    @Override
    public Agent create(Game game, Params params, long seed) {
      return new RandomAgent(game, seed);
    }
  }
}
