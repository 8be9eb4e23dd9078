package dev.ponder.arena;

import dev.ponder.agent.Agent;
import dev.ponder.agent.AgentFactory;
import dev.ponder.game.Game;
import dev.ponder.game.State;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import java.util.List;
import java.util.SplittableRandom;

/** Small deterministic agents for arena tests (registered through the test services file). */
public final class TestAgents {
  private TestAgents() {}

  /** {@code first(offset=k)}: the legal action at index k mod n (ascending order). */
  public static final class First implements AgentFactory {
    @Override
    public String name() {
      return "first";
    }

    @Override
    public String description() {
      return "test agent: the legal action at index offset mod n";
    }

    @Override
    public List<ParamSpec> parameters() {
      return List.of(ParamSpec.ofInt("offset", 0, "index into the legal actions"));
    }

    @Override
    public Agent create(Game game, Params params, long seed) {
      int offset = params.getInt("offset");
      int[] buf = new int[game.maxActionsPerState()];
      return state -> {
        int n = state.legalActions(buf);
        return buf[Math.floorMod(offset, n)];
      };
    }
  }

  /** {@code boom}: throws at its first decision. */
  public static final class Boom implements AgentFactory {
    @Override
    public String name() {
      return "boom";
    }

    @Override
    public String description() {
      return "test agent: throws";
    }

    @Override
    public List<ParamSpec> parameters() {
      return List.of();
    }

    @Override
    public Agent create(Game game, Params params, long seed) {
      return state -> {
        throw new IllegalStateException("boom at move " + state.historySize());
      };
    }
  }

  /**
   * {@code flaky(seat=P, from=H)}: plays the lowest legal action, but throws when it acts as
   * player P at a history of at least H actions (chance outcomes included): an agent with a bug
   * that only some seat orders reach.
   */
  public static final class Flaky implements AgentFactory {
    @Override
    public String name() {
      return "flaky";
    }

    @Override
    public String description() {
      return "test agent: throws in one seat late in the game";
    }

    @Override
    public List<ParamSpec> parameters() {
      return List.of(ParamSpec.ofInt("seat", 0, "the seat in which it fails"),
          ParamSpec.ofInt("from", 6, "history length from which it fails"));
    }

    @Override
    public Agent create(Game game, Params params, long seed) {
      int seat = params.getInt("seat");
      int from = params.getInt("from");
      int[] buf = new int[game.maxActionsPerState()];
      return state -> {
        if (state.currentPlayer() == seat && state.historySize() >= from) {
          throw new IllegalStateException("flaky in seat " + seat + " at move " + state.historySize());
        }
        state.legalActions(buf);
        return buf[0];
      };
    }
  }

  /**
   * {@code jvm_error(kind=K)}: throws a JVM {@link Error} at its first decision: 0 {@link
   * NoClassDefFoundError} (a library missing from the class path), 1 {@link AssertionError}, 2
   * {@link StackOverflowError}, 3 {@link OutOfMemoryError}, 4 {@link ExceptionInInitializerError}.
   */
  public static final class JvmError implements AgentFactory {
    @Override
    public String name() {
      return "jvm_error";
    }

    @Override
    public String description() {
      return "test agent: throws a JVM Error";
    }

    @Override
    public List<ParamSpec> parameters() {
      return List.of(ParamSpec.ofInt("kind", 0, "0 NoClassDefFoundError, 1 AssertionError, 2 StackOverflowError,"
          + " 3 OutOfMemoryError, 4 ExceptionInInitializerError"));
    }

    @Override
    public Agent create(Game game, Params params, long seed) {
      int kind = params.getInt("kind");
      return state -> {
        throw switch (kind) {
          case 1 -> new AssertionError("invariant broken at move " + state.historySize());
          case 2 -> new StackOverflowError();
          case 3 -> new OutOfMemoryError("Java heap space");
          case 4 -> new ExceptionInInitializerError(new NullPointerException("table"));
          default -> new NoClassDefFoundError("com/google/common/collect/ImmutableList");
        };
      };
    }
  }

  /**
   * {@code fragile(fail_in=K)}: plays the lowest legal action, but fails in one of the arena's
   * calls to it: 0 its creation throws, 1 {@code informAction} throws when told of the first
   * action (whoever made it).
   */
  public static final class Fragile implements AgentFactory {
    @Override
    public String name() {
      return "fragile";
    }

    @Override
    public String description() {
      return "test agent: fails at creation or in informAction";
    }

    @Override
    public List<ParamSpec> parameters() {
      return List.of(ParamSpec.ofInt("fail_in", 1, "0 creation, 1 informAction"));
    }

    @Override
    public Agent create(Game game, Params params, long seed) {
      if (params.getInt("fail_in") == 0) {
        throw new IllegalStateException("no table for " + game.name());
      }
      int[] buf = new int[game.maxActionsPerState()];
      return new Agent() {
        @Override
        public int selectAction(State state) {
          state.legalActions(buf);
          return buf[0];
        }

        @Override
        public void informAction(State stateBefore, int player, int action) {
          throw new IllegalStateException("cannot follow action " + action + " of player " + player);
        }
      };
    }
  }

  /** {@code illegal}: returns an action that is never legal. */
  public static final class Illegal implements AgentFactory {
    @Override
    public String name() {
      return "illegal";
    }

    @Override
    public String description() {
      return "test agent: illegal actions";
    }

    @Override
    public List<ParamSpec> parameters() {
      return List.of();
    }

    @Override
    public Agent create(Game game, Params params, long seed) {
      return state -> -7;
    }
  }

  /**
   * {@code flat_mc(sims=N)}: flat Monte Carlo — N random playouts per legal action, the best
   * mean return for the acting player wins (ties: lowest action). Every choice flows from the seed.
   */
  public static final class FlatMc implements AgentFactory {
    @Override
    public String name() {
      return "flat_mc";
    }

    @Override
    public String description() {
      return "test agent: flat Monte Carlo";
    }

    @Override
    public List<ParamSpec> parameters() {
      return List.of(ParamSpec.ofInt("sims", 10, "playouts per legal action"));
    }

    @Override
    public Agent create(Game game, Params params, long seed) {
      int sims = params.requireInt("sims", 1, 1_000_000);
      SplittableRandom rng = new SplittableRandom(seed);
      int[] buf = new int[game.maxActionsPerState()];
      int[] roll = new int[game.maxActionsPerState()];
      double[] probs = new double[game.maxActionsPerState()];
      return state -> {
        int player = state.currentPlayer();
        int n = state.legalActions(buf);
        int[] actions = java.util.Arrays.copyOf(buf, n);
        int best = actions[0];
        double bestValue = Double.NEGATIVE_INFINITY;
        State scratch = state.copy();
        for (int a : actions) {
          double total = 0;
          for (int s = 0; s < sims; s++) {
            scratch.copyFrom(state);
            scratch.applyAction(a);
            while (!scratch.isTerminal()) {
              if (scratch.isChanceNode()) {
                int k = scratch.chanceOutcomes(roll, probs);
                double u = rng.nextDouble();
                int pick = roll[k - 1];
                double acc = 0;
                for (int i = 0; i < k; i++) {
                  acc += probs[i];
                  if (u < acc) {
                    pick = roll[i];
                    break;
                  }
                }
                scratch.applyAction(pick);
              } else {
                int m = scratch.legalActions(roll);
                scratch.applyAction(roll[rng.nextInt(m)]);
              }
            }
            total += scratch.playerReturn(player);
          }
          if (total > bestValue) {
            bestValue = total;
            best = a;
          }
        }
        return best;
      };
    }
  }

  /** {@code sleepy(time_ms=T, sleep_ms=S)}: sleeps S ms, then plays the lowest legal action. */
  public static final class Sleepy implements AgentFactory {
    @Override
    public String name() {
      return "sleepy";
    }

    @Override
    public String description() {
      return "test agent: slow decisions";
    }

    @Override
    public List<ParamSpec> parameters() {
      return List.of(ParamSpec.ofInt("time_ms", 5, "declared budget"), ParamSpec.ofInt("sleep_ms", 0, "actual time per decision"));
    }

    @Override
    public Agent create(Game game, Params params, long seed) {
      int sleep = params.getInt("sleep_ms");
      int[] buf = new int[game.maxActionsPerState()];
      return state -> {
        try {
          Thread.sleep(sleep);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        state.legalActions(buf);
        return buf[0];
      };
    }
  }
}
