package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --alpharank-two-player} given where it ranks no game (only games of 3 or more players,
 * or the benchmark schedule) draws one warning, as {@code --seat-orders} does with only 2-player
 * games; where a 2-player game is ranked by it, none.
 */
class ArenaTwoPlayerOptionCliTest {
  @TempDir Path dir;

  static final String THREE = "warning: --alpharank-two-player changes no ranking of a round robin of games with 3 or"
      + " more players; it applies to round robins of 2-player games";

  private Cli arena(String name, String games, String... more) {
    Path db = dir.resolve(name + ".db");
    List<String> args = new ArrayList<>(List.of("arena", "--games", games, "--agents", "random,uct(sims=2)",
        "--seeds-per-pairing", "1", "--db", db.toString(), "--no-progress", "--resamples", "40", "--elo-resamples", "40",
        "--sco-resamples", "40", "--alpharank-resamples", "40"));
    args.addAll(List.of(more));
    return Cli.run(args.toArray(String[]::new));
  }

  private static long warnings(Cli c) {
    return c.err.lines().filter(l -> l.contains("--alpharank-two-player changes no ranking")).count();
  }

  @Test
  void onlyGamesOfThreeOrMorePlayersDrawOneWarningForEveryValue() {
    for (String value : List.of("multi", "single")) {
      Cli c = arena("three-" + value, "kuhn_poker(players=3)", "--alpharank-two-player", value);
      assertThat(c.exit).as(c.err).isZero();
      assertThat(c.err.lines().filter(l -> l.equals(THREE))).as(c.err).hasSize(1);
      assertThat(warnings(c)).isEqualTo(1);
      // ponder report on the same store says it the same way
      Cli r = Cli.run("report", "--db", dir.resolve("three-" + value + ".db").toString(), "--report",
          dir.resolve("rep-" + value).toString(), "--no-progress", "--resamples", "40", "--elo-resamples", "40",
          "--sco-resamples", "40", "--alpharank-resamples", "40", "--alpharank-two-player", value);
      assertThat(r.exit).as(r.err).isZero();
      assertThat(r.err.lines().filter(l -> l.equals(THREE))).as(r.err).hasSize(1);
    }
    Cli bench = arena("bench", "tic_tac_toe", "--schedule", "benchmark", "--benchmark", "puct(sims=2)",
        "--alpharank-two-player", "multi");
    assertThat(bench.exit).as(bench.err).isZero();
    assertThat(bench.err).contains("warning: --alpharank-two-player changes no ranking with --schedule benchmark; it"
        + " applies to round robins of 2-player games");
    assertThat(warnings(bench)).isEqualTo(1);
  }

  @Test
  void aTwoPlayerGameOrNoOptionDrawsNone() {
    Cli mixed = arena("mixed", "tic_tac_toe,kuhn_poker(players=3)", "--alpharank-two-player", "multi");
    assertThat(mixed.exit).as(mixed.err).isZero();
    assertThat(warnings(mixed)).as(mixed.err).isZero();
    Cli none = arena("none", "kuhn_poker(players=3)");
    assertThat(none.exit).as(none.err).isZero();
    assertThat(warnings(none)).as(none.err).isZero();
    Cli r = Cli.run("report", "--db", dir.resolve("none.db").toString(), "--report", dir.resolve("rep").toString(),
        "--no-progress", "--resamples", "40", "--elo-resamples", "40", "--sco-resamples", "40", "--alpharank-resamples",
        "40");
    assertThat(r.exit).as(r.err).isZero();
    assertThat(warnings(r)).as(r.err).isZero();
  }
}
