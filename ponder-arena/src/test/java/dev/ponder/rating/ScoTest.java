package dev.ponder.rating;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ScoTest {

  private static Sco.Ballot ballot(int... orderBestFirst) {
    double[] s = new double[orderBestFirst.length];
    for (int i = 0; i < orderBestFirst.length; i++) {
      s[orderBestFirst[i]] = orderBestFirst.length - i;
    }
    return new Sco.Ballot(s, 1);
  }

  @Test
  void recoversAPlantedOrderFromNoisyBallots() {
    // Planted order 0 > 1 > ... > 5; each ballot ranks noisy scores (true value + Gaussian noise),
    // so ballots often disagree with each other and with the truth.
    int k = 6;
    SplittableRandom rng = new SplittableRandom(2024);
    List<Sco.Ballot> ballots = new ArrayList<>();
    int perfect = 0;
    for (int v = 0; v < 60; v++) {
      double[] s = new double[k];
      boolean ordered = true;
      for (int a = 0; a < k; a++) {
        s[a] = (k - a) + 1.5 * gaussian(rng);
      }
      for (int a = 0; a + 1 < k; a++) {
        ordered &= s[a] > s[a + 1];
      }
      perfect += ordered ? 1 : 0;
      ballots.add(new Sco.Ballot(s, 1));
    }
    assertThat(perfect).isLessThan(30); // the noise is real
    double[] r = Sco.fit(k, ballots, Sco.Options.defaults());
    for (int a = 0; a + 1 < k; a++) {
      assertThat(r[a]).isGreaterThan(r[a + 1]);
    }
    for (double x : r) {
      assertThat(x).isBetween(0.0, 1000.0);
    }
  }

  @Test
  void condorcetWinnerIsRatedHighestWhereEloPrefersAnother() {
    // Votes: 2 x (a > b > c), 3 x (c > a > b). Pairwise majorities: c beats a (3-2), c beats b
    // (3-2), a beats b (5-0): c is the Condorcet winner and c > a > b the Kemeny order. Lanctot et
    // al. (2025, arXiv 2411.00119, abstract) show SCO ratings are maximal for Condorcet winners
    // while Elo's need not be. Here Elo (Bradley–Terry) ranks by total pairwise wins in this
    // complete round robin (Zermelo 1929): a 7, c 6, b 2 -> a first.
    int a = 0;
    int b = 1;
    int c = 2;
    List<Sco.Ballot> votes = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      votes.add(ballot(a, b, c));
    }
    for (int i = 0; i < 3; i++) {
      votes.add(ballot(c, a, b));
    }
    double[] r = Sco.fit(3, votes, new Sco.Options(1, 0.1, 20_000, 0, 1000));
    assertThat(r[c]).isGreaterThan(r[a]);
    assertThat(r[a]).isGreaterThan(r[b]);
    double[] rd = Sco.fit(3, votes, Sco.Options.defaults());
    assertThat(rd[c]).isGreaterThan(rd[a]);
    assertThat(rd[a]).isGreaterThan(rd[b]);
    // One step from the midpoint is in the linear regime: every pair has gradient sigma'(0)/5 =
    // 0.05, so the step follows net pairwise wins (Borda-like): a: 7 won, 3 lost -> +4;
    // c: 6 won, 4 lost -> +2; b: 2 won, 8 lost -> -6 (times lr * 0.05): a moves ahead of c first.
    double[] one = Sco.fit(3, votes, new Sco.Options(1, 1, 1, 0, 1000));
    assertThat(one[a] - 500).isCloseTo(4 * 0.05, org.assertj.core.api.Assertions.within(1e-12));
    assertThat(one[c] - 500).isCloseTo(2 * 0.05, org.assertj.core.api.Assertions.within(1e-12));
    assertThat(one[b] - 500).isCloseTo(-6 * 0.05, org.assertj.core.api.Assertions.within(1e-12));
    double[][] wins = new double[3][3];
    wins[a][b] = 5;
    wins[a][c] = 2;
    wins[b][c] = 2;
    wins[c][a] = 3;
    wins[c][b] = 3;
    double[] elo = Elo.fit(wins);
    assertThat(elo[a]).isGreaterThan(elo[c]);
    assertThat(elo[c]).isGreaterThan(elo[b]);
    // ballot win rates: F(c > a) = 3/5
    double[][] f = Sco.ballotWinRates(3, votes);
    assertThat(f[c][a]).isEqualTo(0.6);
    assertThat(f[a][b]).isEqualTo(1.0);
  }

  @Test
  void tiesContributeNoPairs() {
    List<Sco.Ballot> votes = List.of(new Sco.Ballot(new double[] {1, 1, 0}, 1));
    double[] r = Sco.fit(3, votes, Sco.Options.defaults());
    assertThat(r[0]).isEqualTo(r[1]);
    assertThat(r[2]).isLessThan(r[0]);
    assertThat(Sco.loss(r, votes, 1)).isLessThan(Sco.loss(new double[] {500, 500, 500}, votes, 1));
  }

  /**
   * A ballot of weight w is w votes: OpenSpiel's optimizers (soft_condorcet_optimization.py, and
   * the C++ one) split it into w votes of weight 1 and average the gradient over the batch, so
   * weights 2 and 3 fit as 5 single votes do. Expected ratings: an independent full-batch
   * gradient descent over the 5 single votes (NumPy, float64; 2 × a≻b≻c, 3 × c≻a≻b). Averaging
   * over the 2 ballots instead gives a 2.5× step (a 500.538, b 492.722, c 506.739 at the defaults).
   */
  @Test
  void aWeightedBallotCountsAsThatManyVotes() {
    List<Sco.Ballot> grouped = List.of(new Sco.Ballot(new double[] {3, 2, 1}, 2), new Sco.Ballot(new double[] {2, 1, 3}, 3));
    assertThat(Sco.fit(3, grouped, Sco.Options.defaults()))
        .containsExactly(new double[] {500.54064677, 493.65394159, 505.80541163}, within(1e-6));
    assertThat(Sco.fit(3, grouped, Sco.Options.openSpiel()))
        .containsExactly(new double[] {500.87958076, 498.32150649, 500.79891274}, within(1e-6));
    List<Sco.Ballot> single = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      single.add(i < 2 ? ballot(0, 1, 2) : ballot(2, 0, 1));
    }
    assertThat(Sco.fit(3, grouped, Sco.Options.defaults()))
        .containsExactly(Sco.fit(3, single, Sco.Options.defaults()), within(1e-9));
  }

  static double gaussian(SplittableRandom rng) {
    double u = 1 - rng.nextDouble();
    double v = rng.nextDouble();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
}
