package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code report --list} shows each tournament's stored matches of its scheduled ones, so a partial one shows. */
class ReportListTest {
  @TempDir Path dir;

  @Test
  void aPartialTournamentShowsItsStoredOfScheduledMatches() throws Exception {
    Path db = dir.resolve("l.db");
    // 2 agents, 2 seat orders, 3 seeds: 6 matches; then 4 seeds of tic_tac_toe and kuhn_poker: 16
    Cli a = Cli.run("arena", "--games", "tic_tac_toe", "--agents", "random,uct(sims=2)", "--seeds-per-pairing", "3",
        "--db", db.toString(), "--no-progress", "--resamples", "40", "--elo-resamples", "40");
    assertThat(a.exit).as(a.err).isZero();
    Cli b = Cli.run("arena", "--games", "tic_tac_toe,kuhn_poker", "--agents", "random,uct(sims=2)", "--seeds-per-pairing",
        "4", "--db", db.toString(), "--no-progress", "--resamples", "40", "--elo-resamples", "40");
    assertThat(b.exit).as(b.err).isZero();
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement st = c.createStatement()) {
      st.execute("DELETE FROM matches WHERE tournament_id = 2 AND seed_index = 3"); // as an interrupted run leaves it
    }
    Cli l = Cli.run("report", "--db", db.toString(), "--list");
    assertThat(l.exit).as(l.err).isZero();
    String[] lines = l.out.split("\n");
    assertThat(lines[0]).isEqualTo("id\tcreated\tmatches\tconfiguration");
    assertThat(lines[1].split("\t")[2]).isEqualTo("6 of 6");
    assertThat(lines[2].split("\t")[2]).isEqualTo("12 of 16");
  }
}
