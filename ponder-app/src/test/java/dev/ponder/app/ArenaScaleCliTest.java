package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Large tournaments at the command line: a schedule past what a run can count, several tournaments in one store. */
class ArenaScaleCliTest {
  @TempDir Path dir;

  private static final String TEN = "random,uct,uct(c=1.4),puct,puct(c_init=1.25),m_seed,bifv,ments,thompson,ucb_tuned";

  @Test
  void aScheduleOfBillionsIsRefusedInOneLineBeforeAnythingIsMade() {
    // 10 agents in 5 seats, every seat order: 10^5 - 10 = 99,990 seatings per seed index; 30,000 seeds
    Path db = dir.resolve("pig.db");
    Cli a = Cli.run("arena", "--games", "pig(players=5)", "--agents", TEN, "--budget", "sims=20", "--seeds-per-pairing",
        "30000", "--db", db.toString(), "--no-progress");
    assertThat(a.exit).as(a.err).isEqualTo(2);
    String last = a.err.strip().lines().reduce((x, y) -> y).orElse("");
    assertThat(last).contains("the schedule has 2999700000 matches").contains("--seeds-per-pairing")
        .contains("fewer agents").contains("--seat-orders rotations");
    assertThat(db).doesNotExist();
    assertThat(dir.resolve("pig-report")).doesNotExist();
  }

  private static long tournamentOf(Path report) throws Exception {
    return new ObjectMapper().readTree(report.resolve("report.json").toFile()).get("tournament").asLong();
  }

  @Test
  void eachTournamentOfAStoreGetsItsOwnDefaultReportDirectory() throws Exception {
    Path db = dir.resolve("g.db");
    String[] stats = {"--no-progress", "--resamples", "40", "--elo-resamples", "40", "--sco-resamples", "40",
        "--alpharank-resamples", "40"};
    Cli first = Cli.run(concat(new String[] {"arena", "--games", "tic_tac_toe", "--agents", "random,uct", "--budget",
        "sims=2", "--seeds-per-pairing", "2", "--db", db.toString()}, stats));
    assertThat(first.exit).as(first.err).isZero();
    // one tournament: the store's default
    assertThat(first.out).contains("Report written to " + dir.resolve("g-report") + " ");
    assertThat(tournamentOf(dir.resolve("g-report"))).isEqualTo(1);
    Cli second = Cli.run(concat(new String[] {"arena", "--games", "tic_tac_toe", "--agents", "random,uct", "--budget",
        "sims=3", "--seeds-per-pairing", "2", "--db", db.toString()}, stats));
    assertThat(second.exit).as(second.err).isZero();
    // two tournaments: the second's report goes to its own directory, the first's stays
    assertThat(second.out).contains("Report written to " + dir.resolve("g-report-t2") + " ");
    assertThat(tournamentOf(dir.resolve("g-report-t2"))).isEqualTo(2);
    assertThat(tournamentOf(dir.resolve("g-report"))).isEqualTo(1);
    // report of tournament 1 goes where it went while it was alone, and does not replace tournament 2's
    Cli one = Cli.run(concat(new String[] {"report", "--db", db.toString(), "--tournament", "1"}, stats));
    assertThat(one.exit).as(one.err).isZero();
    assertThat(one.out).contains("Report written to " + dir.resolve("g-report") + " ");
    assertThat(tournamentOf(dir.resolve("g-report"))).isEqualTo(1);
    assertThat(tournamentOf(dir.resolve("g-report-t2"))).isEqualTo(2);
    assertThat(dir.resolve("g-report-t1")).doesNotExist();
    Cli latest = Cli.run(concat(new String[] {"report", "--db", db.toString()}, stats));
    assertThat(latest.exit).as(latest.err).isZero();
    assertThat(latest.out).contains("Report written to " + dir.resolve("g-report-t2") + " ");
    assertThat(ArenaCommand.defaultReport(Path.of("my", "c4.db"), 3, 3)).isEqualTo(Path.of("my", "c4-report-t3"));
    assertThat(ArenaCommand.defaultReport(Path.of("my", "c4.db"), 1, 1)).isEqualTo(Path.of("my", "c4-report"));
    assertThat(ArenaCommand.defaultReport(Path.of("my", "c4.db"), 1, 3)).isEqualTo(Path.of("my", "c4-report"));
  }

  private static String[] concat(String[] a, String[] b) {
    String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
