package dev.ponder.game;

/**
 * A caller needed a method that the game does not implement although the game API requires it of
 * such a game: {@link State#resample}/{@link State#resampleInto} of an imperfect-information game
 * (IS-MCTS draws the worlds it searches with them), {@link State#doUndoAction} of a game whose
 * {@link State#supportsUndo()} is true, a tensor whose shape the game declares. Thrown by {@link
 * State}'s defaults. A fault of the game, not of its caller: the arena blames such a match on no
 * seat (not scored), as it does a {@link GameContractException}. It is an {@link
 * UnsupportedOperationException}, so code that catches that (to skip what a game cannot do) still
 * catches it.
 */
public class MissingGameMethodException extends UnsupportedOperationException {
  private static final long serialVersionUID = 1L;

  private final String method;

  /**
   * @param method the missing method as the message names it, e.g. {@code resample}
   * @param message one line naming the game, the missing method and what needs it
   */
  public MissingGameMethodException(String method, String message) {
    super(message);
    this.method = method;
  }

  /** The missing method, e.g. {@code resample}. */
  public String method() {
    return method;
  }
}
