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
}
