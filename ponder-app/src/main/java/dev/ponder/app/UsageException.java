package dev.ponder.app;

/** Bad input from the user (unknown name, bad value, malformed file): exit code 2, one line. */
public class UsageException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** True when the error line ends with where to read the valid values (the command's --help). */
  private final boolean pointsToHelp;

  public UsageException(String message) {
    this(message, false);
  }

  private UsageException(String message, boolean pointsToHelp) {
    super(message);
    this.pointsToHelp = pointsToHelp;
  }

  /**
   * Whether the command line adds {@code (see 'ponder COMMAND --help')} to the error line, as it
   * does to the errors picocli finds while parsing (a value outside an enumerated option's choices
   * among them): true for {@link #notValid}.
   */
  boolean pointsToHelp() {
    return pointsToHelp;
  }

  /**
   * The one wording for a number below its least value, e.g. {@code --parallel must be at least
   * 1, got 0}.
   *
   * @param option the option as the user typed it
   * @param least the least value accepted
   * @param got the value given, as it should be shown
   */
  static UsageException atLeast(String option, long least, Object got) {
    return new UsageException(option + " must be at least " + least + ", got " + got);
  }

  /**
   * The one wording for a number at or below a bound it must exceed (a decimal option that must be
   * positive), e.g. {@code --seconds must be greater than 0, got 0}.
   *
   * @param option the option as the user typed it
   * @param bound the bound, as it should be shown ({@code 0}, or {@code 0 (or inf)} when a word is
   *     accepted too)
   * @param got the value given, as it should be shown
   */
  static UsageException greaterThan(String option, Object bound, Object got) {
    return new UsageException(option + " must be greater than " + bound + ", got " + got);
  }

  /**
   * The one wording for a number outside an option's range, e.g. {@code --forks must be in
   * 1..100, got 101}, {@code --epsilon must be in (0, 1], got 0}.
   *
   * @param option the option as the user typed it
   * @param range the range as it should be shown ({@code 1..100}; {@code (0, 1]} when a bound is
   *     left out)
   * @param got the value given, as it should be shown
   */
  static UsageException inRange(String option, String range, Object got) {
    return new UsageException(option + " must be in " + range + ", got " + got);
  }

  /**
   * The one wording for a value outside an option's fixed choices, e.g. {@code --schedule:
   * 'benchmrk' is not valid; valid: round-robin, benchmark (did you mean benchmark?)}; the command
   * line adds {@code (see 'ponder arena --help')}, as to a choice that picocli refuses itself.
   *
   * @param option the option as the user typed it
   * @param value the value given
   * @param valid the choices, in the order to list them
   * @param hint appended as is (a " (did you mean ...?)" or empty)
   */
  static UsageException notValid(String option, String value, java.util.List<String> valid, String hint) {
    return new UsageException(option + ": '" + value + "' is not valid; valid: " + String.join(", ", valid) + hint, true);
  }
}
