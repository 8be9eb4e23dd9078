package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code report} and {@code arena} say of a store they cannot use as it is: hand-damaged
 * rows, a directory, a file this user cannot write; the statistics options named with their
 * value; an interrupted report.
 */
class ReportStoreCliTest {
  @TempDir Path dir;

  private static final String[] QUICK = {"--no-progress", "--resamples", "40", "--elo-resamples", "40",
      "--sco-resamples", "40", "--alpharank-resamples", "40"};

  private static String[] with(String[] a, String... more) {
    String[] out = java.util.Arrays.copyOf(a, a.length + more.length);
    System.arraycopy(more, 0, out, a.length, more.length);
    return out;
  }

  private String[] arena(Path db) {
    return with(new String[] {"arena", "--games", "tic_tac_toe", "--agents", "random,uct(sims=2)", "--seeds-per-pairing",
        "3", "--db", db.toString(), "--report", dir.resolve("rep").toString()}, QUICK);
  }

  @Test
  void aDamagedRowIsOneLineAndExit2ForReportAndArena() throws Exception {
    Path db = dir.resolve("t.db");
    assertThat(Cli.run(arena(db)).exit).isZero();
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement st = c.createStatement()) {
      st.execute("UPDATE matches SET returns='x,y' WHERE rowid=(SELECT min(rowid) FROM matches)");
    }
    Cli report = Cli.run(with(new String[] {"report", "--db", db.toString(), "--report", dir.resolve("r2").toString()},
        QUICK));
    assertThat(report.exit).as(report.err).isEqualTo(2);
    assertThat(report.err).startsWith("ponder: " + db + " is damaged: matches row ").contains("(tournament 1, game 0, seats ")
        .contains(" has returns 'x,y': 'x' is not a number; delete that row").endsWith("start afresh\n")
        .hasLineCount(1);
    assertThat(dir.resolve("r2")).doesNotExist();
    Cli resume = Cli.run(arena(db));
    assertThat(resume.exit).as(resume.err).isEqualTo(2);
    assertThat(resume.err).isEqualTo(report.err);
  }

  /** A store whose configuration has a field of a newer build: one line saying so, exit 2. */
  @Test
  void aStoreOfANewerBuildIsOneLineAndExit2ForReport() throws Exception {
    Path db = dir.resolve("t.db");
    assertThat(Cli.run(arena(db)).exit).isZero();
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement st = c.createStatement()) {
      st.execute("UPDATE tournaments SET config=json_set(config, '$.rounds', 3)");
    }
    String line = "ponder: " + db + " was written by a newer build of Ponder: tournament 1's configuration has the field"
        + " 'rounds', which this build does not know; use that build (or a later one) to report or resume it\n";
    Cli report = Cli.run(with(new String[] {"report", "--db", db.toString(), "--report", dir.resolve("r2").toString()},
        QUICK));
    assertThat(report.exit).as(report.err).isEqualTo(2);
    assertThat(report.err).isEqualTo(line);
  }

  @Test
  void aDirectoryAsDbIsNamedSoByReportAsByArena() throws Exception {
    Path d = Files.createDirectory(dir.resolve("pol"));
    Cli report = Cli.run("report", "--db", d.toString(), "--report", dir.resolve("r").toString());
    assertThat(report.exit).isEqualTo(2);
    assertThat(report.err).isEqualTo("ponder: cannot read --db " + d + ": it is a directory\n");
    assertThat(dir.resolve("r")).doesNotExist();
    Cli arena = Cli.run(arena(d));
    assertThat(arena.exit).isEqualTo(2);
    assertThat(arena.err).isEqualTo("ponder: cannot write --db " + d + ": it is a directory\n");
  }

  @Test
  void scoOptionsOutOfRangeNameTheOptionAndTheValue() {
    String db = dir.resolve("none.db").toString();
    String[][] cases = {{"--sco-tau", "0", "--sco-tau must be greater than 0, got 0"},
        {"--sco-lr", "-1", "--sco-lr must be greater than 0, got -1"}, {"--sco-lr", "-0.25", "--sco-lr must be greater than 0, got -0.25"},
        {"--alpha", "0", "--alpha must be greater than 0 (or inf), got 0"}, {"--alpha", "-2", "--alpha must be greater than 0 (or inf), got -2"},
        // past about 1e307 the fixation exponent overflowed and the ranking failed after the matches
        {"--alpha", "1e307", "--alpha must be at most 1e100 or inf, got 1e307 (larger finite values overflow the fixation"
            + " probabilities; for the limit use inf)"},
        {"--population-size", "1000001", "--population-size must be in 2..1000000, got 1000001"},
        {"--sco-iterations", "-2", "--sco-iterations must be at least 1, got -2"},
        // 0 steps would leave every agent tied at the starting rating
        {"--sco-iterations", "0", "--sco-iterations must be at least 1, got 0"}};
    for (String[] c : cases) {
      Cli r = Cli.run("report", "--db", db, c[0], c[1]);
      assertThat(r.exit).as(c[0]).isEqualTo(2);
      assertThat(r.err).isEqualTo("ponder: " + c[2] + "\n");
    }
  }

  @Test
  void arenaNamesWhyItCannotWriteAStore() throws Exception {
    Path db = dir.resolve("ro.db");
    assertThat(Cli.run(arena(db)).exit).isZero();
    Files.setPosixFilePermissions(db, PosixFilePermissions.fromString("r--r--r--"));
    try {
      assumeTrue(!Files.isWritable(db), "running as root: permissions do not bind");
      Cli r = Cli.run(arena(db));
      assertThat(r.exit).isEqualTo(2);
      assertThat(r.err).startsWith("ponder: cannot write --db " + db + ": the file is read-only for this user (r--r--r--,")
          .hasLineCount(1);
      Cli report = Cli.run(with(new String[] {"report", "--db", db.toString(), "--report", dir.resolve("r").toString()},
          QUICK));
      assertThat(report.exit).as(report.err).isZero();
      assertThat(Path.of(db + "-wal")).doesNotExist();
      assertThat(Path.of(db + "-shm")).doesNotExist();
    } finally {
      Files.setPosixFilePermissions(db, PosixFilePermissions.fromString("rw-r--r--"));
    }
  }

  /** Ctrl-C during the statistics: one line, and no report directory left behind. */
  @Test
  @DisabledOnOs(OS.WINDOWS)
  void anInterruptedReportSaysSoAndLeavesNoDirectory() throws Exception {
    Signals.Interrupt sig = Signals.interrupt();
    Path db = dir.resolve("i.db");
    // two games of three agents, 30 seeds: a million resamples of each bootstrap keep the
    // statistics going for seconds (about 7 s on 2 cores), each game's score bootstrap about 2 s
    assertThat(Cli.run(with(new String[] {"arena", "--games", "tic_tac_toe,nim", "--agents",
        "random,uct(sims=2),puct(sims=2)", "--seeds-per-pairing", "30", "--db", db.toString(), "--report",
        dir.resolve("rep").toString()}, QUICK)).exit).isZero();
    Path rep = dir.resolve("irep");
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), Ponder.class.getName(), "report", "--db", db.toString(),
        "--report", rep.toString(), "--resamples", "1000000", "--sco-resamples", "1000000",
        "--elo-resamples", "1000000", "--alpharank-resamples", "1000000"));
    Path out = dir.resolve("child.out");
    Path err = dir.resolve("child.err");
    Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    // into the statistics, however loaded the machine: the progress line of the first game's score
    // bootstrap (the report directory is created only when the report is written, so there is
    // nothing on disk to wait for); the second game's, SCO's and Elo's bootstraps are still to come
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (p.isAlive() && System.nanoTime() < deadline && !Files.readString(err).contains("report: score bootstraps: 1/2")) {
      Thread.sleep(10);
    }
    assertThat(rep).doesNotExist();
    assertThat(p.isAlive()).as("child finished before the signal; stderr: " + Files.readString(err)).isTrue();
    Process kill = new ProcessBuilder("kill", sig.flag(), Long.toString(p.pid())).inheritIO().start();
    assertThat(kill.waitFor(10, TimeUnit.SECONDS)).isTrue();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).isEqualTo(sig.exitCode());
    // progress lines (stderr is no console: whole lines), then the interrupted line
    assertThat(Files.readString(err)).endsWith(System.lineSeparator() + ReportCommand.interruptedLine(ReportCommand.Phase.STATISTICS, rep) + System.lineSeparator());
    assertThat(Files.readString(err)).doesNotContain("Elo bootstrap: 1000000/1000000");
    assertThat(rep).doesNotExist();
    assertThat(Path.of(db + "-wal")).doesNotExist();
    assertThat(Path.of(db + "-shm")).doesNotExist();
  }
}
