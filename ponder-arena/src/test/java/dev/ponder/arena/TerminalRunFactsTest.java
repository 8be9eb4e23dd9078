package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The terminal summary names the run's two seeds, as report.md does, and names the agents in its
 * footnotes and ballot lines as its tables do: a name longer than {@link Report#NAME_WIDTH} cut in
 * the middle there too, while report.md keeps the whole names.
 */
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

  @Test
  void footnotesAndBallotsNameLongAgentsAsTheTablesDo() {
    // the same result with long agent strings (a policy file's path, say), the reference and the
    // raw prior among them
    String tail = "/a-rather-long-directory-name/best-responses/best_response_player_";
    List<String> longNames = List.of("tabular(file=" + tail + "0.json)", "tabular(file=" + tail + "1.json)",
        "tabular(file=" + tail + "2.json)");
    assertThat(longNames.get(0).length()).isGreaterThan(Report.NAME_WIDTH);
    Analysis.Result named = renamed(r, longNames, options(3, longNames.get(0), longNames.get(2)));
    // cut in the middle, 48 characters: 18 of the start, "…", 29 of the end
    List<String> cut = longNames.stream().map(n -> n.substring(0, 18) + "…" + n.substring(n.length() - 29)).toList();
    assertThat(cut.get(0)).hasSize(Report.NAME_WIDTH);

    String text = Report.terminal(named);
    for (String whole : longNames) {
      assertThat(text).as("the terminal shows no whole long name").doesNotContain(whole);
    }
    assertThat(text).contains("amplification over the reference " + cut.get(0) + ";")
        .contains("improvement over the raw prior " + cut.get(2) + ".");
    String ballot = text.lines().filter(l -> l.startsWith("    ballot: ")).findFirst().orElseThrow();
    for (String c : cut) {
      assertThat(ballot).contains(c);
    }
    String failed = text.lines().filter(l -> l.startsWith(Report.ERROR_MARK + ": error matches")).findFirst().orElseThrow();
    assertThat(failed).contains(": " + cut.get(1) + " failed in ");

    // report.md keeps the whole names in the same places
    String md = Report.markdown(named);
    assertThat(md).contains("amplification over the reference " + Report.mdText(longNames.get(0)) + ";")
        .contains("improvement over the raw prior " + Report.mdText(longNames.get(2)) + ".")
        .contains(Report.mdText(longNames.get(1)) + " failed in ");
  }

  /** {@code r} with other agent names and options: the numbers stay. */
  private static Analysis.Result renamed(Analysis.Result r, List<String> agents, AnalysisOptions o) {
    return new Analysis.Result(r.tournament(), r.config(), agents, r.games(), r.matches(), r.errors(), r.sco(),
        r.scoLow(), r.scoHigh(), r.ballotWinRate(), r.elo(), r.eloLow(), r.eloHigh(), r.amp(), r.imp(), r.ampPerGame(),
        r.impPerGame(), o, r.firstError(), r.timeMs(), r.decisions(), r.overrunDecisions(), r.rankLow(), r.rankHigh(),
        r.scoAtLeast(), r.matchesStored(), r.matchesScheduled(), r.completeSeeds(), r.errorsStored(), r.builds());
  }
}
