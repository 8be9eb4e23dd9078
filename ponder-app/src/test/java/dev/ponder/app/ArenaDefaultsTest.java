package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Defaults and leftovers of arena and report: the report directory follows the store, the
 * seeds-per-pairing option and its older name, report's default store, and no -wal or -shm file
 * beside the store after a clean exit.
 */
class ArenaDefaultsTest {
  @TempDir Path dir;

  private String[] arena(Path db, String seedsOption, String seeds, String... extra) {
    java.util.List<String> a = new java.util.ArrayList<>(java.util.List.of("arena", "--games", "tic_tac_toe", "--agents",
        "random,uct(sims=2)", "--db", db.toString(), "--no-progress", "--resamples", "40", "--elo-resamples", "40"));
    if (seedsOption != null) {
      a.add(seedsOption);
      a.add(seeds);
    }
    a.addAll(java.util.List.of(extra));
    return a.toArray(String[]::new);
  }

  @Test
  void theDefaultReportDirectoryIsTheStoresNameWithReport() {
    assertThat(ArenaCommand.defaultReport(Path.of("ponder-arena.db"))).isEqualTo(Path.of("ponder-arena-report"));
    assertThat(ArenaCommand.defaultReport(Path.of("my", "c4.db"))).isEqualTo(Path.of("my", "c4-report"));
    assertThat(ArenaCommand.defaultReport(Path.of("runs", "t1"))).isEqualTo(Path.of("runs", "t1-report"));
    // only a .db extension is dropped: t1.db and t1.sqlite do not share a directory
    assertThat(ArenaCommand.defaultReport(Path.of("a.b.sqlite"))).isEqualTo(Path.of("a.b.sqlite-report"));
    assertThat(ArenaCommand.defaultReport(Path.of("runs", "t1.sqlite"))).isNotEqualTo(
        ArenaCommand.defaultReport(Path.of("runs", "t1.db")));
    assertThat(ArenaCommand.defaultReport(Path.of(".db"))).isEqualTo(Path.of(".db-report"));
    assertThat(ArenaCommand.defaultReport(Path.of(".store"))).isEqualTo(Path.of(".store-report"));
  }

  /**
   * runs/t1 and runs/t1.db share the default runs/t1-report: the second store's run (arena or
   * report) is refused before any match, in one line, and the first store's report stays.
   */
  @Test
  void aDefaultReportDirectoryHoldingAnotherStoresReportIsRefused() throws Exception {
    Path plain = dir.resolve("runs").resolve("t1");
    Path withDb = dir.resolve("runs").resolve("t1.db");
    Path rep = dir.resolve("runs").resolve("t1-report");
    Cli first = Cli.run(arena(plain, "--seeds-per-pairing", "1"));
    assertThat(first.exit).as(first.err).isZero();
    String md = Files.readString(rep.resolve("report.md"));
    assertThat(new com.fasterxml.jackson.databind.ObjectMapper().readTree(rep.resolve("report.json").toFile())
        .get("store").asText()).isEqualTo(plain.toAbsolutePath().normalize().toString());

    Cli second = Cli.run("arena", "--games", "connect_four", "--agents", "random,uct(sims=2)", "--db", withDb.toString(),
        "--no-progress", "--seeds-per-pairing", "1", "--resamples", "40", "--elo-resamples", "40");
    assertThat(second.exit).isEqualTo(2);
    assertThat(second.err.strip()).isEqualTo("ponder: the default report directory " + rep
        + " holds the report of another store (" + plain.toAbsolutePath().normalize() + "); give --report DIR for the"
        + " report of " + withDb);
    assertThat(second.out).isEmpty();
    assertThat(withDb).doesNotExist(); // refused before the store was created
    assertThat(Files.readString(rep.resolve("report.md"))).isEqualTo(md);

    // the same store again writes over its own report; report follows the same rule
    Cli again = Cli.run(arena(plain, "--seeds-per-pairing", "1"));
    assertThat(again.exit).as(again.err).isZero();
    Cli report = Cli.run("report", "--db", plain.toString(), "--no-progress", "--resamples", "40", "--elo-resamples", "40");
    assertThat(report.exit).as(report.err).isZero();
    Cli other = Cli.run(arena(withDb, "--seeds-per-pairing", "1", "--report", dir.resolve("elsewhere").toString()));
    assertThat(other.exit).as(other.err).isZero();
    Cli refused = Cli.run("report", "--db", withDb.toString(), "--no-progress");
    assertThat(refused.exit).isEqualTo(2);
    assertThat(refused.err).contains("holds the report of another store").doesNotContain("\n  at ");
    assertThat(Files.readString(rep.resolve("report.md"))).contains("tic_tac_toe");
  }

  /**
   * The run's counts line is printed as soon as the matches are done: an analysis that fails
   * afterwards still leaves it (and a successful run prints it once, as the table's headline).
   */
  @Test
  void theRunLineIsPrintedBeforeTheAnalysis() {
    CommandLine cl = Ponder.commandLine();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out));
    cl.setErr(new PrintWriter(err));
    ArenaCommand arena = cl.getSubcommands().get("arena").getCommand();
    arena.analysisStep = (store, id, o, all, ex) -> {
      throw new IllegalStateException("analysis failed on purpose");
    };
    Path db = dir.resolve("fails.db");
    int code = cl.execute(arena(db, "--seeds-per-pairing", "1"));
    assertThat(code).isEqualTo(1);
    assertThat(err.toString()).contains("analysis failed on purpose");
    assertThat(out.toString()).startsWith("Tournament 1: 1 game, 2 agents; 2 matches (0 already stored, 2 played now with"
        + " 0 errors) in ").contains("; store " + db);

    Cli ok = Cli.run(arena(dir.resolve("ok.db"), "--seeds-per-pairing", "1"));
    assertThat(ok.exit).as(ok.err).isZero();
    assertThat(ok.out.lines().filter(l -> l.startsWith("Tournament ")).toList()).hasSize(1)
        .allMatch(l -> l.startsWith("Tournament 1: 1 game, 2 agents; 2 matches (0 already stored, 2 played now with 0 errors)"));
    assertThat(ok.out.lines().findFirst().orElseThrow()).startsWith("Tournament 1: ");
  }

  @Test
  void arenaWithoutReportWritesBesideItsOwnStoreAndSaysWhere() {
    Path db = dir.resolve("my").resolve("int.db");
    Cli r = Cli.run(arena(db, "--seeds-per-pairing", "1"));
    assertThat(r.exit).as(r.err).isZero();
    Path rep = dir.resolve("my").resolve("int-report");
    assertThat(rep.resolve("report.md")).exists();
    assertThat(r.out).contains("Report written to " + rep + " (");
    // nothing is written to the default store's report directory
    assertThat(dir.resolve("ponder-arena-report")).doesNotExist();
    assertThat(dir.resolve("my").resolve("ponder-arena-report")).doesNotExist();
    // and report finds the same directory from the same --db
    Cli rebuilt = Cli.run("report", "--db", db.toString(), "--no-progress", "--resamples", "40", "--elo-resamples", "40");
    assertThat(rebuilt.exit).as(rebuilt.err).isZero();
    assertThat(rebuilt.out).endsWith("Report written to " + rep + " (report.md, report.json, matches.csv, *.svg)\n");
  }

  @Test
  void seedsPerPairingIsTheNameAndMatchesPerPairingItsAlias() throws Exception {
    Path db = dir.resolve("s.db");
    Cli seeds = Cli.run(arena(db, "--seeds-per-pairing", "2", "--report", dir.resolve("r1").toString()));
    assertThat(seeds.exit).as(seeds.err).isZero();
    // 2 seed indices x 2 seat orders of the one pairing
    assertThat(seeds.out).contains("; 4 matches (0 already stored, 4 played now with 0 errors)");
    Cli alias = Cli.run(arena(db, "--matches-per-pairing", "2", "--report", dir.resolve("r2").toString()));
    assertThat(alias.exit).as(alias.err).isZero();
    assertThat(alias.out).contains("; 4 matches (4 already stored, 0 played now with 0 errors)");
    Cli both = Cli.run(arena(db, "--seeds-per-pairing", "2", "--matches-per-pairing", "2", "--report",
        dir.resolve("r3").toString()));
    assertThat(both.exit).isEqualTo(2);
    assertThat(both.err.strip()).doesNotContain("\n").contains("--seeds-per-pairing and --matches-per-pairing are one option");
    Cli zero = Cli.run(arena(dir.resolve("z.db"), "--matches-per-pairing", "0", "--report", dir.resolve("r4").toString()));
    assertThat(zero.exit).isEqualTo(2);
    assertThat(zero.err).contains("--matches-per-pairing must be at least 1, got 0");
    String help = Cli.run("arena", "--help").out;
    assertThat(help).contains("--seeds-per-pairing=N").doesNotContain("--matches-per-pairing=");
    assertThat(String.join(" ", Ponder.commandLine().getSubcommands().get("arena").getCommandSpec()
        .findOption("--seeds-per-pairing").description())).contains("plays 2N matches per game");
  }

  @Test
  void reportDefaultsToTheArenasStore() {
    CommandLine.Model.OptionSpec db = Ponder.commandLine().getSubcommands().get("report").getCommandSpec().findOption("--db");
    assertThat(db.required()).isFalse();
    assertThat(db.defaultValue()).isEqualTo("ponder-arena.db");
    assertThat(Ponder.commandLine().getSubcommands().get("arena").getCommandSpec().findOption("--db").defaultValue())
        .isEqualTo(db.defaultValue());
  }

  @Test
  void reportWithoutAStoreSaysSoInOneLine() {
    assumeFalse(Files.exists(Path.of("ponder-arena.db")), "a ponder-arena.db in the working directory");
    boolean hadReport = Files.exists(Path.of("ponder-arena-report"));
    Cli r = Cli.run("report");
    assertThat(r.exit).isEqualTo(2);
    assertThat(r.err.strip()).isEqualTo("ponder: no store at ponder-arena.db (the default --db); run ponder arena first,"
        + " or give --db STORE");
    assertThat(Files.exists(Path.of("ponder-arena-report"))).isEqualTo(hadReport); // nothing left behind
    Cli given = Cli.run("report", "--db", dir.resolve("none.db").toString());
    assertThat(given.exit).isEqualTo(2);
    assertThat(given.err).contains("no store at " + dir.resolve("none.db") + "; run ponder arena --db ");
  }

  @Test
  void noWalOrShmFileIsLeftBesideTheStore() throws Exception {
    Path db = dir.resolve("w.db");
    Cli a = Cli.run(arena(db, "--seeds-per-pairing", "1"));
    assertThat(a.exit).as(a.err).isZero();
    // the run's lock file stays (see RunLock: removing it could let two runs hold one store)
    assertThat(dir.resolve("w.db.lock")).exists();
    assertThat(dir.resolve("w.db-wal")).doesNotExist();
    assertThat(dir.resolve("w.db-shm")).doesNotExist();
    Cli r = Cli.run("report", "--db", db.toString(), "--no-progress", "--resamples", "40", "--elo-resamples", "40");
    assertThat(r.exit).as(r.err).isZero();
    Cli l = Cli.run("report", "--db", db.toString(), "--list");
    assertThat(l.exit).as(l.err).isZero();
    try (var files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString()).sorted().toList()).containsExactly("w-report", "w.db", "w.db.lock");
    }
  }
}
