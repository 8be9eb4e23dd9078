package dev.ponder.app;

import java.nio.file.Files;
import java.nio.file.Path;

/** For tests that send a child JVM a signal with {@code kill}. */
final class Signals {
  private Signals() {}

  /**
   * Whether this JVM was started with {@code signal} ignored (the {@code SigIgn} mask of
   * /proc/self/status). A shell starts background jobs with SIGINT ignored, the child JVM inherits
   * that, and the JVM then installs no handler for it: a CI runner can be such a job. False where
   * /proc cannot be read (the default dispositions are assumed).
   */
  static boolean ignored(int signal) {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("SigIgn:")) {
          return (Long.parseUnsignedLong(line.substring(7).trim(), 16) & (1L << (signal - 1))) != 0;
        }
      }
    } catch (java.io.IOException | RuntimeException e) {
      // no /proc: assume the default dispositions
    }
    return false;
  }

  /** The signal a test sends for Ctrl-C ({@code kill}'s flag) and the exit code the JVM then ends with. */
  record Interrupt(String flag, int exitCode) {}

  /**
   * SIGINT (Ctrl-C; exit 130) unless this JVM runs with it ignored, then SIGTERM, which takes the
   * same path (exit 143); the test is skipped when both are ignored.
   */
  static Interrupt interrupt() {
    boolean term = ignored(2);
    org.junit.jupiter.api.Assumptions.assumeFalse(term && ignored(15), "SIGINT and SIGTERM are both ignored here");
    return term ? new Interrupt("-TERM", 143) : new Interrupt("-INT", 130);
  }
}
