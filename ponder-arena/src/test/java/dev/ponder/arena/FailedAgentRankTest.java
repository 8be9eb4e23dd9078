package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ponder.rating.Sco;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An agent that wins one game and fails in every match of another (flaky(from=10) plays the lowest
 * legal action, which wins tic_tac_toe against first(offset=3) and first(offset=5), and throws as
 * player 0 from move 10, which every othello match reaches) is last on the ballot of the game it
 * did not complete, so its failures cannot lift it to the top: left off that ballot, it would
 * lose no ballot and rank first. Its rows are marked and the footnote says where it failed.
 */
class FailedAgentRankTest {
  @TempDir static Path dir;
  static Analysis.Result r;
  static final int F = 0;
  static final int F3 = 1;
  static final int F5 = 2;

  @BeforeAll
  static void run() {
    TournamentConfig c = new TournamentConfig(List.of("tic_tac_toe", "othello"),
        List.of("flaky(from=10)", "first(offset=3)", "first(offset=5)"), "", 2, 3, TournamentConfig.ROUND_ROBIN, "", false);
    try (ArenaStore s = ArenaStore.open(dir.resolve("f.db"))) {
      long id = new Tournament(c).run(s, 1, (d, t) -> Progress.none(), null).tournamentId();
      List<ArenaStore.StoredMatch> all = s.matches(id, true);
      r = Analysis.analyse(s, id, new AnalysisOptions(200, 40, 40, 0.95, 5, dev.ponder.rating.AlphaRank.Options.infinite(),
          Sco.Options.defaults(), "", ""), all, new Analysis.Execution(1, Progress.Factory.NONE));
      Report.write(r, all, dir.resolve("rep"));
    }
  }

  @Test
  void theGameItDidNotCompleteRanksItLast() {
    Analysis.GameResult ttt = r.games().get(0);
    Analysis.GameResult othello = r.games().get(1);
    assertThat(ttt.errorMatches()).containsExactly(0, 0, 0);
    assertThat(ttt.ballot()[F]).isGreaterThan(ttt.ballot()[F3]).isGreaterThan(ttt.ballot()[F5]);
    // both seed indices, flaky in seat 0 against each opponent
    assertThat(othello.errorMatches()).containsExactly(4, 0, 0);
    assertThat(othello.ballot()[F]).isNaN();
    assertThat(othello.lastForErrors()).containsExactly(true, false, false);
    // left off the othello ballot (the rule before), flaky loses no ballot and is rated first
    List<Sco.Ballot> absent = Analysis.scoBallots(List.of(ttt.ballot(), othello.ballot()));
    double[] before = Sco.fit(3, absent, Sco.Options.defaults());
    assertThat(before[F]).isGreaterThan(before[F3]).isGreaterThan(before[F5]);
    // last on it: first(offset=5) wins othello and ties tic_tac_toe with first(offset=3), so it is first
    assertThat(r.sco()[F5]).isGreaterThan(r.sco()[F]);
    assertThat(r.rank()[F5]).isEqualTo(1);
    assertThat(r.rank()[F]).isEqualTo(2);
    // F over the 2 games: flaky above first(offset=5) in one of them (1.0 over the ballots holding both, before)
    assertThat(r.ballotWinRate()[F][F5]).isCloseTo(0.5, within(1e-12));
    assertThat(r.ballotWinRate()[F5][F]).isCloseTo(0.5, within(1e-12));
    assertThat(Sco.ballotWinRates(3, absent)[F][F5]).isCloseTo(1.0, within(1e-12));
  }

  /** The completed ballot SCO reads: marked agents below every agent on it, level with each other. */
  @Test
  void theCompletedBallotPutsMarkedAgentsLast() {
    double n = Double.NaN;
    double[] ballot = {n, 1, 0, n};
    double[] out = Analysis.scoBallot(ballot, new boolean[] {true, false, false, true});
    assertThat(out[1]).isGreaterThan(out[2]);
    assertThat(out[2]).isGreaterThan(out[0]);
    assertThat(out[0]).isEqualTo(out[3]);
    assertThat(ballot[0]).isNaN(); // not modified
    assertThat(Analysis.scoBallot(ballot, new boolean[4])).isSameAs(ballot);
    assertThat(Analysis.scoBallot(ballot, null)).isSameAs(ballot);
    // a ballot that ranks no agent: the agents not marked level above the marked one
    double[] none = Analysis.scoBallot(new double[] {n, n, n}, new boolean[] {false, true, false});
    assertThat(none[0]).isEqualTo(none[2]).isGreaterThan(none[1]);
    // every agent marked: no ballot
    assertThat(Analysis.scoBallots(List.of(new double[] {n, n}), List.of(new boolean[] {true, true}))).isEmpty();
    // a mean-return ballot (any real scores) too
    double[] byMean = Analysis.scoBallot(new double[] {-3.5, n}, new boolean[] {false, true});
    assertThat(byMean[0]).isGreaterThan(byMean[1]);
    List<Sco.Ballot> b = Analysis.scoBallots(List.of(new double[] {n, 1, 0}), List.of(new boolean[] {true, false, false}));
    assertThat(Sco.ballotWinRates(3, b)[1][0]).isEqualTo(1.0);
    assertThat(Sco.ballotWinRates(3, b)[0][2]).isEqualTo(0.0);
  }

  /** The mean mass counts 0 where the α-Rank leaves an agent out, so the means sum to 1. */
  @Test
  void meanMassesSumToOne() {
    double sum = 0;
    for (int a = 0; a < 3; a++) {
      sum += Report.meanMass(r, a);
    }
    assertThat(sum).isCloseTo(1, within(1e-9));
    assertThat(Report.meanMass(r, F)).isCloseTo(r.games().get(0).mass()[F] / 2, within(1e-12));
    assertThat(Report.scoLine(r)).endsWith("mass: mean alpha-rank mass over games, 0 in a game whose alpha-rank leaves the"
        + " agent out (error matches).");
  }

  @Test
  void theFailingAgentIsMarkedInTheTablesAndCharts() throws Exception {
    String footnote = "!: error matches (not scored; see matches.csv): flaky(from=10) failed in 4 matches (1 of 2 games:"
        + " othello); last on the ballot of othello, which it did not complete.";
    String text = Report.terminal(r);
    assertThat(text).containsPattern("\n2!\\s+flaky\\(from=10\\) ").contains("\n" + footnote)
        .contains("    ballot: first(offset=5) ≻ first(offset=3) ≻ flaky(from=10)!\n");
    assertThat(text.lines().filter(l -> l.contains("first(offset=3) ") && !l.startsWith(" "))).noneMatch(l -> l.contains("!"));
    Path rep = dir.resolve("rep");
    String md = Files.readString(rep.resolve("report.md"));
    assertThat(md).contains("| 2! | `flaky(from=10)` |").contains("\n" + footnote)
        .contains("F(row ≻ column): the fraction of the 2 games whose ballot ranks row strictly above column; every agent is on"
            + " every ballot");
    assertThat(Files.readString(rep.resolve("ratings.svg"))).contains(">flaky(from=10)!</text>")
        .contains("!: error matches (not scored); last on the ballot of each game it did not complete");
    assertThat(Files.readString(rep.resolve("ballots.svg"))).contains(">flaky(from=10)!</text>")
        .contains("share of game ballots with row above column");
    JsonNode othello = new ObjectMapper().readTree(rep.resolve("report.json").toFile()).get("games").get(1);
    assertThat(othello.get("errorMatches").toString()).isEqualTo("[4,0,0]");
    assertThat(othello.get("lastForErrors").toString()).isEqualTo("[true,false,false]");
    assertThat(othello.get("ballot").get(F).isNull()).isTrue();
  }
}
