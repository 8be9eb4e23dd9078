package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A long agent string (a policy file's path) is cut in the middle in the charts, as in the
 * terminal, so the plot keeps its size; report.md and report.json keep it whole.
 */
class ChartNamesTest {
  @TempDir Path dir;

  private static final String LONG = "tabular(file=" + "x".repeat(150) + ".json)";

  private static double width(String svg) {
    return SvgXml.of(svg).width();
  }

  @Test
  void aLongNameIsCutInTheMiddleInTheChartsAndKeptWholeInTheTables() throws Exception {
    TournamentConfig c = new TournamentConfig(List.of("tic_tac_toe"), List.of("first", "first(offset=2)", "random"), "", 3, 5,
        TournamentConfig.ROUND_ROBIN, "", false);
    Analysis.Result r;
    try (ArenaStore s = ArenaStore.open(dir.resolve("t.db"))) {
      Tournament.RunSummary run = new Tournament(c).run(s, 1, (d, t) -> Progress.none(), null);
      AnalysisOptions d = AnalysisOptions.defaults();
      r = Analysis.analyse(s, run.tournamentId(), new AnalysisOptions(100, 40, 40, 0.95, 1, d.alphaRank(), d.sco(), "", ""));
    }
    Analysis.Result named = new Analysis.Result(r.tournament(), r.config(), List.of("first", LONG, "random"), r.games(),
        r.matches(), r.errors(), r.sco(), r.scoLow(), r.scoHigh(), r.ballotWinRate(), r.elo(), r.eloLow(), r.eloHigh(), r.amp(),
        r.imp(), r.ampPerGame(), r.impPerGame(), r.options(), r.firstError(), r.timeMs(), r.decisions(), r.overrunDecisions(),
        r.rankLow(), r.rankHigh(), r.scoAtLeast());
    Path out = dir.resolve("rep");
    Report.write(named, List.of(), out);
    String cut = Report.clipDistinct(List.of(LONG), Report.NAME_WIDTH).get(0);
    assertThat(cut).hasSize(Report.NAME_WIDTH).startsWith("tabular(file=xxx").endsWith("xxx.json)").contains("…");
    for (String chart : List.of("ratings.svg", "ballots.svg", "scores-0.svg")) {
      String svg = Files.readString(out.resolve(chart));
      assertThat(SvgXml.of(svg).strings()).as(chart).contains(cut);
      assertThat(svg).as(chart).doesNotContain(LONG);
      // as wide as with names of 48 characters: the plot, not the name, sets the width
      assertThat(width(svg)).as(chart).isLessThan(1300);
    }
    assertThat(Files.readString(out.resolve("report.md"))).contains("`" + LONG + "`");
    assertThat(Files.readString(out.resolve("report.json"))).contains("\"" + LONG + "\"");
  }
}
