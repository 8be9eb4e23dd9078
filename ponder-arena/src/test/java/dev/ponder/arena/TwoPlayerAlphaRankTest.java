package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The two α-Rank models of a 2-player game ({@link AnalysisOptions.Populations}): single population
 * on the seat-averaged score matrix (the default) and two populations on the symmetric payoff
 * table of the same scores (seed 000's model). Reference masses are computed independently of
 * Ponder: the α → ∞ chains (perturbed response graph, ε = 10⁻⁹; single: K states, multi: K²
 * profiles, marginal m_a = (1/2) Σ_p Σ_{s: s_p = a} π(s)) solved by Gaussian elimination in a
 * separate Python script, and the small cases by hand.
 */
class TwoPlayerAlphaRankTest {
  private static final ArenaStore.GameInfo ZERO_SUM = new ArenaStore.GameInfo(0, "g", 2, -1, 1, "ZERO_SUM");

  /** The example of docs/arena.md: M[a][b] = mean return of a against b (zero-sum). */
  static final double[][] M = {
      {0, .5, -.2, -.6},
      {-.5, 0, -.3, .9},
      {.2, .3, 0, -1},
      {.6, -.9, 1, 0}};

  /** Both seat orders of every pairing a &lt; b in seed indices 0–2, a getting M[a][b] in either seat. */
  private static List<ArenaStore.StoredMatch> exampleMatches() {
    List<ArenaStore.StoredMatch> ms = new ArrayList<>();
    for (int a = 0; a < 4; a++) {
      for (int b = a + 1; b < 4; b++) {
        for (int seed = 0; seed < 3; seed++) {
          ms.add(new ArenaStore.StoredMatch(0, new int[] {a, b}, seed, seed, MatchResult.Status.OK,
              new double[] {M[a][b], -M[a][b]}, 3, "", "0,0", "", ""));
          ms.add(new ArenaStore.StoredMatch(0, new int[] {b, a}, seed, seed, MatchResult.Status.OK,
              new double[] {-M[a][b], M[a][b]}, 3, "", "0,0", "", ""));
        }
      }
    }
    return ms;
  }

  private static AnalysisOptions multi() {
    return AnalysisOptions.defaults().withAlphaRankTwoPlayer(AnalysisOptions.Populations.MULTI);
  }

  @Test
  void theExampleRanksDifferentlyUnderTheTwoModels() {
    assertThat(AnalysisOptions.defaults().alphaRankTwoPlayer()).isEqualTo(AnalysisOptions.Populations.SINGLE);
    Analysis.GameResult single = Analysis.analyseGame(ZERO_SUM, exampleMatches(), 4, false, AnalysisOptions.defaults(), 1);
    assertThat(single.method()).isEqualTo("alpharank-single");
    assertThat(single.mass()).containsExactly(new double[] {0.1, 0.2, 0.3, 0.4}, within(1e-6));
    Analysis.GameResult two = Analysis.analyseGame(ZERO_SUM, exampleMatches(), 4, false, multi(), 1);
    assertThat(two.method()).isEqualTo("alpharank-multi");
    // 0.212121, 0.227273, 0.196970, 0.363636 (= 14/66, 15/66, 13/66, 24/66)
    assertThat(two.mass()).containsExactly(new double[] {14 / 66.0, 15 / 66.0, 13 / 66.0, 24 / 66.0}, within(1e-6));
    // the ballots differ: agent 0 ranks last under single population, above agent 2 under two
    assertThat(single.ballot()).containsExactly(0, 1, 2, 3);
    assertThat(two.ballot()).containsExactly(1, 2, 0, 3);
    // every bootstrap resample uses the same model: all seed rows once give the point estimate
    Analysis.GameAnalysis ga = Analysis.analyseGameWithRows(ZERO_SUM, exampleMatches(), 4, false, multi(), 1, null);
    Analysis.GameBallot resampled = Analysis.resampledGameBallot(ga.rows(), new int[] {1, 1, 1}, multi(), null);
    assertThat(resampled.mass()).containsExactly(two.mass(), within(1e-12));
  }

  @Test
  void theSelfPlayDiagonalRulesOfTheSingleModelHoldForTwoPopulations() {
    // constant sum 12, agent 1 gets 10 against agent 0 (which gets 2) in both seats; no self-play.
    // The profile (a, a) pays each population 6 (half the sum, exact by symmetry in the symmetric
    // table). Profile (1, 1) is then a sink (either population moving to 0 gets 2 < 6) and (0, 0)
    // is left for (1, 0) and (0, 1) (10 > 6), which move on to (1, 1): agent 1 holds all the mass.
    // Taking the unplayed diagonal as 0 would let a population at (1, 1) move to 0 (2 > 0).
    List<ArenaStore.StoredMatch> ms = new ArrayList<>();
    for (int seed = 0; seed < 3; seed++) {
      ms.add(new ArenaStore.StoredMatch(0, new int[] {0, 1}, seed, seed, MatchResult.Status.OK,
          new double[] {2, 10}, 3, "", "0,0", "", ""));
      ms.add(new ArenaStore.StoredMatch(0, new int[] {1, 0}, seed, seed, MatchResult.Status.OK,
          new double[] {10, 2}, 3, "", "0,0", "", ""));
    }
    ArenaStore.GameInfo cs = new ArenaStore.GameInfo(0, "g", 2, 0, 12, "CONSTANT_SUM");
    Analysis.GameResult r = Analysis.analyseGame(cs, ms, 2, false, multi(), 1);
    assertThat(r.method()).isEqualTo("alpharank-multi");
    assertThat(r.mass()).containsExactly(new double[] {0, 1}, within(1e-6));
    assertThat(r.note()).contains("utility sum / players (6.000");
    // general-sum without self-play: nothing fixes the diagonal, ranked by mean return as for single
    ArenaStore.GameInfo gs = new ArenaStore.GameInfo(0, "g", 2, 0, 36, "GENERAL_SUM");
    Analysis.GameResult g = Analysis.analyseGame(gs, ms, 2, false, multi(), 1);
    assertThat(g.method()).isEqualTo("mean-return");
    assertThat(g.note()).contains("--self-play");
  }

  @Test
  void moreAgentsThanTheProfileLimitFallBackToTheMeanReturn() {
    int k = 32; // 32² = 1,024 profiles > AlphaRank.MAX_STATES
    double[][] mean = new double[k][k];
    double[] agentMean = new double[k];
    for (int a = 0; a < k; a++) {
      for (int b = 0; b < k; b++) {
        mean[a][b] = Integer.compare(a, b);
      }
      agentMean[a] = (2.0 * a - (k - 1)) / (k - 1);
    }
    Analysis.GameBallot two = Analysis.gameBallot(ZERO_SUM, k, false, mean, agentMean, Map.of(), Map.of(), multi(), null,
        null);
    assertThat(two.method()).isEqualTo("mean-return");
    assertThat(two.note()).isEqualTo("32^2 profiles exceed the alpha-rank limit (1000) of two-population alpha-rank"
        + " (--alpharank-two-player multi); ballot by mean return");
    // ranked by mean return (increasing with the index): agent a is above the a agents before it
    double[] expected = new double[k];
    for (int a = 0; a < k; a++) {
      expected[a] = a;
    }
    assertThat(two.ballot()).containsExactly(expected);
    Analysis.GameBallot single = Analysis.gameBallot(ZERO_SUM, k, false, mean, agentMean, Map.of(), Map.of(),
        AnalysisOptions.defaults(), null, null);
    assertThat(single.method()).isEqualTo("alpharank-single");
    assertThat(single.mass()[k - 1]).isCloseTo(1, within(1e-6));
  }

  @Test
  void theReportSaysWhenTwoPlayerGamesAreRankedByTwoPopulations(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
    TournamentConfig c = new TournamentConfig(List.of("tic_tac_toe"), List.of("random", "first"), "", 2, 5,
        TournamentConfig.ROUND_ROBIN, "", false);
    AnalysisOptions few = new AnalysisOptions(40, 40, 40, 0.95, 1, dev.ponder.rating.AlphaRank.Options.infinite(),
        dev.ponder.rating.Sco.Options.defaults(), "", "", 40);
    try (ArenaStore s = ArenaStore.open(dir.resolve("t.db"))) {
      Tournament.RunSummary run = new Tournament(c).run(s, 1, (d, t) -> Progress.none(), null);
      Analysis.Result single = Analysis.analyse(s, run.tournamentId(), few);
      Analysis.Result two = Analysis.analyse(s, run.tournamentId(),
          few.withAlphaRankTwoPlayer(AnalysisOptions.Populations.MULTI));
      assertThat(single.games().get(0).method()).isEqualTo("alpharank-single");
      assertThat(two.games().get(0).method()).isEqualTo("alpharank-multi");
      assertThat(Report.markdown(single)).doesNotContain("two-population");
      assertThat(Report.markdown(two)).contains("alpha-rank masses 40 resamples, alpha=inf, m=50, 2-player games by"
          + " two-population alpha-rank (--alpharank-two-player multi);");
      assertThat(Report.terminal(two)).contains("alpharank-multi");
    }
  }
}
