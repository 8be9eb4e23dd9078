package dev.ponder.game.check;

/**
 * A playthrough file could not be read or does not follow the OpenSpiel playthrough format
 * (see {@code reference/openspiel/README.md}). The message is one line naming the file and line.
 */
public class PlaythroughFormatException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public PlaythroughFormatException(String message) {
    super(message);
  }

  public PlaythroughFormatException(String message, Throwable cause) {
    super(message, cause);
  }
}
