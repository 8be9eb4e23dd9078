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

  /**
   * A store without tournaments lists none and exits 0 (the header alone, and a note on stderr);
   * a report of it is still refused.
   */
  @Test
  void aStoreWithoutTournamentsListsNoneAndExitsZero() {
    Path db = dir.resolve("empty.db");
    try (dev.ponder.arena.ArenaStore s = dev.ponder.arena.ArenaStore.open(db)) {
      assertThat(s.tournaments()).isEmpty();
    }
    Cli l = Cli.run("report", "--db", db.toString(), "--list");
    assertThat(l.exit).as(l.err).isZero();
    assertThat(l.out).isEqualTo("id\tcreated\tmatches\tconfiguration\n");
    assertThat(l.err).isEqualTo("note: " + db + " holds no tournament\n");
    Cli r = Cli.run("report", "--db", db.toString(), "--report", dir.resolve("rep").toString());
    assertThat(r.exit).isEqualTo(2);
    assertThat(r.err.strip()).isEqualTo("ponder: " + db + " holds no tournament");
  }
}
