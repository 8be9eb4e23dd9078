package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Ballots by mean return tie means equal up to rounding ({@link Analysis#meanBallot}). */
class MeanBallotTest {
  @Test
  void equalMeansTieEvenWhenRoundingSeparatesThem() {
    // benchmark schedule, 3 players, zero-sum: agents 0 and 1 each meet the benchmark (agent 2)
    // in every seat on 6 seeds; their per-seed sums are different but both total −6 over 18
    // matches, so both means are −1/3 exactly. Formed as a mean of per-seed means they differ in
    // the last bits.
    int[][] per = {{3, -2, -3, 2, -3, -3}, {-1, -2, -5, -5, 5, 2}};
    List<ArenaStore.StoredMatch> ms = new ArrayList<>();
    for (int s = 0; s < 6; s++) {
      for (int a = 0; a < 2; a++) {
        for (int seat = 0; seat < 3; seat++) {
          int[] seats = {2, 2, 2};
          seats[seat] = a;
          double v = seat == 0 ? per[a][s] : 0;
          double[] ret = new double[3];
          ret[seat] = v;
          ret[(seat + 1) % 3] = -v / 2;
          ret[(seat + 2) % 3] = -v / 2;
          ms.add(new ArenaStore.StoredMatch(0, seats, s, s, MatchResult.Status.OK, ret, 3, "", "0,0,0", "", ""));
        }
      }
    }
    ArenaStore.GameInfo gi = new ArenaStore.GameInfo(0, "g", 3, -6, 6, "ZERO_SUM");
    Analysis.GameResult r = Analysis.analyseGame(gi, ms, 3, true, AnalysisOptions.defaults(), 1);
    assertThat(r.method()).isEqualTo("mean-return");
    assertThat(Analysis.sameMean(r.agentMean()[0], -1 / 3.0)).isTrue();
    assertThat(Analysis.sameMean(r.agentMean()[1], -1 / 3.0)).isTrue();
    assertThat(r.ballot()[0]).isEqualTo(r.ballot()[1]);
    assertThat(r.ballot()[2]).isNaN(); // the benchmark is on no ballot
  }

  @Test
  void theBallotOrdersDistinctMeansAndTiesEqualOnes() {
    double third = 1 / 3.0;
    double[] mean = {0.1 + 0.2, 0.3, -third, Double.NaN, 2 * third - 1, 0.5};
    double[] ballot = Analysis.meanBallot(mean);
    // 0.1 + 0.2 = 0.30000000000000004 ties 0.3; 2/3 − 1 ties −1/3
    assertThat(ballot[0]).isEqualTo(ballot[1]);
    assertThat(ballot[2]).isEqualTo(ballot[4]);
    assertThat(ballot[5]).isGreaterThan(ballot[0]);
    assertThat(ballot[0]).isGreaterThan(ballot[2]);
    assertThat(ballot[3]).isNaN();
  }
}
