package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.ponder.rating.Intervals;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AnalysisTest {
  @TempDir Path dir;

  /**
   * Percentile bootstrap (Efron 1979) of the mean, written out: resample b draws n values with
   * replacement by {@code SplittableRandom(seed).nextInt(n)} and takes their mean.
   */
  static Intervals.Interval oneSampleBootstrap(double[] values, int resamples, double level, long seed) {
    int n = values.length;
    double mean = java.util.Arrays.stream(values).sum() / n;
    SplittableRandom rng = new SplittableRandom(seed);
    double[] means = new double[resamples];
    for (int b = 0; b < resamples; b++) {
      double s = 0;
      for (int i = 0; i < n; i++) {
        s += values[rng.nextInt(n)];
      }
      means[b] = s / n;
    }
    java.util.Arrays.sort(means);
    double alpha = (1 - level) / 2;
    return new Intervals.Interval(mean, Intervals.quantileSorted(means, alpha), Intervals.quantileSorted(means, 1 - alpha));
  }

  @Test
  void seedBootstrapIntervalsCoverTheTrueMeanAtRoughlyTheNominalRate() {
    // the score-matrix bootstrap (Analysis.bootstrap, one cell): 400 simulated experiments of 40
    // seeds with win/draw/loss outcomes (+1 w.p. 0.45, 0 w.p. 0.2, −1 w.p. 0.35; true mean 0.10),
    // 2,000 resamples each. A percentile bootstrap with n = 40 undercovers slightly; expected
    // coverage about 0.93–0.95, and with 400 trials the standard error is about 0.011.
    SplittableRandom rng = new SplittableRandom(11);
    int trials = 400;
    int covered = 0;
    double[] mean = new double[1];
    double[] lo = new double[1];
    double[] hi = new double[1];
    for (int t = 0; t < trials; t++) {
      double[][] rows = new double[40][1];
      for (double[] row : rows) {
        double u = rng.nextDouble();
        row[0] = u < 0.45 ? 1 : u < 0.65 ? 0 : -1;
      }
      Analysis.bootstrap(rows, 1, 2000, 0.95, rng.nextLong(), mean, lo, hi);
      if (lo[0] <= 0.10 && 0.10 <= hi[0]) {
        covered++;
      }
    }
    assertThat((double) covered / trials).isBetween(0.90, 0.98);
  }

  @Test
  void jointBootstrapOfOneCellEqualsTheOneSampleBootstrap() {
    // Analysis draws the same n indices per resample as the textbook one-sample bootstrap
    // (oneSampleBootstrap below), only counted; the intervals must agree up to summation order.
    SplittableRandom rng = new SplittableRandom(3);
    double[] x = new double[57];
    double[][] rows = new double[57][1];
    for (int i = 0; i < x.length; i++) {
      x[i] = rng.nextInt(3) - 1;
      rows[i][0] = x[i];
    }
    Intervals.Interval ref = oneSampleBootstrap(x, 4000, 0.95, 77);
    double[] mean = new double[1];
    double[] lo = new double[1];
    double[] hi = new double[1];
    Analysis.bootstrap(rows, 1, 4000, 0.95, 77, mean, lo, hi);
    assertThat(mean[0]).isCloseTo(ref.estimate(), within(1e-12));
    assertThat(lo[0]).isCloseTo(ref.low(), within(1e-12));
    assertThat(hi[0]).isCloseTo(ref.high(), within(1e-12));
  }

  @Test
  void amplificationAndImprovementByHand() {
    // Agents: 0 = m, 1 = reference, 2 = raw prior, 3 = common opponent. Umax = 1.
    // F(m) = M[0][3] = 0.5, F(ref) = 0.2, F(raw) = -0.6.
    // Amp = (0.5 - 0.2) / (1 - 0.2) = 0.375; Imp = (0.5 + 0.6) / (1 + 0.6) = 0.6875.
    double n = Double.NaN;
    double[][] mean = {{n, 0.1, 0.9, 0.5}, {-0.1, n, 0.7, 0.2}, {-0.9, -0.7, n, -0.6}, {-0.5, -0.2, 0.6, n}};
    Analysis.GameResult g = new Analysis.GameResult("g", 2, 0, 0, 0, 0, -1, 1, mean, mean, mean,
        new long[4][4], new long[4][4], new long[4][4], mean, mean, new double[4], new double[4], new double[4],
        new double[4], new double[4], "x", "", new double[4], new long[4]);
    AnalysisOptions o = new AnalysisOptions(40, 40, 0.95, 1, dev.ponder.rating.AlphaRank.Options.infinite(),
        dev.ponder.rating.Sco.Options.defaults(), "ref", "raw");
    double[][][] ai = Analysis.amplification(List.of(g), List.of("m", "ref", "raw", "opp"), o);
    assertThat(ai[0][0][0]).isCloseTo(0.375, within(1e-9));
    assertThat(ai[1][0][0]).isCloseTo(0.6875, within(1e-9));
    assertThat(ai[0][0][1]).isNaN(); // the reference itself
    // the common opponent: O = {m}: F(opp) = -0.5, F(ref) vs m = -0.1 -> Amp = (-0.5 + 0.1)/(1 + 0.1)
    assertThat(ai[0][0][3]).isCloseTo(-0.4 / 1.1, within(1e-9));
  }

  @Test
  void benchmarkScheduleRanksByMeanReturnAgainstTheBenchmark() {
    TournamentConfig c = new TournamentConfig(List.of("tic_tac_toe"), List.of("random", "flat_mc(sims=20)"), "", 8, 3,
        TournamentConfig.BENCHMARK, "first", false);
    Path db = dir.resolve("b.db");
    try (ArenaStore s = ArenaStore.open(db)) {
      Tournament.RunSummary run = new Tournament(c).run(s, 2, (d, t) -> Progress.none(), null);
      assertThat(run.total()).isEqualTo(2 * 2 * 8);
      Analysis.Result r = Analysis.analyse(s, run.tournamentId(), AnalysisOptions.defaults());
      Analysis.GameResult g = r.games().get(0);
      assertThat(r.agents()).containsExactly("random", "flat_mc(sims=20)", "first");
      assertThat(g.method()).isEqualTo("mean-return");
      assertThat(g.ballot()[2]).isNaN();
      assertThat(g.agentMean()[1]).isGreaterThan(g.agentMean()[0]);
      assertThat(r.sco()[1]).isGreaterThan(r.sco()[0]);
      // the benchmark is on no ballot: no SCO rating, listed after the rated agents
      assertThat(r.sco()[2]).isNaN();
      assertThat(Report.order(r)).containsExactly(1, 0, 2);
      assertThat(Report.terminal(r)).containsPattern("(?m)^-\\s+first\\s+-\\s");
      assertThat(Report.markdown(r)).contains("| - | `first` | - |");
      assertThat(g.mean()[0][1]).isNaN(); // random never met flat_mc
    }
  }

  @Test
  void ballotOrdersByMassThenMeanReturn() {
    double n = Double.NaN;
    // agent 0 holds all mass; 1 and 2 tie at mass 0 and are ordered by mean return; 3 did not play;
    // 4 ties with 2 on both.
    double[] b = Analysis.ballot(new double[] {1, 0, 1e-9, 0, 0}, new double[] {0.2, 0.5, -0.1, n, -0.1});
    assertThat(b[0]).isEqualTo(3);
    assertThat(b[1]).isEqualTo(2);
    assertThat(b[2]).isEqualTo(0);
    assertThat(b[3]).isNaN();
    assertThat(b[4]).isEqualTo(0);
  }

  /** Matches of a 3-player game between agents 0 and 1 (no self-play): agent 1 wins every one. */
  private static List<ArenaStore.StoredMatch> threePlayerMatches() {
    List<ArenaStore.StoredMatch> ms = new java.util.ArrayList<>();
    int[][] seatings = {{0, 0, 1}, {0, 1, 0}, {1, 0, 0}, {0, 1, 1}, {1, 1, 0}, {1, 0, 1}};
    for (int seed = 0; seed < 3; seed++) {
      for (int[] s : seatings) {
        int ones = 0;
        for (int a : s) {
          ones += a;
        }
        double[] ret = new double[3];
        for (int p = 0; p < 3; p++) {
          // zero-sum: the agent-1 seats share +2, the agent-0 seats pay 2 between them
          ret[p] = s[p] == 1 ? 2.0 / ones : -2.0 / (3 - ones);
        }
        ms.add(new ArenaStore.StoredMatch(0, s, seed, seed, MatchResult.Status.OK, ret, 3, "", "0,0,0", "", ""));
      }
    }
    return ms;
  }

  @Test
  void multiPopulationNeedsNoSelfPlayInZeroSumGames() {
    AnalysisOptions o = AnalysisOptions.defaults();
    Analysis.GameResult zs = Analysis.analyseGame(new ArenaStore.GameInfo(0, "g", 3, -2, 4, "ZERO_SUM"),
        threePlayerMatches(), 2, false, o, 1);
    assertThat(zs.method()).isEqualTo("alpharank-multi");
    assertThat(zs.note()).isEmpty(); // (a, a, a) is worth 0 to every seat in a zero-sum game
    assertThat(zs.mass()[1]).isCloseTo(1.0, within(1e-6));
    Analysis.GameResult gs = Analysis.analyseGame(new ArenaStore.GameInfo(0, "g", 3, -2, 4, "GENERAL_SUM"),
        threePlayerMatches(), 2, false, o, 1);
    assertThat(gs.method()).isEqualTo("mean-return");
    assertThat(gs.note()).contains("--self-play");
  }

  /**
   * A 3-player game between agents 0 and 1 where agent 1 gets {@code win} shared among its seats
   * and agent 0 gets {@code lose} shared among its seats in every mixed match; with
   * {@code self} ≥ 0 also the single-agent matches, every seat getting {@code self}.
   */
  private static List<ArenaStore.StoredMatch> positiveMatches(double win, double lose, double self) {
    List<ArenaStore.StoredMatch> ms = new java.util.ArrayList<>();
    int[][] seatings = {{0, 0, 1}, {0, 1, 0}, {1, 0, 0}, {0, 1, 1}, {1, 1, 0}, {1, 0, 1}};
    for (int seed = 0; seed < 3; seed++) {
      for (int[] s : seatings) {
        int ones = s[0] + s[1] + s[2];
        double[] ret = new double[3];
        for (int p = 0; p < 3; p++) {
          ret[p] = s[p] == 1 ? win / ones : lose / (3 - ones);
        }
        ms.add(new ArenaStore.StoredMatch(0, s, seed, seed, MatchResult.Status.OK, ret, 3, "", "0,0,0", "", ""));
      }
      if (self >= 0) {
        for (int a = 0; a < 2; a++) {
          ms.add(new ArenaStore.StoredMatch(0, new int[] {a, a, a}, seed, seed, MatchResult.Status.OK,
              new double[] {self, self, self}, 3, "", "0,0,0", "", ""));
        }
      }
    }
    return ms;
  }

  @Test
  void constantSumGameImputesTheSelfProfileAsSumOverPlayers() {
    // returns always add up to 12: agent 1's seats share 10, agent 0's share 2. Against copies of
    // itself an agent gets 12 / 3 = 4 per seat (seat rotation, symmetry). Per seat: agent 1 gets
    // 10 with one 1-seat, 5 with two; agent 0 gets 1 with two 0-seats, 2 with one. A 0-seat
    // switching to 1 always gains (4 -> 10, 1 -> 5, 2 -> 4), a 1-seat switching to 0 always loses
    // (10 -> 4, 5 -> 1, 4 -> 2), so (1,1,1) is the only sink: agent 1 holds all the mass. Taking the
    // unplayed (1,1,1) as 0 instead let agent 0 invade it (2 > 0).
    AnalysisOptions o = AnalysisOptions.defaults();
    ArenaStore.GameInfo cs = new ArenaStore.GameInfo(0, "g", 3, 0, 12, "CONSTANT_SUM");
    List<ArenaStore.StoredMatch> ms = positiveMatches(10, 2, -1);
    Analysis.GameResult r = Analysis.analyseGame(cs, ms, 2, false, o, 1);
    assertThat(r.method()).isEqualTo("alpharank-multi");
    assertThat(r.mass()[1]).isCloseTo(1.0, within(1e-6));
    assertThat(r.mass()[0]).isCloseTo(0.0, within(1e-6));
    assertThat(r.note()).contains("utility sum / players (4.000");
    // the same as when the self-play matches are played and score exactly sum/n
    Analysis.GameResult played = Analysis.analyseGame(cs, positiveMatches(10, 2, 4), 2, false, o, 1);
    assertThat(played.mass()).containsExactly(r.mass(), within(1e-12));
  }

  @Test
  void generalSumGameWithoutSelfPlayRanksByMeanReturn() {
    // hearts-like returns (all ≥ 0): agent 1 gets 10 per match, agent 0 gets 2. Without the
    // single-agent matches, α-Rank has no payoff for (1,1,1); taking it as 0 (the worst return)
    // let agent 0 invade and gave it mass. The ballot is by mean return instead.
    AnalysisOptions o = AnalysisOptions.defaults();
    ArenaStore.GameInfo gs = new ArenaStore.GameInfo(0, "g", 3, 0, 36, "GENERAL_SUM");
    Analysis.GameResult r = Analysis.analyseGame(gs, positiveMatches(10, 2, -1), 2, false, o, 1);
    assertThat(r.method()).isEqualTo("mean-return");
    assertThat(r.mass()[0]).isNaN();
    assertThat(r.ballot()[1]).isGreaterThan(r.ballot()[0]);
    assertThat(r.note()).contains("--self-play");
    // with the self-play matches (5 per seat) α-Rank runs: (1,1,1) is the only sink
    Analysis.GameResult sp = Analysis.analyseGame(gs, positiveMatches(10, 2, 5), 2, false, o, 1);
    assertThat(sp.method()).isEqualTo("alpharank-multi");
    assertThat(sp.mass()[1]).isCloseTo(1.0, within(1e-6));
    assertThat(sp.note()).isEmpty();
  }

  /**
   * A 2-player game between agents 0 and 1: agent 1 gets {@code win}, agent 0 {@code lose} in
   * both seat orders; with {@code self} ≥ 0 also each agent against itself, both seats getting
   * {@code self}.
   */
  private static List<ArenaStore.StoredMatch> twoPlayerMatches(double win, double lose, double self) {
    List<ArenaStore.StoredMatch> ms = new java.util.ArrayList<>();
    for (int seed = 0; seed < 3; seed++) {
      ms.add(new ArenaStore.StoredMatch(0, new int[] {0, 1}, seed, seed, MatchResult.Status.OK,
          new double[] {lose, win}, 3, "", "0,0", "", ""));
      ms.add(new ArenaStore.StoredMatch(0, new int[] {1, 0}, seed, seed, MatchResult.Status.OK,
          new double[] {win, lose}, 3, "", "0,0", "", ""));
      if (self >= 0) {
        for (int a = 0; a < 2; a++) {
          ms.add(new ArenaStore.StoredMatch(0, new int[] {a, a}, seed, seed, MatchResult.Status.OK,
              new double[] {self, self}, 3, "", "0,0", "", ""));
        }
      }
    }
    return ms;
  }

  /** {@code o} with α-Rank at α = 5, m = 50 and the given model. */
  private static AnalysisOptions alpha(AnalysisOptions o, dev.ponder.rating.AlphaRank.Model model) {
    return new AnalysisOptions(o.resamples(), o.eloResamples(), o.scoResamples(), o.level(), o.seed(),
        new dev.ponder.rating.AlphaRank.Options(5, 50, model), o.sco(), o.reference(), o.rawPrior(),
        o.alphaRankResamples(), o.alphaRankTwoPlayer());
  }

  @Test
  void twoPlayerSelfPayoffIsHalfTheSumOrUnknown() {
    // constant sum 12: agent 1 gets 10 against agent 0, which gets 2. Against itself an agent gets
    // 6 per seat by symmetry. Resident 0 (6) is invaded by 1 (10 > 6); resident 1 (6) is not
    // invaded by 0 (2 < 6): agent 1 holds all the mass. Taking the unplayed diagonal as 0 let
    // agent 0 invade agent 1 (2 > 0) and split the mass.
    AnalysisOptions o = AnalysisOptions.defaults();
    ArenaStore.GameInfo cs = new ArenaStore.GameInfo(0, "g", 2, 0, 12, "CONSTANT_SUM");
    Analysis.GameResult r = Analysis.analyseGame(cs, twoPlayerMatches(10, 2, -1), 2, false, o, 1);
    assertThat(r.method()).isEqualTo("alpharank-single");
    assertThat(r.mass()[1]).isCloseTo(1.0, within(1e-6));
    assertThat(r.note()).contains("utility sum / players (6.000");
    Analysis.GameResult played = Analysis.analyseGame(cs, twoPlayerMatches(10, 2, 6), 2, false, o, 1);
    assertThat(played.mass()).containsExactly(r.mass(), within(1e-12));
    // general-sum: nothing fixes an agent's payoff against itself. Single-population α-Rank does
    // not read it (a mutant's gain is M[r][s] − M[s][r]: 1 invades 0 by 10 − 2, 0 does not invade
    // 1), so the game is ranked by it; two populations and the full model read the diagonal, and
    // fall back to the mean return
    ArenaStore.GameInfo gs = new ArenaStore.GameInfo(0, "g", 2, 0, 36, "GENERAL_SUM");
    Analysis.GameResult g = Analysis.analyseGame(gs, twoPlayerMatches(10, 2, -1), 2, false, o, 1);
    assertThat(g.method()).isEqualTo("alpharank-single");
    assertThat(g.mass()).containsExactly(new double[] {0, 1}, within(1e-12));
    assertThat(g.note()).isEmpty();
    Analysis.GameResult finite = Analysis.analyseGame(gs, twoPlayerMatches(10, 2, -1), 2, false,
        alpha(o, dev.ponder.rating.AlphaRank.Model.LOCAL), 1);
    assertThat(finite.method()).isEqualTo("alpharank-single");
    for (AnalysisOptions needs : List.of(o.withAlphaRankTwoPlayer(AnalysisOptions.Populations.MULTI),
        alpha(o, dev.ponder.rating.AlphaRank.Model.FULL))) {
      Analysis.GameResult m = Analysis.analyseGame(gs, twoPlayerMatches(10, 2, -1), 2, false, needs, 1);
      assertThat(m.method()).isEqualTo("mean-return");
      assertThat(m.note()).contains("--self-play");
      assertThat(m.ballot()[1]).isGreaterThan(m.ballot()[0]);
    }
    Analysis.GameResult gp = Analysis.analyseGame(gs, twoPlayerMatches(10, 2, 5), 2, false, o, 1);
    assertThat(gp.method()).isEqualTo("alpharank-single");
    assertThat(gp.mass()[1]).isCloseTo(1.0, within(1e-6));
    // zero-sum games are unchanged: the diagonal is 0 and no note
    ArenaStore.GameInfo zs = new ArenaStore.GameInfo(0, "g", 2, -1, 1, "ZERO_SUM");
    Analysis.GameResult z = Analysis.analyseGame(zs, twoPlayerMatches(1, -1, -1), 2, false, o, 1);
    assertThat(z.method()).isEqualTo("alpharank-single");
    assertThat(z.mass()[1]).isCloseTo(1.0, within(1e-6));
    assertThat(z.note()).isEmpty();
  }

  @Test
  void anAgentWhoseEveryMatchErredIsLeftOutOfAlphaRank() {
    // agents 0 and 1 play (1 wins every match); agent 2's matches all end in the game's own error
    // (no seat stored). Counting agent 2's unplayed pairings as ties let it invade and hold mass;
    // it is left out instead.
    AnalysisOptions o = AnalysisOptions.defaults();
    List<ArenaStore.StoredMatch> ms = new java.util.ArrayList<>(twoPlayerMatches(1, -1, -1));
    for (int seed = 0; seed < 3; seed++) {
      for (int other = 0; other < 2; other++) {
        ms.add(new ArenaStore.StoredMatch(0, new int[] {2, other}, seed, seed, MatchResult.Status.ERROR,
            new double[] {0, 0}, 1, "crash", "0,0", "", ""));
        ms.add(new ArenaStore.StoredMatch(0, new int[] {other, 2}, seed, seed, MatchResult.Status.ERROR,
            new double[] {0, 0}, 1, "crash", "0,0", "", ""));
      }
    }
    ArenaStore.GameInfo zs = new ArenaStore.GameInfo(0, "g", 2, -1, 1, "ZERO_SUM");
    Analysis.GameResult r = Analysis.analyseGame(zs, ms, 3, false, o, 1);
    assertThat(r.method()).isEqualTo("alpharank-single");
    assertThat(r.mass()[2]).isNaN();
    assertThat(r.ballot()[2]).isNaN();
    assertThat(r.mass()[1]).isCloseTo(1.0, within(1e-6));
    assertThat(r.note()).contains("1 agent with no scored match (every one ended in the game's own error or was left out with"
        + " one for seat balance) left out");
  }

  /** Both seat orders of a 2-player pairing in seed indices 0–2, with the given row-agent return (zero-sum). */
  private static void pairing(List<ArenaStore.StoredMatch> ms, int a, int b, double aReturn) {
    for (int seed = 0; seed < 3; seed++) {
      ms.add(new ArenaStore.StoredMatch(0, new int[] {a, b}, seed, seed, MatchResult.Status.OK,
          new double[] {aReturn, -aReturn}, 3, "", "0,0", "", ""));
      ms.add(new ArenaStore.StoredMatch(0, new int[] {b, a}, seed, seed, MatchResult.Status.OK,
          new double[] {-aReturn, aReturn}, 3, "", "0,0", "", ""));
    }
  }

  /**
   * Both seat orders of a pairing in seed indices 0–2 ending in an error with the message {@code
   * message(seat of a, seat of b)}, the call of agent {@code culprit} (a or b; −1: no agent's call)
   * having failed.
   */
  private static void failing(List<ArenaStore.StoredMatch> ms, int a, int b, int culprit,
      java.util.function.BiFunction<Integer, Integer, String> message) {
    for (int seed = 0; seed < 3; seed++) {
      ms.add(new ArenaStore.StoredMatch(0, new int[] {a, b}, seed, seed, MatchResult.Status.ERROR, new double[0], 1, "",
          "0,0", message.apply(0, 1), "", culprit < 0 ? -1 : culprit == a ? 0 : 1));
      ms.add(new ArenaStore.StoredMatch(0, new int[] {b, a}, seed, seed, MatchResult.Status.ERROR, new double[0], 1, "",
          "0,0", message.apply(1, 0), "", culprit < 0 ? -1 : culprit == a ? 1 : 0));
    }
  }

  /**
   * Rock (0) &lt; paper (1) &lt; scissors (2) &lt; rock, and agent 3 tying paper and scissors; the
   * pairing of 3 with rock is not stored (the tests add it as errors, or leave it missing).
   */
  private static List<ArenaStore.StoredMatch> cycleWithATyingFourth() {
    List<ArenaStore.StoredMatch> ms = new java.util.ArrayList<>();
    pairing(ms, 1, 0, 1);
    pairing(ms, 2, 1, 1);
    pairing(ms, 0, 2, 1);
    pairing(ms, 3, 1, 0);
    pairing(ms, 3, 2, 0);
    return ms;
  }

  /**
   * The masses of the rock-paper-scissors cycle with agent 3 tying paper and scissors and losing
   * every match to rock, α → ∞, by hand: η = 1/3, a winning mutant fixes with probability η, a
   * tying one with η/2. From rock, paper invades (1/3); from paper, scissors (1/3) and 3 (1/6);
   * from scissors, rock (1/3) and 3 (1/6); from 3, rock (1/3), paper and scissors (1/6 each). The
   * stationary distribution solves π0 = π2 + π3, 3π1 = 2π0 + π3, 3π2 = 2π1 + π3, 4π3 = π1 + π2:
   * π = (14, 11, 9, 5) / 39.
   */
  private static final double[] CYCLE_WITH_A_LOSING_FOURTH = {14 / 39.0, 11 / 39.0, 9 / 39.0, 5 / 39.0};

  @Test
  void anAgentsOwnErrorsAreScoredAsItsForfeits() {
    // rock (0) < paper (1) < scissors (2) < rock; agent 3 ties paper and scissors, and its own call
    // fails in every match against rock. Left out of the alpha-rank (the rule before), a failure
    // could only help it; each is its forfeit instead: 3 gets the minimum, -1, rock the maximum, +1
    List<ArenaStore.StoredMatch> ms = cycleWithATyingFourth();
    failing(ms, 3, 0, 3, (seatOf3, seatOf0) -> MatchRunner.thrown(new IllegalStateException("no entry"), seatOf3, "d",
        MatchRunner.CALL_SELECT, -1, 0, 1));
    ArenaStore.GameInfo zs = new ArenaStore.GameInfo(0, "g", 2, -1, 1, "ZERO_SUM");
    Analysis.GameResult r = Analysis.analyseGame(zs, ms, 4, false, AnalysisOptions.defaults(), 1);
    assertThat(r.method()).isEqualTo("alpharank-single");
    assertThat(r.errors()).isEqualTo(6);
    assertThat(r.leftOut()).isZero();
    assertThat(r.errorMatches()).containsExactly(0, 0, 0, 6);
    assertThat(r.mean()[3][0]).isEqualTo(-1);
    assertThat(r.mean()[0][3]).isEqualTo(1);
    assertThat(r.agentMean()[3]).isCloseTo(-1.0 / 3, within(1e-12)); // -1, 0, 0 against rock, paper, scissors
    assertThat(new long[] {r.wins()[3][0], r.draws()[3][0], r.losses()[3][0]}).containsExactly(0, 0, 6);
    assertThat(r.note()).isEmpty();
    for (int a = 0; a < 4; a++) {
      assertThat(r.mass()[a]).as("agent %d", a).isCloseTo(CYCLE_WITH_A_LOSING_FOURTH[a], within(1e-6));
    }
    assertThat(r.ballot()).containsExactly(3, 2, 1, 0);
    // every bootstrap resample scores them the same way
    Analysis.GameAnalysis ga = Analysis.analyseGameWithRows(zs, ms, 4, false, AnalysisOptions.defaults(), 1,
        List.of("rock", "paper", "scissors", "tp"));
    Analysis.GameBallot resampled = Analysis.resampledGameBallot(ga.rows(), new int[] {3, 0, 0}, AnalysisOptions.defaults(),
        null);
    assertThat(resampled.mass()[3]).isCloseTo(5 / 39.0, within(1e-6));
  }

  /**
   * The forfeit's returns: every seat of the failing agent gets the minimum; the other agents' seats
   * the maximum with 2 players or in a general-sum game, and in a zero- or constant-sum game of 3 or
   * more players an equal share of what is left of the sum, within the game's bounds. In self-play
   * (the agent holds every seat) only the failing seat gets the minimum.
   */
  @Test
  void aForfeitGivesTheFailingAgentTheMinimumInEachOfItsSeatsAndTheOthersTheirShare() {
    assertThat(Analysis.forfeitReturns(new ArenaStore.GameInfo(0, "kuhn_poker", 2, -2, 2, "ZERO_SUM"), new int[] {0, 1}, 1, 0))
        .containsExactly(2, -2);
    assertThat(Analysis.forfeitReturns(new ArenaStore.GameInfo(0, "g", 2, 0, 1, "CONSTANT_SUM"), new int[] {1, 0}, 0, 1))
        .containsExactly(0, 1);
    // zero-sum, 3 players, [-2, 4]: the others share the 2 the failing seat loses
    assertThat(Analysis.forfeitReturns(new ArenaStore.GameInfo(0, "g", 3, -2, 4, "ZERO_SUM"), new int[] {0, 1, 2}, 2, 0))
        .containsExactly(1, 1, -2);
    // constant-sum 1 over 4 players, [0, 1]: a third each
    assertThat(Analysis.forfeitReturns(new ArenaStore.GameInfo(0, "g", 4, 0, 1, "CONSTANT_SUM"), new int[] {0, 1, 2, 3}, 0, 1))
        .containsExactly(0, 1 / 3.0, 1 / 3.0, 1 / 3.0);
    // a share beyond the maximum is kept within it: (10 - 0) / 2 = 5 > 3
    assertThat(Analysis.forfeitReturns(new ArenaStore.GameInfo(0, "g", 3, 0, 3, "CONSTANT_SUM"), new int[] {0, 1, 2}, 1, 10))
        .containsExactly(3, 0, 3);
    // general-sum (hearts-like, [0, 26], 4 players) and an unknown sum: the maximum
    assertThat(Analysis.forfeitReturns(new ArenaStore.GameInfo(0, "g", 4, 0, 26, "GENERAL_SUM"), new int[] {0, 1, 2, 3}, 3,
        Double.NaN)).containsExactly(26, 26, 26, 0);
    // the failing agent holds two seats (A, A, B; Kuhn's [-2, 4]): both lose the minimum, B takes the 4 they leave;
    // before, its other seat shared the winnings of its own failure (-2, +1, +1), a seat mean of -0.5 where playing
    // on could lose -2 in both seats
    assertThat(Analysis.forfeitReturns(new ArenaStore.GameInfo(0, "g", 3, -2, 4, "ZERO_SUM"), new int[] {0, 0, 1}, 1, 0))
        .containsExactly(-2, -2, 4);
    // constant-sum 1 over 4 players, [0, 1], the failing agent in seats 0 and 2: the other two share 1
    assertThat(Analysis.forfeitReturns(new ArenaStore.GameInfo(0, "g", 4, 0, 1, "CONSTANT_SUM"), new int[] {2, 0, 2, 1}, 2, 1))
        .containsExactly(0, 0.5, 0, 0.5);
    // general-sum, the failing agent in seats 1 and 3: the minimum in both, the maximum for the other agent's seats
    assertThat(Analysis.forfeitReturns(new ArenaStore.GameInfo(0, "g", 4, 0, 26, "GENERAL_SUM"), new int[] {0, 1, 0, 1}, 3,
        Double.NaN)).containsExactly(26, 0, 26, 0);
    // self-play: no other agent to credit, the failing seat alone gets the minimum (2 and 3 players)
    assertThat(Analysis.forfeitReturns(new ArenaStore.GameInfo(0, "g", 3, -2, 4, "ZERO_SUM"), new int[] {1, 1, 1}, 1, 0))
        .containsExactly(1, -2, 1);
    assertThat(Analysis.forfeitReturns(new ArenaStore.GameInfo(0, "g", 2, -1, 1, "ZERO_SUM"), new int[] {0, 0}, 0, 0))
        .containsExactly(-1, 1);
    // self-play of a general-sum game (hearts' [0, 36], 4 players; or a sum unknown): every seat the minimum; the
    // maximum in the other seats pooled the failing agent's payoff against itself, which alpha-rank reads, to 27,
    // more than a hand without bonus options gives any seating (at most 19.5; a moon 6.5)
    assertThat(Analysis.forfeitReturns(new ArenaStore.GameInfo(0, "hearts", 4, 0, 36, "GENERAL_SUM"), new int[] {2, 2, 2, 2},
        1, Double.NaN)).containsExactly(0, 0, 0, 0);
    assertThat(Analysis.forfeitReturns(new ArenaStore.GameInfo(0, "g", 2, 0, 10, "GENERAL_SUM"), new int[] {0, 0}, 0,
        Double.NaN)).containsExactly(0, 0);
    // the stored rows are not changed: the returns are filled in for the analysis only
    List<ArenaStore.StoredMatch> ms = new java.util.ArrayList<>();
    failing(ms, 0, 1, 0, (x, y) -> "crash");
    ArenaStore.GameInfo zs = new ArenaStore.GameInfo(0, "g", 2, -1, 1, "ZERO_SUM");
    List<ArenaStore.StoredMatch> scored = Analysis.withForfeitReturns(zs, ms);
    assertThat(ms).allSatisfy(m -> assertThat(m.returns()).isEmpty());
    assertThat(scored.get(0).returns()).containsExactly(-1, 1);
    assertThat(scored.get(1).returns()).containsExactly(1, -1);
    assertThat(scored.get(0).status()).isEqualTo(MatchResult.Status.ERROR);
  }

  @Test
  void anErrorThatNamesNoAgentLeavesOutEveryAgentOfItsPairing() {
    // 1 beats 0; 2 ties 0; every match of {1, 2} fails in the game's own code (no agent named):
    // both 1 and 2 are left out, 0 alone is ranked
    List<ArenaStore.StoredMatch> ms = new java.util.ArrayList<>();
    pairing(ms, 1, 0, 1);
    pairing(ms, 2, 0, 0);
    failing(ms, 1, 2, -1, (x, y) -> MatchRunner.thrown(new IllegalStateException("bad"), -1, "", MatchRunner.CALL_APPLY, 0, 1, 2));
    ArenaStore.GameInfo zs = new ArenaStore.GameInfo(0, "g", 2, -1, 1, "ZERO_SUM");
    Analysis.GameResult r = Analysis.analyseGame(zs, ms, 3, false, AnalysisOptions.defaults(), 1);
    assertThat(r.mass()[1]).isNaN();
    assertThat(r.mass()[2]).isNaN();
    assertThat(r.mass()[0]).isCloseTo(1.0, within(1e-12));
    // the game's own error: no agent is blamed for it, none is last on the ballot
    assertThat(r.note()).isEqualTo("left out of the alpha-rank for the game's own error matches, which rank no agent last"
        + " (a missing pairing would count as a tie): agent 1 (no scored match against agent 2); agent 2 (no scored match"
        + " against agent 1)");
    assertThat(r.errorMatches()).containsExactly(0, 0, 0);
  }

  @Test
  void aPairingMissingWithoutAnErrorIsStillATie() {
    // as the cycle above, with agent 3's pairing with rock simply not stored: the fill rule (a tie)
    // applies and no one is left out
    List<ArenaStore.StoredMatch> ms = cycleWithATyingFourth();
    Analysis.GameResult r = Analysis.analyseGame(new ArenaStore.GameInfo(0, "g", 2, -1, 1, "ZERO_SUM"), ms, 4, false,
        AnalysisOptions.defaults(), 1);
    assertThat(r.mass()[3]).isPositive();
    assertThat(r.note()).isEqualTo("some pairings have no analysed match (none stored, no error among them); treated as"
        + " ties in alpha-rank");
  }

  @Test
  void whoForfeitsFollowsTheStoredSeatNotTheMessage() {
    // the rock-paper-scissors cycle with agent 3 failing against rock, as above, but the messages
    // reworded: one naming no seat, one naming the other seat (rock's) in the old form. The stored
    // failing seat alone decides: agent 3 forfeits, and the masses are those above
    List<ArenaStore.StoredMatch> reworded = cycleWithATyingFourth();
    failing(reworded, 3, 0, 3, (seatOf3, seatOf0) -> "the agent at seat #" + seatOf3 + " crashed");
    List<ArenaStore.StoredMatch> misleading = cycleWithATyingFourth();
    failing(misleading, 3, 0, 3, (seatOf3, seatOf0) -> "seat " + seatOf0 + "'s agent rock failed in selectAction at move 1: E");
    ArenaStore.GameInfo zs = new ArenaStore.GameInfo(0, "g", 2, -1, 1, "ZERO_SUM");
    for (List<ArenaStore.StoredMatch> ms : List.of(reworded, misleading)) {
      Analysis.GameResult r = Analysis.analyseGame(zs, ms, 4, false, AnalysisOptions.defaults(), 1);
      for (int a = 0; a < 4; a++) {
        assertThat(r.mass()[a]).as("agent %d", a).isCloseTo(CYCLE_WITH_A_LOSING_FOURTH[a], within(1e-6));
      }
      assertThat(r.errorMatches()).containsExactly(0, 0, 0, 6);
      assertThat(r.note()).isEmpty();
    }
    // and a message in the old form naming agent 3's seat, with no seat stored, is the game's own
    // error: not scored, both agents of the pairing left out, neither blamed
    List<ArenaStore.StoredMatch> unstored = cycleWithATyingFourth();
    failing(unstored, 3, 0, -1, (seatOf3, seatOf0) -> MatchRunner.thrown(new IllegalStateException("no entry"), seatOf3,
        "d", MatchRunner.CALL_SELECT, -1, 0, 1));
    Analysis.GameResult both = Analysis.analyseGame(zs, unstored, 4, false, AnalysisOptions.defaults(), 1);
    assertThat(both.mass()[0]).isNaN();
    assertThat(both.mass()[3]).isNaN();
    assertThat(both.errorMatches()).containsExactly(0, 0, 0, 0);
  }

  @Test
  void eloHasNoIntervalWhenEveryGameHasOneSeed() {
    // two games, one seed index each: agent 1 beats agent 0 in both seat orders
    List<List<ArenaStore.StoredMatch>> byGame = new java.util.ArrayList<>();
    for (int g = 0; g < 2; g++) {
      byGame.add(List.of(
          new ArenaStore.StoredMatch(g, new int[] {0, 1}, 0, 7, MatchResult.Status.OK, new double[] {-1, 1}, 5, "", "0,0", "", ""),
          new ArenaStore.StoredMatch(g, new int[] {1, 0}, 0, 7, MatchResult.Status.OK, new double[] {1, -1}, 5, "", "0,0", "", "")));
    }
    double[][] one = Analysis.elo(byGame, 2, AnalysisOptions.defaults());
    assertThat(one[0][1]).isGreaterThan(one[0][0]);
    assertThat(one[1][0]).isNaN();
    assertThat(one[2][1]).isNaN();
    // a second seed index in one game, with the opposite result, gives a real interval
    List<ArenaStore.StoredMatch> g0 = new java.util.ArrayList<>(byGame.get(0));
    g0.add(new ArenaStore.StoredMatch(0, new int[] {0, 1}, 1, 8, MatchResult.Status.OK, new double[] {1, -1}, 5, "", "0,0", "", ""));
    g0.add(new ArenaStore.StoredMatch(0, new int[] {1, 0}, 1, 8, MatchResult.Status.OK, new double[] {-1, 1}, 5, "", "0,0", "", ""));
    byGame.set(0, g0);
    double[][] two = Analysis.elo(byGame, 2, AnalysisOptions.defaults());
    assertThat(two[1][1]).isLessThan(two[2][1]);
  }
}
