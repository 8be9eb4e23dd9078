package dev.ponder.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Number format and output-file checks shared by {@code ponder solve} and
 * {@code ponder exploitability}.
 */
final class SolveOutput {
  private SolveOutput() {}

  /**
   * One rule for every exploitability, NashConv, gain, return and standard error the two commands
   * print: 8 decimals ({@code 0.00822598}); a non-zero value below 1e-4 in magnitude in scientific
   * notation with 4 significant digits ({@code 7.051e-07}), so a converged policy never prints as
   * 0 or as a rounded 0.000001.
   */
  static String number(double x) {
    if (x != 0 && Math.abs(x) < 1e-4 && Double.isFinite(x)) {
      return String.format(Locale.ROOT, "%.3e", x);
    }
    return String.format(Locale.ROOT, "%.8f", x);
  }

  /**
   * Checks an output path given to {@code option} before any work: not empty, writable
   * ({@link IoReasons#requireWritable}).
   *
   * @throws UsageException one line naming the option
   */
  static void requireWritable(String option, Path file) {
    if (file.toString().isBlank()) {
      throw new UsageException(option + " needs a file name; the path is empty");
    }
    IoReasons.requireWritable(option, file);
  }

  /**
   * Refuses two output options naming one file (after normalising the paths, or the same file
   * through a link when it exists): the second write would replace the first.
   *
   * @throws UsageException one line naming both options and the path
   */
  static void requireDistinct(String optionA, Path a, String optionB, Path b) {
    if (a == null || b == null) {
      return;
    }
    boolean same = a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
    try {
      same |= Files.exists(a) && Files.exists(b) && Files.isSameFile(a, b);
    } catch (IOException e) {
      // unreadable: the writability checks report it
    }
    if (same) {
      throw new UsageException(optionA + " and " + optionB + " name the same file (" + b + "); the second would overwrite"
          + " the first: give two different paths");
    }
  }
}
