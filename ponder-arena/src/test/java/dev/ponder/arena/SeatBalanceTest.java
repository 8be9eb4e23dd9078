package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A match that ends in an agent's error is scored as that agent's forfeit, so its group keeps
 * every seat order; a match that ends in the game's own error (no seat blamed) is not scored and
 * leaves the other seat orders of its group (the pairing for 2 players, the agent multiset for
 * n ≥ 3) in the same seed index out of the statistics, so that no group is scored on the seat
 * orders that survived; and each game's per-seat mean returns, recomputed by hand from the stored
 * returns.
 */
class SeatBalanceTest {
  @TempDir Path dir;

  private static final AnalysisOptions O = new AnalysisOptions(200, 40, 40, 0.95, 5,
      dev.ponder.rating.AlphaRank.Options.infinite(), dev.ponder.rating.Sco.Options.defaults(), "", "");
  private static final Analysis.Execution ONE = new Analysis.Execution(1, Progress.Factory.NONE);

  private static final int A = 0; // first: the lowest legal action
  private static final int B = 1; // first(offset=K): the legal action at index K mod n
  private static final int F = 2; // flaky: the lowest legal action, but throws as player 0 from move 6

  /**
   * Tic-tac-toe, agents A = first, B = first(offset=7), F = flaky, 2 seed indices (no chance:
   * every seed index plays the same games). By hand (cells 0–8 row by row, X = player 0 moves
   * first):
   * <ul>
   *   <li>(F, A): X 0, O 1, X 2, O 3, X 4, O 5, then F as X at move 6 throws: an error;
   *   <li>(A, F): X 0, O 1, X 2, O 3, X 4, O 5, X 6 wins on 2-4-6: A +1, F −1 — ok, and the old
   *       analysis scored {A, F} on this seat order alone;
   *   <li>(F, B): X 0, O 8, X 1, O 3, X 2 wins on 0-1-2: F +1;
   *   <li>(B, F): X 7, O 0, X 1, O 2, X 5, O 3, X 6, O 4, X 8 wins on 6-7-8: B +1, F −1;
   *   <li>(A, B) as (F, B): A +1; (B, A) as (B, F): B +1.
   * </ul>
   * The error is F's (its own call failed): scored as its forfeit, F −1 (tic-tac-toe's minimum), A
   * +1. So per seed index 6 matches, all scored: F's cell against A is −1 (both seat orders), 0
   * against B; A's mean is (+1 + 0) / 2, B's 0, F's (−1 + 0) / 2; seat 0 wins 5 of 6 (+2/3 per
   * seed), seat 1 the rest. Before, the error took (A, F) out with it and F's pairing with A had
   * no score at all: its failure cost it nothing.
   *
   * <p>The same matches with the error the game's own (no seat stored, as when the game's code
   * throws) are not scored: per seed index 1 error, 1 left out ((A, F)), 4 scored; every agent's
   * mean is 0, seat 0 always wins (+1) and seat 1 always loses (−1); counted on the surviving seat
   * order, F would have a mean of −1/3 and an F-vs-A cell of −1 from one seat order.
   */
  @Test
  void anAgentsErrorIsItsForfeitAndTheGamesOwnErrorLeavesTheOtherSeatOrderOut() throws Exception {
    TournamentConfig c = new TournamentConfig(List.of("tic_tac_toe"), List.of("first", "first(offset=7)", "flaky"), "", 2, 3,
        TournamentConfig.ROUND_ROBIN, "", false);
    try (ArenaStore s = ArenaStore.open(dir.resolve("t.db"))) {
      long id = new Tournament(c).run(s, 1, (d, t) -> Progress.none(), null).tournamentId();
      List<ArenaStore.StoredMatch> all = s.matches(id, true);
      assertThat(all).hasSize(12);
      for (ArenaStore.StoredMatch m : all) {
        boolean error = m.seats()[0] == F && m.seats()[1] == A;
        assertThat(m.status() == MatchResult.Status.ERROR).as(Arrays.toString(m.seats())).isEqualTo(error);
        if (m.status() != MatchResult.Status.ERROR) {
          // the hand-played games: seat 0 wins every one
          assertThat(m.returns()).containsExactly(1, -1);
        }
      }
      Analysis.Result forfeits = Analysis.analyse(s, id, O, all, ONE);
      Analysis.GameResult f = forfeits.games().get(0);
      assertThat(forfeits.errors()).isEqualTo(2);
      assertThat(f.leftOut()).isZero();
      assertThat(f.errorMatches()).containsExactly(0, 0, 2);
      assertThat(f.mean()[F][A]).isEqualTo(-1);
      assertThat(f.mean()[A][F]).isEqualTo(1);
      assertThat(f.mean()[F][B]).isCloseTo(0, within(1e-12));
      assertThat(f.agentMean()[A]).isCloseTo(0.5, within(1e-12));
      assertThat(f.agentMean()[B]).isCloseTo(0, within(1e-12));
      assertThat(f.agentMean()[F]).isCloseTo(-0.5, within(1e-12));
      assertThat(new long[] {f.wins()[F][A], f.draws()[F][A], f.losses()[F][A]}).containsExactly(0, 0, 4);
      assertThat(f.seatMean()[0]).isCloseTo(2.0 / 3, within(1e-12));
      // alpha -> infinity, by hand (eta = 1/2; a winner fixes with eta, a tie with eta/2): A beats F
      // and ties B, B ties F; pi_F = pi_B / 3, pi_A = 5 pi_B / 3: masses 5/9, 1/3, 1/9. F is last on
      // the ballot, its Elo the anchor
      assertThat(f.mass()[A]).isCloseTo(5 / 9.0, within(1e-9));
      assertThat(f.mass()[B]).isCloseTo(1 / 3.0, within(1e-9));
      assertThat(f.mass()[F]).isCloseTo(1 / 9.0, within(1e-9));
      assertThat(f.ballot()[F]).isZero();
      assertThat(forfeits.sco()[F]).isLessThan(forfeits.sco()[A]);
      assertThat(forfeits.elo()[F]).isCloseTo(0, within(1e-6));
      assertThat(forfeits.elo()[A]).isPositive();
      assertThat(Report.errorLine(forfeits)).startsWith("errors: 2 of 12 matches (blamed on an agent: scored as its forfeits; see"
          + " matches.csv); first: tic_tac_toe, seed index 0, ");

      // the same error as the game's own: no seat stored
      all = all.stream().map(m -> m.status() != MatchResult.Status.ERROR ? m : new ArenaStore.StoredMatch(m.game(), m.seats(),
          m.seedIndex(), m.seed(), m.status(), m.returns(), m.length(), m.moveMicros(), m.overruns(), m.message(),
          m.actions(), -1)).toList();
      Analysis.Result r = Analysis.analyse(s, id, O, all, ONE);
      Analysis.GameResult g = r.games().get(0);
      assertThat(r.matches()).isEqualTo(12);
      assertThat(r.errors()).isEqualTo(2);
      assertThat(g.leftOut()).isEqualTo(2);
      assertThat(r.leftOut()).isEqualTo(2);
      assertThat(g.seeds()).isEqualTo(2);
      // every agent at 0 (F: +1 as X against B, −1 as O against B); the old analysis: F at −1/3
      for (int a = 0; a < 3; a++) {
        assertThat(g.agentMean()[a]).as("agent %d", a).isCloseTo(0, within(1e-12));
      }
      assertThat(g.mean()[F][A]).isNaN();
      assertThat(g.mean()[A][F]).isNaN();
      assertThat(g.mean()[F][B]).isCloseTo(0, within(1e-12));
      assertThat(g.mean()[B][F]).isCloseTo(0, within(1e-12));
      assertThat(g.wins()[F][A] + g.draws()[F][A] + g.losses()[F][A]).isZero();
      assertThat(g.wins()[A][F] + g.draws()[A][F] + g.losses()[A][F]).isZero();
      assertThat(new long[] {g.wins()[F][B], g.draws()[F][B], g.losses()[F][B]}).containsExactly(2, 0, 2);
      assertThat(g.seatMean()).containsExactly(1, -1);

      // F's figures come only from complete groups: the same as with the pairing {A, F} never stored
      List<ArenaStore.StoredMatch> complete = all.stream()
          .filter(m -> !(Arrays.stream(m.seats()).anyMatch(x -> x == A) && Arrays.stream(m.seats()).anyMatch(x -> x == F)))
          .toList();
      assertThat(complete).hasSize(8);
      ArenaStore.GameInfo gi = s.games(id).get(0);
      Analysis.GameResult without = Analysis.analyseGame(gi, complete, 3, false, O, Analysis.gameSeed(O, 0));
      assertThat(g.agentMean()).containsExactly(without.agentMean());
      assertThat(g.agentLow()).containsExactly(without.agentLow());
      assertThat(g.agentHigh()).containsExactly(without.agentHigh());
      assertThat(g.wins()).isDeepEqualTo(without.wins());
      assertThat(g.losses()).isDeepEqualTo(without.losses());
      // but not the same ballot: with {A, F} failing in the game's own error in every match, A and F
      // are left out of the ranking (a never-stored pairing counts as a tie instead)
      assertThat(g.ballot()[F]).isNaN();
      assertThat(g.mass()[F]).isNaN();
      assertThat(g.ballot()[A]).isNaN();
      assertThat(without.ballot()[F]).isNotNaN();
      assertThat(g.mass()[B]).isCloseTo(1, within(1e-9));
      assertThat(g.note()).endsWith(": first (no scored match against flaky); flaky (no scored match against first)");
      double[][] eloAll = Analysis.elo(List.of(all), 3, O);
      double[][] eloComplete = Analysis.elo(List.of(complete), 3, O);
      for (int i = 0; i < 3; i++) {
        assertThat(eloAll[i]).containsExactly(eloComplete[i]);
      }

      // said next to the error count, with the reason, in the terminal, report.md and report.json
      String text = Report.terminal(r);
      assertThat(text).contains("tic_tac_toe (2 players, 12 matches, 2 seeds, 2 errors, 2 left out with them): ");
      assertThat(Report.errorLine(r)).startsWith("errors: 2 of 12 matches (the game's own: not scored; see matches.csv); 2"
          + " more left out with them for seat balance (the other seat orders of the pairing of a game's own error, or agent"
          + " set for 3+ players, in its seed index: every pairing counted is counted in all its seat orders); first:"
          + " tic_tac_toe, seed index 0, ");
      assertThat(text).contains("\n" + Report.errorLine(r) + "\n");
      assertThat(text).contains("    seat means (seat 0 first, all agents): 1.000 [1.000, 1.000]†‡, -1.000 [-1.000, -1.000]†‡\n");
      Report.write(r, all, dir.resolve("rep"));
      String md = Files.readString(dir.resolve("rep/report.md"));
      assertThat(md).doesNotContain("With 2 players").contains("\n" + Report.eloMarginLine() + "\n");
      assertThat(md).contains("; 2 errors, " + Report.leftOutText(2) + "; 0 with time overruns;");
      assertThat(md).contains("| seat | mean return | 95% CI |\n|---:|---:|---|\n| 0 | 1.000 | [1.000, 1.000]†‡ |\n"
          + "| 1 | -1.000 | [-1.000, -1.000]†‡ |\n");
      JsonNode json = new ObjectMapper().readTree(dir.resolve("rep/report.json").toFile());
      assertThat(json.get("leftOut").asInt()).isEqualTo(2);
      assertThat(json.get("errors").asInt()).isEqualTo(2);
      JsonNode game = json.get("games").get(0);
      assertThat(game.get("leftOut").asInt()).isEqualTo(2);
      assertThat(game.get("seatMean").get(0).asDouble()).isEqualTo(1.0);
      assertThat(game.get("seatMean").get(1).asDouble()).isEqualTo(-1.0);
      assertThat(game.get("utilitySum").asDouble()).isEqualTo(0.0);
    }
  }

  /**
   * An agent that fails as X in every game (flaky from move 0) forfeits each of those matches (−1)
   * and loses the others as O (first as X wins on 2-4-6, first(offset=7) on 6-7-8, as above): it
   * loses every match, so no α-Rank mass, the lowest SCO rating and the lowest Elo (the anchor,
   * 0), its row marked. Before, its pairings left the analysis with its errors: no Elo, and a place
   * on the ballot only through a rule of its own.
   */
  @Test
  void anAgentThatFailsInEveryPairingLosesThemAll() {
    TournamentConfig c = new TournamentConfig(List.of("tic_tac_toe"), List.of("first", "first(offset=7)", "flaky(from=0)"),
        "", 2, 3, TournamentConfig.ROUND_ROBIN, "", false);
    try (ArenaStore s = ArenaStore.open(dir.resolve("f.db"))) {
      long id = new Tournament(c).run(s, 1, (d, t) -> Progress.none(), null).tournamentId();
      List<ArenaStore.StoredMatch> all = s.matches(id, true);
      Analysis.Result r = Analysis.analyse(s, id, O, all, ONE);
      Analysis.GameResult g = r.games().get(0);
      assertThat(g.errors()).isEqualTo(4); // (F, A) and (F, B) in both seed indices
      assertThat(g.leftOut()).isZero();
      assertThat(g.agentMean()[F]).isEqualTo(-1);
      assertThat(g.mass()[F]).isCloseTo(0, within(1e-9));
      assertThat(g.ballot()[F]).isZero();
      assertThat(g.errorMatches()).containsExactly(0, 0, 4);
      assertThat(r.sco()[F]).isLessThan(r.sco()[A]);
      assertThat(r.sco()[F]).isLessThan(r.sco()[B]);
      // A and B split every seed index 1-1 (seat 0 wins) and beat F: equal, F the anchor 0
      assertThat(r.elo()[F]).isCloseTo(0, within(1e-6));
      assertThat(r.elo()[A]).isPositive().isCloseTo(r.elo()[B], within(1e-6));
      String row = Report.terminal(r).lines().filter(l -> l.contains("flaky")).findFirst().orElseThrow();
      assertThat(row).doesNotContain("NaN").startsWith("3!   flaky(from=0)");
      assertThat(Report.markdown(r)).doesNotContain("NaN");
    }
  }

  /**
   * Three-player Kuhn poker, agents A = first (always passes), B = first(offset=1) (always bets),
   * F = flaky, 2 seed indices. F throws as player 0 at its second decision (move 6, after the 3
   * deals), which it reaches exactly when some later seat bets: F in seat 0 and B in another seat.
   * With every permutation seated (the default seat orders): per seed index 5 errors ([F, A, B],
   * [F, B, A], [F, B, B], [F, F, B], [F, B, F]), each F's forfeit: F gets the game's minimum, −2,
   * and the other two seats share the 2 it loses, +1 each; where F holds two seats ([F, F, B],
   * [F, B, F]) both get −2 and B the 4 they leave (a failure must not pay F's other seat a
   * winner's share); all 24 seatings are scored (before, the 7 other seatings of the errors' agent
   * sets were left out with them). The counts are also
   * derived from the schedule with that rule, and the stored statuses checked against it; the means
   * and the per-seat returns are recomputed from the stored returns and those forfeits.
   */
  @Test
  void forfeitsKeepEverySeatingOfTheirAgentSetAndSeatMeansMatchAHandComputation() throws Exception {
    TournamentConfig c = new TournamentConfig(List.of("kuhn_poker(players=3)"), List.of("first", "first(offset=1)", "flaky"),
        "", 2, 11, TournamentConfig.ROUND_ROBIN, "", false);
    try (ArenaStore s = ArenaStore.open(dir.resolve("k.db"))) {
      long id = new Tournament(c).run(s, 1, (d, t) -> Progress.none(), null).tournamentId();
      List<ArenaStore.StoredMatch> all = s.matches(id, true);
      List<int[]> seatings = Schedule.seatings(3, c.allAgents(), c.schedule(), c.selfPlay(), c.seatOrders());
      assertThat(all).hasSize(2 * seatings.size());
      // expected per seed index, from the schedule: errors by the rule, left out = the rest of a broken group
      Map<String, int[]> groups = new HashMap<>(); // multiset -> {seatings, errors}
      for (int[] st : seatings) {
        int[] g = groups.computeIfAbsent(multiset(st), x -> new int[2]);
        g[0]++;
        g[1] += fails(st) ? 1 : 0;
      }
      int errorsPerSeed = 0;
      for (int[] g : groups.values()) {
        errorsPerSeed += g[1];
      }
      assertThat(groups.get("[0, 1, 2]")[1]).isPositive(); // {A, B, F} has errors: its seatings still count
      // by hand, every permutation seated (the default): 24 seatings, 5 errors, all scored
      assertThat(c.seatOrders()).isEqualTo(TournamentConfig.PERMUTATIONS);
      assertThat(seatings).hasSize(24);
      assertThat(errorsPerSeed).isEqualTo(5);
      for (ArenaStore.StoredMatch m : all) {
        assertThat(m.status() == MatchResult.Status.ERROR).as(Arrays.toString(m.seats())).isEqualTo(fails(m.seats()));
      }
      Analysis.Result r = Analysis.analyse(s, id, O, all, ONE);
      Analysis.GameResult g = r.games().get(0);
      assertThat(g.errors()).isEqualTo(2 * errorsPerSeed);
      assertThat(g.leftOut()).isZero();
      assertThat(g.errorMatches()).containsExactly(0, 0, 2 * errorsPerSeed);
      assertThat(r.errorsStored()).isEqualTo(2 * errorsPerSeed);

      // by hand: every match is scored, an error as F's forfeit in seat 0 (and in its other seat, if any)
      double[][] seatPerSeed = new double[2][3];
      double[][] agentSum = new double[2][3];
      double[][] agentCount = new double[2][3];
      int[] perSeed = new int[2];
      for (ArenaStore.StoredMatch m : all) {
        double[] ret = m.status() == MatchResult.Status.ERROR ? forfeitByHand(m.seats()) : m.returns();
        perSeed[m.seedIndex()]++;
        for (int p = 0; p < 3; p++) {
          seatPerSeed[m.seedIndex()][p] += ret[p];
          agentSum[m.seedIndex()][m.seats()[p]] += ret[p];
          agentCount[m.seedIndex()][m.seats()[p]]++;
        }
      }
      double total = 0;
      for (int p = 0; p < 3; p++) {
        double s0 = seatPerSeed[0][p] / perSeed[0];
        double s1 = seatPerSeed[1][p] / perSeed[1];
        assertThat(g.seatMean()[p]).as("seat %d", p).isCloseTo((s0 + s1) / 2, within(1e-12));
        // two seed indices: the percentile bootstrap's ends are the two per-seed means
        assertThat(g.seatLow()[p]).isCloseTo(Math.min(s0, s1), within(1e-12));
        assertThat(g.seatHigh()[p]).isCloseTo(Math.max(s0, s1), within(1e-12));
        total += g.seatMean()[p];
      }
      assertThat(total).isCloseTo(0, within(1e-12)); // zero-sum
      for (int a = 0; a < 3; a++) {
        double m0 = agentSum[0][a] / agentCount[0][a];
        double m1 = agentSum[1][a] / agentCount[1][a];
        assertThat(g.agentMean()[a]).as("agent %d", a).isCloseTo((m0 + m1) / 2, within(1e-12));
      }
      assertThat(Report.terminal(r)).contains(Report.seatLine(g)).contains("\n" + Report.eloMarginLine() + "\n");
      // report.md: the n-player notes under the score cells and the wins / draws / losses, the Elo line
      Report.write(r, all, dir.resolve("rep"));
      String md = Files.readString(dir.resolve("rep/report.md"));
      assertThat(md).contains("\n" + Report.nPlayerCellsLine(3) + "\n").contains("\n" + Report.nPlayerDrawsLine(3) + "\n")
          .contains("\n" + Report.eloMarginLine() + "\n");
      assertThat(Report.nPlayerDrawsLine(3)).contains("both agents losing (the same amount) to another player");
      assertThat(SvgXml.of(Files.readString(dir.resolve("rep/scores-0.svg"))).allText())
          .contains("white at 0 (zero-sum game: the mean return of equally strong agents)");
      assertThat(Report.seatLine(g)).startsWith("seat means (seat 0 first, all agents): " + Report.fmt(g.seatMean()[0], 3)
          + " [" + Report.fmt(g.seatLow()[0], 3) + ", ");
    }
  }

  /**
   * F's forfeit in seat 0 of a 3-player Kuhn match (zero-sum, [−2, 4]): −2 in each of F's seats, the
   * other seats sharing what F's seats lose.
   */
  private static double[] forfeitByHand(int[] seats) {
    int f = 0;
    for (int a : seats) {
      f += a == F ? 1 : 0;
    }
    double[] ret = new double[3];
    for (int p = 0; p < 3; p++) {
      ret[p] = seats[p] == F ? -2 : 2.0 * f / (3 - f);
    }
    return ret;
  }

  /** The hand rule of the Kuhn test: F in seat 0 and B in a later seat (B bets after F passes). */
  private static boolean fails(int[] seats) {
    if (seats[0] != F) {
      return false;
    }
    for (int p = 1; p < seats.length; p++) {
      if (seats[p] == B) {
        return true;
      }
    }
    return false;
  }

  private static String multiset(int[] seats) {
    int[] sorted = seats.clone();
    Arrays.sort(sorted);
    return Arrays.toString(sorted);
  }
}
