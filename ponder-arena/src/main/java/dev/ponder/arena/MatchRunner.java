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
 * <p>A match in which an agent or the game's code throws, an agent returns an illegal action, or
 * the game exceeds its declared maximum length is recorded with status {@code error} and the
 * message (for an exception, who threw it, where and at which move: {@link #thrown}); it does
 * not throw.
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
    // what the arena was calling when an exception escaped: a seat's agent (seat >= 0) or the
    // game (seat -1), and which method; plain assignments of constants, nothing per move allocated
    int seat = -1;
    String call = "newInitialState";
    try {
      for (int p = 0; p < n; p++) {
        seat = p;
        call = "its creation";
        agents[p] = AgentRegistry.create(seats.get(p), game, Seeds.agentSeed(matchSeed, p));
      }
      SplittableRandom chance = new SplittableRandom(Seeds.chanceSeed(matchSeed));
      int[] outcomes = new int[Math.max(1, game.maxActionsPerState())];
      double[] probs = new double[outcomes.length];
      while (true) {
        seat = -1;
        call = "isTerminal";
        if (state.isTerminal()) {
          break;
        }
        if (state.historySize() >= maxLen) {
          return error(state, micros, movers, moves, overruns,
              "game exceeded its maximum length " + maxLen);
        }
        call = "currentPlayer";
        int player = state.currentPlayer();
        int action;
        if (state.isChanceNode()) {
          call = "chanceOutcomes";
          int k = state.chanceOutcomes(outcomes, probs);
          action = outcomes[Distributions.sample(probs, 0, k, chance.nextDouble())];
        } else if (player >= 0 && player < n) {
          seat = player;
          call = "selectAction";
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
          seat = -1;
          call = "legalActions, checking the agent's move";
          if (!state.isLegal(action)) {
            return error(state, micros, movers, moves, overruns,
                "seat " + player + " (" + seats.get(player) + ") chose illegal action " + action
                    + " at move " + state.historySize());
          }
        } else {
          return error(state, micros, movers, moves, overruns,
              "unsupported current player " + player + " (simultaneous moves are not supported by the arena)");
        }
        call = "informAction";
        for (int p = 0; p < n; p++) {
          seat = p;
          agents[p].informAction(state, player, action);
        }
        seat = -1;
        call = "applyAction";
        state.applyAction(action);
      }
      call = "returns";
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
      return error(state, micros, movers, moves, overruns,
          thrown(e, game, state, seat, seat >= 0 ? seats.get(seat) : "", call, state.historySize()));
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
   * The stored message of a match ended by an exception: who threw — the game's code or a seat's
   * agent —, in which call, at which move (the number of actions applied so far, chance outcomes
   * included), and the exception's class, message (first line) and top frame. The exception is
   * the innermost cause (a wrapper's own frame says nothing), and the frame is its first one
   * outside the JDK ({@code java.}, {@code javax.}, {@code jdk.}, {@code sun.}), falling back to
   * the top frame. An exception thrown by the game's classes (the game's class, its state's
   * class, and classes nested in either) while an agent was running — a search calling
   * {@code legalActions} — is the game's, named with the agent that called it. E.g.
   * {@code the game's code threw at move 3 (in legalActions, called by seat 0's agent random):
   * ArrayIndexOutOfBoundsException: Index 3 out of bounds for length 3 at
   * com.example.Race$S.legalActions(Race.java:96)}, or {@code seat 1's agent boom threw at move
   * 1 (in selectAction): IllegalStateException: boom at …}.
   *
   * @param seat the seat whose agent the arena was calling, or -1 when it was calling the game
   * @param agent that seat's agent string ("" for the game)
   * @param call the method the arena was calling
   * @param move actions applied so far
   */
  static String thrown(Throwable e, Game game, State state, int seat, String agent, String call, int move) {
    Throwable root = e;
    for (int depth = 0; root.getCause() != null && root.getCause() != root && depth < 32; depth++) {
      root = root.getCause();
    }
    StackTraceElement[] trace = root.getStackTrace();
    StackTraceElement frame = trace.length > 0 ? trace[0] : null;
    for (StackTraceElement f : trace) {
      if (!isJdk(f.getClassName())) {
        frame = f;
        break;
      }
    }
    String message = root.getMessage() == null ? "" : ": " + root.getMessage().lines().findFirst().orElse("");
    String what = root.getClass().getSimpleName() + message + (frame == null ? "" : " at " + frameText(frame));
    if (seat < 0) {
      return "the game's code threw at move " + move + " (in " + call + "): " + what;
    }
    if (frame != null && isGameClass(frame.getClassName(), game, state)) {
      return "the game's code threw at move " + move + " (in " + frame.getMethodName() + ", called by seat " + seat
          + "'s agent " + agent + " in " + call + "): " + what;
    }
    return "seat " + seat + "'s agent " + agent + " threw at move " + move + " (in " + call + "): " + what;
  }

  private static boolean isJdk(String className) {
    return className.startsWith("java.") || className.startsWith("javax.") || className.startsWith("jdk.")
        || className.startsWith("sun.");
  }

  /** Whether the class is the game's, its state's, or nested in either. */
  private static boolean isGameClass(String className, Game game, State state) {
    for (Class<?> c : new Class<?>[] {game.getClass(), state.getClass()}) {
      String top = c.getName();
      int nested = top.indexOf('$');
      top = nested < 0 ? top : top.substring(0, nested); // the outermost class of the game or state
      if (className.equals(top) || className.startsWith(top + "$")) {
        return !top.startsWith("dev.ponder.game."); // the API's own classes (State, AbstractGame) are no game's
      }
    }
    return false;
  }

  /** {@code com.example.Race$S.legalActions(Race.java:96)}: class, method, file and line (no module prefix). */
  private static String frameText(StackTraceElement f) {
    String where = f.getFileName() == null ? "Unknown Source"
        : f.getLineNumber() >= 0 ? f.getFileName() + ":" + f.getLineNumber() : f.getFileName();
    return f.getClassName() + "." + f.getMethodName() + "(" + where + ")";
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
