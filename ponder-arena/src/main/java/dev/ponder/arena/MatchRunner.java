package dev.ponder.arena;

import dev.ponder.agent.Agent;
import dev.ponder.agent.AgentRegistry;
import dev.ponder.game.Distributions;
import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.spec.Params;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Plays one match: a pure function of (game string, agent strings by seat, match seed) to a
 * {@link MatchResult}. Agents are created with {@link AgentRegistry#create} and the seed
 * {@link Seeds#agentSeed}(match seed, seat); chance outcomes are sampled from a
 * {@link SplittableRandom} seeded with {@link Seeds#chanceSeed}. Apart from decision times (and
 * agents whose budget is wall time), the result depends on nothing else.
 *
 * <p>A match in which an agent throws, returns an illegal action, or the game exceeds its
 * declared maximum length is recorded with status {@code error} and the message; it does not
 * throw.
 */
public final class MatchRunner {
  /** A decision slower than this factor times the agent's {@code time_ms} is an overrun. */
  public static final double OVERRUN_FACTOR = 1.10;

  private MatchRunner() {}

  /**
   * Plays the match.
   *
   * @param gameString game string, e.g. {@code tic_tac_toe}
   * @param seats agent strings, one per player in seat order
   * @param matchSeed the match seed (see {@link Seeds#matchSeed})
   * @return the record; never null, never throws for agent or game failures
   * @throws dev.ponder.spec.SpecException if the game or an agent string is invalid
   */
  public static MatchResult play(String gameString, List<String> seats, long matchSeed) {
    Game game = GameRegistry.load(gameString);
    return play(game, seats, matchSeed);
  }

  /** As {@link #play(String, List, long)} with an already loaded game. */
  public static MatchResult play(Game game, List<String> seats, long matchSeed) {
    int n = game.numPlayers();
    if (seats.size() != n) {
      throw new IllegalArgumentException(game.spec() + " has " + n + " players but " + seats.size() + " seats were given");
    }
    double[] timeLimitMs = new double[n];
    for (int p = 0; p < n; p++) {
      timeLimitMs[p] = timeLimitMs(seats.get(p));
    }
    int maxLen = Math.max(1, game.maxGameLength());
    long[] micros = new long[Math.min(maxLen, 1 << 16)];
    int[] movers = new int[micros.length];
    int moves = 0;
    int[] overruns = new int[n];
    State state = game.newInitialState();
    Agent[] agents = new Agent[n];
    try {
      for (int p = 0; p < n; p++) {
        agents[p] = AgentRegistry.create(seats.get(p), game, Seeds.agentSeed(matchSeed, p));
      }
      SplittableRandom chance = new SplittableRandom(Seeds.chanceSeed(matchSeed));
      int[] outcomes = new int[Math.max(1, game.maxActionsPerState())];
      double[] probs = new double[outcomes.length];
      while (!state.isTerminal()) {
        if (state.historySize() >= maxLen) {
          return error(state, micros, movers, moves, overruns,
              "game exceeded its maximum length " + maxLen);
        }
        int player = state.currentPlayer();
        int action;
        if (state.isChanceNode()) {
          int k = state.chanceOutcomes(outcomes, probs);
          action = outcomes[Distributions.sample(probs, 0, k, chance.nextDouble())];
        } else if (player >= 0 && player < n) {
          long t0 = System.nanoTime();
          action = agents[player].selectAction(state);
          long us = (System.nanoTime() - t0) / 1000;
          if (moves == micros.length) {
            micros = Arrays.copyOf(micros, moves * 2);
            movers = Arrays.copyOf(movers, moves * 2);
          }
          micros[moves] = us;
          movers[moves] = player;
          moves++;
          if (timeLimitMs[player] > 0 && us > timeLimitMs[player] * 1000 * OVERRUN_FACTOR) {
            overruns[player]++;
          }
          if (!state.isLegal(action)) {
            return error(state, micros, movers, moves, overruns,
                "seat " + player + " (" + seats.get(player) + ") chose illegal action " + action
                    + " at move " + state.historySize());
          }
        } else {
          return error(state, micros, movers, moves, overruns,
              "unsupported current player " + player + " (simultaneous moves are not supported by the arena)");
        }
        for (Agent a : agents) {
          a.informAction(state, player, action);
        }
        state.applyAction(action);
      }
      double[] returns = state.returns();
      int total = 0;
      for (int o : overruns) {
        total += o;
      }
      MatchResult.Status status = total > 0 ? MatchResult.Status.OVERRUN : MatchResult.Status.OK;
      String msg = total > 0 ? total + " decision(s) over " + Math.round(OVERRUN_FACTOR * 100) + "% of time_ms" : "";
      return new MatchResult(returns, state.historySize(), Arrays.copyOf(micros, moves),
          Arrays.copyOf(movers, moves), status, msg, overruns, state.history());
    } catch (RuntimeException | StackOverflowError e) {
      String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getClass().getSimpleName() + ": " + e.getMessage();
      return error(state, micros, movers, moves, overruns, m.lines().findFirst().orElse(m));
    } finally {
      for (Agent a : agents) {
        if (a != null) {
          try {
            a.close();
          } catch (RuntimeException ignored) {
            // closing must not hide the match result
          }
        }
      }
    }
  }

  private static MatchResult error(State state, long[] micros, int[] movers, int moves, int[] overruns, String message) {
    return new MatchResult(new double[0], state.historySize(), Arrays.copyOf(micros, moves),
        Arrays.copyOf(movers, moves), MatchResult.Status.ERROR, message, overruns, state.history());
  }

  /**
   * The agent's time budget per decision in milliseconds: its resolved {@code time_ms} parameter
   * when it declares one, else 0 (no time budget).
   */
  static double timeLimitMs(String agentString) {
    Params p = AgentRegistry.resolve(agentString);
    if (p.values().containsKey("time_ms")) {
      Object v = p.values().get("time_ms");
      if (v instanceof Number num) {
        return num.doubleValue();
      }
    }
    return 0;
  }
}
