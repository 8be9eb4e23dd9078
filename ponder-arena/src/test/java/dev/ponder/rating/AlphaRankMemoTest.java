package dev.ponder.rating;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link AlphaRank.Memo}: the same π, bit for bit, as without it; found again by response graph. */
class AlphaRankMemoTest {
  private static double[][] randomSingle(SplittableRandom rng, int k) {
    double[][] m = new double[k][k];
    for (int a = 0; a < k; a++) {
      for (int b = 0; b < k; b++) {
        // a few exact ties (0 gain) besides strict gains and losses
        m[a][b] = rng.nextInt(4) == 0 ? 0 : rng.nextGaussian();
      }
    }
    return m;
  }

  @Test
  void singlePopulationWithMemoIsBitForBitTheSame() {
    SplittableRandom rng = new SplittableRandom(3);
    AlphaRank.Memo memo = new AlphaRank.Memo(1 << 20);
    AlphaRank.Options o = AlphaRank.Options.infinite();
    for (int t = 0; t < 30; t++) {
      double[][] m = randomSingle(rng, 2 + rng.nextInt(5));
      double[] plain = AlphaRank.singlePopulation(m, o);
      assertThat(AlphaRank.singlePopulation(m, o, memo)).containsExactly(plain);
      // the same response graph from other payoffs: every gain doubled keeps its sign
      double[][] doubled = new double[m.length][];
      for (int a = 0; a < m.length; a++) {
        doubled[a] = m[a].clone();
        for (int b = 0; b < m.length; b++) {
          doubled[a][b] *= 2;
        }
      }
      long hits = memo.hits();
      assertThat(AlphaRank.singlePopulation(doubled, o, memo)).containsExactly(AlphaRank.singlePopulation(doubled, o));
      assertThat(memo.hits()).isEqualTo(hits + 1);
    }
  }

  @Test
  void multiPopulationWithMemoIsBitForBitTheSame() {
    SplittableRandom rng = new SplittableRandom(4);
    AlphaRank.Memo memo = new AlphaRank.Memo(1 << 20);
    AlphaRank.Options o = AlphaRank.Options.infinite();
    int[] ks = {3, 3, 3};
    for (int t = 0; t < 10; t++) {
      double[][] pay = new double[27][3];
      for (double[] row : pay) {
        for (int p = 0; p < 3; p++) {
          row[p] = rng.nextInt(3) - 1; // many ties
        }
      }
      double[] plain = AlphaRank.multiPopulation(ks, pay, o);
      long misses = memo.misses();
      assertThat(AlphaRank.multiPopulation(ks, pay, o, memo)).containsExactly(plain);
      assertThat(AlphaRank.multiPopulation(ks, pay, o, memo)).containsExactly(plain);
      assertThat(memo.misses()).isLessThanOrEqualTo(misses + 1);
    }
    // a different graph is not mistaken for a remembered one
    double[][] pay = new double[27][3];
    pay[0][0] = 1;
    AlphaRank.Memo fresh = new AlphaRank.Memo(1 << 20);
    AlphaRank.multiPopulation(ks, pay, o, fresh);
    pay[0][0] = -1;
    assertThat(AlphaRank.multiPopulation(ks, pay, o, fresh)).containsExactly(AlphaRank.multiPopulation(ks, pay, o));
    assertThat(fresh.hits()).isZero();
  }

  @Test
  void aFullMemoStillAnswersAndKeepsNothing() {
    AlphaRank.Memo none = new AlphaRank.Memo(0);
    double[][] m = {{0, 1}, {-1, 0}};
    double[] pi = AlphaRank.singlePopulation(m, AlphaRank.Options.infinite(), none);
    assertThat(pi).containsExactly(AlphaRank.singlePopulation(m, AlphaRank.Options.infinite()));
    AlphaRank.singlePopulation(m, AlphaRank.Options.infinite(), none);
    assertThat(none.hits()).isZero();
    assertThat(none.misses()).isEqualTo(2);
  }
}
