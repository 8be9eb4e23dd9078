package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The terminal summary names the run's two seeds, as report.md does. */
class TerminalRunFactsTest {
  @TempDir static Path dir;

  /** first, boom (every match of it an error, blamed on it) and flat_mc on tic_tac_toe, tournament seed 7. */
  private static Analysis.Result r;

  @BeforeAll
  static void analyse() {
    TournamentConfig c = new TournamentConfig(List.of("tic_tac_toe"), List.of("first", "boom", "flat_mc"), "", 2, 7,
        TournamentConfig.ROUND_ROBIN, "", false);
    try (ArenaStore s = ArenaStore.open(dir.resolve("t.db"))) {
      Tournament.RunSummary run = new Tournament(c).run(s, 1, (d, t) -> Progress.none(), null);
      r = Analysis.analyse(s, run.tournamentId(), options(3, "first", "flat_mc"));
    }
  }

  private static AnalysisOptions options(long seed, String reference, String rawPrior) {
    return new AnalysisOptions(40, 40, 40, 0.95, seed, dev.ponder.rating.AlphaRank.Options.infinite(),
        dev.ponder.rating.Sco.Options.defaults(), reference, rawPrior);
  }

  @Test
  void theSummaryNamesTheTournamentSeedAndTheStatisticsSeed() {
    String text = Report.terminal(r);
    assertThat(text).contains("\ntournament seed: 7; statistics seed: 3 (--stats-seed)\n");
    assertThat(text.lines().filter(l -> l.contains("seed: 7"))).hasSize(1);
    // before the table, with the other facts of the run
    assertThat(text.indexOf("tournament seed: 7")).isLessThan(text.indexOf("rank "));
    // report.md says the same two numbers
    String md = Report.markdown(r);
    assertThat(md).contains("; tournament seed: 7\n").contains("resamples (seed 3);");
  }
}
