package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportTableTest {
  @TempDir Path dir;

  private static String terminal(Path db, int seeds, String reference, String rawPrior) {
    TournamentConfig c = new TournamentConfig(List.of("tic_tac_toe", "kuhn_poker"),
        List.of("random", "first", "first(offset=2)", "flat_mc(sims=2)"), "", seeds, 5, TournamentConfig.ROUND_ROBIN, "", false);
    try (ArenaStore s = ArenaStore.open(db)) {
      Tournament.RunSummary run = new Tournament(c).run(s, 1, (d, t) -> Progress.none(), null);
      AnalysisOptions o = new AnalysisOptions(40, 40, 0.95, 1, dev.ponder.rating.AlphaRank.Options.infinite(),
          dev.ponder.rating.Sco.Options.defaults(), reference, rawPrior);
      return Report.terminal(Analysis.analyse(s, run.tournamentId(), o));
    }
  }

  /** The ranking table's lines: the header line starting with "rank" and the rows after it. */
  private static List<String> rankingTable(String text) {
    List<String> lines = text.lines().toList();
    int head = lines.indexOf(lines.stream().filter(l -> l.startsWith("rank ")).findFirst().orElseThrow());
    int end = head + 1;
    while (!lines.get(end).startsWith("SCO:")) {
      end++;
    }
    return lines.subList(head, end);
  }

  /**
   * SCO and Elo numbers right-aligned under "SCO" and "Elo*", each interval starting under its
   * "95% CI", Amp/Imp ending with theirs.
   */
  private static void assertAligned(String text, boolean ampImp, String intervalStart) {
    List<String> table = rankingTable(text);
    String header = table.get(0);
    int scoEnd = header.indexOf("SCO") + "SCO".length();
    int sciStart = header.indexOf("95% CI");
    int massEnd = header.indexOf("mass") + "mass".length();
    int eloEnd = header.indexOf("Elo*") + "Elo*".length();
    int ciStart = header.indexOf("95% CI", eloEnd);
    assertThat(sciStart).isLessThan(eloEnd);
    assertThat(table).hasSize(5);
    for (String row : table.subList(1, table.size())) {
      assertThat(row.substring(0, scoEnd)).as(row).matches(".*\\s\\d+\\.\\d");
      assertThat(row.substring(scoEnd, sciStart)).as(row).isBlank();
      assertThat(row.substring(sciStart)).as(row).startsWith(intervalStart);
      assertThat(row.charAt(massEnd - 1)).as(row).isNotEqualTo(' ');
      assertThat(row.charAt(massEnd)).as(row).isEqualTo(' ');
      assertThat(row.substring(0, eloEnd)).as(row).matches(".*\\s\\d+");
      assertThat(row.substring(eloEnd, ciStart)).as(row).isBlank();
      assertThat(row.substring(ciStart)).as(row).startsWith(intervalStart);
      if (ampImp) {
        assertThat(row).as(row).hasSameSizeAs(header);
        int ampEnd = header.indexOf("Amp") + 3;
        assertThat(row.charAt(ampEnd - 1)).as(row).isNotEqualTo(' ');
        assertThat(row.charAt(ampEnd)).as(row).isEqualTo(' ');
      }
    }
  }

  @Test
  void eloColumnsLineUpWithAndWithoutIntervals() {
    // one seed per game: no Elo interval ("n/a (one seed per game)"), Amp/Imp columns after it
    String one = terminal(dir.resolve("one.db"), 1, "first", "random");
    assertThat(one).contains("n/a (one seed per game)");
    assertAligned(one, true, "n/a (one seed per game)");
    // three seeds: bracketed intervals of varying width
    String three = terminal(dir.resolve("three.db"), 3, "", "");
    assertAligned(three, false, "[");
  }

  @Test
  void perGameRowsLineUp() {
    TournamentConfig c = new TournamentConfig(List.of("tic_tac_toe"), List.of("random", "first", "first(offset=2)", "flat_mc(sims=2)"),
        "", 2, 5, TournamentConfig.ROUND_ROBIN, "", false);
    try (ArenaStore s = ArenaStore.open(dir.resolve("g.db"))) {
      Tournament.RunSummary run = new Tournament(c).run(s, 1, (d, t) -> Progress.none(), null);
      AnalysisOptions o = new AnalysisOptions(40, 40, 0.95, 1, dev.ponder.rating.AlphaRank.Options.infinite(),
          dev.ponder.rating.Sco.Options.defaults(), "", "");
      Analysis.Result r = Analysis.analyse(s, run.tournamentId(), o);
      // cells of different widths in every column: a game scored in the thousands (like 2048),
      // a missing mass and decision times from 0.01 to 1234.5 ms
      Analysis.GameResult g = r.games().get(0);
      Analysis.GameResult wide = new Analysis.GameResult(g.game(), g.players(), g.matches(), g.errors(), g.overruns(), g.seeds(),
          -1, 20480, g.mean(), g.low(), g.high(), g.wins(), g.draws(), g.losses(), g.winLow(), g.winHigh(),
          new double[] {1234.5, -0.25, 0.5, 12}, new double[] {-1000, -1, 0, 1}, new double[] {20480, 0, 1, 15},
          new double[] {0.5, Double.NaN, 0.25, 0.25}, g.ballot(), g.method(), g.note(), new double[] {0.01, 1234.5, 3, 45.25},
          g.decisions());
      Analysis.Result wr = new Analysis.Result(r.tournament(), r.config(), r.agents(), List.of(wide), r.matches(), r.errors(),
          r.sco(), r.scoLow(), r.scoHigh(), r.ballotWinRate(), r.elo(), r.eloLow(), r.eloHigh(), r.amp(), r.imp(), r.ampPerGame(), r.impPerGame(),
          r.options(), r.firstError(), r.timeMs(), r.decisions(), r.overrunDecisions(), r.rankLow(), r.rankHigh(), r.scoAtLeast());
      for (Analysis.Result x : List.of(r, wr)) {
        List<String> rows = Report.terminal(x).lines().filter(l -> l.startsWith("    ") && l.contains(" mean return ")).toList();
        assertThat(rows).hasSize(4);
        String first = rows.get(0);
        for (String row : rows) {
          assertThat(row.indexOf(" mean return ")).as(row).isEqualTo(first.indexOf(" mean return "));
          assertThat(row.indexOf(" [")).as(row).isEqualTo(first.indexOf(" ["));
          assertThat(row.indexOf(", ")).as(row).isEqualTo(first.indexOf(", "));
          assertThat(row.indexOf(']')).as(row).isEqualTo(first.indexOf(']'));
          assertThat(row.indexOf("alpha-rank mass")).as(row).isEqualTo(first.indexOf("alpha-rank mass"));
          assertThat(row.indexOf(" ms/decision")).as(row).isEqualTo(first.indexOf(" ms/decision"));
        }
      }
    }
  }
}
