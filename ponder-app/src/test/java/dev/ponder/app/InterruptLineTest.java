package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C (or SIGTERM) at any step of {@code solve} and {@code exploitability} prints one line
 * saying what it cut short and what was saved: before, the steps without a handler of their own
 * (a command starting, an agent being tabularized) ended silently with exit 130.
 */
@DisabledOnOs(OS.WINDOWS) // sends the signal with kill
class InterruptLineTest {
  @TempDir Path dir;

  private static List<String> java(String main, String... args) {
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
        System.getProperty("java.class.path"), main));
    cmd.addAll(List.of(args));
    return cmd;
  }

  /** Starts {@code cmd}, waits until its stderr contains {@code ready}, sends the signal; returns the child. */
  private Process signalWhen(List<String> cmd, Path err, String ready, Signals.Interrupt sig) throws Exception {
    Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(err.toFile()).start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (!(Files.exists(err) && Files.readString(err).contains(ready))) {
      assertThat(p.isAlive()).as("child ended before '" + ready + "'; stderr: " + Files.readString(err)).isTrue();
      assertThat(System.nanoTime()).as("'" + ready + "' in time").isLessThan(deadline);
      Thread.sleep(20);
    }
    Process kill = new ProcessBuilder("kill", sig.flag(), Long.toString(p.pid())).inheritIO().start();
    assertThat(kill.waitFor(10, TimeUnit.SECONDS)).isTrue();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("child exits after the signal").isTrue();
    return p;
  }

  /** While solve loads its game (before the tree is built), the signal says so. */
  @Test
  void solveInterruptedWhileStartingSaysSo() throws Exception {
    Signals.Interrupt sig = Signals.interrupt();
    Path err = dir.resolve("start.err");
    Process p = signalWhen(java(SlowStartMain.class.getName(), "solve", "kuhn_poker", "--no-progress"), err,
        "creating kuhn_poker", sig);
    assertThat(p.exitValue()).isEqualTo(sig.exitCode());
    assertThat(Files.readString(err)).isEqualTo("creating kuhn_poker" + System.lineSeparator()
        + "ponder: solve: interrupted while starting; nothing was computed or saved" + System.lineSeparator());
  }

  /** While an agent is tabularized, the signal names the agent, the seed and how far it got. */
  @Test
  void exploitabilityInterruptedWhileTabularizingSaysHowFarItGot() throws Exception {
    Signals.Interrupt sig = Signals.interrupt();
    Path err = dir.resolve("tab.err");
    Process p = signalWhen(java(Ponder.class.getName(), "exploitability", "leduc_poker", "--agent", "uct(sims=2000)",
        "--runs", "5", "--seeds", "2", "--out", dir.resolve("never.json").toString(), "--progress-interval", "0"), err,
        "information states (", sig);
    assertThat(p.exitValue()).isEqualTo(sig.exitCode());
    List<String> lines = Files.readString(err).lines().toList();
    assertThat(lines.get(lines.size() - 1)).matches("ponder: exploitability: interrupted while tabularizing uct\\(sims=2000\\)"
        + " \\(seed 0, 1 of 2: \\d+ of 936 information states\\); nothing was saved");
    assertThat(lines.subList(0, lines.size() - 1)).allMatch(l -> l.startsWith("exploitability: "));
    assertThat(dir.resolve("never.json")).doesNotExist();
  }

  /**
   * The command's thread runs on while the JVM ends: a progress line it prints after the signal's
   * line must not follow it (one did, now and then, in the tabularizing test above).
   */
  @Test
  void theSignalsLineStaysTheLastLine() {
    java.io.StringWriter out = new java.io.StringWriter();
    java.io.PrintWriter err = new java.io.PrintWriter(out);
    InterruptLine line = new InterruptLine(err, () -> "ponder: exploitability: interrupted while tabularizing x; nothing was saved");
    try {
      err.println("exploitability: tabularizing x: 5/936 states");
      line.say();
      err.println("exploitability: tabularizing x: 6/936 states");
      err.printf("%s%n", "exploitability: tabularizing x: 7/936 states");
      err.flush();
    } finally {
      line.close();
    }
    assertThat(out.toString().lines().toList()).containsExactly("exploitability: tabularizing x: 5/936 states",
        "ponder: exploitability: interrupted while tabularizing x; nothing was saved");
  }

  /**
   * A command that stops itself: the signal asks it to stop and waits while it prints what it
   * computed and says so; the line is the one the command set, printed after its output.
   */
  @Test
  void theSignalWaitsForACommandThatStopsItself() throws Exception {
    java.io.StringWriter text = new java.io.StringWriter();
    java.io.PrintWriter err = new java.io.PrintWriter(text);
    InterruptLine line = new InterruptLine(err, () -> "ponder: x: interrupted while starting");
    java.util.concurrent.CountDownLatch working = new java.util.concurrent.CountDownLatch(1);
    Thread command = new Thread(() -> {
      line.stopsCommand(Thread.currentThread()::interrupt);
      working.countDown();
      try {
        Thread.sleep(60_000); // the work: stops on the interrupt, as a search does
      } catch (InterruptedException e) {
        assertThat(line.requested()).isTrue();
      }
      assertThat(line.claimOutput()).isTrue();
      assertThat(Thread.currentThread().isInterrupted()).isFalse(); // cleared for the printing
      err.println("output of the work done");
      line.set("ponder: x: interrupted after the work done; printed above");
      line.close();
    });
    command.start();
    working.await();
    line.say(); // the hook
    command.join(10_000);
    assertThat(text.toString().lines().toList()).containsExactly("output of the work done",
        "ponder: x: interrupted after the work done; printed above");
  }

  /** Before the command stops itself, the signal speaks at once, and the command may print nothing more. */
  @Test
  void aSignalBeforeTheWorkSilencesTheCommand() {
    java.io.StringWriter text = new java.io.StringWriter();
    InterruptLine line = new InterruptLine(new java.io.PrintWriter(text), () -> "ponder: x: interrupted while starting");
    try {
      line.say();
      line.stopsCommand();
      assertThat(line.claimOutput()).isFalse();
    } finally {
      line.close();
    }
    assertThat(text.toString()).isEqualTo("ponder: x: interrupted while starting" + System.lineSeparator());
  }

  /**
   * The hook of the time before a command runs: the commands whose interrupted runs always say
   * what happened, found after root options.
   */
  @Test
  void theStartupHookIsForTheCommandsThatSpeak() {
    for (String[] args : new String[][] {{"solve", "kuhn_poker"}, {"--verbose", "exploitability", "x"}, {"simulate", "x"},
        {"perft", "x"}, {"check", "x"}, {"search", "x"}, {"bench", "playouts"}}) {
      Thread h = InterruptLine.startup(args);
      assertThat(h).isNotNull();
      InterruptLine.remove(h);
      assertThat(Runtime.getRuntime().removeShutdownHook(h)).isFalse(); // removed already
    }
    assertThat(InterruptLine.startup(new String[] {"arena"})).isNull();
    assertThat(InterruptLine.startup(new String[] {"bench", "search"})).isNull();
    assertThat(InterruptLine.startup(new String[] {"bench"})).isNull();
    assertThat(InterruptLine.startup(new String[] {})).isNull();
    assertThat(InterruptLine.starting("solve")).isEqualTo("ponder: solve: interrupted while starting; nothing was computed or saved");
  }
}
