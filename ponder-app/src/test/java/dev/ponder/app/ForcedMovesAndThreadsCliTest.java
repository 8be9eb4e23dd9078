package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Forced moves in {@code search}, and the warning about more search threads than cores. */
class ForcedMovesAndThreadsCliTest {
  private static final int CORES = Runtime.getRuntime().availableProcessors();
  /** Tic-tac-toe with one empty cell, 8 = x(2,2). */
  private static final String LAST_CELL = "0,4,1,2,6,3,5,7";

  @Test
  void aForcedMoveIsAnsweredAtOnceAndSaysSo() throws Exception {
    Cli t = Cli.run("search", "tic_tac_toe", "--history", LAST_CELL, "--agent", "uct(sims=100000000)");
    assertThat(t.exit).isEqualTo(0);
    assertThat(t.out).contains("chosen: x(2,2) (8)")
        .contains("forced move: the only legal action, answered without a search (search_forced=true searches it)")
        .contains("principal variation: x(2,2)").contains("; 0 simulations,");
    Cli j = Cli.run("search", "tic_tac_toe", "--history", LAST_CELL, "--agent", "uct(sims=100000000)", "--json");
    assertThat(j.exit).isEqualTo(0);
    JsonNode n = new ObjectMapper().readTree(j.out);
    assertThat(n.get("action").asInt()).isEqualTo(8);
    assertThat(n.get("simulations").asLong()).isZero();
    assertThat(n.get("children")).hasSize(1);
    JsonNode c = n.get("children").get(0);
    assertThat(c.get("visits").asInt()).isZero();
    assertThat(c.get("policy").asDouble()).isEqualTo(1.0);
    assertThat(c.get("prior").asDouble()).isEqualTo(1.0);
    assertThat(c.get("q")).hasSize(2).allMatch(JsonNode::isNull);
    assertThat(n.get("root_value")).hasSize(2).allMatch(JsonNode::isNull);
    assertThat(n.get("principal_variation").toString()).isEqualTo("[8]");
    Cli searched = Cli.run("search", "tic_tac_toe", "--history", LAST_CELL, "--agent", "uct(sims=200,search_forced=true)");
    assertThat(searched.out).doesNotContain("forced move").contains("; 200 simulations,");
  }

  /** play --stats: the last move of tic-tac-toe is forced and says so instead of a NaN root value. */
  @Test
  void playStatsNameAForcedMove() {
    Cli p = Cli.run("play", "tic_tac_toe", "--players", "uct(sims=50),uct(sims=50)", "--seed", "3", "--stats");
    assertThat(p.exit).isEqualTo(0);
    List<String> stats = p.err.lines().filter(l -> l.startsWith("stats: ")).toList();
    assertThat(stats).isNotEmpty().noneMatch(l -> l.contains("NaN"));
    if (stats.size() == 9) { // a draw: the ninth move had one empty cell left
      assertThat(stats.get(8)).endsWith("; forced move, not searched");
    }
    assertThat(stats.subList(0, Math.min(stats.size(), 8))).allMatch(l -> l.contains("; 50 simulations,"));
  }

  @Test
  void moreThreadsThanCoresAreWarnedAboutInSearchPlayAndArena() {
    int t = Math.min(64, CORES + 1);
    org.junit.jupiter.api.Assumptions.assumeTrue(CORES < 64);
    String agent = "uct(sims=40,threads=" + t + ")";
    String expected = "warning: " + agent + " asks for " + t + " search threads on " + CORES + " core";
    Cli s = Cli.run("search", "tic_tac_toe", "--agent", agent);
    assertThat(s.exit).isEqualTo(0);
    assertThat(s.err).contains(expected).contains("use threads=" + CORES + " or fewer");
    assertThat(s.err.lines().filter(l -> l.startsWith("warning:")).count()).isEqualTo(1);
    Cli p = Cli.run("play", "tic_tac_toe", "--players", agent + ",random", "--seed", "1");
    assertThat(p.exit).isEqualTo(0);
    assertThat(p.err).contains(expected);
    Cli ok = Cli.run("search", "tic_tac_toe", "--agent", "uct(sims=40,threads=" + CORES + ")");
    assertThat(ok.err).doesNotContain("warning");
    assertThat(SearchThreads.warnings(List.of("uct(threads=3)", "random", "uct(threads=3)", "puct(threads=2)"), 2))
        .hasSize(1).allMatch(w -> w.startsWith("warning: uct(threads=3) asks for 3 search threads on 2 cores"));
  }

  /**
   * More threads than cores is one cause, so the arena prints one warning for it: the per-agent
   * line naming the agent, not also the time-budget warning.
   */
  @Test
  void theArenaWarnsOnceAboutThreadsBeyondTheCores(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
    assertThat(ArenaCommand.timeBudgetWarning(List.of("uct(time_ms=50,threads=16)", "uct(time_ms=50)"), 1, 2)).isEmpty();
    org.junit.jupiter.api.Assumptions.assumeTrue(CORES < 64);
    int t = CORES + 1;
    String agent = "uct(time_ms=1,threads=" + t + ")";
    Cli a = Cli.run("arena", "--games", "tic_tac_toe", "--agents", agent + ",random", "--matches-per-pairing", "1",
        "--db", dir.resolve("x.db").toString(), "--no-progress", "--resamples", "40", "--elo-resamples", "40",
        "--sco-resamples", "40");
    assertThat(a.exit).as(a.err).isEqualTo(0);
    List<String> warnings = a.err.lines().filter(l -> l.startsWith("warning:")).toList();
    assertThat(warnings).hasSize(1);
    assertThat(warnings.get(0)).startsWith("warning: " + agent + " asks for " + t + " search threads on " + CORES + " core")
        .contains("time budget").contains("use threads=" + CORES + " or fewer");
  }
}
