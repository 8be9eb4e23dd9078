package dev.ponder.arena;

import dev.ponder.agent.Agent;
import dev.ponder.agent.AgentRegistry;
import dev.ponder.game.CopyWatch;
import dev.ponder.game.Distributions;
import dev.ponder.game.Game;
import dev.ponder.game.GameContract;
import dev.ponder.game.GameContractException;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.MissingGameMethodException;
import dev.ponder.game.State;
import dev.ponder.spec.Params;
import dev.ponder.spi.Faults;
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
 * the game exceeds its declared maximum length is recorded with status {@code error}, the
 * message (for an exception, the call that failed, at which move and where it was thrown: {@link
 * #thrown}) and, as data, the seat whose agent's call failed ({@link MatchResult#failedSeat}: −1
 * when it was the game's code); it does not throw. A game that breaks the API's contract where it
 * is checked ({@link GameContract}: the referee's chance outcomes, legality check and the final
 * returns, which must be finite numbers; an agent's search) ends the match the same way, with the contract's one-line message and failed seat −1
 * (the game's fault even when an agent's search found it). So does an exception thrown in the
 * game's own code while an agent ran (its search applying moves on copies, say): the failed seat
 * is −1 ({@link #inGameCode}), and the message says the game failed during that agent's call and
 * names the place ({@code game crash_race failed during seat 1's agent uct's selectAction at move
 * 3: ...}). A method the game API requires of the game that it lacks ({@link
 * MissingGameMethodException}: an imperfect-information game's {@code resample}, which IS-MCTS
 * needs) is the game's fault in the same way. A JVM {@link Error} is such a failure too (a {@code
 * NoClassDefFoundError} from a jar missing on the class path, an {@code AssertionError}, a {@code
 * StackOverflowError}), except a {@link VirtualMachineError} such as {@link OutOfMemoryError},
 * which propagates: the JVM itself is failing and the run must stop.
 *
 * <p>Agents never see the match's own state: before each {@link Agent#selectAction} and {@link
 * Agent#informAction} the arena copies the state into a scratch state ({@link State#copyFrom},
 * one per match, nothing allocated per move) and hands over the copy, so an agent that breaks the
 * contract "must not modify the state" cannot change the match's history or the seats its moves
 * are recorded under. After the call the copy is compared with the match's state (history length
 * and {@link State#hash()}); if the agent changed it, the match is recorded as that agent's error
 * ({@link MatchResult#failedSeat}), e.g. {@code seat 0's agent mutator modified the state it was
 * given in selectAction (its history went from 2 to 3 actions); ...}. A state the agent keeps a
 * reference to is overwritten by the next call's copy.
 *
 * <p>A copy cannot change the match's state unless the game's {@code copy()}/{@code copyFrom}
 * shares mutable data (an array) with it: then an agent's search on its copy moves the match's own
 * pieces. So the arena notes the match's state before each move's agent calls ({@link CopyWatch}:
 * history length, current player and {@link State#toString()}) and compares it before checking
 * the move's legality and before applying it, and when an agent's call throws; a change is the
 * game's fault (failed seat −1), e.g. {@code dice_race(fault=6): the state at move 0 changed
 * while seat 0's agent uct ran selectAction on a copy of it (...); the game's copy() or copyFrom
 * shares mutable data ...; run ponder check 'dice_race(fault=6)'}, not the agent's illegal move
 * or error. Cost: three {@code toString()} calls per player's move (the note and the two
 * comparisons), two per chance move.
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
   * @throws IllegalArgumentException if {@code seats} does not hold one agent string per player
   * @throws VirtualMachineError other than {@link StackOverflowError} (e.g. {@link
   *     OutOfMemoryError}), unchanged: the JVM is failing, not the match
   */
  public static MatchResult play(String gameString, List<String> seats, long matchSeed) {
    Game game = GameRegistry.load(gameString);
    return play(game, seats, matchSeed);
  }

  /**
   * As {@link #play(String, List, long)} with an already loaded game.
   *
   * @throws IllegalArgumentException if {@code seats} does not hold one agent string per player
   *     ({@code game.numPlayers()})
   */
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
    // what the arena was calling when something was thrown: a seat's agent (seat >= 0, the
    // result's failedSeat) or the game (seat -1), which call (a CALL_ constant), and the move being
    // checked or applied; plain int assignments, nothing per move allocated
    int seat = -1;
    int call = CALL_IS_TERMINAL;
    int mover = -1;
    int action = -1;
    // the match's state as it was before the agents ran on copies of it this move: if it changed,
    // the game's copy shares data with it (the game's fault; see the class Javadoc)
    CopyWatch watch = new CopyWatch();
    try {
      // what the agents see: a copy of the match's state made before each call, so an agent that
      // changes the state it is given cannot change the match (see the class Javadoc)
      call = CALL_COPY;
      State view = state.copy();
      for (int p = 0; p < n; p++) {
        seat = p;
        call = CALL_CREATE;
        agents[p] = AgentRegistry.create(seats.get(p), game, Seeds.agentSeed(matchSeed, p));
      }
      SplittableRandom chance = new SplittableRandom(Seeds.chanceSeed(matchSeed));
      int[] outcomes = new int[Math.max(1, game.maxActionsPerState())];
      double[] probs = new double[outcomes.length];
      while (true) {
        seat = -1;
        call = CALL_IS_TERMINAL;
        if (state.isTerminal()) {
          break;
        }
        if (state.historySize() >= maxLen) {
          return error(state, micros, movers, moves, overruns,
              "game exceeded its maximum length " + maxLen, -1);
        }
        call = CALL_CURRENT_PLAYER;
        int player = state.currentPlayer();
        call = CALL_NOTE;
        watch.note(state);
        if (state.isChanceNode()) {
          call = CALL_CHANCE_OUTCOMES;
          int k = state.chanceOutcomes(outcomes, probs);
          action = outcomes[Distributions.sampleOutcome(state, probs, k, chance.nextDouble())];
          mover = -1;
        } else if (player >= 0 && player < n) {
          call = CALL_COPY; // the game's code (seat −1 here): no agent is called yet
          view.copyFrom(state);
          seat = player;
          call = CALL_SELECT;
          long t0 = System.nanoTime();
          action = agents[player].selectAction(view);
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
          if (modified(view, state)) {
            return error(state, micros, movers, moves, overruns, modifiedMessage(player, seats.get(player),
                "selectAction", view, state), player);
          }
          seat = -1;
          mover = player;
          call = CALL_IS_LEGAL;
          if (watch.changed()) { // before the legality check, which a changed state would fail
            return error(state, micros, movers, moves, overruns, watch.fault(ranOnCopy(player, seats.get(player),
                "selectAction")).getMessage(), -1);
          }
          if (!state.isLegal(action)) {
            return error(state, micros, movers, moves, overruns,
                "seat " + player + " (" + seats.get(player) + ") chose illegal action " + action
                    + " at move " + state.historySize(), player);
          }
        } else {
          return error(state, micros, movers, moves, overruns,
              "unsupported current player " + player + " (simultaneous moves are not supported by the arena)", -1);
        }
        for (int p = 0; p < n; p++) {
          seat = -1;
          call = CALL_COPY;
          view.copyFrom(state);
          seat = p;
          call = CALL_INFORM;
          agents[p].informAction(view, player, action);
          if (modified(view, state)) {
            return error(state, micros, movers, moves, overruns, modifiedMessage(p, seats.get(p), "informAction", view,
                state), p);
          }
        }
        seat = -1;
        call = CALL_NOTE;
        if (watch.changed()) {
          return error(state, micros, movers, moves, overruns, watch.fault("the agents were told of "
              + (mover >= 0 ? "seat " + mover + "'s move " : "chance outcome ") + action
              + " (informAction), each on a copy of it").getMessage(), -1);
        }
        call = CALL_APPLY;
        state.applyAction(action);
      }
      call = CALL_RETURNS;
      double[] returns = state.returns();
      // a NaN or infinite return would make every sum of the tournament NaN: the game's fault
      GameContract.checkReturns(state, returns);
      int total = 0;
      for (int o : overruns) {
        total += o;
      }
      MatchResult.Status status = total > 0 ? MatchResult.Status.OVERRUN : MatchResult.Status.OK;
      String msg = total > 0 ? total + " decision(s) over " + Math.round(OVERRUN_FACTOR * 100) + "% of time_ms" : "";
      return new MatchResult(returns, state.historySize(), Arrays.copyOf(micros, moves),
          Arrays.copyOf(movers, moves), status, msg, overruns, state.history(), -1);
    } catch (VirtualMachineError e) {
      if (!(e instanceof StackOverflowError)) {
        throw e; // the JVM itself is failing (out of memory, an internal error): no match can be trusted
      }
      return failure(e, game, seats, agents, state, watch, seat, call, mover, action, micros, movers, moves, overruns);
    } catch (Throwable e) {
      // any other Error (NoClassDefFoundError from a jar missing on the class path, an
      // AssertionError, ExceptionInInitializerError, ...) is a fault of this match like an exception;
      // a broken game contract, or the game's own code throwing, inside an agent's search is the
      // game's fault, not the seat's
      return failure(e, game, seats, agents, state, watch, seat, call, mover, action, micros, movers, moves, overruns);
    } finally {
      for (Agent a : agents) {
        if (a != null) {
          try {
            a.close();
          } catch (RuntimeException | LinkageError | AssertionError ignored) {
            // closing must not hide the match result
          }
        }
      }
    }
  }

  /**
   * The error record of a match ended by {@code e} thrown in the arena's call {@code call}: blamed
   * on {@code seat} ({@link #blamed}), and its message ({@link #thrown}) says the game failed when
   * the call was a seat's agent's but the fault is the game's.
   */
  private static MatchResult failure(Throwable e, Game game, List<String> seats, Agent[] agents, State state,
      CopyWatch watch, int seat, int call, int mover, int action, long[] micros, int[] movers, int moves,
      int[] overruns) {
    if (seat >= 0 && (call == CALL_SELECT || call == CALL_INFORM) && watch.changed()) {
      // the agent failed on a copy whose play had changed the match's state too: the game's copy
      // shares data with it, and the agent's error (an illegal state met by its search) follows from that
      String ran = ranOnCopy(seat, seats.get(seat), call == CALL_SELECT ? "selectAction" : "informAction");
      return error(state, micros, movers, moves, overruns,
          watch.fault(ran + " and failed (" + rootCause(e).getClass().getSimpleName() + ")").getMessage(), -1);
    }
    int blamed = blamed(e, seat, game, state, seat >= 0 ? agents[seat] : null);
    String failingGame = seat >= 0 && blamed < 0 ? game.name() : null;
    return error(state, micros, movers, moves, overruns,
        thrown(e, failingGame, seat, seat >= 0 ? seats.get(seat) : "", call, mover, action, state.historySize()), blamed);
  }

  /** {@code seat 0's agent uct ran selectAction on a copy of it}: what ran when the match's state changed. */
  private static String ranOnCopy(int seat, String agent, String call) {
    return "seat " + seat + "'s agent " + agent + " ran " + call + " on a copy of it";
  }

  /**
   * The seat an error match is blamed on ({@link MatchResult#failedSeat}): {@code seat}, the seat
   * whose agent the arena was calling, unless the fault is the game's: a broken contract ({@link
   * GameContractException}, anywhere), a method the game API requires of the game that it does not
   * implement ({@link MissingGameMethodException}, thrown by {@link State}'s defaults, e.g. the
   * {@code resample} that IS-MCTS needs in an imperfect-information game), or an exception thrown
   * in the game's own code while the agent ran ({@link #inGameCode}), e.g. {@code
   * OwnFaultGame$S.doApplyAction} reached by the agent's search; then −1, as when the arena called
   * the game itself. (A match whose state changed while an agent ran on a copy of it is the game's
   * too, found before this is asked: {@link CopyWatch}.)
   *
   * @param agent the agent of {@code seat}, or null (none yet: its creation failed; or seat −1)
   */
  static int blamed(Throwable e, int seat, Game game, State state, Agent agent) {
    Throwable root = rootCause(e);
    if (isGamesFault(root)) {
      return -1;
    }
    return seat >= 0 && inGameCode(root, game, state, agent) ? -1 : seat;
  }

  /**
   * Whether {@code root} says by its type that the game is at fault, in a message that names the
   * game and the fault: a broken contract ({@link GameContractException}) or a method the game
   * lacks ({@link MissingGameMethodException}).
   */
  private static boolean isGamesFault(Throwable root) {
    return root instanceof GameContractException || root instanceof MissingGameMethodException;
  }

  /**
   * Whether {@code t} was thrown in the game's own code: its place ({@link Faults#place}, the first
   * frame outside the JDK) is in the game's class or its state's class (or a lambda or an
   * anonymous class of theirs, {@code Race$S$1}), or, for a game outside Ponder's packages ({@code
   * dev.ponder.}), in another class of the game's package — unless the place is in the running
   * agent's own class (or one nested in it: an agent shipped with the game, e.g. {@code
   * Race$Bot}). Ponder's shared code (e.g. {@code AbstractGame}, {@code State}'s helpers) is no
   * game's own code, and neither is a named class nested in the game other than its state.
   *
   * @param agent the agent running when it was thrown, or null
   */
  static boolean inGameCode(Throwable t, Game game, State state, Agent agent) {
    StackTraceElement place = Faults.place(t);
    if (place == null) {
      return false;
    }
    String c = place.getClassName();
    if (agent != null && (c.equals(named(agent.getClass())) || c.startsWith(named(agent.getClass()) + "$"))) {
      return false;
    }
    String gameClass = named(game.getClass());
    if (ownOrAnonymous(c, gameClass) || ownOrAnonymous(c, named(state.getClass()))) {
      return true;
    }
    String pkg = packageOf(gameClass);
    return !pkg.isEmpty() && !gameClass.startsWith("dev.ponder.") && packageOf(c).equals(pkg);
  }

  /** The class's name as stack frames give it: a lambda's hidden class {@code A$$Lambda$12/0x…} as {@code A}. */
  private static String named(Class<?> k) {
    String n = k.getName();
    int lambda = n.indexOf("$$");
    return lambda < 0 ? n : n.substring(0, lambda);
  }

  /** Whether {@code c} is {@code owner} or an anonymous class in it ({@code owner$1}, {@code owner$1$2}). */
  private static boolean ownOrAnonymous(String c, String owner) {
    return c.equals(owner) || (c.length() > owner.length() + 1 && c.startsWith(owner + "$")
        && Character.isDigit(c.charAt(owner.length() + 1)));
  }

  /** {@code a.b} for {@code a.b.C} (or {@code a.b.C$D}); "" for a class in the unnamed package. */
  private static String packageOf(String className) {
    int dot = className.lastIndexOf('.');
    return dot < 0 ? "" : className.substring(0, dot);
  }

  /** The calls the arena makes ({@link #thrown}'s {@code call}). */
  static final int CALL_CREATE = 0;
  static final int CALL_SELECT = 1;
  static final int CALL_INFORM = 2;
  static final int CALL_IS_TERMINAL = 3;
  static final int CALL_CURRENT_PLAYER = 4;
  static final int CALL_CHANCE_OUTCOMES = 5;
  static final int CALL_IS_LEGAL = 6;
  static final int CALL_APPLY = 7;
  static final int CALL_RETURNS = 8;
  static final int CALL_COPY = 9;
  static final int CALL_NOTE = 10;

  /**
   * Whether the copy an agent was given no longer equals the match's state: another number of
   * actions in its history or another {@link State#hash()} (cheap next to any decision). {@code
   * ponder play} checks its agents with it too.
   *
   * @param view the copy handed to the agent, after the agent's call
   * @param state the match's own state (unchanged by the call)
   */
  public static boolean modified(State view, State state) {
    return view.historySize() != state.historySize() || view.hash() != state.hash();
  }

  /**
   * The error of a match whose agent changed the state it was given (one line), e.g. {@code seat 0's
   * agent mutator modified the state it was given in selectAction (its history went from 2 to 3
   * actions); an agent must not change the state (search from a copy: State.copy)}.
   *
   * @param seat the agent's seat
   * @param agent its agent string
   * @param call the agent's method that changed the copy ({@code selectAction}, {@code informAction})
   * @param view the copy, as the agent left it
   * @param state the match's state
   */
  public static String modifiedMessage(int seat, String agent, String call, State view, State state) {
    String how = view.historySize() != state.historySize()
        ? "its history went from " + state.historySize() + " to " + view.historySize() + " actions"
        : "its hash changed at move " + state.historySize();
    return "seat " + seat + "'s agent " + agent + " modified the state it was given in " + call + " (" + how
        + "); an agent must not change the state (search from a copy: State.copy)";
  }

  /**
   * An error record.
   *
   * @param failedSeat the seat whose agent's call failed, or -1 when the failure was no seat's
   *     agent's call ({@link MatchResult#failedSeat})
   */
  private static MatchResult error(State state, long[] micros, int[] movers, int moves, int[] overruns, String message,
      int failedSeat) {
    return new MatchResult(new double[0], state.historySize(), Arrays.copyOf(micros, moves),
        Arrays.copyOf(movers, moves), MatchResult.Status.ERROR, message, overruns, state.history(), failedSeat);
  }

  /**
   * The stored message of a match ended by an exception (or a JVM error other than running out of
   * memory): the call of the arena that failed, at which move (the number of actions applied so
   * far, chance outcomes included), and the exception's class, message (first line) and the
   * place it was thrown. It names the call; an agent's search calls the game's code, and a
   * game's code calls shared helpers, so the place (class, method, file and line) tells whose code
   * threw, and a fault of the game's met inside an agent's call is worded as the game's ({@link
   * #thrown(Throwable, String, int, String, int, int, int, int)}). The exception is the innermost
   * cause (a wrapper's own frame says nothing), and the place is its first frame outside the JDK
   * ({@code java.}, {@code javax.}, {@code jdk.}, {@code sun.}), falling back to the top frame.
   * E.g. {@code seat 1's agent uct(sims=20) failed in selectAction at move 3:
   * NullPointerException: … at com.example.MyBot.select(MyBot.java:12)}, {@code applying seat 0's
   * move 4 failed (in State.applyAction) at move 7: IllegalStateException: … at
   * com.example.Race$S.apply(Race.java:80)}.
   * A {@link GameContractException} or {@link MissingGameMethodException} is given by its message
   * alone (it names the game and the fault; its place is Ponder's helper or {@link State}'s
   * default): {@code listing the chance outcomes failed (in
   * State.chanceOutcomes) at move 1: race: the chance outcomes after history [1] have
   * probabilities summing to 0.9, ...}. This is the form of a failure blamed on the seat whose
   * agent's call failed, or of a call to the game itself; for the game's fault met inside an
   * agent's call, see {@link #thrown(Throwable, String, int, String, int, int, int, int)}.
   *
   * @param seat the seat whose agent the arena was calling, or -1 when it was calling the game
   * @param agent that seat's agent string ("" for the game)
   * @param call the call that failed (a {@code CALL_} constant)
   * @param mover for {@link #CALL_IS_LEGAL} and {@link #CALL_APPLY}: the seat whose move it is, or
   *     -1 for a chance outcome
   * @param action for those calls: the move (action id) being checked or applied
   * @param move actions applied so far
   */
  static String thrown(Throwable e, int seat, String agent, int call, int mover, int action, int move) {
    return thrown(e, null, seat, agent, call, mover, action, move);
  }

  /**
   * As {@link #thrown(Throwable, int, String, int, int, int, int)}, for a failure that may be the
   * game's although the arena was calling a seat's agent (the match is then blamed on no seat,
   * {@link #blamed}): with {@code failingGame} non-null and {@code seat ≥ 0}, the message says the
   * game failed during that agent's call, e.g. {@code game crash_race failed during seat 1's agent
   * uct(sims=20)'s selectAction at move 3: ArrayIndexOutOfBoundsException: … at
   * com.example.Race$S.legalActions(Race.java:96)} (also {@code informAction}, and {@code game G
   * failed while seat 1's agent X was created}); a broken contract is given by its message, as
   * there.
   *
   * @param failingGame the game's name ({@link Game#name}) when the fault is the game's, else null
   */
  static String thrown(Throwable e, String failingGame, int seat, String agent, int call, int mover, int action,
      int move) {
    Throwable root = rootCause(e);
    String message = root.getMessage() == null ? "" : ": " + root.getMessage().lines().findFirst().orElse("");
    // a broken contract's message names the game, the history and the fault; its place would be
    // the checking helper, not the game's code
    // so does an agent's data that does not fit the game (a saved policy without the state)
    String what = (isGamesFault(root) || root instanceof dev.ponder.agent.AgentDataFault) && !message.isEmpty()
        ? message.substring(2)
        : root.getClass().getSimpleName() + message + Faults.at(root);
    String whose = mover >= 0 ? "seat " + mover + "'s move " + action : "chance outcome " + action;
    String ofSeat = "seat " + seat + "'s agent " + agent;
    String failed = failingGame != null && seat >= 0 ? switch (call) {
      case CALL_CREATE -> "game " + failingGame + " failed while " + ofSeat + " was created";
      case CALL_INFORM -> "game " + failingGame + " failed during " + ofSeat + "'s informAction";
      default -> "game " + failingGame + " failed during " + ofSeat + "'s selectAction";
    } : switch (call) {
      case CALL_CREATE -> "creating " + ofSeat + " failed";
      case CALL_SELECT, CALL_INFORM -> ofSeat + " failed in "
          + (call == CALL_SELECT ? "selectAction" : "informAction");
      case CALL_CURRENT_PLAYER -> "asking whose turn it is failed (in State.currentPlayer)";
      case CALL_CHANCE_OUTCOMES -> "listing the chance outcomes failed (in State.chanceOutcomes)";
      case CALL_IS_LEGAL -> "checking " + whose + " failed (in State.isLegal)";
      case CALL_APPLY -> "applying " + whose + " failed (in State.applyAction)";
      case CALL_RETURNS -> "computing the returns failed (in State.returns)";
      case CALL_COPY -> "copying the state for an agent failed (in State.copyFrom)";
      case CALL_NOTE -> "noting the state before the agents' turn failed (in State.toString)";
      default -> "checking for the end of the game failed (in State.isTerminal)";
    };
    // a class missing from the class path: what to do about it, as the command line says it
    String note = Faults.missingClassNote(root);
    return failed + " at move " + move + ": " + what + (note == null ? "" : " (" + note + ")");
  }

  /** The innermost cause of {@code e} (at most 32 levels down; {@code e} itself when it has none). */
  private static Throwable rootCause(Throwable e) {
    Throwable root = e;
    for (int depth = 0; root.getCause() != null && root.getCause() != root && depth < 32; depth++) {
      root = root.getCause();
    }
    return root;
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
