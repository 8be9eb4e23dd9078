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

  @Override
  public int selectAction(State state) {
    int n = state.legalActions(buffer);
    if (n == 0) {
      throw new IllegalStateException("no legal action: the state is terminal");
    }
    return buffer[rng.nextInt(n)];
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
