package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A report of a partial tournament analyses the complete seed indices only. */
class PartialTournamentTest {
  @TempDir Path dir;

  @Test
  void halfPlayedSeedIndexIsLeftOutAndSaidSo() {
    // two games (3 and 2 players), 2 agents: 6 + 2 seatings per seed index, 4 seed indices
    TournamentConfig c = new TournamentConfig(List.of("kuhn_poker(players=3)", "tic_tac_toe"),
        List.of("random", "first"), "", 4, 11, TournamentConfig.ROUND_ROBIN, "", false);
    try (ArenaStore s = ArenaStore.open(dir.resolve("p.db"))) {
      Tournament.RunSummary run = new Tournament(c).run(s, 1, (d, t) -> Progress.none(), null);
      long id = run.tournamentId();
      List<ArenaStore.StoredMatch> all = s.matches(id, true);
      assertThat(all).hasSize(32);
      AnalysisOptions o = new AnalysisOptions(2000, 200, 200, 0.95, 5, dev.ponder.rating.AlphaRank.Options.infinite(),
          dev.ponder.rating.Sco.Options.defaults(), "", "");
      Analysis.Execution one = new Analysis.Execution(1, Progress.Factory.NONE);

      Analysis.Result full = Analysis.analyse(s, id, o, all, one);
      assertThat(full.partial()).isFalse();
      assertThat(full.completeSeeds()).isEqualTo(4);
      assertThat(Report.terminal(full)).doesNotContain("waits for resume");

      // seed indices 0..2 only: what a run stopped exactly after seed index 2 stores
      List<ArenaStore.StoredMatch> three = all.stream().filter(m -> m.seedIndex() < 3).toList();
      // plus half of seed index 3: 3 of the kuhn seatings and 1 tic-tac-toe seating, so agent 0
      // and agent 1 would sit unequally often
      List<ArenaStore.StoredMatch> half = new ArrayList<>(three);
      int kuhn = 0;
      int ttt = 0;
      for (ArenaStore.StoredMatch m : all) {
        if (m.seedIndex() == 3 && m.game() == 0 && kuhn < 3) {
          half.add(m);
          kuhn++;
        } else if (m.seedIndex() == 3 && m.game() == 1 && ttt < 1) {
          half.add(m);
          ttt++;
        }
      }
      assertThat(half).hasSize(28);
      Analysis.Result a = Analysis.analyse(s, id, o, three, one);
      Analysis.Result b = Analysis.analyse(s, id, o, half, one);
      assertThat(b.matchesStored()).isEqualTo(28);
      assertThat(b.matchesScheduled()).isEqualTo(32);
      assertThat(b.completeSeeds()).isEqualTo(3);
      assertThat(b.matches()).isEqualTo(24);
      assertThat(b.partial()).isTrue();
      // the statistics are those of the store without the half-played seed index
      assertThat(b.sco()).containsExactly(a.sco());
      assertThat(b.scoLow()).containsExactly(a.scoLow());
      assertThat(b.scoHigh()).containsExactly(a.scoHigh());
      assertThat(b.elo()).containsExactly(a.elo());
      assertThat(b.eloLow()).containsExactly(a.eloLow());
      for (int g = 0; g < 2; g++) {
        Analysis.GameResult ga = a.games().get(g);
        Analysis.GameResult gb = b.games().get(g);
        assertThat(gb.matches()).isEqualTo(ga.matches());
        assertThat(gb.seeds()).isEqualTo(3);
        assertThat(gb.agentMean()).containsExactly(ga.agentMean());
        assertThat(gb.agentLow()).containsExactly(ga.agentLow());
        assertThat(gb.mass()).containsExactly(ga.mass());
        assertThat(gb.massLow()).containsExactly(ga.massLow());
        for (int x = 0; x < 2; x++) {
          assertThat(gb.mean()[x]).containsExactly(ga.mean()[x]);
          assertThat(gb.wins()[x]).containsExactly(ga.wins()[x]);
        }
      }
      // and they differ from a count that took the half seed in (the point of leaving it out)
      int seatsOf0 = 0;
      int seatsOf1 = 0;
      for (ArenaStore.StoredMatch m : half) {
        for (int x : m.seats()) {
          seatsOf0 += x == 0 ? 1 : 0;
          seatsOf1 += x == 1 ? 1 : 0;
        }
      }
      assertThat(seatsOf0).isNotEqualTo(seatsOf1);

      String line = "28 of 32 matches stored; 3 complete seeds analysed (24 matches); the rest waits for resume";
      assertThat(Report.terminal(b)).contains(line);
      assertThat(Report.markdown(b)).contains(line);
      assertThat(Report.terminal(a)).contains("24 of 32 matches stored; 3 complete seeds analysed (24 matches)");

      // interrupted inside seed index 0: nothing to analyse yet, and the reports say so
      Analysis.Result none = Analysis.analyse(s, id, o, all.subList(0, 3), one);
      assertThat(none.matches()).isZero();
      assertThat(Report.terminal(none)).contains("3 of 32 matches stored; 0 complete seeds analysed (0 matches)");
      Report.write(none, all.subList(0, 3), dir.resolve("none"));
    }
  }
}
