package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TournamentTest {
  @TempDir Path dir;

  static final String GAMES = "tic_tac_toe";
  static final String AGENTS = "random;flat_mc;first;first(offset=2)";

  /** Every stored match as key -> comparable text (status, returns, length, actions). */
  static Map<String, String> rows(Path db) {
    try (ArenaStore s = ArenaStore.open(db)) {
      long id = s.tournaments().get(0).id();
      Map<String, String> m = new TreeMap<>();
      for (ArenaStore.StoredMatch x : s.matches(id, true)) {
        String key = Schedule.Entry.key(x.game(), ArenaStore.joinInts(x.seats()), x.seedIndex());
        String prev = m.put(key, x.seed() + " " + x.status() + " " + java.util.Arrays.toString(x.returns()) + " " + x.length()
            + " " + x.actions() + " " + x.message());
        assertThat(prev).as("duplicate match " + key).isNull();
      }
      return m;
    }
  }

  static String summary(Path db) {
    try (ArenaStore s = ArenaStore.open(db)) {
      long id = s.tournaments().get(0).id();
      AnalysisOptions o = new AnalysisOptions(500, 100, 0.95, 3, dev.ponder.rating.AlphaRank.Options.infinite(),
          dev.ponder.rating.Sco.Options.defaults(), "", "");
      Analysis.Result r = Analysis.analyse(s, id, o);
      // decision times are wall-clock measurements: everything else must match exactly
      return Report.terminal(r).replaceFirst("Tournament \\d+", "Tournament").replaceAll("\\s+\\S+ ms/decision", "");
    }
  }

  @Test
  void aOnePlayerGameIsRefusedInEverySchedule() {
    String msg = "game '2048(max_tile=16)' has 1 player: the arena pits agents against each other, and a one-player game"
        + " has no opponent";
    List<String> games = List.of("tic_tac_toe", "2048(max_tile=16)");
    // round robin: no seating exists (it used to schedule 0 matches for the game and say nothing)
    assertThatThrownBy(() -> new Tournament(new TournamentConfig(games, List.of("random", "first"), "", 2, 1,
        TournamentConfig.ROUND_ROBIN, "", false))).isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith(msg);
    // self-play and benchmark would seat each agent alone, with no one to rank it against
    assertThatThrownBy(() -> new Tournament(new TournamentConfig(games, List.of("random", "first"), "", 2, 1,
        TournamentConfig.ROUND_ROBIN, "", true))).hasMessageStartingWith(msg);
    assertThatThrownBy(() -> new Tournament(new TournamentConfig(games, List.of("random"), "", 2, 1,
        TournamentConfig.BENCHMARK, "first", false))).hasMessageStartingWith(msg);
  }

  @Test
  void resumedTournamentEqualsUninterruptedAndNeverReplays() {
    TournamentConfig c = TournamentChild.config(GAMES, AGENTS, "sims=3", 6, 11);
    Path full = dir.resolve("full.db");
    try (ArenaStore s = ArenaStore.open(full)) {
      Tournament.RunSummary r = new Tournament(c).run(s, 2, (d, t) -> Progress.none(), null);
      assertThat(r.total()).isEqualTo(6 * 12);
      assertThat(r.played()).isEqualTo(72);
    }
    Path part = dir.resolve("part.db");
    try (ArenaStore s = ArenaStore.open(part)) {
      // stop the run after 20 stored matches by failing inside the callback
      assertThatThrownBy(() -> new Tournament(c).run(s, 1, (d, t) -> Progress.none(), n -> {
        if (n == 20) {
          throw new IllegalStateException("stop");
        }
      })).hasMessage("stop");
      assertThat(s.count(s.tournaments().get(0).id())).isEqualTo(20);
    }
    try (ArenaStore s = ArenaStore.open(part)) {
      Tournament.RunSummary r = new Tournament(c).run(s, 2, (d, t) -> Progress.none(), null);
      assertThat(r.alreadyStored()).isEqualTo(20);
      assertThat(r.played()).isEqualTo(52);
      Tournament.RunSummary again = new Tournament(c).run(s, 2, (d, t) -> Progress.none(), null);
      assertThat(again.played()).isZero();
      assertThat(s.tournaments()).hasSize(1);
    }
    assertThat(rows(part)).isEqualTo(rows(full));
    assertThat(summary(part)).isEqualTo(summary(full));
  }

  @Test
  void analysisOfAPlantedTournament() {
    // first(offset=0) as X always wins against first(offset=0) as O (see MatchRunnerTest); flat_mc
    // with 30 playouts per move never loses to random at tic-tac-toe in practice and wins most.
    TournamentConfig c = TournamentChild.config(GAMES, "random;flat_mc(sims=30)", "", 20, 5);
    Path db = dir.resolve("p.db");
    try (ArenaStore s = ArenaStore.open(db)) {
      new Tournament(c).run(s, 2, (d, t) -> Progress.none(), null);
      Analysis.Result r = Analysis.analyse(s, 1, AnalysisOptions.defaults());
      Analysis.GameResult g = r.games().get(0);
      assertThat(g.matches()).isEqualTo(40);
      assertThat(g.mean()[1][0]).isGreaterThan(0.5);
      assertThat(g.mean()[1][0]).isEqualTo(-g.mean()[0][1]); // zero-sum, same matches
      assertThat(g.low()[1][0]).isLessThanOrEqualTo(g.mean()[1][0]);
      assertThat(g.high()[1][0]).isGreaterThanOrEqualTo(g.mean()[1][0]);
      assertThat(g.wins()[1][0] + g.draws()[1][0] + g.losses()[1][0]).isEqualTo(40);
      assertThat(g.wins()[1][0]).isEqualTo(g.losses()[0][1]);
      assertThat(g.mass()[1]).isCloseTo(1.0, org.assertj.core.api.Assertions.within(1e-6));
      assertThat(r.sco()[1]).isGreaterThan(r.sco()[0]);
      assertThat(r.elo()[1]).isGreaterThan(r.elo()[0]);
      assertThat(r.eloLow()[1]).isLessThanOrEqualTo(r.elo()[1]);
      assertThat(r.ballotWinRate()[1][0]).isEqualTo(1.0);
      Path out = dir.resolve("report");
      Report.write(r, s, out);
      for (String f : List.of("report.md", "report.json", "matches.csv", "ratings.svg", "ballots.svg", "scores-0.svg")) {
        assertThat(out.resolve(f)).exists();
      }
      try {
        assertThat(Files.readAllLines(out.resolve("matches.csv"))).hasSize(41);
        assertThat(Files.readString(out.resolve("ratings.svg"))).startsWith("<?xml");
        assertThat(SvgXml.of(Files.readString(out.resolve("ratings.svg"))).strings()).contains("flat_mc(sims=30)");
        assertThat(Files.readString(out.resolve("report.json"))).contains("\"sco\"");
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
  }

  @Test
  void killedChildProcessResumesToExactlyTheUninterruptedResults() throws Exception {
    String games = GAMES;
    String agents = "random;flat_mc;first;first(offset=3)";
    String budget = "sims=12";
    int matches = 25; // 25 * 12 = 300 matches
    long seed = 99;
    Path killed = dir.resolve("killed.db");
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), TournamentChild.class.getName(),
        killed.toString(), games, agents, budget, Integer.toString(matches), Long.toString(seed), "2"));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("child.log").toFile()).start();
    int stored = 0;
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(300);
    while (System.nanoTime() < deadline && p.isAlive()) {
      if (Files.exists(killed)) {
        try (ArenaStore s = ArenaStore.open(killed)) {
          if (!s.tournaments().isEmpty()) {
            stored = s.count(s.tournaments().get(0).id());
          }
        } catch (RuntimeException e) {
          stored = 0; // the child may still be creating the schema
        }
      }
      if (stored >= 30) {
        break;
      }
      Thread.sleep(5);
    }
    assertThat(p.isAlive()).as("child finished before it could be killed; log: " + Files.readString(dir.resolve("child.log"))).isTrue();
    p.destroyForcibly();
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    int afterKill;
    try (ArenaStore s = ArenaStore.open(killed)) {
      afterKill = s.count(s.tournaments().get(0).id());
    }
    assertThat(afterKill).isBetween(30, 299);
    TournamentConfig c = TournamentChild.config(games, agents, budget, matches, seed);
    try (ArenaStore s = ArenaStore.open(killed)) {
      Tournament.RunSummary r = new Tournament(c).run(s, 2, (d, t) -> Progress.none(), null);
      assertThat(r.alreadyStored()).isEqualTo(afterKill);
      assertThat(r.played()).isEqualTo(300 - afterKill);
    }
    Path clean = dir.resolve("clean.db");
    try (ArenaStore s = ArenaStore.open(clean)) {
      new Tournament(c).run(s, 1, (d, t) -> Progress.none(), null);
    }
    assertThat(rows(killed)).hasSize(300).isEqualTo(rows(clean));
    assertThat(summary(killed)).isEqualTo(summary(clean));
  }
}
