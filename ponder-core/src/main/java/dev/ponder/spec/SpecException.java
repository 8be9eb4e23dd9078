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

  /**
   * The one wording for a key's number below its least value, as the command line words an
   * option's ({@code --parallel must be at least 1, got 0}): {@code uct: sims must be at least 1,
   * got 0}.
   *
   * @param owner who reads the key (a game or agent name, or {@code budget 'sims=0'}), put before
   *     a colon
   * @param key the key as written
   * @param least the least value accepted
   * @param got the value given, as typed
   */
  public static SpecException atLeast(String owner, String key, long least, Object got) {
    return new SpecException(owner + ": " + key + " must be at least " + least + ", got " + got);
  }
}
