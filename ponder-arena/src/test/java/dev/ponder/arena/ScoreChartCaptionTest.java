package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A score chart read without report.md beside it: it says when its cells are not antisymmetric
 * (3 or more players) and when it leaves its intervals out (9 agents or more).
 */
class ScoreChartCaptionTest {
  @TempDir Path dir;

  @Test
  void aGameOfThreePlayersSaysItsCellsAreNotAntisymmetric() throws Exception {
    TournamentConfig c = new TournamentConfig(List.of("tic_tac_toe", "kuhn_poker(players=3)"),
        List.of("first", "first(offset=2)", "random"), "", 3, 5, TournamentConfig.ROUND_ROBIN, "", false);
    try (ArenaStore s = ArenaStore.open(dir.resolve("t.db"))) {
      Tournament.RunSummary run = new Tournament(c).run(s, 1, (d, t) -> Progress.none(), null);
      AnalysisOptions d = AnalysisOptions.defaults();
      Analysis.Result r = Analysis.analyse(s, run.tournamentId(),
          new AnalysisOptions(100, 40, 40, 0.95, 1, d.alphaRank(), d.sco(), "", ""));
      Report.write(r, s, dir.resolve("rep"));
    }
    assertThat(Files.readString(dir.resolve("rep/scores-0.svg"))).doesNotContain("antisymmetric");
    assertThat(SvgXml.of(Files.readString(dir.resolve("rep/scores-1.svg"))).lines())
        .contains("with 3 players the cells are not antisymmetric: the other seats are in the match too, so row against"
            + " column and column against row can both be positive");
  }

  private static double[][] filled(int k, double v) {
    double[][] m = new double[k][k];
    for (double[] row : m) {
      Arrays.fill(row, v);
    }
    return m;
  }

  private static List<String> agents(int k) {
    List<String> a = new ArrayList<>();
    for (int i = 0; i < k; i++) {
      a.add("agent" + i);
    }
    return a;
  }

  private static String chart(int k, double low, boolean fewSeeds) {
    return Svg.heatmap("t", agents(k), filled(k, 0.1), filled(k, low), filled(k, 0.3), -1, 1, "%.2f",
        Svg.scoreCentre(-1, 1, 2, 0), true, fewSeeds);
  }

  @Test
  void aChartTooDenseForItsIntervalsSaysItLeftThemOut() {
    // 9 agents: cells of 66 px, no room for "[lo, hi]" under each value
    SvgXml nine = SvgXml.of(chart(9, -0.1, true));
    assertThat(nine.strings()).doesNotContain("[-0.10, 0.30]");
    assertThat(nine.lines()).anySatisfy(l -> assertThat(l)
        .endsWith("; 95% intervals left out at this size (report.md has them), from fewer than 20 seed indices"));
    assertThat(SvgXml.of(chart(9, -0.1, false)).lines())
        .anySatisfy(l -> assertThat(l).endsWith("; 95% intervals left out at this size (report.md has them)"));
    // 8 agents: the intervals are drawn, and the caption says where
    SvgXml eight = SvgXml.of(chart(8, -0.1, false));
    assertThat(eight.strings()).contains("[-0.10, 0.30]");
    assertThat(eight.allText()).contains("; [95% interval] under each value").doesNotContain("left out");
    // one seed index: no interval to leave out
    assertThat(SvgXml.of(chart(9, Double.NaN, true)).allText()).doesNotContain("interval");
  }
}
