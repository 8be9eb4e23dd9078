package dev.ponder.game.check;

/**
 * A playthrough file could not be read or does not follow the OpenSpiel playthrough format
 * (see {@code reference/openspiel/README.md}). The message is one line naming the file and line.
 */
public class PlaythroughFormatException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** @param message one line naming the file (and the line, where one is at fault) and what is wrong */
  public PlaythroughFormatException(String message) {
    super(message);
  }

  /**
   * @param message one line naming the file and what is wrong
   * @param cause the underlying failure (an I/O error reading the file)
   */
  public PlaythroughFormatException(String message, Throwable cause) {
    super(message, cause);
  }
}
