package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.arena.ArenaStore;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code ponder arena} interrupted by SIGINT (Ctrl-C) in a child JVM: one line, exit code 130, resumable. */
@DisabledOnOs(OS.WINDOWS) // sends the signal with kill
class ArenaInterruptTest {
  @TempDir Path dir;

  private static int stored(Path db) {
    if (!Files.exists(db)) {
      return 0;
    }
    try (ArenaStore s = ArenaStore.openReadOnly(db)) {
      return s.tournaments().isEmpty() ? 0 : s.count(s.tournaments().get(0).id());
    } catch (RuntimeException e) {
      return 0; // schema not created yet
    }
  }


  @Test
  void sigintPrintsOneLineExits130AndTheSameCommandResumes() throws Exception {
    // SIGINT (Ctrl-C) unless this test runs with it ignored; then SIGTERM, which takes the same path
    Signals.Interrupt sig = Signals.interrupt();
    String signal = sig.flag();
    int expectedExit = sig.exitCode();
    Path db = dir.resolve("r.db");
    // tic_tac_toe, 2 agents: 2 seat orders x 40 seed indices = 80 matches; 20,000 simulations a move keep
    // the run going for seconds, so the signal arrives while matches remain
    List<String> args = List.of("arena", "--games", "tic_tac_toe", "--agents", "random,uct", "--budget", "sims=20000",
        "--matches-per-pairing", "40", "--seed", "3", "--parallel", "2", "--db", db.toString(),
        "--report", dir.resolve("rep").toString(), "--no-progress", "--resamples", "40", "--elo-resamples", "40",
        "--sco-resamples", "40");
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), Ponder.class.getName()));
    cmd.addAll(args);
    Path out = dir.resolve("child.out");
    Path err = dir.resolve("child.err");
    Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (System.nanoTime() < deadline && p.isAlive() && stored(db) < 4) {
      Thread.sleep(5);
    }
    assertThat(p.isAlive()).as("child finished before the signal; stderr: " + Files.readString(err)).isTrue();
    Process kill = new ProcessBuilder("kill", signal, Long.toString(p.pid())).inheritIO().start();
    assertThat(kill.waitFor(10, TimeUnit.SECONDS)).isTrue();
    assertThat(kill.exitValue()).isZero();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("child exits after " + signal).isTrue();
    assertThat(p.exitValue()).isEqualTo(expectedExit);
    // the interrupted run closed its store: SQLite folded the write-ahead log in and removed it
    // (checked before this JVM opens the store, whose own close would remove them too)
    assertThat(Path.of(db + "-wal")).doesNotExist();
    assertThat(Path.of(db + "-shm")).doesNotExist();

    String errText = Files.readString(err);
    Matcher m = Pattern.compile("interrupted: (\\d+) of 80 matches stored in " + Pattern.quote(db.toString())
        + "; run the same command to resume\\R").matcher(errText);
    assertThat(m.matches()).as("stderr is exactly the one line: " + errText).isTrue();
    int n = Integer.parseInt(m.group(1));
    // the line counts exactly what the store holds, and the run was cut short
    assertThat(stored(db)).isEqualTo(n);
    assertThat(n).isGreaterThanOrEqualTo(4).isLessThan(80);
    assertThat(Files.readString(out)).doesNotContain("Tournament 1:");
    // the report directory this run created, still empty, is removed with the interrupt
    assertThat(dir.resolve("rep")).doesNotExist();

    // the same command, run again, plays only the rest and completes the tournament
    CommandLine cl = Ponder.commandLine();
    StringWriter o = new StringWriter();
    StringWriter e = new StringWriter();
    cl.setOut(new PrintWriter(o));
    cl.setErr(new PrintWriter(e));
    int code = cl.execute(args.toArray(String[]::new));
    assertThat(code).as(e.toString()).isZero();
    assertThat(o.toString()).contains("; 80 matches (" + n + " already stored, " + (80 - n)
        + " played now with 0 errors)");
    assertThat(e.toString()).doesNotContain("interrupted");
    assertThat(stored(db)).isEqualTo(80);
  }

  @Test
  void theLineSaysWhatIsStoredAndHowToGoOn() {
    Path db = Path.of("r.db");
    assertThat(ArenaCommand.InterruptNotice.line(144, 480, db))
        .isEqualTo("interrupted: 144 of 480 matches stored in r.db; run the same command to resume");
    assertThat(ArenaCommand.InterruptNotice.line(480, 480, db)).startsWith("interrupted: all 480 matches stored in r.db,")
        .contains("ponder report --db r.db").doesNotContain("resume");
    assertThat(ArenaCommand.InterruptNotice.line(-1, 480, db)).contains("run the same command to resume");
  }
}
