package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two agents whose long strings differ only at the end (two best-response files of one
 * directory) are told apart in the arena's rankings and per-game tables: the names were cut at
 * the end, so both showed as {@code tabular(file=.../best_response_playe…}.
 */
class ArenaLongNamesCliTest {
  @TempDir Path dir;

  @Test
  void bestResponsesOfOneDirectoryLookDifferent() {
    Path policy = dir.resolve("kuhn.json");
    Path br = dir.resolve("a-rather-long-directory-name/best-responses");
    assertThat(Cli.run("solve", "kuhn_poker", "--iterations", "50", "--out", policy.toString()).exit).isZero();
    Cli e = Cli.run("exploitability", "kuhn_poker", "--policy", policy.toString(), "--best-response-out", br.toString());
    assertThat(e.exit).as(e.err).isZero();
    String a0 = "tabular(file=" + br.resolve("best_response_player_0.json") + ")";
    String a1 = "tabular(file=" + br.resolve("best_response_player_1.json") + ")";
    assertThat(a0.length()).isGreaterThan(48);
    Cli r = Cli.run("arena", "--games", "kuhn_poker", "--agents", a0 + "," + a1 + ",uniform", "--seeds-per-pairing", "4",
        "--seed", "1", "--parallel", "1", "--db", dir.resolve("a.db").toString(), "--no-progress", "--resamples", "50",
        "--elo-resamples", "50");
    assertThat(r.exit).as(r.err).isZero();
    List<String> rows = r.out.lines().filter(l -> l.contains("tabular(file=") && !l.contains("ballot:")).toList();
    // one ranking row and one per-game row for each: four rows, the two agents shown differently
    assertThat(rows).hasSize(4);
    assertThat(rows.stream().filter(l -> l.contains("best_response_player_0.json)"))).hasSize(2);
    assertThat(rows.stream().filter(l -> l.contains("best_response_player_1.json)"))).hasSize(2);
  }

  /**
   * The Amp/Imp footnote and the per-game ballot line name the agents as the tables do: they
   * printed the long strings whole. The summary of arena and of report names both seeds.
   */
  @Test
  void footnotesAndBallotsCutLongNamesAsTheTablesDoAndTheSeedsAreNamed() {
    Path policy = dir.resolve("kuhn.json");
    Path br = dir.resolve("a-rather-long-directory-name/best-responses");
    assertThat(Cli.run("solve", "kuhn_poker", "--iterations", "50", "--out", policy.toString()).exit).isZero();
    Cli e = Cli.run("exploitability", "kuhn_poker", "--policy", policy.toString(), "--best-response-out", br.toString());
    assertThat(e.exit).as(e.err).isZero();
    String a0 = "tabular(file=" + br.resolve("best_response_player_0.json") + ")";
    String a1 = "tabular(file=" + br.resolve("best_response_player_1.json") + ")";
    Path db = dir.resolve("b.db");
    Cli r = Cli.run("arena", "--games", "kuhn_poker", "--agents", a0 + "," + a1 + ",uniform", "--seeds-per-pairing", "4",
        "--seed", "3", "--parallel", "1", "--db", db.toString(), "--no-progress", "--resamples", "50",
        "--elo-resamples", "50", "--reference", a0, "--raw-prior", a1, "--stats-seed", "9");
    assertThat(r.exit).as(r.err).isZero();
    // the table's cut: 18 characters of the start, "…", 29 of the end (48 in all)
    String cut0 = a0.substring(0, 18) + "…" + a0.substring(a0.length() - 29);
    String cut1 = a1.substring(0, 18) + "…" + a1.substring(a1.length() - 29);
    assertThat(r.out).doesNotContain(a0).doesNotContain(a1)
        .contains("amplification over the reference " + cut0 + ";")
        .contains("improvement over the raw prior " + cut1 + ".");
    String ballot = r.out.lines().filter(l -> l.startsWith("    ballot: ")).findFirst().orElseThrow();
    assertThat(ballot).contains(cut0).contains(cut1).contains("uniform");
    assertThat(r.out).contains("\ntournament seed: 3; statistics seed: 9 (--stats-seed)\n");

    Cli rep = Cli.run("report", "--db", db.toString(), "--report", dir.resolve("again").toString(), "--no-progress",
        "--resamples", "50", "--elo-resamples", "50", "--stats-seed", "4");
    assertThat(rep.exit).as(rep.err).isZero();
    assertThat(rep.out).contains("\ntournament seed: 3; statistics seed: 4 (--stats-seed)\n");
  }
}
