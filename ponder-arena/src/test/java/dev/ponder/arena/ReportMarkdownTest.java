package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * report.md as a reader of its tables sees them: numbers printed as the terminal and the charts
 * print them (no {@code -0.00}), agent strings with Markdown's special characters shown as
 * written, and each table saying what its numbers and intervals are.
 */
class ReportMarkdownTest {
  @TempDir Path dir;

  private Analysis.Result r;

  @BeforeEach
  void play() {
    TournamentConfig c = new TournamentConfig(List.of("tic_tac_toe", "kuhn_poker(players=3)"),
        List.of("first", "first(offset=2)", "random"), "", 4, 5, TournamentConfig.ROUND_ROBIN, "", false);
    try (ArenaStore s = ArenaStore.open(dir.resolve("t.db"))) {
      Tournament.RunSummary run = new Tournament(c).run(s, 1, (d, t) -> Progress.none(), null);
      AnalysisOptions d = AnalysisOptions.defaults();
      r = Analysis.analyse(s, run.tournamentId(), new AnalysisOptions(200, 100, 100, 0.95, 7, d.alphaRank(), d.sco(), "", ""));
    }
  }

  /** A number of the given decimals that rounds to zero but keeps its minus sign. */
  private static final Pattern NEGATIVE_ZERO = Pattern.compile("-0\\.0+(?![0-9])");

  @Test
  void aNegativeValueThatRoundsToZeroPrintsAsZeroAsInTheTerminalAndTheCharts() {
    Analysis.GameResult g = r.games().get(0);
    // bounds just below zero, as a paired bootstrap gives for a cell whose mean is 0.0075
    g.low()[0][1] = -0.0025;
    g.mean()[1][0] = -0.004;
    g.agentLow()[0] = -0.0004;
    g.agentMean()[1] = -0.0001;
    String md = Report.markdown(r);
    assertThat(NEGATIVE_ZERO.matcher(md).find()).as(md).isFalse();
    assertThat(md).contains("0.00 [0.00, ").contains("| 0.000 |");
    assertThat(NEGATIVE_ZERO.matcher(Report.terminal(r)).find()).isFalse();
  }

  /** The agents' list with Markdown's special characters in names an agent string can hold. */
  private Analysis.Result renamed(List<String> names) {
    return new Analysis.Result(r.tournament(), r.config(), names, r.games(), r.matches(), r.errors(), r.sco(), r.scoLow(),
        r.scoHigh(), r.ballotWinRate(), r.elo(), r.eloLow(), r.eloHigh(), r.amp(), r.imp(), r.ampPerGame(), r.impPerGame(),
        r.options(), r.firstError(), r.timeMs(), r.decisions(), r.overrunDecisions(), r.rankLow(), r.rankHigh(),
        r.scoAtLeast());
  }

  /** The cells of a Markdown table row: split at every pipe not escaped by a backslash. */
  private static int cells(String row) {
    int n = 0;
    for (int i = 0; i < row.length(); i++) {
      if (row.charAt(i) == '|' && (i == 0 || row.charAt(i - 1) != '\\')) {
        n++;
      }
    }
    return n;
  }

  @Test
  void agentStringsWithPipesBackticksAndAngleBracketsKeepEveryTableWhole() {
    String pipe = "tabular(file=a|b.json)";
    String tick = "tabular(file=b`tick.json)";
    String html = "tabular(file=<x>*_y_.json)";
    String md = Report.markdown(renamed(List.of(pipe, tick, html)));
    // every row of a table has as many cells as its header
    List<String> lines = md.lines().toList();
    int tables = 0;
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).startsWith("|") && (i == 0 || !lines.get(i - 1).startsWith("|"))) {
        tables++;
        int head = cells(lines.get(i));
        for (int j = i + 1; j < lines.size() && lines.get(j).startsWith("|"); j++) {
          assertThat(cells(lines.get(j))).as(lines.get(j)).isEqualTo(head);
        }
      }
    }
    assertThat(tables).isEqualTo(10); // rankings, ballot win rates, and per game agents, seats, scores, W/D/L
    // code spans: a pipe escaped, a backtick inside a longer fence
    assertThat(md).contains("| `tabular(file=a\\|b.json)` |").contains("| ``tabular(file=b`tick.json)`` |")
        .contains("| `tabular(file=<x>*_y_.json)` |");
    // plain text: the same names escaped, so that they show as written
    assertThat(md).contains("- Agents: tabular(file=a\\|b.json), tabular(file=b\\`tick.json), tabular(file=\\<x\\>\\*\\_y\\_.json)");
    assertThat(md.lines().filter(l -> l.startsWith("Ballot: ")).toList()).isNotEmpty()
        .allSatisfy(l -> assertThat(l).doesNotContain("<x>").doesNotContain("a|b"));
  }

  @Test
  void namesWithoutSpecialCharactersAreUnchanged() {
    assertThat(Report.mdText("m_seed, puct(c_init=1.25), kuhn_poker(players=3)")).isEqualTo(
        "m_seed, puct(c_init=1.25), kuhn_poker(players=3)");
    assertThat(Report.mdCell("uct(sims=50)")).isEqualTo("`uct(sims=50)`");
    assertThat(Report.mdCell("`a``")).isEqualTo("``` `a`` ```");
  }

  @Test
  void eachTableSaysWhatItsNumbersAndIntervalsAre() {
    String md = Report.markdown(r);
    // the rankings' intervals, as the terminal says them
    assertThat(md).contains(Report.ciLine());
    assertThat(Report.terminal(r)).contains(Report.ciLine());
    // each game's agent table: the mean return and its interval, with the resamples and seed
    List<String> under = new ArrayList<>();
    List<String> lines = md.lines().toList();
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).startsWith("| agent | mean return |")) {
        int j = i + 1;
        while (lines.get(j).startsWith("|")) {
          j++;
        }
        under.add(lines.get(j + 1));
      }
    }
    assertThat(under).hasSize(2);
    assertThat(under).allSatisfy(l -> assertThat(l).startsWith("mean return: the agent's return averaged over every seat")
        .contains("percentile bootstrap over seed indices, 200 resamples (seed 7)"));
    assertThat(under.get(0)).doesNotContain("players");
    assertThat(under.get(1)).contains("with 3 players a seat-weighted mean, not the mean of the agent's row");
    assertThat(md).contains("Mean return of row against column (95% percentile paired-bootstrap interval over seed indices");
    // how Elo is fitted, smoothing included
    assertThat(md).contains("with 0.01 added to every ordered pair's win score");
  }

  @Test
  void theAmpAndImpColumnsNameTheirReferenceAndSayWhatTheyAre() {
    AnalysisOptions d = AnalysisOptions.defaults();
    Analysis.Result withRef;
    try (ArenaStore s = ArenaStore.open(dir.resolve("t.db"))) {
      withRef = Analysis.analyse(s, r.tournament(), new AnalysisOptions(200, 100, 100, 0.95, 7, d.alphaRank(), d.sco(),
          "first(offset=2)", ""));
    }
    String line = "Amp (IQM): amplification over the reference first(offset=2); Imp (IQM): - (no --raw-prior). Per game"
        + " (F(agent) - F(x)) / (Umax - F(x)), clamped to [-1, 1]";
    assertThat(Report.terminal(withRef)).contains(line).contains("Point estimates, no interval");
    assertThat(Report.markdown(withRef)).contains(line).contains("interquartile mean over games");
    // without --reference and --raw-prior there are no such columns, and no note on them
    assertThat(Report.terminal(r)).doesNotContain("Amp (IQM)");
    assertThat(Report.markdown(r)).doesNotContain("Amp (IQM)");
  }

  @Test
  void theZeroWidthFootnoteSaysWhatZeroWidthMeansForScoAndMasses() {
    // first against first(offset=2) repeats one match on every seed: a zero-width cell
    assertThat(Report.markLines(r, true)).contains("‡: zero width: every seed gave the same value (for SCO and alpha-rank"
        + " masses, which move in steps: at least 95% of the resamples gave one value)");
  }
}
