package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ponder.solve.TabularPolicy;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * What an interrupted {@code ponder solve} must not lose: the error line of a failed save (printed
 * before the exit is released), a finished run at {@code --out} (kept; the partial policy goes
 * beside it), the truth about a signal after the last iteration, and the saved policy when a
 * second signal cuts the final measurement short.
 */
class SolveInterruptSafetyTest {
  @TempDir Path dir;

  /** One in-process run ({@link SolveRuns#run}). */
  private static String[] run(java.util.function.BiConsumer<SolveCommand, Integer> atIteration,
      Consumer<SolveCommand> setUp, String... args) {
    return SolveRuns.run(atIteration, setUp, args);
  }

  private static String[] interruptedAt(int stopAt, String... args) {
    return run((s, k) -> {
      if (k == stopAt) {
        s.interrupt.request();
      }
    }, s -> { }, args);
  }

  @Test
  void aSaveThatFailsAfterAnInterruptPrintsItsErrorBeforeTheExitIsReleased() throws Exception {
    Path policy = dir.resolve("q").resolve("p.json");
    StringWriter errAtRelease = new StringWriter();
    StringBuilder seen = new StringBuilder();
    String[] r = run((s, k) -> {
      if (k == 7) {
        s.interrupt.request();
        try {
          Files.createDirectories(policy); // the save cannot replace a directory
        } catch (java.io.IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }
    }, s -> s.interrupt.releasing = () -> seen.append(errAtRelease), "solve", "kuhn_poker", "--iterations", "100",
        "--out", policy.toString());
    // the line was on stderr when the shutdown hook was released (seen through the writer below)
    assertThat(r[0]).isEqualTo("1");
    assertThat(r[2]).startsWith("ponder: error: cannot write --out " + policy + ": ");
    assertThat(r[2].lines().count()).isEqualTo(1);
    assertThat(Files.isDirectory(policy)).isTrue();
    try (java.util.stream.Stream<Path> s = Files.list(policy.getParent())) {
      assertThat(s.map(p -> p.getFileName().toString()).toList()).containsExactly("p.json"); // no temporary file left
    }
    // the order itself: stderr already holds the line when the exit is released
    CommandLine cl = Ponder.commandLine();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(new StringWriter(), true));
    cl.setErr(new PrintWriter(err, true));
    SolveCommand solve = cl.getSubcommands().get("solve").getCommand();
    Path other = dir.resolve("r").resolve("p.json");
    solve.afterIteration = k -> {
      if (k == 3) {
        solve.interrupt.request();
        try {
          Files.createDirectories(other);
        } catch (java.io.IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }
    };
    List<String> atRelease = new ArrayList<>();
    solve.interrupt.releasing = () -> atRelease.add(err.toString());
    assertThat(cl.execute("solve", "kuhn_poker", "--iterations", "50", "--out", other.toString())).isEqualTo(1);
    assertThat(atRelease).hasSize(1);
    assertThat(atRelease.get(0)).startsWith("ponder: error: cannot write --out " + other + ": ");
  }


  @Test
  @DisabledOnOs(OS.WINDOWS) // sends the signal with kill
  void aRealSignalFollowedByAFailedSavePrintsTheErrorEveryTime() throws Exception {
    Signals.Interrupt sig = Signals.interrupt();
    String signal = sig.flag();
    int expectedExit = sig.exitCode();
    for (int run = 0; run < 3; run++) { // the lost line was a race: it went missing two times in three
      Path policy = dir.resolve("run" + run).resolve("p.json");
      List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
          "-cp", System.getProperty("java.class.path"), Ponder.class.getName(), "solve", "kuhn_poker", "--algo", "cfr",
          "--iterations", "2000000000", "--log-points", "3", "--out", policy.toString());
      Path out = dir.resolve("child" + run + ".out");
      Path err = dir.resolve("child" + run + ".err");
      Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (System.nanoTime() < deadline && p.isAlive()
          && !Files.readString(out).matches("(?s).*\\n\\s+1\\s+\\S+\\s+\\S+\\n.*")) {
        Thread.sleep(5);
      }
      assertThat(p.isAlive()).as("child finished before the signal; stderr: " + Files.readString(err)).isTrue();
      Files.createDirectories(policy);
      Process kill = new ProcessBuilder("kill", signal, Long.toString(p.pid())).inheritIO().start();
      assertThat(kill.waitFor(10, TimeUnit.SECONDS)).isTrue();
      assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("child exits after " + signal).isTrue();
      assertThat(p.exitValue()).isEqualTo(expectedExit);
      assertThat(Files.readString(err)).as("run " + run).startsWith("ponder: error: cannot write --out " + policy + ": ");
    }
  }

  @Test
  void anInterruptedRunLeavesAFinishedOutAsItWasAndSavesBesideIt() throws Exception {
    Path policy = dir.resolve("k.json");
    Cli done = Cli.run("solve", "kuhn_poker", "--algo", "cfr", "--iterations", "40", "--out", policy.toString());
    assertThat(done.exit).as(done.err).isZero();
    byte[] finished = Files.readAllBytes(policy);
    Path partial = dir.resolve("k.partial.json");

    String[] r = interruptedAt(9, "solve", "kuhn_poker", "--algo", "cfr", "--iterations", "100", "--out", policy.toString());
    assertThat(r[0]).isEqualTo("130");
    assertThat(Files.readAllBytes(policy)).isEqualTo(finished);
    assertThat(TabularPolicy.read(partial).run()).containsEntry("iterations", 9L).containsEntry("interrupted", true);
    assertThat(r[2]).isEqualTo("interrupted after 9 of 100 iterations; the average policy so far is in " + partial + " ("
        + policy + " holds a finished run and was left as it was)" + System.lineSeparator());
    assertThat(r[1]).contains("average policy saved to " + partial + " (after 9 of 100 iterations)");

    // a partial policy at --out is replaced by the next interrupted run's
    Path p2 = dir.resolve("p2.json");
    assertThat(interruptedAt(5, "solve", "kuhn_poker", "--iterations", "100", "--out", p2.toString())[0]).isEqualTo("130");
    String[] again = interruptedAt(11, "solve", "kuhn_poker", "--iterations", "100", "--out", p2.toString());
    assertThat(again[2]).isEqualTo("interrupted after 11 of 100 iterations; the average policy so far is in " + p2
        + System.lineSeparator());
    assertThat(TabularPolicy.read(p2).run()).containsEntry("iterations", 11L);
    assertThat(dir.resolve("p2.partial.json")).doesNotExist();

    // a file that is not a policy counts as finished work too
    Path notes = dir.resolve("notes.txt");
    Files.writeString(notes, "my notes");
    assertThat(interruptedAt(4, "solve", "kuhn_poker", "--iterations", "100", "--out", notes.toString())[0]).isEqualTo("130");
    assertThat(Files.readString(notes)).isEqualTo("my notes");
    assertThat(TabularPolicy.read(dir.resolve("notes.txt.partial.json")).run()).containsEntry("iterations", 4L);

    // and a finished run always writes --out
    Cli full = Cli.run("solve", "kuhn_poker", "--algo", "cfr", "--iterations", "20", "--out", policy.toString());
    assertThat(full.exit).isZero();
    assertThat(TabularPolicy.read(policy).run()).containsEntry("iterations", 20L).containsEntry("interrupted", false);
  }

  /**
   * --out on a named pipe (or /dev/stdout to a pipe) is never read for a finished run: reading it
   * waited for a writer that never came, so {@code solve --out /dev/stdout | tail} hung before
   * the first iteration. A directory still counts as holding one.
   */
  @Test
  @DisabledOnOs(OS.WINDOWS)
  void aNamedPipeIsNotReadForAFinishedRun() throws Exception {
    Path fifo = dir.resolve("pipe");
    Process mk;
    try {
      mk = new ProcessBuilder("mkfifo", fifo.toString()).redirectErrorStream(true).start();
    } catch (java.io.IOException e) {
      org.junit.jupiter.api.Assumptions.abort("no mkfifo: " + e.getMessage());
      return;
    }
    org.junit.jupiter.api.Assumptions.assumeTrue(mk.waitFor() == 0, "mkfifo failed");
    java.util.concurrent.FutureTask<Boolean> check = new java.util.concurrent.FutureTask<>(() -> SolveCommand.holdsFinishedRun(fifo));
    Thread t = new Thread(check);
    t.setDaemon(true); // on the old code it waits for ever
    t.start();
    assertThat(check.get(10, TimeUnit.SECONDS)).isFalse();
    assertThat(SolveCommand.holdsFinishedRun(dir)).isTrue();
  }

  @Test
  void theRuleForAPartialFileAndItsName() throws Exception {
    assertThat(SolveCommand.partialPath(Path.of("a", "p.json"))).isEqualTo(Path.of("a", "p.partial.json"));
    assertThat(SolveCommand.partialPath(Path.of("p.JSON"))).isEqualTo(Path.of("p.partial.json"));
    assertThat(SolveCommand.partialPath(Path.of("policy"))).isEqualTo(Path.of("policy.partial.json"));
    assertThat(SolveCommand.holdsFinishedRun(dir.resolve("missing.json"))).isFalse();
    Path f = dir.resolve("f.json");
    Files.writeString(f, "{\"run\": {\"interrupted\": true, \"iterations\": 3, \"iterations_requested\": 10}, \"policy\": {}}");
    assertThat(SolveCommand.holdsFinishedRun(f)).isFalse();
    // interrupted after its last iteration: complete, so kept
    Files.writeString(f, "{\"run\": {\"interrupted\": true, \"iterations\": 10, \"iterations_requested\": 10}, \"policy\": {}}");
    assertThat(SolveCommand.holdsFinishedRun(f)).isTrue();
    Files.writeString(f, "{\"run\": {\"interrupted\": false, \"iterations\": 3, \"iterations_requested\": 10}}");
    assertThat(SolveCommand.holdsFinishedRun(f)).isTrue();
    Files.writeString(f, "{\"policy\": {}}"); // no run facts (another tool's, or an older file)
    assertThat(SolveCommand.holdsFinishedRun(f)).isTrue();
    Files.writeString(f, "{\"run\": {\"interrupted\": tr");
    assertThat(SolveCommand.holdsFinishedRun(f)).isTrue();
  }

  @Test
  void aSignalAfterTheLastIterationMarksTheRunInterruptedEverywhere() throws Exception {
    Path policy = dir.resolve("late.json");
    String[] r = interruptedAt(30, "solve", "kuhn_poker", "--algo", "cfr", "--iterations", "30", "--every", "10",
        "--out", policy.toString(), "--json");
    assertThat(r[0]).isEqualTo("130");
    assertThat(r[2]).isEqualTo("interrupted after the last of 30 iterations (while the policy was measured); the average"
        + " policy, complete, is in " + policy + ", marked interrupted" + System.lineSeparator());
    assertThat(TabularPolicy.read(policy).run()).containsEntry("iterations", 30L).containsEntry("iterations_requested", 30L)
        .containsEntry("interrupted", true);
    JsonNode j = new ObjectMapper().readTree(r[1]);
    assertThat(j.get("interrupted").asBoolean()).isTrue();
    assertThat(j.get("iterations").asInt()).isEqualTo(30);
    assertThat(j.get("convergence")).hasSize(3);
    // such a file is complete: a later interrupted run does not replace it
    assertThat(interruptedAt(2, "solve", "kuhn_poker", "--iterations", "30", "--out", policy.toString())[2])
        .contains("late.partial.json");
    assertThat(TabularPolicy.read(policy).run()).containsEntry("iterations", 30L);
  }

  @Test
  void aSecondSignalCutsTheMeasurementShortWithThePolicyAlreadySaved() throws Exception {
    Path policy = dir.resolve("cut.json");
    Path chart = dir.resolve("cut.svg");
    List<String> atHalt = new ArrayList<>();
    StringWriter err = new StringWriter();
    CommandLine cl = Ponder.commandLine();
    cl.setOut(new PrintWriter(new StringWriter(), true));
    cl.setErr(new PrintWriter(err, true));
    SolveCommand solve = cl.getSubcommands().get("solve").getCommand();
    solve.afterIteration = k -> {
      if (k == 13) {
        solve.interrupt.request();
        solve.interrupt.again(130); // the second Ctrl-C, before the save: it takes effect once the policy is saved
      }
    };
    solve.interrupt.halt = code -> {
      try {
        // what the JVM leaves behind when it halts here
        atHalt.add(code + "|" + err + "|" + TabularPolicy.read(policy).run().get("iterations") + "|" + Files.exists(chart));
      } catch (java.io.IOException e) {
        atHalt.add(code + "|" + err + "|unreadable: " + e.getMessage());
      }
    };
    cl.execute("solve", "kuhn_poker", "--iterations", "100", "--every", "10", "--out", policy.toString(), "--chart",
        chart.toString());
    assertThat(atHalt).containsExactly("130|interrupted again while measuring the policy after 13 of 100 iterations; the"
        + " average policy so far is in " + policy + " (no convergence chart written)" + System.lineSeparator() + "|13|false");
  }
}
