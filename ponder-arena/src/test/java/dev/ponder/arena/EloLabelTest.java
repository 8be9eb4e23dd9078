package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Elo column says its anchor, scale and pooling; the anchor's interval is not flagged. */
class EloLabelTest {
  @TempDir Path dir;

  @Test
  void eloFootnoteNamesAnchorScaleAndPooling() throws Exception {
    TournamentConfig c = new TournamentConfig(List.of("tic_tac_toe"), List.of("first", "random"), "", 4, 5,
        TournamentConfig.ROUND_ROBIN, "", false);
    try (ArenaStore s = ArenaStore.open(dir.resolve("e.db"))) {
      Tournament.RunSummary run = new Tournament(c).run(s, 1, (d, t) -> Progress.none(), null);
      AnalysisOptions d = AnalysisOptions.defaults();
      Analysis.Result r = Analysis.analyse(s, run.tournamentId(), new AnalysisOptions(100, 100, 100, 0.95, 1, d.alphaRank(),
          d.sco(), "", ""));
      int low = r.elo()[0] <= r.elo()[1] ? 0 : 1;
      assertThat(r.elo()[low]).isEqualTo(0.0);
      // an agent lowest in every resample is the anchor each time: [0, 0] with the few-seeds
      // mark, not flagged as a zero-width result; any other zero-width Elo interval is
      double[] lo = r.eloLow().clone();
      double[] hi = r.eloHigh().clone();
      lo[low] = 0;
      hi[low] = 0;
      lo[1 - low] = 50;
      hi[1 - low] = 50;
      Analysis.Result anchored = new Analysis.Result(r.tournament(), r.config(), r.agents(), r.games(), r.matches(), r.errors(),
          r.sco(), r.scoLow(), r.scoHigh(), r.ballotWinRate(), new double[] {low == 0 ? 0 : 50, low == 1 ? 0 : 50}, lo, hi,
          r.amp(), r.imp(), r.ampPerGame(), r.impPerGame(), r.options(), r.firstError(), r.timeMs(), r.decisions(),
          r.overrunDecisions(), r.rankLow(), r.rankHigh(), r.scoAtLeast());
      assertThat(Report.eloInterval(anchored, low)).isEqualTo("[0, 0]†");
      assertThat(Report.eloInterval(anchored, 1 - low)).isEqualTo("[50, 50]†‡");
      String text = Report.terminal(r);
      assertThat(text).contains("\nElo: 400*log10 odds scale, anchored so that the lowest agent is 0 (in the estimate and in "
          + "each resample); pooled over games, each pair of seats held by different agents in a match counting as one "
          + "comparison");
      Report.write(r, s, dir.resolve("rep"));
      assertThat(Files.readString(dir.resolve("rep").resolve("report.md"))).contains("\nElo: 400·log10 odds scale, anchored so "
          + "that the lowest agent is 0");
    }
  }
}
