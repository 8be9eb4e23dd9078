package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Bootstrap intervals of the per-game α-Rank masses ({@link Analysis#scoBootstrap}) on games whose
 * answer is known by construction.
 */
class MassIntervalsTest {
  private static final int K = 3;
  private static final int SEEDS = 12;
  private static final int RESAMPLES = 400;

  private static AnalysisOptions options(int scoResamples, int massResamples) {
    AnalysisOptions d = AnalysisOptions.defaults();
    return new AnalysisOptions(40, 40, scoResamples, 0.95, 5, d.alphaRank(), d.sco(), "", "", massResamples);
  }

  /** Seed rows of a 2-player zero-sum game: on seed s agent a's return against b is {@code r[s][a][b]}. */
  private static Analysis.SeedRows game(double[][][] r) {
    int n = r.length;
    double[][] cells = new double[n][K * K + K];
    for (int s = 0; s < n; s++) {
      for (int a = 0; a < K; a++) {
        double sum = 0;
        for (int b = 0; b < K; b++) {
          cells[s][a * K + b] = a == b ? Double.NaN : r[s][a][b];
          sum += a == b ? 0 : r[s][a][b];
        }
        cells[s][K * K + a] = sum / (K - 1);
      }
    }
    List<Map<String, double[]>> none = new ArrayList<>();
    for (int s = 0; s < n; s++) {
      none.add(Map.of());
    }
    return new Analysis.SeedRows(new ArenaStore.GameInfo(0, "g", 2, -1, 1, "ZERO_SUM"), K, false, cells, none, none);
  }

  /** Agents 0 and 1 beat agent 2 on every seed; 0 beats 1 on the seeds where {@code zeroWins} holds. */
  private static double[][][] results(boolean[] zeroWins) {
    double[][][] r = new double[zeroWins.length][K][K];
    for (int s = 0; s < zeroWins.length; s++) {
      r[s][0][2] = 1;
      r[s][2][0] = -1;
      r[s][1][2] = 1;
      r[s][2][1] = -1;
      r[s][0][1] = zeroWins[s] ? 1 : -1;
      r[s][1][0] = -r[s][0][1];
    }
    return r;
  }

  private static Analysis.ScoBootstrap bootstrap(Analysis.SeedRows rows, AnalysisOptions o) {
    int[] once = new int[rows.cells().length];
    Arrays.fill(once, 1);
    double[] point = Analysis.resampledBallot(rows, once, o);
    double[] sco = dev.ponder.rating.Sco.fit(K, Analysis.scoBallots(List.of(point)), o.sco());
    return Analysis.scoBootstrap(List.of(rows), List.of(point), sco, o);
  }

  @Test
  void anAgentThatWinsEveryResampleHasMassOneAndIsAlwaysTop() {
    boolean[] always = new boolean[SEEDS];
    Arrays.fill(always, true);
    Analysis.ScoBootstrap b = bootstrap(game(results(always)), options(40, RESAMPLES));
    // agent 0 is the only sink of the response graph in every resample: α → ∞ puts its mass on it
    assertThat(b.massLow()[0][0]).isCloseTo(1, within(1e-6));
    assertThat(b.massHigh()[0][0]).isCloseTo(1, within(1e-6));
    assertThat(b.massTop()[0]).containsExactly(1.0, 0.0, 0.0);
    for (int a = 1; a < K; a++) {
      assertThat(b.massLow()[0][a]).isCloseTo(0, within(1e-6));
      assertThat(b.massHigh()[0][a]).isCloseTo(0, within(1e-6));
    }
  }

  @Test
  void twoSymmetricAgentsHaveOverlappingIntervalsAndShareTheTop() {
    boolean[] half = new boolean[SEEDS];
    for (int s = 0; s < SEEDS; s += 2) {
      half[s] = true;
    }
    Analysis.SeedRows rows = game(results(half));
    AnalysisOptions o = options(40, RESAMPLES);
    Analysis.ScoBootstrap b = bootstrap(rows, o);
    // agent 0 gets all the mass when the drawn seeds hold more of its wins than of its losses,
    // agent 1 in the mirror case, and they split it 1/2 each on a tie (both top); counted here
    // from the same draws (the game's generator, drawTimes) without α-Rank
    SplittableRandom rng = new SplittableRandom(Analysis.gameSeed(o, 0));
    int[] times = new int[SEEDS];
    int zeroTop = 0;
    int oneTop = 0;
    for (int i = 0; i < RESAMPLES; i++) {
      Analysis.drawTimes(rng, times);
      int wins = 0;
      for (int s = 0; s < SEEDS; s++) {
        wins += half[s] ? times[s] : 0;
      }
      zeroTop += 2 * wins >= SEEDS ? 1 : 0;
      oneTop += 2 * wins <= SEEDS ? 1 : 0;
    }
    assertThat(b.massTop()[0][0]).isEqualTo((double) zeroTop / RESAMPLES);
    assertThat(b.massTop()[0][1]).isEqualTo((double) oneTop / RESAMPLES);
    assertThat(b.massTop()[0][2]).isEqualTo(0.0);
    assertThat(zeroTop).isBetween(RESAMPLES / 4, 3 * RESAMPLES / 4);
    // both intervals span (nearly) [0, 1]: they overlap
    for (int a = 0; a < 2; a++) {
      assertThat(b.massLow()[0][a]).isCloseTo(0, within(1e-6));
      assertThat(b.massHigh()[0][a]).isCloseTo(1, within(1e-6));
    }
  }

  @Test
  void massResamplesBeyondTheScoResamplesLeaveTheScoIntervalsAlone() {
    boolean[] half = new boolean[SEEDS];
    for (int s = 0; s < SEEDS; s += 3) {
      half[s] = true;
    }
    Analysis.SeedRows rows = game(results(half));
    Analysis.ScoBootstrap few = bootstrap(rows, options(100, 40));
    Analysis.ScoBootstrap many = bootstrap(rows, options(100, 300));
    assertThat(many.low()).containsExactly(few.low());
    assertThat(many.high()).containsExactly(few.high());
    assertThat(many.atLeast()).isDeepEqualTo(few.atLeast());
    // the first 40 mass resamples are the same draws: 300 resamples use them and 260 more. Agent
    // 0 (wins on the seeds s ≡ 0 mod 3) is top exactly when the drawn seeds hold at least as many
    // of its wins as of its losses to agent 1; counted here from the game's generator (drawTimes)
    SplittableRandom rng = new SplittableRandom(Analysis.gameSeed(options(100, 300), 0));
    int[] times = new int[SEEDS];
    int top40 = 0;
    int top300 = 0;
    for (int i = 0; i < 300; i++) {
      Analysis.drawTimes(rng, times);
      int wins = 0;
      for (int s = 0; s < SEEDS; s++) {
        wins += half[s] ? times[s] : 0;
      }
      int top = 2 * wins >= SEEDS ? 1 : 0;
      top40 += i < 40 ? top : 0;
      top300 += top;
    }
    assertThat(top40).isBetween(1, 39); // the first 40 draws tell a shared start from a fresh one
    assertThat(few.massTop()[0][0]).isEqualTo(top40 / 40.0);
    assertThat(many.massTop()[0][0]).isEqualTo(top300 / 300.0);
  }

  @Test
  void anAgentLeftOutOfAlphaRankHasNoIntervalAndTheOthersKeepTheirs() {
    // the agent left out (no scored match: every cell of it absent) is agent 0 or agent 2; of the
    // two others the lower-numbered one wins every match, so it holds mass 1 in every resample
    for (int out : new int[] {0, 2}) {
      boolean[] always = new boolean[SEEDS];
      Arrays.fill(always, true);
      double[][][] r = results(always);
      int winner = out == 0 ? 1 : 0;
      int loser = out == 0 ? 2 : 1;
      for (double[][] seed : r) {
        seed[winner][loser] = 1;
        seed[loser][winner] = -1;
      }
      Analysis.SeedRows full = game(r);
      double[][] cells = full.cells();
      for (double[] row : cells) {
        for (int b = 0; b < K; b++) {
          row[out * K + b] = Double.NaN;
          row[b * K + out] = Double.NaN;
        }
        // the others' mean returns: their one remaining pairing
        row[K * K + out] = Double.NaN;
        row[K * K + winner] = 1;
        row[K * K + loser] = -1;
      }
      Analysis.ScoBootstrap b = bootstrap(full, options(40, 100));
      assertThat(b.massLow()[0][out]).as("left out %d", out).isNaN();
      assertThat(b.massHigh()[0][out]).isNaN();
      assertThat(b.massTop()[0][out]).isNaN();
      assertThat(b.massLow()[0][winner]).isCloseTo(1, within(1e-6));
      assertThat(b.massHigh()[0][winner]).isCloseTo(1, within(1e-6));
      assertThat(b.massTop()[0][winner]).isEqualTo(1.0);
      assertThat(b.massHigh()[0][loser]).isCloseTo(0, within(1e-6));
      assertThat(b.massTop()[0][loser]).isEqualTo(0.0);
    }
  }

  @Test
  void oneSeedIndexGivesNoMassInterval() {
    boolean[] one = {true};
    double[][][] r = results(one);
    Analysis.SeedRows rows = game(r);
    Analysis.ScoBootstrap b = bootstrap(rows, options(40, 40));
    for (int a = 0; a < K; a++) {
      assertThat(b.massLow()[0][a]).isNaN();
      assertThat(b.massTop()[0][a]).isNaN();
    }
  }
}
