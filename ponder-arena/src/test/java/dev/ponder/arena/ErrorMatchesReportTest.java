package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Error matches in the analysis and report.json: the first error is named whether or not its seed
 * index is analysed; a tournament none of whose analysed matches was scored (every one the game's
 * own error) has no Elo (null in report.json, like every value the terminal shows as "-" or
 * "n/a"), not an Elo of 0 each; an agent whose every match is its own error loses them all.
 */
class ErrorMatchesReportTest {
  @TempDir Path dir;

  private static final AnalysisOptions O = new AnalysisOptions(200, 40, 40, 0.95, 5,
      dev.ponder.rating.AlphaRank.Options.infinite(), dev.ponder.rating.Sco.Options.defaults(), "", "");
  private static final Analysis.Execution ONE = new Analysis.Execution(1, Progress.Factory.NONE);

  @Test
  void theFirstErrorIsNamedWhenItsSeedIndexIsNotAnalysed() {
    // 3 agents: 6 seatings per seed index, 4 of them with boom (which throws at its first decision)
    TournamentConfig c = new TournamentConfig(List.of("tic_tac_toe"), List.of("random", "first", "boom"), "", 2, 3,
        TournamentConfig.ROUND_ROBIN, "", false);
    try (ArenaStore s = ArenaStore.open(dir.resolve("e.db"))) {
      long id = new Tournament(c).run(s, 1, (d, t) -> Progress.none(), null).tournamentId();
      List<ArenaStore.StoredMatch> all = s.matches(id, true);
      // what a run interrupted in its first seed index stores: some of seed index 0, errors among them
      List<ArenaStore.StoredMatch> partial = all.stream().filter(m -> m.seedIndex() == 0).limit(4).toList();
      long errors = partial.stream().filter(m -> m.status() == MatchResult.Status.ERROR).count();
      assertThat(errors).isPositive();
      Analysis.Result r = Analysis.analyse(s, id, O, partial, ONE);
      assertThat(r.completeSeeds()).isZero();
      assertThat(r.errorsStored()).isEqualTo((int) errors);
      assertThat(r.firstError()).startsWith("tic_tac_toe, seed index 0, ").contains("'s agent boom failed in selectAction");
      // with seed index 0 complete and seed index 1 only begun, the first is still seed index 0's
      List<ArenaStore.StoredMatch> more = all.stream().filter(m -> m.seedIndex() == 0 || m.status() == MatchResult.Status.ERROR)
          .toList();
      Analysis.Result m = Analysis.analyse(s, id, O, more, ONE);
      assertThat(m.completeSeeds()).isEqualTo(1);
      assertThat(m.firstError()).startsWith("tic_tac_toe, seed index 0, ");
    }
  }

  @Test
  void noScoredSeedMeansNoEloInTheResultAndNullInReportJson() throws Exception {
    // first(offset=1) rolls and the game returns NaN; uct's search meets the NaN: every match is the
    // game's own error (no seat blamed), none is scored
    dev.ponder.game.GameRegistry.register(new dev.ponder.game.fixtures.FlawedDieGame.Factory());
    TournamentConfig c = new TournamentConfig(List.of("flawed_die(nan=true)"), List.of("first(offset=1)", "uct(sims=20)"),
        "", 1, 3, TournamentConfig.ROUND_ROBIN, "", false);
    try (ArenaStore s = ArenaStore.open(dir.resolve("n.db"))) {
      long id = new Tournament(c).run(s, 1, (d, t) -> Progress.none(), null).tournamentId();
      List<ArenaStore.StoredMatch> all = s.matches(id, true);
      assertThat(all).isNotEmpty().allMatch(m -> m.status() == MatchResult.Status.ERROR && m.failedSeat() == -1);
      Analysis.Result r = Analysis.analyse(s, id, O, all, ONE);
      assertThat(r.completeSeeds()).isEqualTo(1);
      assertThat(r.elo()).containsOnly(Double.NaN);
      Report.write(r, all, dir.resolve("rep"));
      JsonNode json = new ObjectMapper().readTree(dir.resolve("rep/report.json").toFile());
      for (String key : new String[] {"elo", "eloLow", "eloHigh", "sco", "scoLow", "scoHigh"}) {
        assertThat(json.get(key)).as(key).hasSize(2).allMatch(JsonNode::isNull);
      }
      assertThat(r.games().get(0).ballot()).containsOnly(Double.NaN);
      assertThat(r.games().get(0).method()).isEqualTo("none");
      assertThat(json.get("completeSeeds").asInt()).isEqualTo(1);
    }
  }

  @Test
  void anAgentWhoseEveryMatchIsItsOwnErrorLosesThemAll() throws Exception {
    // boom throws at its first decision: every match is its forfeit, -1 against random's +1
    TournamentConfig c = new TournamentConfig(List.of("tic_tac_toe"), List.of("random", "boom"), "", 1, 3,
        TournamentConfig.ROUND_ROBIN, "", false);
    try (ArenaStore s = ArenaStore.open(dir.resolve("b.db"))) {
      long id = new Tournament(c).run(s, 1, (d, t) -> Progress.none(), null).tournamentId();
      List<ArenaStore.StoredMatch> all = s.matches(id, true);
      assertThat(all).hasSize(2).allMatch(m -> m.status() == MatchResult.Status.ERROR);
      Analysis.Result r = Analysis.analyse(s, id, O, all, ONE);
      Analysis.GameResult g = r.games().get(0);
      assertThat(g.agentMean()).containsExactly(1, -1);
      assertThat(g.mass()[0]).isEqualTo(1);
      assertThat(g.ballot()).containsExactly(1, 0);
      assertThat(r.sco()[0]).isGreaterThan(r.sco()[1]);
      assertThat(r.elo()[1]).isZero(); // the anchor
      assertThat(r.elo()[0]).isPositive();
      Report.write(r, all, dir.resolve("rep"));
      JsonNode json = new ObjectMapper().readTree(dir.resolve("rep/report.json").toFile());
      assertThat(json.get("rank").get(0).asInt()).isEqualTo(1);
      assertThat(json.get("rank").get(1).asInt()).isEqualTo(2);
      assertThat(json.get("games").get(0).get("errorMatches").toString()).isEqualTo("[0,2]");
    }
  }
}
