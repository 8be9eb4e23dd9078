package dev.ponder.agent;

import dev.ponder.game.Game;
import dev.ponder.game.State;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import java.util.List;
import java.util.SplittableRandom;

/** Plays a uniformly random legal action. */
public final class RandomAgent implements Agent {
  private final long seed;
  private SplittableRandom rng;
  private final int[] buffer;

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
   * @throws IllegalStateException at a terminal state
   */
  @Override
  public int selectAction(State state) {
    if (state.isTerminal()) {
      throw new IllegalStateException("no legal action: the state is terminal");
    }
    return state.sampleLegalAction(rng, buffer);
  }

  /** Factory for {@code random}. */
  public static final class Factory implements AgentFactory {
    @Override
    public String name() {
      return "random";
    }

    @Override
    public String description() {
      return "uniformly random legal action";
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
