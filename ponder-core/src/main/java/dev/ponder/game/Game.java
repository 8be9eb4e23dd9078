package dev.ponder.game;

import dev.ponder.spec.Params;

/**
 * A game with fixed parameter values: a factory of initial states plus the constants search
 * needs (OpenSpiel's {@code Game}). Implementations are immutable and thread-safe.
 */
public interface Game {

  /** The game family's static description. */
  GameType type();

  /** Resolved parameters (every declared parameter has a value). */
  Params params();

  /** Registry name, e.g. {@code tic_tac_toe}. */
  default String name() {
    return type().shortName();
  }

  /** Number of players n; players are {@code 0..n-1}. */
  int numPlayers();

  /** Size of the action space: every decision action lies in {@code [0, numDistinctActions())}. */
  int numDistinctActions();

  /** Largest number of outcomes at any chance node; 0 for deterministic games. */
  int maxChanceOutcomes();

  /** Lower bound of any player's return (unless {@link #minUtilityNominal()}). */
  double minUtility();

  /** Upper bound of any player's return (unless {@link #maxUtilityNominal()}). */
  double maxUtility();

  /**
   * Whether {@link #minUtility()} is only a nominal figure that some returns may fall below
   * (kept for compatibility, e.g. a value an OpenSpiel playthrough records) rather than a strict
   * lower bound. The conformance kit does not check returns against a nominal bound, and {@code
   * ponder games} marks it. Default: {@code false} (strict).
   */
  default boolean minUtilityNominal() {
    return false;
  }

  /**
   * Whether {@link #maxUtility()} is only a nominal figure that some returns may exceed (kept for
   * compatibility, e.g. 2048's default game, whose OpenSpiel playthrough records
   * {@code MaxUtility() = 20480}) rather than a strict upper bound. Code that normalises returns
   * by the utility range should not rely on a nominal side. The conformance kit does not check
   * returns against it, and {@code ponder games} marks it. Default: {@code false} (strict).
   */
  default boolean maxUtilityNominal() {
    return false;
  }

  /**
   * Sum of all players' returns (raw utility) for zero-sum (0) and constant-sum games; {@code
   * NaN} for general-sum and identical-interest games.
   *
   * @throws IllegalStateException if the game is constant-sum and does not override this method
   *     to declare its sum
   */
  default double utilitySum() {
    switch (type().utility()) {
      case ZERO_SUM:
        return 0.0;
      case CONSTANT_SUM:
        throw new IllegalStateException(name() + " is constant-sum but does not declare its utility sum");
      default:
        return Double.NaN;
    }
  }

  /** Upper bound on the number of actions (decisions and chance outcomes) in any history. */
  int maxGameLength();

  /**
   * Upper bound on the number of decisions (player actions, chance outcomes excluded) in any
   * history: OpenSpiel's {@code MaxGameLength()}, which the playthrough replayer compares. Games
   * with chance nodes override it when it is smaller than {@link #maxGameLength()} (pig: the
   * horizon, while a history may hold up to 2·horizon − 1 actions). Default: {@link
   * #maxGameLength()}.
   */
  default int maxDecisions() {
    return maxGameLength();
  }

  /**
   * Upper bound on the number of chance outcomes in any history (OpenSpiel's {@code
   * MaxChanceNodesInHistory()}). Default: 0 for deterministic games, {@link #maxGameLength()}
   * (always a valid bound, since that counts every action) for games with chance; games override
   * it with a tighter bound.
   */
  default int maxChanceNodesInHistory() {
    return type().hasChance() ? maxGameLength() : 0;
  }

  /** A fresh initial state. */
  State newInitialState();

  /**
   * Shape of {@link State#informationStateTensor} (the sizes of its dimensions, whose product is the
   * tensor's length); empty if the game does not provide it.
   */
  default int[] informationStateTensorShape() {
    return new int[0];
  }

  /**
   * Shape of {@link State#observationTensor} (the sizes of its dimensions, whose product is the
   * tensor's length); empty if the game does not provide it.
   */
  default int[] observationTensorShape() {
    return new int[0];
  }

  /**
   * Upper bound on the number of legal actions or chance outcomes at any state: the size every
   * caller gives the buffers of {@link State#legalActions(int[])} and {@link
   * State#chanceOutcomes(int[], double[])}. A state that writes more throws {@link
   * ArrayIndexOutOfBoundsException} from inside the game (see {@link State#legalActions(int[])}).
   * Default: the larger of {@link #numDistinctActions()} and {@link #maxChanceOutcomes()}, which a
   * correct game cannot exceed; override it only with a tighter bound that holds at every state.
   */
  default int maxActionsPerState() {
    return Math.max(numDistinctActions(), maxChanceOutcomes());
  }

  /**
   * Whether the information states give perfect recall: every history with one information
   * state of player p gives p the same own earlier sequence of (information state, action)
   * pairs, so that p never forgets what it saw or did. Default true, which the conformance kit
   * checks ({@code perfect-recall}) and solving, exploitability and best response rely on.
   *
   * <p>A game returns false only when its information-state strings must follow a format that
   * forgets (OpenSpiel's, for strings that policy files and playthroughs share): dark_hex shows
   * the current move count but not the counts at the player's earlier moves. The kit then checks
   * only that no information state recurs at two decisions of one player on one history (which
   * no information-state format may do: the game tree and best response would loop), and the
   * game tree accepts the game, whose solutions and best responses then carry no perfect-recall
   * guarantee.
   */
  default boolean perfectRecall() {
    return true;
  }

  /**
   * Canonical game string that {@link GameRegistry#load(String)} turns back into an equal game,
   * e.g. {@code hex(board_size=5)}. Shows only the explicitly given parameters, as OpenSpiel does.
   */
  default String spec() {
    return params().toSpecString();
  }

  /**
   * Replays {@code actions} from the initial state with legality checks ({@link
   * State#applyAction(int)}).
   *
   * @param actions the history, chance outcomes included, first action first
   * @throws IllegalActionException at the first illegal action
   * @throws GameContractException if the game's legal actions at some state are not in ascending
   *     order and the action is among them
   */
  default State stateFromHistory(int[] actions) {
    State s = newInitialState();
    for (int a : actions) {
      s.applyAction(a);
    }
    return s;
  }
}
