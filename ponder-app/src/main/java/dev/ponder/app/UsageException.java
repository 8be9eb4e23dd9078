package dev.ponder.app;

/** Bad input from the user (unknown name, bad value, malformed file): exit code 2, one line. */
public class UsageException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public UsageException(String message) {
    super(message);
  }
}
