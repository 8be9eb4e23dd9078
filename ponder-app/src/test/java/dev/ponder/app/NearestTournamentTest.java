package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run that starts a new tournament because one setting differs from a stored tournament of the
 * same agents and games (a game written otherwise, the budget, the seed, the seeds per pairing)
 * is told which tournament and which setting.
 */
class NearestTournamentTest {
  @TempDir Path dir;

  private Cli arena(Path db, String games, String... extra) {
    List<String> args = new java.util.ArrayList<>(List.of("arena", "--games", games, "--agents", "random,uct",
        "--db", db.toString(), "--report", dir.resolve("rep").toString(), "--no-progress", "--resamples", "40",
        "--elo-resamples", "40"));
    args.addAll(List.of(extra));
    return Cli.run(args.toArray(String[]::new));
  }

  private static List<String> warnings(Cli c) {
    return c.err.lines().filter(l -> l.startsWith("warning: no stored tournament")).toList();
  }

  @Test
  void theOneSettingThatDiffersIsNamed() {
    Path db = dir.resolve("n.db");
    Cli first = arena(db, "tic_tac_toe,kuhn_poker", "--budget", "sims=3", "--seeds-per-pairing", "2", "--seed", "7");
    assertThat(first.exit).as(first.err).isZero();

    Cli spelled = arena(db, "tic_tac_toe(),kuhn_poker(players=2)", "--budget", "sims=3", "--seeds-per-pairing", "2",
        "--seed", "7");
    assertThat(spelled.exit).as(spelled.err).isZero();
    assertThat(warnings(spelled)).singleElement().asString().contains("(1 stored; agents/games order and budgets are part"
        + " of it); tournament 1 differs only in how its games are written (tic_tac_toe,kuhn_poker there,"
        + " tic_tac_toe(),kuhn_poker(players=2) here: the same games; write them as there to resume it); starting"
        + " tournament 2");

    Cli budget = arena(db, "tic_tac_toe,kuhn_poker", "--budget", "sims=4", "--seeds-per-pairing", "2", "--seed", "7");
    assertThat(warnings(budget)).singleElement().asString()
        .contains("; tournament 1 differs only in its budget (sims=3 there, sims=4 here); starting tournament 3");

    Cli seed = arena(db, "tic_tac_toe,kuhn_poker", "--budget", "sims=3", "--seeds-per-pairing", "1", "--seed", "8");
    assertThat(warnings(seed)).singleElement().asString().contains("; tournament 1 differs only in its seed (7 there, 8"
        + " here) and its seeds per pairing (2 there, 1 here); starting tournament 4");

    // other agents: a tournament of its own by intent, no tournament named
    Cli agents = Cli.run("arena", "--games", "tic_tac_toe,kuhn_poker", "--agents", "random,puct", "--db", db.toString(),
        "--report", dir.resolve("rep").toString(), "--no-progress", "--resamples", "40", "--elo-resamples", "40",
        "--budget", "sims=3", "--seeds-per-pairing", "2", "--seed", "7");
    assertThat(warnings(agents)).singleElement().asString().contains("(4 stored; agents/games order and budgets are part"
        + " of it); starting tournament 5").doesNotContain("differs only");
  }

  /**
   * A round robin ignores --benchmark but stores it: a run without it is another tournament, and
   * the warning names the ignored benchmark (it read "round-robin there, round-robin here").
   */
  @Test
  void anIgnoredBenchmarkIsNamedInTheSchedule() {
    Path db = dir.resolve("b.db");
    Cli with = arena(db, "tic_tac_toe", "--budget", "sims=3", "--seeds-per-pairing", "1", "--benchmark", "random");
    assertThat(with.exit).as(with.err).isZero();
    Cli without = arena(db, "tic_tac_toe", "--budget", "sims=3", "--seeds-per-pairing", "1");
    assertThat(without.exit).as(without.err).isZero();
    assertThat(warnings(without)).singleElement().asString().contains("; tournament 1 differs only in its schedule"
        + " (round-robin with an ignored --benchmark random there, round-robin here); starting tournament 2");
  }
}
