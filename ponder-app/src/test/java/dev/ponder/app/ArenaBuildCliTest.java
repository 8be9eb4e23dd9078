package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code ponder arena} records the build that plays (what {@code ponder -V} prints) in the store,
 * warns on stderr when it resumes a tournament stored by another build, and {@code ponder report}
 * names the builds and warns when a tournament mixes them.
 */
class ArenaBuildCliTest {
  @TempDir Path dir;

  private static final String V = dev.ponder.spi.PonderVersion.LINE;

  private record Run(int code, String out, String err) {}

  private Run ponder(String... args) {
    CommandLine cl = Ponder.commandLine();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out));
    cl.setErr(new PrintWriter(err));
    int code = cl.execute(args);
    return new Run(code, out.toString(), err.toString());
  }

  private Run arena(int seeds) {
    return ponder("arena", "--games", "tic_tac_toe", "--agents", "random,uct", "--budget", "sims=3",
        "--seeds-per-pairing", Integer.toString(seeds), "--seed", "5", "--db", dir.resolve("b.db").toString(), "--report",
        dir.resolve("rep").toString(), "--no-progress", "--resamples", "40", "--elo-resamples", "40", "--sco-resamples",
        "40", "--alpharank-resamples", "40");
  }

  private List<String> column(String query) throws Exception {
    List<String> out = new ArrayList<>();
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("b.db"));
         Statement st = c.createStatement(); ResultSet rs = st.executeQuery(query)) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }

  private static List<String> warnings(Run r) {
    return r.err().lines().filter(l -> l.startsWith("warning:")).toList();
  }

  @Test
  void theVersionLineOfDashVIsTheRecordedBuild() {
    Run v = ponder("-V");
    assertThat(v.out().strip()).isEqualTo(V);
  }

  @Test
  void arenaRecordsItsBuildAndWarnsWhenResumingAnotherBuildsTournament() throws Exception {
    Run first = arena(2);
    assertThat(first.code()).as(first.err()).isZero();
    assertThat(warnings(first)).isEmpty();
    assertThat(first.out()).contains("\nBuild: " + V + " (all 4 matches)\n");
    assertThat(column("SELECT ponder_version FROM runs")).containsExactly(V);
    assertThat(column("SELECT COUNT(*) FROM matches WHERE run_id = (SELECT id FROM runs)")).containsExactly("4");
    assertThat(column("PRAGMA user_version")).containsExactly("1");

    // the same build resuming: no warning
    Run same = arena(3);
    assertThat(same.code()).as(same.err()).isZero();
    assertThat(warnings(same)).isEmpty();
    assertThat(column("SELECT ponder_version FROM runs")).containsExactly(V, V);

    // the stored matches as another build's: resuming warns once, in one line, and the report names both
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("b.db"));
         Statement st = c.createStatement()) {
      st.execute("UPDATE runs SET ponder_version = 'ponder 0.0.1'");
    }
    Run other = arena(4);
    assertThat(other.code()).as(other.err()).isZero();
    assertThat(warnings(other)).containsExactly("warning: tournament 1 has 6 matches stored by ponder 0.0.1; this run is "
        + V + ": the matches it plays are recorded as this build's, and the report names each build");
    assertThat(other.out()).contains("\nBuilds: matches 1–6 by ponder 0.0.1 (from ")
        .contains(", 7–8 by " + V + " (from ");

    // ponder report: the builds on stdout, the warning on stderr, in report.md and report.json
    Run report = ponder("report", "--db", dir.resolve("b.db").toString(), "--report", dir.resolve("rep2").toString(),
        "--no-progress", "--resamples", "40", "--elo-resamples", "40", "--sco-resamples", "40",
        "--alpharank-resamples", "40");
    assertThat(report.code()).as(report.err()).isZero();
    String warning = "warning: tournament 1's matches were played by 2 builds of Ponder (ponder 0.0.1, " + V
        + "); a change between builds (an agent, a game, the referee) can change results: compare each build's matches"
        + " before trusting the rankings";
    assertThat(warnings(report)).containsExactly(warning);
    assertThat(report.out()).contains("\nBuilds: matches 1–6 by ponder 0.0.1 (from ");
    assertThat(Files.readString(dir.resolve("rep2/report.md")))
        .contains("- **Warning:** " + warning.substring("warning: ".length()));
    assertThat(Files.readString(dir.resolve("rep2/report.json"))).contains("\"mixedBuilds\" : true");

    // resuming again with nothing to play: no warning about builds
    Run done = arena(4);
    assertThat(done.code()).as(done.err()).isZero();
    assertThat(done.err()).doesNotContain("stored by ponder 0.0.1;");
  }
}
