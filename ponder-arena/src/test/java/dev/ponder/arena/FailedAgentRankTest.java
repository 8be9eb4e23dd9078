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
 * An agent that wins one game and fails in half the matches of another (flaky(from=10) plays the
 * lowest legal action, which wins tic_tac_toe against first(offset=3) and first(offset=5), and
 * throws as player 0 from move 10, which every othello match reaches) forfeits those matches, so
 * its failures cannot lift it: left off the othello ballot (the rule before the forfeit), it would
 * lose no ballot and rank first alone. Its rows are marked and the footnote says where it failed.
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
  void itsFailuresAreItsForfeitsAndCannotLiftIt() {
    Analysis.GameResult ttt = r.games().get(0);
    Analysis.GameResult othello = r.games().get(1);
    assertThat(ttt.errorMatches()).containsExactly(0, 0, 0);
    assertThat(ttt.ballot()[F]).isGreaterThan(ttt.ballot()[F3]).isEqualTo(2);
    // both seed indices, flaky in seat 0 against each opponent: its forfeit, -1 (othello's minimum)
    assertThat(othello.errorMatches()).containsExactly(4, 0, 0);
    assertThat(othello.leftOut()).isZero();
    assertThat(othello.mean()[F][F5]).isEqualTo(-1); // its forfeit as black, a loss as white
    assertThat(othello.mean()[F][F3]).isCloseTo(0, within(1e-12)); // its forfeit as black, a win as white
    assertThat(new long[] {othello.wins()[F][F3], othello.draws()[F][F3], othello.losses()[F][F3]}).containsExactly(2, 0, 2);
    // first(offset=5) wins othello; flaky ties first(offset=3) below it
    assertThat(othello.ballot()[F5]).isGreaterThan(othello.ballot()[F]);
    assertThat(othello.ballot()[F]).isEqualTo(othello.ballot()[F3]);
    // left off the othello ballot (the rule before), flaky loses no ballot and is rated first alone
    double[] absentOthello = othello.ballot().clone();
    absentOthello[F] = Double.NaN;
    List<Sco.Ballot> absent = Analysis.scoBallots(List.of(ttt.ballot(), absentOthello));
    double[] before = Sco.fit(3, absent, Sco.Options.defaults());
    assertThat(before[F]).isGreaterThan(before[F5]).isGreaterThan(before[F3]);
    // with its forfeits it shares first place with first(offset=5): one game each
    assertThat(r.sco()[F]).isCloseTo(r.sco()[F5], within(1e-6));
    assertThat(r.rank()[F5]).isEqualTo(1);
    assertThat(r.rank()[F]).isEqualTo(1);
    assertThat(r.sco()[F3]).isLessThan(r.sco()[F]);
    assertThat(r.ballotWinRate()[F][F5]).isCloseTo(0.5, within(1e-12));
    assertThat(r.ballotWinRate()[F5][F]).isCloseTo(0.5, within(1e-12));
    assertThat(Sco.ballotWinRates(3, absent)[F][F5]).isCloseTo(1.0, within(1e-12));
  }

  /** The mean masses sum to 1; no agent is left out of an α-Rank for its own errors. */
  @Test
  void meanMassesSumToOne() {
    double sum = 0;
    for (int a = 0; a < 3; a++) {
      sum += Report.meanMass(r, a);
    }
    assertThat(sum).isCloseTo(1, within(1e-9));
    assertThat(Report.meanMass(r, F)).isCloseTo((r.games().get(0).mass()[F] + r.games().get(1).mass()[F]) / 2,
        within(1e-12));
    assertThat(Report.scoLine(r)).endsWith("mass: mean alpha-rank mass over games.");
  }

  @Test
  void theFailingAgentIsMarkedInTheTablesAndCharts() throws Exception {
    String footnote = "!: error matches (scored as forfeits; see matches.csv): flaky(from=10) failed in 4 matches (1 of 2"
        + " games: othello). A forfeit gives every seat of the failing agent the game's minimum return and every other"
        + " agent's seat its maximum (in a zero- or constant-sum game of 3+ players an equal share of the rest): a failure"
        + " never scores better than playing on.";
    String text = Report.terminal(r);
    assertThat(text).containsPattern("\n1=!\\s+flaky\\(from=10\\) ").contains("\n" + footnote + "\n")
        .contains("    ballot: first(offset=5) ≻ flaky(from=10)! = first(offset=3)\n");
    assertThat(text.lines().filter(l -> l.contains("first(offset=3) ") && !l.startsWith(" "))).noneMatch(l -> l.contains("!"));
    Path rep = dir.resolve("rep");
    String md = Files.readString(rep.resolve("report.md"));
    assertThat(md).contains("| 1=! | `flaky(from=10)` |").contains("\n" + footnote)
        .contains("F(row ≻ column): the fraction of the 2 games whose ballot ranks row strictly above column; every agent is on"
            + " every ballot");
    SvgXml ratings = SvgXml.of(Files.readString(rep.resolve("ratings.svg")));
    assertThat(ratings.strings()).contains("flaky(from=10)!");
    assertThat(ratings.lines()).contains("!: error matches (scored as forfeits: a loss; report.md)");
    SvgXml ballots = SvgXml.of(Files.readString(rep.resolve("ballots.svg")));
    assertThat(ballots.strings()).contains("flaky(from=10)!");
    assertThat(ballots.allText()).contains("share of game ballots with row above column");
    // the score chart of the game it failed in marks it too; tic_tac_toe's, where it did not fail, does not
    SvgXml failedIn = SvgXml.of(Files.readString(rep.resolve("scores-1.svg")));
    assertThat(failedIn.strings()).contains("flaky(from=10)!");
    assertThat(failedIn.allText()).contains("!: error matches (scored as forfeits, report.md)");
    SvgXml clean = SvgXml.of(Files.readString(rep.resolve("scores-0.svg")));
    assertThat(clean.strings()).contains("flaky(from=10)");
    assertThat(clean.allText()).doesNotContain("flaky(from=10)!").doesNotContain("!: error matches");
    JsonNode othello = new ObjectMapper().readTree(rep.resolve("report.json").toFile()).get("games").get(1);
    assertThat(othello.get("errorMatches").toString()).isEqualTo("[4,0,0]");
    assertThat(othello.get("lastForErrors")).isNull();
    assertThat(othello.get("ballot").get(F).asDouble()).isEqualTo(othello.get("ballot").get(F3).asDouble());
  }

  /**
   * matches.csv carries the stored {@code failed_seat} as its last column, so the forfeits the
   * analysis scores can be scored from the file alone (its error rows have no returns, and the
   * message is for people): the failing seat of each of flaky's othello errors, empty elsewhere.
   */
  @Test
  void matchesCsvNamesTheFailingSeat() throws Exception {
    List<String> lines = Files.readAllLines(dir.resolve("rep").resolve("matches.csv"));
    assertThat(lines.get(0)).isEqualTo(
        "tournament,game,seed_index,seed,seats,status,returns,length,seat_ms,overruns,message,actions,failed_seat,build");
    // the build line as a CSV field: quoted when it holds a comma ("commit 2031661, modified" in a
    // working tree with changes)
    String line = dev.ponder.spi.PonderVersion.LINE;
    String build = line.contains(",") || line.contains("\"") ? "\"" + line.replace("\"", "\"\"") + "\"" : line;
    List<String> errors = lines.stream().filter(l -> l.contains(",error,")).toList();
    assertThat(errors).hasSize(4).allSatisfy(l -> assertThat(l).startsWith("1,othello,").contains(",flaky(from=10);")
        .endsWith(",0," + build));
    assertThat(lines.subList(1, lines.size()).stream().filter(l -> !l.contains(",error,")))
        .isNotEmpty().allSatisfy(l -> assertThat(l).endsWith(",," + build));
  }
}
