package dev.ponder.game;

/** An action that is not legal in the state it was applied to; the message lists the legal ones. */
public class IllegalActionException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  /** @param message one line naming the action and listing the legal ones */
  public IllegalActionException(String message) {
    super(message);
  }
}
