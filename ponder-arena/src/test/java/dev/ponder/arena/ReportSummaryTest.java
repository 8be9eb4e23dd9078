package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportSummaryTest {
  @TempDir Path dir;

  private static final String SLOW = "sleepy(time_ms=1,sleep_ms=3)";
  private static final String FAST = "sleepy(time_ms=1000)";

  private static AnalysisOptions options() {
    return new AnalysisOptions(40, 40, 0.95, 1, dev.ponder.rating.AlphaRank.Options.infinite(),
        dev.ponder.rating.Sco.Options.defaults(), "", "");
  }

  @Test
  void terminalSummaryNamesErrorsWithTheFirstMessageAndTimedAgentsOverruns() {
    // Round robin over tic_tac_toe, one seed index: 6 ordered pairings. Both sleepy agents play
    // the lowest legal action, so between them the first mover takes 0, 2, 4, 6 (diagonal 2-4-6)
    // and wins after 4 decisions to the second mover's 3. boom throws at its first decision: the
    // 4 matches with boom are errors, after 1 decision of the other agent when it moves first.
    // Decisions: SLOW 4 + 3 + 1 + 0 = 8, FAST 3 + 4 + 1 + 0 = 8. SLOW sleeps 3 ms against a
    // 1 ms budget: every decision overruns; FAST (1 s budget, no sleep) never does. boom
    // completes no decision (a decision that throws is not timed).
    TournamentConfig c = new TournamentConfig(List.of("tic_tac_toe"), List.of(SLOW, FAST, "boom"), "", 1, 7,
        TournamentConfig.ROUND_ROBIN, "", false);
    try (ArenaStore s = ArenaStore.open(dir.resolve("t.db"))) {
      Tournament.RunSummary run = new Tournament(c).run(s, 1, (d, t) -> Progress.none(), null);
      assertThat(run.total()).isEqualTo(6);
      Analysis.Result r = Analysis.analyse(s, run.tournamentId(), options());
      assertThat(r.decisions()).containsExactly(8, 8, 0);
      assertThat(r.overrunDecisions()).containsExactly(8, 0, 0);
      assertThat(r.timeMs()).containsExactly(1.0, 1000.0, 0.0);
      String text = Report.terminal(r);
      // error matches by (game, seed index, seats): [0,2] SLOW vs boom comes first; boom's
      // first decision is the game's second move (history size 1)
      assertThat(text).contains("\nerrors: 4 of 6 matches (blamed on an agent: scored as its forfeits; see matches.csv);"
          + " first: tic_tac_toe, seed index 0, " + SLOW + " vs boom: seat 1's agent boom failed in selectAction at move 1: IllegalStateException: boom at move 1"
          + " at dev.ponder.arena.TestAgents$Boom.lambda$create$0(TestAgents.java:");
      assertThat(text).contains("\ntime overruns (decisions over 110% of time_ms): " + SLOW + " 8 of 8, " + FAST + " 0 of 8\n");
      assertThat(text).doesNotContain("boom 0 of");

      // a long or multi-line message is cut to one clipped line
      String longMessage = "x".repeat(500) + "\nsecond line";
      Analysis.Result longer = new Analysis.Result(r.tournament(), r.config(), r.agents(), r.games(), r.matches(), r.errors(),
          r.sco(), r.scoLow(), r.scoHigh(), r.ballotWinRate(), r.elo(), r.eloLow(), r.eloHigh(), r.amp(), r.imp(), r.ampPerGame(), r.impPerGame(),
          r.options(), longMessage, r.timeMs(), r.decisions(), r.overrunDecisions(), r.rankLow(), r.rankHigh(), r.scoAtLeast());
      String line = Report.errorLine(longer);
      assertThat(line).doesNotContain("\n").doesNotContain("second line").endsWith("x…");
      assertThat(line.substring(line.indexOf("first: ") + 7)).hasSize(Report.MESSAGE_WIDTH);
    }
  }

  @Test
  void withoutErrorsOrTimedAgentsTheSummarySaysNoneAndHasNoOverrunLine() {
    TournamentConfig c = new TournamentConfig(List.of("tic_tac_toe"), List.of("first", "random"), "", 2, 3,
        TournamentConfig.ROUND_ROBIN, "", false);
    try (ArenaStore s = ArenaStore.open(dir.resolve("n.db"))) {
      Tournament.RunSummary run = new Tournament(c).run(s, 1, (d, t) -> Progress.none(), null);
      String text = Report.terminal(Analysis.analyse(s, run.tournamentId(), options()));
      assertThat(text).contains("\nerrors: none\n").doesNotContain("time overruns");
    }
  }
}
