package dev.ponder.app;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;

/** Runs the {@code ponder} command line in-process with captured output (test helper). */
final class Cli {
  final int exit;
  final String out;
  final String err;

  private Cli(int exit, String out, String err) {
    this.exit = exit;
    this.out = out;
    this.err = err;
  }

  static Cli run(String... args) {
    return runWithInput("", args);
  }

  /** Runs {@code args} and returns {exit code, stdout, stderr}, for tests that index the three. */
  static String[] runFields(String... args) {
    Cli c = run(args);
    return new String[] {Integer.toString(c.exit), c.out, c.err};
  }

  static Cli runWithInput(String stdin, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Ponder.run(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
        new PrintWriter(out, true), new PrintWriter(err, true), args);
    return new Cli(code, out.toString(), err.toString());
  }
}
