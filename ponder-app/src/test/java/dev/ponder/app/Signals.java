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
}
