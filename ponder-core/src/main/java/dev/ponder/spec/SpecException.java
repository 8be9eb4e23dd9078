package dev.ponder.spec;

/**
 * A game or agent specification string could not be understood: unknown name, unknown parameter,
 * malformed syntax or a value out of range. The message is one line and lists what is valid (with
 * {@code (did you mean ...?)} when one name is clearly the closest, {@link Suggestions}).
 */
public class SpecException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  /** @param message one line naming what was wrong and what is valid */
  public SpecException(String message) {
    super(message);
  }
}
