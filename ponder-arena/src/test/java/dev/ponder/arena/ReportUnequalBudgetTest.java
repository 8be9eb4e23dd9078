package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A game whose timed agents' mean decision times differ by more than 10% gets one line under it
 * (terminal and report.md); decision times within 10%, or only one timed agent, get none.
 */
class ReportUnequalBudgetTest {
  @TempDir Path dir;

  /** A real tournament's result with the given time budgets and per-decision times substituted. */
  private Analysis.Result with(Analysis.Result r, double[] timeMs, double[] msPerDecision) {
    Analysis.GameResult g = r.games().get(0);
    Analysis.GameResult t = new Analysis.GameResult(g.game(), g.players(), g.matches(), g.errors(), g.overruns(), g.seeds(),
        g.minUtility(), g.maxUtility(), g.mean(), g.low(), g.high(), g.wins(), g.draws(), g.losses(), g.winLow(),
        g.winHigh(), g.agentMean(), g.agentLow(), g.agentHigh(), g.mass(), g.ballot(), g.method(), g.note(), msPerDecision,
        g.decisions());
    return new Analysis.Result(r.tournament(), r.config(), r.agents(), List.of(t), r.matches(), r.errors(), r.sco(),
        r.scoLow(), r.scoHigh(), r.ballotWinRate(), r.elo(), r.eloLow(), r.eloHigh(), r.amp(), r.imp(), r.ampPerGame(),
        r.impPerGame(), r.options(), r.firstError(), timeMs, r.decisions(), r.overrunDecisions(), r.rankLow(), r.rankHigh(),
        r.scoAtLeast());
  }

  @Test
  void unequalDecisionTimesUnderTimeBudgetsAreFlagged() {
    TournamentConfig c = new TournamentConfig(List.of("tic_tac_toe"), List.of("random", "first", "first(offset=2)",
        "flat_mc(sims=2)"), "", 2, 5, TournamentConfig.ROUND_ROBIN, "", false);
    try (ArenaStore s = ArenaStore.open(dir.resolve("u.db"))) {
      Tournament.RunSummary run = new Tournament(c).run(s, 1, (d, t) -> Progress.none(), null);
      AnalysisOptions o = new AnalysisOptions(40, 40, 0.95, 1, dev.ponder.rating.AlphaRank.Options.infinite(),
          dev.ponder.rating.Sco.Options.defaults(), "", "");
      Analysis.Result r = Analysis.analyse(s, run.tournamentId(), o);
      // a user's figures: three agents at time_ms=20 averaging 25.42, 37.28 and 34.89 ms; random untimed
      Analysis.Result unequal = with(r, new double[] {0, 20, 20, 20}, new double[] {0.01, 25.42, 37.28, 34.89});
      String line = Report.unequalBudgetLine(unequal, unequal.games().get(0));
      // 37.28 / 25.42 = 1.4666: 47% above, over the 10% allowed
      assertThat(line).startsWith("unequal effective time budgets: mean ms per decision ").contains("first 25.42")
          .contains("first(offset=2) 37.28").contains("flat_mc(sims=2) 34.89").doesNotContain("random")
          .contains("(the largest 47% above the others, an agent below its time_ms counting as at it; more than 10%")
          .contains("fewer matches at once (--parallel), if more than one ran");
      assertThat(Report.terminal(unequal)).contains("\n    " + line + "\n");
      assertThat(Report.markdown(unequal)).contains("\n" + line + "\n");
      // within 10% (22.0 / 20.1 = 1.0945): no line
      Analysis.Result close = with(r, new double[] {0, 20, 20, 20}, new double[] {0.01, 20.1, 22.0, 21.0});
      assertThat(Report.unequalBudgetLine(close, close.games().get(0))).isEmpty();
      assertThat(Report.terminal(close)).doesNotContain("unequal effective");
      // without time budgets nothing is compared, however the times differ
      Analysis.Result sims = with(r, new double[] {0, 0, 0, 0}, new double[] {0.01, 20.1, 40.0, 21.0});
      assertThat(Report.unequalBudgetLine(sims, sims.games().get(0))).isEmpty();
      // one timed agent: nothing to compare
      Analysis.Result one = with(r, new double[] {0, 20, 0, 0}, new double[] {0.01, 20.1, 40.0, 21.0});
      assertThat(Report.unequalBudgetLine(one, one.games().get(0))).isEmpty();
      // different budgets: compared as shares of each agent's own time_ms (44/40 = 22/20: equal)
      Analysis.Result scaled = with(r, new double[] {0, 20, 40, 0}, new double[] {0.01, 22.0, 44.0, 3.0});
      assertThat(Report.unequalBudgetLine(scaled, scaled.games().get(0))).isEmpty();
      Analysis.Result scaledOff = with(r, new double[] {0, 20, 40, 0}, new double[] {0.01, 30.0, 30.0, 3.0});
      // 150% of its time_ms against an agent below its own (counted at 100%): 50% above
      assertThat(Report.unequalBudgetLine(scaledOff, scaledOff.games().get(0))).contains("first 30.00 (150% of its time_ms)")
          .contains("first(offset=2) 30.00 (75% of its time_ms)").contains("the largest 50% above the others");
      // a solver that stops early uses less than its budget: not unfair (measured figures: score_bounded
      // 10.81 and uct 43.38 ms at time_ms=40; uct's 108% is within 10% of a full budget)
      Analysis.Result solver = with(r, new double[] {0, 40, 40, 40}, new double[] {0.01, 10.81, 43.38, 40.2});
      assertThat(Report.unequalBudgetLine(solver, solver.games().get(0))).isEmpty();
      // all over their budgets alike: the same search, no line
      Analysis.Result alike = with(r, new double[] {0, 20, 20, 20}, new double[] {0.01, 30.0, 31.0, 30.5});
      assertThat(Report.unequalBudgetLine(alike, alike.games().get(0))).isEmpty();
      // the advice fits the run: no --parallel advice at --parallel 1, the number when above 1
      String one1 = Report.unequalBudgetLine(unequal, unequal.games().get(0), 1);
      assertThat(one1).doesNotContain("--parallel 1").doesNotContain("fewer matches at once")
          .contains("one match ran at a time with single-threaded agents");
      assertThat(Report.unequalBudgetLine(unequal, unequal.games().get(0), 3))
          .contains("fewer matches at once than --parallel 3");
      assertThat(Report.terminal(unequal, 1)).contains("\n    " + one1 + "\n");
      // an agent searching with several threads is named with threads=
      assertThat(Report.contentionAdvice(List.of("random", "uct(time_ms=20,threads=2)"), 1))
          .isEqualTo("fewer search threads (threads=) for uct(time_ms=20,threads=2) gives each agent its budget"
              + " (see --parallel in docs/arena.md)");
    }
  }
}
