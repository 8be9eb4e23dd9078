package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/** For tests that send a child JVM a signal with {@code kill}. */
final class Signals {
  private Signals() {}

  /** A child JVM running {@code ponder} (its {@link Ponder#main}), standard output and error in files. */
  record Child(Process process, Path outFile, Path errFile) {
    /** The child's standard output so far. */
    String out() throws IOException {
      return Files.readString(outFile);
    }

    /** The child's standard error so far. */
    String err() throws IOException {
      return Files.readString(errFile);
    }

    /** The last line of the child's standard error. */
    String lastErrLine() throws IOException {
      List<String> lines = err().lines().toList();
      return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
    }

    /** Asserts that the last line of the child's standard error matches {@code regex}; its matcher. */
    java.util.regex.Matcher lastErrLineMatching(String regex) throws IOException {
      java.util.regex.Matcher m = java.util.regex.Pattern.compile(regex).matcher(lastErrLine());
      assertThat(m.matches()).as("last line of stderr: " + err()).isTrue();
      return m;
    }

    /**
     * Waits (up to 60 s) until {@code ready} holds of the child, sends it {@code sig} with {@code
     * kill}, and waits (up to 60 s) for it to exit; returns its exit code.
     */
    int interruptWhen(Interrupt sig, Predicate<Child> ready) throws Exception {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (!ready.test(this)) {
        assertThat(process.isAlive()).as("child ended before it was ready; stderr: " + err()).isTrue();
        assertThat(System.nanoTime()).as("child ready in time; stderr: " + err()).isLessThan(deadline);
        Thread.sleep(10);
      }
      assertThat(process.isAlive()).as("child ended before the signal; stderr: " + err()).isTrue();
      Process kill = new ProcessBuilder("kill", sig.flag(), Long.toString(process.pid())).inheritIO().start();
      assertThat(kill.waitFor(10, TimeUnit.SECONDS)).isTrue();
      assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("child exits after the signal").isTrue();
      return process.exitValue();
    }
  }

  /** Starts {@code ponder ARGS} in a child JVM on this class path, its output in files under {@code dir}. */
  static Child ponder(Path dir, String... args) throws IOException {
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), Ponder.class.getName()));
    cmd.addAll(List.of(args));
    Path out = dir.resolve("child.out");
    Path err = dir.resolve("child.err");
    Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    p.getOutputStream().close();
    return new Child(p, out, err);
  }

  /**
   * Runs {@code ponder ARGS} in a child JVM (output in files under {@code dir}), sends it Ctrl-C's
   * signal ({@link #interrupt()}) once {@code ready} holds, and asserts it exits with the signal's
   * code; returns the ended child.
   */
  static Child interrupted(Path dir, Predicate<Child> ready, String... args) throws Exception {
    Interrupt sig = interrupt();
    Child child = ponder(dir, args);
    assertThat(child.interruptWhen(sig, ready)).as("exit code; stderr: " + child.err()).isEqualTo(sig.exitCode());
    return child;
  }

  /** {@code child}'s condition that its standard output or error contains {@code text}. */
  static Predicate<Child> printed(String text) {
    return printed(text, 0);
  }

  /** {@link #printed(String)}, then {@code ms} milliseconds more (the child goes on working). */
  static Predicate<Child> printed(String text, long ms) {
    return c -> {
      try {
        if (!c.out().contains(text) && !c.err().contains(text)) {
          return false;
        }
        Thread.sleep(ms);
        return true;
      } catch (IOException e) {
        return false;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return true;
      }
    };
  }

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
