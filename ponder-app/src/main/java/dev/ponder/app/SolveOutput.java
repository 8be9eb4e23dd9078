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
   * print: fixed-point notation with 8 decimals ({@code 0.00822598}, {@code 0.00007303}); a
   * non-zero value below 1e-5 in magnitude gets the decimals that show 4 significant digits
   * ({@code 0.0000007051}), so a converged policy never prints as 0 or as a rounded 0.00000070;
   * scientific notation ({@code 3.250e-15}) only below 1e-12, where fixed notation would need more
   * than 15 decimals. Values are rounded, not truncated.
   */
  static String number(double x) {
    double a = Math.abs(x);
    if (x == 0 || !Double.isFinite(x) || a >= 1e-5) {
      return String.format(Locale.ROOT, "%.8f", x);
    }
    if (a < 1e-12) {
      return String.format(Locale.ROOT, "%.3e", x);
    }
    int decimals = 3 - (int) Math.floor(Math.log10(a));
    return String.format(Locale.ROOT, "%." + decimals + "f", x);
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
