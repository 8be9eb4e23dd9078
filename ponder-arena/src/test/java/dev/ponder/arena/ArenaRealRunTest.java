package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The done-when run: 6 games (one of them 3-player) and 5 agents (random, uct, puct, m_seed and a
 * second uct setting) with small budgets, played by a child JVM that is killed with
 * {@code destroyForcibly} mid-way, resumed, and compared with an uninterrupted run: the same
 * stored matches and the same statistics.
 */
class ArenaRealRunTest {
  @TempDir Path dir;

  static final String GAMES = "tic_tac_toe;kuhn_poker;kuhn_poker(players=3);breakthrough(rows=5,columns=5);"
      + "hex(board_size=4);clobber(rows=4,columns=4)";
  static final String AGENTS = "random;uct;puct;m_seed;uct(c=1)";
  static final String BUDGET = "sims=12";
  static final int SEEDS = 2;
  static final long SEED = 2026;

  @Test
  void sixGamesFiveAgentsKilledAndResumedEqualsUninterrupted() throws Exception {
    TournamentConfig c = TournamentChild.config(GAMES, AGENTS, BUDGET, SEEDS, SEED);
    int total = new Tournament(c).schedule().size();
    // 2-player games: 20 ordered pairs; 3-player kuhn: every multiset in every seat order, that is
    // every ordered triple of the 5 agents but the 5 of one agent: 5^3 - 5 = 120 seatings
    assertThat(total).isEqualTo(SEEDS * (5 * 20 + 120));
    Path killed = dir.resolve("killed.db");
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), TournamentChild.class.getName(),
        killed.toString(), GAMES, AGENTS, BUDGET, Integer.toString(SEEDS), Long.toString(SEED), "1"));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("child.log").toFile()).start();
    int stored = 0;
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(300);
    while (System.nanoTime() < deadline && p.isAlive() && stored < 40) {
      if (Files.exists(killed)) {
        try (ArenaStore s = ArenaStore.open(killed)) {
          stored = s.tournaments().isEmpty() ? 0 : s.count(s.tournaments().get(0).id());
        } catch (RuntimeException e) {
          stored = 0; // schema not created yet
        }
      }
      Thread.sleep(3);
    }
    assertThat(p.isAlive()).as("child finished before it could be killed; log: " + Files.readString(dir.resolve("child.log"))).isTrue();
    p.destroyForcibly();
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    int afterKill;
    try (ArenaStore s = ArenaStore.open(killed)) {
      afterKill = s.count(s.tournaments().get(0).id());
    }
    assertThat(afterKill).isGreaterThanOrEqualTo(40).isLessThan(total);
    try (ArenaStore s = ArenaStore.open(killed)) {
      Tournament.RunSummary r = new Tournament(c).run(s, 2, (d, t) -> Progress.none(), null);
      assertThat(r.alreadyStored()).isEqualTo(afterKill);
      assertThat(r.played()).isEqualTo(total - afterKill);
      assertThat(r.errors()).isZero();
    }
    Path clean = dir.resolve("clean.db");
    try (ArenaStore s = ArenaStore.open(clean)) {
      new Tournament(c).run(s, 2, (d, t) -> Progress.none(), null);
    }
    assertThat(TournamentTest.rows(killed)).hasSize(total).isEqualTo(TournamentTest.rows(clean));
    String report = TournamentTest.summary(killed);
    assertThat(report).isEqualTo(TournamentTest.summary(clean));
    assertThat(report).contains("kuhn_poker(players=3) (3 players, 240 matches").contains("alpharank-multi");
    try (ArenaStore s = ArenaStore.open(killed)) {
      Analysis.Result r = Analysis.analyse(s, 1, AnalysisOptions.defaults());
      assertThat(r.games()).hasSize(6);
      assertThat(r.agents()).containsExactly("random", "uct(sims=12)", "puct(sims=12)", "m_seed(sims=12)", "uct(c=1,sims=12)");
      for (Analysis.GameResult g : r.games()) {
        double sum = 0;
        for (double m : g.mass()) {
          sum += m;
        }
        assertThat(sum).isCloseTo(1.0, org.assertj.core.api.Assertions.within(1e-9));
      }
    }
  }
}
