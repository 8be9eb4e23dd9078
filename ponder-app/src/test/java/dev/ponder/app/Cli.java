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

  /**
   * Runs {@code args} in a fresh JVM on this class path: only the shipped games and agents are
   * registered there, where in this JVM other test classes register games and agents of their
   * own (and the listings include them whenever those classes ran first).
   */
  static Cli runInChildJvm(String... args) {
    java.util.List<String> cmd = new java.util.ArrayList<>(java.util.List.of(
        java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
        System.getProperty("java.class.path"), Ponder.class.getName()));
    cmd.addAll(java.util.List.of(args));
    try {
      java.nio.file.Path err = java.nio.file.Files.createTempFile("ponder-cli", ".err");
      try {
        Process p = new ProcessBuilder(cmd).redirectError(err.toFile()).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS)) {
          p.destroyForcibly();
          throw new AssertionError("ponder " + String.join(" ", args) + " did not end in 120 s");
        }
        return new Cli(p.exitValue(), out, java.nio.file.Files.readString(err));
      } finally {
        java.nio.file.Files.deleteIfExists(err);
      }
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  static Cli runWithInput(String stdin, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Ponder.run(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
        new PrintWriter(out, true), new PrintWriter(err, true), args);
    return new Cli(code, out.toString(), err.toString());
  }
}
