package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Intervals from fewer than {@link Analysis#FEW_SEEDS} seed indices are marked, zero-width ones
 * flagged, and a game with one seed index prints no interval (terminal and report.md).
 */
class FewSeedsTest {
  @TempDir Path dir;

  private static AnalysisOptions options() {
    AnalysisOptions d = AnalysisOptions.defaults();
    return new AnalysisOptions(200, 100, 100, 0.95, 1, d.alphaRank(), d.sco(), "", "");
  }

  private Analysis.Result run(String db, int seeds) {
    // "first" always takes the first legal action, so first vs first(offset=2) repeats the same
    // match on every seed: its cells have zero width; random against them varies
    TournamentConfig c = new TournamentConfig(List.of("tic_tac_toe"), List.of("first", "first(offset=2)", "random"), "", seeds, 5,
        TournamentConfig.ROUND_ROBIN, "", false);
    try (ArenaStore s = ArenaStore.open(dir.resolve(db))) {
      Tournament.RunSummary run = new Tournament(c).run(s, 1, (d, t) -> Progress.none(), null);
      Analysis.Result r = Analysis.analyse(s, run.tournamentId(), options());
      Report.write(r, s, dir.resolve(db + ".rep"));
      return r;
    }
  }

  @Test
  void fewSeedsAreMarkedAndZeroWidthIntervalsFlagged() throws Exception {
    Analysis.Result r = run("few.db", 6);
    String text = Report.terminal(r);
    int first = r.agents().indexOf("first");
    int offset = r.agents().indexOf("first(offset=2)");
    Analysis.GameResult g = r.games().get(0);
    // the deterministic pair: the same result on every seed, so every resample agrees
    assertThat(g.low()[first][offset]).isEqualTo(g.high()[first][offset]);
    String md = Files.readString(dir.resolve("few.db.rep").resolve("report.md"));
    assertThat(md).contains(String.format(java.util.Locale.ROOT, "%.2f [%.2f, %.2f]†‡", g.mean()[first][offset],
        g.low()[first][offset], g.high()[first][offset]));
    List<String> rows = text.lines().filter(l -> l.startsWith("    ") && l.contains(" mean return ")).toList();
    assertThat(rows).hasSize(3).allSatisfy(l -> assertThat(l).containsPattern("\\]†‡? "));
    assertThat(Report.scoInterval(r, first)).endsWith("†").doesNotContain("‡");
    for (String out : List.of(text, md)) {
      assertThat(out).contains("†: from fewer than 20 seed indices per game; percentile-bootstrap intervals from few seeds "
          + "are too narrow");
    }
    // the charts mark their intervals the same way, with the footnote
    Path rep = dir.resolve("few.db.rep");
    for (String chart : List.of("scores-0.svg", "ratings.svg")) {
      assertThat(SvgXml.of(Files.readString(rep.resolve(chart))).allText()).as(chart)
          .contains(Report.FEW + ": interval from fewer than 20 seed indices per game");
    }
    assertThat(SvgXml.of(Files.readString(rep.resolve("scores-0.svg"))).strings()).anyMatch(s -> s.endsWith("]" + Report.FEW));
    assertThat(SvgXml.of(Files.readString(rep.resolve("ratings.svg"))).strings())
        .anyMatch(s -> s.matches("[0-9.]+" + Report.FEW));
    // report.md shows the zero-width cell; the terminal has the footnote only with a ‡ of its own
    assertThat(md).contains("‡: zero width: every seed gave the same value");
    // every value the terminal prints (SCO, Elo, each agent's mean return) includes the matches
    // against random, which vary from seed to seed: no zero-width interval there, so neither the
    // mark nor its footnote
    assertThat(text).doesNotContain("‡");
  }

  @Test
  void twentySeedsCarryNoFewSeedsMark() throws Exception {
    Analysis.Result r = run("many.db", Analysis.FEW_SEEDS);
    String text = Report.terminal(r);
    assertThat(text).doesNotContain("†");
    for (String chart : List.of("scores-0.svg", "ratings.svg")) {
      assertThat(Files.readString(dir.resolve("many.db.rep").resolve(chart))).as(chart).doesNotContain(Report.FEW);
    }
    // the deterministic pair still has a zero-width cell: flagged in report.md, which shows the
    // cells; the terminal, which does not, has the footnote only on a value of its own with ‡
    assertThat(Report.markLines(r, false)).doesNotContain("†").contains("‡: zero width");
    assertThat(text).doesNotContain("‡"); // as with 6 seeds: every printed value includes random's matches
  }

  /** Without random, every value is the same on every seed: the terminal marks them and has the footnote. */
  @Test
  void aDeterministicPairMarksTheTerminalsValuesWithTheFootnote() {
    TournamentConfig c = new TournamentConfig(List.of("tic_tac_toe"), List.of("first", "first(offset=2)"), "", 6, 5,
        TournamentConfig.ROUND_ROBIN, "", false);
    try (ArenaStore s = ArenaStore.open(dir.resolve("pair.db"))) {
      Tournament.RunSummary run = new Tournament(c).run(s, 1, (d, t) -> Progress.none(), null);
      String text = Report.terminal(Analysis.analyse(s, run.tournamentId(), options()));
      assertThat(text).contains("‡: zero width: every seed gave the same value");
      assertThat(text.lines().filter(l -> l.startsWith("    ") && l.contains(" mean return ")).toList()).hasSize(2)
          .allSatisfy(l -> assertThat(l).contains("]†‡ "));
    }
  }

  @Test
  void oneSeedPrintsNoPerGameInterval() throws Exception {
    Analysis.Result r = run("one.db", 1);
    String text = Report.terminal(r);
    List<String> rows = text.lines().filter(l -> l.startsWith("    ") && l.contains(" mean return ")).toList();
    assertThat(rows).hasSize(3).allSatisfy(l -> assertThat(l).contains(" n/a (one seed) ").doesNotContain("["));
    String md = Files.readString(dir.resolve("one.db.rep").resolve("report.md"));
    assertThat(md).contains("| n/a (one seed) |").doesNotContain("†").doesNotContain("‡");
    assertThat(text).doesNotContain("†").doesNotContain("‡");
  }
}
