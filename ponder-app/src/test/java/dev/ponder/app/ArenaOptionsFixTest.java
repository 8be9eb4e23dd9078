package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The arena's options: the default --parallel under time budgets, a --budget that reaches no
 * agent, a mistyped budget key, games in another order than a stored tournament's.
 */
class ArenaOptionsFixTest {
  @TempDir Path dir;

  /**
   * With a time budget the default leaves one core free: (cores − 1) over the most search
   * threads, at least 1; sims budgets keep every core.
   */
  @Test
  void timeBudgetsLeaveACoreFreeByDefault() {
    assertThat(ArenaCommand.defaultParallel(List.of("random", "uct(time_ms=20)"), 2)).isEqualTo(1);
    assertThat(ArenaCommand.defaultParallel(List.of("random", "uct(time_ms=20)"), 8)).isEqualTo(7);
    assertThat(ArenaCommand.defaultParallel(List.of("random", "uct(time_ms=20,threads=2)"), 8)).isEqualTo(3);
    assertThat(ArenaCommand.defaultParallel(List.of("uct(time_ms=20,threads=2)"), 2)).isEqualTo(1);
    assertThat(ArenaCommand.defaultParallel(List.of("uct(time_ms=20)"), 1)).isEqualTo(1);
    assertThat(ArenaCommand.defaultParallel(List.of("random", "uct(sims=50)"), 2)).isEqualTo(2);
    // the default never draws the overrun warning, except where no --parallel can leave a core free
    // so the default draws the overrun warning only where no --parallel leaves a core free: an
    // agent's threads equal to the cores
    for (int cores = 2; cores <= 16; cores++) {
      for (int t = 1; t <= 3; t++) {
        List<String> agents = List.of("random", "uct(time_ms=20,threads=" + t + ")");
        int p = ArenaCommand.defaultParallel(agents, cores);
        assertThat((long) p * t).as(t + " threads on " + cores).isLessThanOrEqualTo(Math.max(t, cores - 1));
        assertThat(ArenaCommand.timeBudgetWarning(agents, p, cores).isPresent()).as(t + " threads on " + cores)
            .isEqualTo(t == cores);
      }
    }
    // one core, one match of single-threaded agents: nothing competes and nothing can be done, no warning
    assertThat(ArenaCommand.timeBudgetWarning(List.of("uct(time_ms=5)", "random"), 1, 1)).isEmpty();
    // two matches at once on one core do compete: --parallel 1 is the remedy
    assertThat(ArenaCommand.timeBudgetWarning(List.of("uct(time_ms=5)", "random"), 2, 1)).get().asString()
        .contains("--parallel 1 stops the matches competing");
    // an agent whose threads take every core: the warning names the threads, not a --parallel that is already 1
    assertThat(ArenaCommand.timeBudgetWarning(List.of("uct(time_ms=5,threads=2)"), 1, 2)).get().asString()
        .contains("no --parallel leaves a core free while an agent's search threads take every core; threads=1 would")
        .doesNotContain("--parallel 1 leaves");
  }

  @Test
  void aBudgetThatReachesNoAgentIsWarnedAbout() {
    Cli a = Cli.run("arena", "--games", "tic_tac_toe", "--agents", "uct(sims=3),random", "--budget", "sims=20",
        "--seeds-per-pairing", "1", "--db", dir.resolve("b.db").toString(), "--no-progress", "--resamples", "40",
        "--elo-resamples", "40", "--sco-resamples", "40");
    assertThat(a.exit).as(a.err).isZero();
    assertThat(a.err.lines().filter(l -> l.startsWith("warning:")).toList()).containsExactly("warning: --budget sims=20"
        + " applies to no agent (each names its own budget or declares none of its keys); it is still stored with the"
        + " tournament: give it again to resume this tournament, or leave it out of a new one");
    // the same agents spelled with spaces: the same warning (it used to depend on the spelling)
    Cli spaced = Cli.run("arena", "--games", "tic_tac_toe", "--agents", "uct( sims=3 ),random", "--budget", "sims=20",
        "--seeds-per-pairing", "1", "--db", dir.resolve("b2.db").toString(), "--no-progress", "--resamples", "40",
        "--elo-resamples", "40", "--sco-resamples", "40");
    assertThat(spaced.exit).as(spaced.err).isZero();
    assertThat(spaced.err.lines().filter(l -> l.startsWith("warning:")).toList()).containsExactly("warning: --budget"
        + " sims=20 applies to no agent (each names its own budget or declares none of its keys); it is still stored"
        + " with the tournament: give it again to resume this tournament, or leave it out of a new one");
    // a budget that reaches an agent: no warning
    assertThat(ArenaCommand.unusedBudgetWarning("sims=20", List.of("uct", "random"), List.of("uct(sims=20)", "random")))
        .isEmpty();
    assertThat(ArenaCommand.unusedBudgetWarning("", List.of("random"), List.of("random"))).isEmpty();
  }

  @Test
  void aMistypedBudgetKeySuggestsTheNearKey() {
    Cli a = Cli.run("arena", "--games", "tic_tac_toe", "--agents", "uct,random", "--budget", "time=20",
        "--db", dir.resolve("t.db").toString());
    assertThat(a.exit).isEqualTo(2);
    assertThat(a.err).isEqualTo("ponder: --budget key 'time' is not a budget key; valid: sims, time_ms (did you mean"
        + " time_ms? it is in milliseconds)\n");
    // time_s=2 meant 2 seconds: the key is suggested, never the value (it used to say time_ms=2, 2 ms)
    Cli s = Cli.run("arena", "--games", "tic_tac_toe", "--agents", "uct,random", "--budget", "time_s=2",
        "--db", dir.resolve("t.db").toString());
    assertThat(s.exit).isEqualTo(2);
    assertThat(s.err).isEqualTo("ponder: --budget key 'time_s' is not a budget key; valid: sims, time_ms (did you mean"
        + " time_ms? it is in milliseconds)\n");
    Cli sim = Cli.run("arena", "--games", "tic_tac_toe", "--agents", "uct,random", "--budget", "sim=20",
        "--db", dir.resolve("t.db").toString());
    assertThat(sim.err).isEqualTo("ponder: --budget key 'sim' is not a budget key; valid: sims, time_ms (did you mean"
        + " sims?)\n");
    assertThat(ArenaCommand.nearBudgetKey("sim")).contains("sims");
    assertThat(ArenaCommand.nearBudgetKey("timems")).contains("time_ms");
    assertThat(ArenaCommand.nearBudgetKey("c")).isEmpty();
    assertThat(ArenaCommand.nearBudgetKey("threads")).isEmpty();
    // a parameter an agent declares: set it in that agent's string (a string the agent accepts)
    Cli c = Cli.run("arena", "--games", "tic_tac_toe", "--agents", "random,uct", "--budget", "c=2",
        "--db", dir.resolve("t.db").toString());
    assertThat(c.exit).isEqualTo(2);
    assertThat(c.err).isEqualTo("ponder: --budget key 'c' is not a budget key; valid: sims, time_ms (uct declares c: set"
        + " it in the agent string, e.g. --agents 'uct(c=2)')\n");
    assertThat(dev.ponder.agent.AgentRegistry.resolve("uct(c=2)").values().get("c")).isNotNull();
    Cli none = Cli.run("arena", "--games", "tic_tac_toe", "--agents", "random,uct", "--budget", "foo=2",
        "--db", dir.resolve("t.db").toString());
    assertThat(none.err).isEqualTo("ponder: --budget key 'foo' is not a budget key; valid: sims, time_ms (other"
        + " parameters belong in the agent string; 'ponder agents' lists each agent's)\n");
  }

  @Test
  void gamesInAnotherOrderAreNamedInTheNewTournamentWarning() {
    Path db = dir.resolve("o.db");
    java.util.function.Function<String, Cli> arena = games -> Cli.run("arena", "--games", games, "--agents",
        "random,uct(sims=2)", "--seeds-per-pairing", "1", "--db", db.toString(), "--no-progress", "--resamples", "40",
        "--elo-resamples", "40", "--sco-resamples", "40");
    assertThat(arena.apply("tic_tac_toe,nim").exit).isZero();
    assertThat(arena.apply("tic_tac_toe").err).contains("starting tournament 2").doesNotContain("another order");
    Cli swapped = arena.apply("nim,tic_tac_toe");
    assertThat(swapped.exit).as(swapped.err).isZero();
    assertThat(swapped.err).contains("(2 stored; agents/games order and budgets are part of it); same games and agents as"
        + " tournament 1 in another order; starting tournament 3");
  }
}
