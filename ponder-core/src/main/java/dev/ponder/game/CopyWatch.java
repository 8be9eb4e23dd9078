package dev.ponder.game;

/**
 * A referee's check that the copies it hands out are independent of its own state: it notes the
 * state ({@link #note}: history length, current player and {@link State#toString()}, the board)
 * before code it does not own runs on a copy (an agent's search, a tree walk's child), and
 * afterwards asks whether the state changed ({@link #changed}). Nothing given only a copy can
 * change the original, unless the game's {@link State#copy()} or {@link State#copyFrom} shares
 * mutable data (an array, a list) between a state and its copies: then play on a copy changes the
 * original, and a referee would go on from a position no move led to (or blame the agent for a
 * move its own state now calls illegal). {@link #fault} is that error, the game's: a {@link
 * GameContractException}, blamed on no agent.
 *
 * <p>Who checks: the arena's and {@code ponder play}'s referees (each move, around the agents'
 * calls), {@code ponder search} (around the search), the game tree of {@code solve}, {@code
 * exploitability} and best response, and the tabularization of an agent (around its calls, and
 * each node's state after its other children were played on copies). The conformance kit ({@code
 * ponder check}, its {@code copy} check) finds the same fault directly.
 *
 * <p>Cost: one {@code toString()} per {@link #note} and per {@link #changed}, which allocate the
 * board's string; nothing else. Not thread-safe: one per referee.
 */
public final class CopyWatch {
  /** Characters of a board shown in {@link #fault}'s message; a longer board, or one of several lines, is not shown. */
  private static final int SHOWN = 60;

  private State state;
  private int historySize;
  private int player;
  private String board;

  /**
   * Notes {@code s} as it is now (calls the game's {@link State#currentPlayer()} and {@link
   * State#toString()}, which may throw).
   *
   * @throws NullPointerException if {@code s} is null
   */
  public void note(State s) {
    historySize = s.historySize();
    player = s.currentPlayer();
    board = s.toString();
    state = s;
  }

  /**
   * Whether the noted state differs from what {@link #note} saw: another history length, current
   * player or board; also true when its methods now throw (they did not then). False before the
   * first note.
   */
  public boolean changed() {
    if (state == null) {
      return false;
    }
    try {
      return state.historySize() != historySize || state.currentPlayer() != player
          || !state.toString().equals(board);
    } catch (RuntimeException e) {
      return true;
    }
  }

  /**
   * Runs {@code work} (code that plays on copies of the noted state) and checks the state after it:
   * returns what {@code work} returns when the state is unchanged; else throws {@link #fault}. An
   * exception of {@code work} propagates as it is, unless the state changed (the error then follows
   * from the game's shared copy: the fault, with it as the cause); a {@link GameContractException}
   * (the game's fault already) always propagates as it is.
   *
   * @param during what {@code work} does, as {@link #fault(String)} names it, e.g. {@code the agent
   *     uct searched copies of it}
   * @throws GameContractException if the noted state changed (never before a {@link #note})
   */
  public <T> T check(String during, java.util.function.Supplier<T> work) {
    T result;
    try {
      result = work.get();
    } catch (GameContractException e) {
      throw e;
    } catch (RuntimeException e) {
      if (changed()) {
        throw fault(during + " and failed (" + e.getClass().getSimpleName() + ")", e);
      }
      throw e;
    }
    if (changed()) {
      throw fault(during);
    }
    return result;
  }

  /**
   * The game's error for a noted state that {@link #changed}: one line naming the game string, the
   * move, what ran ({@code during}), the change (the boards when short) and the fault, e.g. {@code
   * dice_race(fault=6): the state at move 0 changed while seat 0's agent uct(sims=100) ran on a copy
   * of it ('positions 0 0, player 0 to move' became 'positions 10 2, player 0 to move'); the game's
   * copy() or copyFrom shares mutable data (an array, a list) between a state and its copies, so
   * play on a copy changed the original; the game API requires copies independent of their source
   * (State.copy, State.copyFrom); run ponder check 'dice_race(fault=6)'}.
   *
   * @param during what ran on copies of the state, e.g. {@code seat 0's agent uct ran on a copy of it}
   * @throws IllegalStateException if nothing was noted
   */
  public GameContractException fault(String during) {
    return fault(during, null);
  }

  /**
   * As {@link #fault(String)}, with the error that the change caused (an agent's search failing on
   * the changed position) as its cause.
   *
   * @param cause the error, or null
   * @throws IllegalStateException if nothing was noted
   */
  public GameContractException fault(String during, Throwable cause) {
    if (state == null) {
      throw new IllegalStateException("no state noted");
    }
    String how;
    try {
      int now = state.currentPlayer();
      how = now != player ? "its current player went from " + player(player) + " to " + player(now) : "";
      String after = state.toString();
      if (!after.equals(board)) {
        how += (how.isEmpty() ? "" : "; ") + (shown(board) && shown(after) ? "'" + board + "' became '" + after + "'"
            : "its board (toString) changed");
      }
      if (state.historySize() != historySize) {
        how += (how.isEmpty() ? "" : "; ") + "its history went from " + historySize + " to " + state.historySize()
            + " actions";
      }
    } catch (RuntimeException e) {
      how = "its methods now throw " + e.getClass().getSimpleName();
    }
    return fault(state.game(), historySize, during, how, cause);
  }

  /**
   * The same error for a state {@code s} whose board, noted as {@code before} ({@link
   * State#toString()}), is now {@code after}: the form of {@link #fault(String)} for walks that keep
   * a board per state rather than a watch.
   *
   * @param during what ran on copies of it, e.g. {@code its first child was played on a copy of it}
   */
  public static GameContractException fault(State s, String before, String after, String during) {
    String how = shown(before) && shown(after) ? "'" + before + "' became '" + after + "'"
        : "its board (toString) changed";
    return fault(s.game(), s.historySize(), during, how, null);
  }

  private static GameContractException fault(Game game, int move, String during, String how, Throwable cause) {
    String spec = game.spec();
    return new GameContractException(spec + ": the state at move " + move + " changed while " + during
        + (how.isEmpty() ? "" : " (" + how + ")") + "; the game's copy() or copyFrom shares mutable data (an array,"
        + " a list) between a state and its copies, so play on a copy changed the original; the game API requires"
        + " copies independent of their source (State.copy, State.copyFrom); run ponder check '" + spec + "'", cause);
  }

  private static boolean shown(String board) {
    return board.length() <= SHOWN && board.indexOf('\n') < 0 && board.indexOf('\r') < 0;
  }

  private static String player(int p) {
    return p == State.TERMINAL ? "TERMINAL" : p == State.CHANCE ? "CHANCE" : Integer.toString(p);
  }
}
