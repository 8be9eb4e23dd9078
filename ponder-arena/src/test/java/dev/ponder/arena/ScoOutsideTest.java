package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An SCO rating outside its own bootstrap interval: the point and the resamples are the same fit
 * of ballots built the same way (so an exclusion is the bootstrap distribution's, not a second
 * estimator's), and the reports mark every estimate that lies outside its interval.
 */
class ScoOutsideTest {
  @TempDir Path dir;

  private static AnalysisOptions options() {
    return new AnalysisOptions(40, 40, 0.95, 1, dev.ponder.rating.AlphaRank.Options.infinite(),
        dev.ponder.rating.Sco.Options.defaults(), "", "");
  }

  /**
   * SCO written out from its definition (ALGORITHMS.md §8.2, Ponder's defaults): ratings from 500,
   * full-batch gradient of the sigmoid loss averaged over the ballots, lr 1, τ 1, 1,000 steps,
   * clipped to [0, 1000] after each.
   */
  private static double[] sco(List<double[]> ballots, int k) {
    double[] r = new double[k];
    Arrays.fill(r, 500);
    List<double[]> used = ballots.stream().filter(b -> Arrays.stream(b).anyMatch(x -> !Double.isNaN(x))).toList();
    for (int it = 0; it < 1000; it++) {
      double[] g = new double[k];
      for (double[] b : used) {
        for (int a = 0; a < k; a++) {
          for (int c = 0; c < k; c++) {
            if (!Double.isNaN(b[a]) && !Double.isNaN(b[c]) && b[a] > b[c]) {
              double s = 1 / (1 + Math.exp(-(r[c] - r[a])));
              g[a] -= s * (1 - s);
              g[c] += s * (1 - s);
            }
          }
        }
      }
      for (int a = 0; a < k; a++) {
        r[a] = Math.min(1000, Math.max(0, r[a] - g[a] / used.size()));
      }
    }
    return r;
  }

  @Test
  void thePointIsTheResampleThatDrawsEverySeedOnceFittedTheSameWay() {
    TournamentConfig c = new TournamentConfig(List.of("tic_tac_toe", "kuhn_poker(players=3)"),
        List.of("random", "first", "first(offset=1)", "first(offset=2)"), "", 6, 5, TournamentConfig.ROUND_ROBIN, "", false);
    try (ArenaStore s = ArenaStore.open(dir.resolve("p.db"))) {
      Tournament.RunSummary run = new Tournament(c).run(s, 1, (d, t) -> Progress.none(), null);
      AnalysisOptions o = options();
      Analysis.Result r = Analysis.analyse(s, run.tournamentId(), o);
      List<ArenaStore.StoredMatch> all = s.matches(run.tournamentId(), true);
      List<ArenaStore.GameInfo> games = s.games(run.tournamentId());
      List<double[]> ones = new ArrayList<>();
      for (int g = 0; g < games.size(); g++) {
        int gi = g;
        Analysis.GameAnalysis ga = Analysis.analyseGameWithRows(games.get(g), all.stream().filter(m -> m.game() == gi).toList(),
            4, false, o, Analysis.gameSeed(o, g), r.agents());
        int[] times = new int[ga.rows().cells().length];
        Arrays.fill(times, 1);
        double[] b = Analysis.resampledBallot(ga.rows(), times, o);
        // the resample that draws every seed index once rebuilds the point's ballot exactly
        assertThat(b).containsExactly(r.games().get(g).ballot());
        ones.add(b);
      }
      // and SCO written out independently gives the point ratings
      assertThat(r.sco()).containsExactly(sco(ones, 4), within(1e-9));
    }
  }

  @Test
  void outsideComparesWithARoundingTolerance() {
    assertThat(Analysis.outside(486.3, 487.6, 503.8)).isTrue();
    assertThat(Analysis.outside(504.0, 487.6, 503.8)).isTrue();
    assertThat(Analysis.outside(490, 487.6, 503.8)).isFalse();
    assertThat(Analysis.outside(487.6, 487.6, 503.8)).isFalse();
    // a mass of 10⁻¹¹ where every resample gave 0 is rounding, not a point outside
    assertThat(Analysis.outside(1e-11, 0, 0)).isFalse();
    assertThat(Analysis.outside(Double.NaN, 0, 1)).isFalse();
    assertThat(Analysis.outside(0.5, Double.NaN, 1)).isFalse();
  }

  @Test
  void aRatingOutsideItsIntervalIsMarkedInTheTableMarkdownAndJson() throws Exception {
    TournamentConfig c = new TournamentConfig(List.of("tic_tac_toe"), List.of("random", "first", "first(offset=2)"), "", 2, 5,
        TournamentConfig.ROUND_ROBIN, "", false);
    try (ArenaStore s = ArenaStore.open(dir.resolve("m.db"))) {
      Tournament.RunSummary run = new Tournament(c).run(s, 1, (d, t) -> Progress.none(), null);
      Analysis.Result r = Analysis.analyse(s, run.tournamentId(), options());
      for (int a = 0; a < 3; a++) {
        assertThat(Report.scoInterval(r, a)).doesNotContain(Report.OUTSIDE);
      }
      assertThat(Report.terminal(r)).doesNotContain(Report.OUTSIDE);
      // the same result with agent 0's interval moved above its rating, as in a user's report
      // "thompson 486.3 [487.6, 503.8]"
      double[] lo = r.scoLow().clone();
      double[] hi = r.scoHigh().clone();
      lo[0] = r.sco()[0] + 1.3;
      hi[0] = r.sco()[0] + 17.5;
      Analysis.Result shifted = new Analysis.Result(r.tournament(), r.config(), r.agents(), r.games(), r.matches(), r.errors(),
          r.sco(), lo, hi, r.ballotWinRate(), r.elo(), r.eloLow(), r.eloHigh(), r.amp(), r.imp(), r.ampPerGame(),
          r.impPerGame(), r.options(), r.firstError(), r.timeMs(), r.decisions(), r.overrunDecisions(), r.rankLow(),
          r.rankHigh(), r.scoAtLeast());
      assertThat(Report.scoInterval(shifted, 0)).endsWith(Report.OUTSIDE);
      assertThat(Report.scoInterval(shifted, 1)).doesNotContain(Report.OUTSIDE);
      String text = Report.terminal(shifted);
      assertThat(text).contains(Report.OUTSIDE + ": the estimate lies outside its own 95% interval");
      Report.write(shifted, s, dir.resolve("out"));
      String md = java.nio.file.Files.readString(dir.resolve("out/report.md"));
      assertThat(md).contains(Report.scoInterval(shifted, 0)).contains(Report.OUTSIDE + ": the estimate lies outside");
      JsonNode json = new ObjectMapper().readTree(dir.resolve("out/report.json").toFile()).get("scoOutside");
      assertThat(json.get(0).asBoolean()).isTrue();
      assertThat(json.get(1).asBoolean()).isFalse();
      assertThat(json.get(2).asBoolean()).isFalse();
    }
  }
}
