package dev.ponder.game;

/**
 * A game's state broke the game API's contract in a way a tool detected while using it (chance
 * outcomes whose probabilities do not sum to 1, legal actions that are not in ascending order):
 * a fault of the game's code, not of the caller's input. The message is one line naming the game,
 * the history, what was wrong, and {@code ponder check} as the way to find the game's other
 * faults. Thrown by {@link GameContract}'s checks.
 */
public class GameContractException extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  /** @param message one line naming the game, the history and the fault */
  public GameContractException(String message) {
    super(message);
  }

  /**
   * @param message one line naming the game, the history and the fault
   * @param cause what the fault caused or was found through (an agent's error on a changed state,
   *     a {@link MissingGameMethodException}), kept for {@code --verbose}
   */
  public GameContractException(String message, Throwable cause) {
    super(message, cause);
  }
}
