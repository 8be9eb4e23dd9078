package dev.ponder.search.mcts.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Every formula of the zoo pinned by hand-computed numbers (worked in the comments). */
class OpsTest {
  private static final double EPS = 1e-6;

  @Test
  void ucb1() {
    // 0.5 + sqrt(2)*sqrt(ln 100 / 4) = 0.5 + sqrt(4.605170/2) = 0.5 + 1.517427
    assertThat(Bandit.ucb1(0.5, 4, 100, Math.sqrt(2))).isCloseTo(2.017427, within(EPS));
    assertThat(Bandit.ucb1(0.5, 0, 100, 1)).isInfinite();
    assertThat(Bandit.ucb1(0.3, 1, 1, 1)).isEqualTo(0.3); // ln 1 = 0
  }

  @Test
  void ucb1Tuned() {
    // rewards 1,1,0,0: q = .5, s2 = 2, s2/n - q^2 = .25; V = .25 + sqrt(2 ln100/4) > 1/4 -> cap
    // 0.5 + sqrt(ln100/4 * 0.25) = 0.5 + sqrt(0.287823) = 0.5 + 0.536492
    assertThat(Bandit.ucb1Tuned(0.5, 2, 4, 100, 0.25)).isCloseTo(1.036492, within(EPS));
    // all-ones rewards, n = 4, N = 2: var 0, V = sqrt(2 ln2 /4) = 0.588705 (> cap), L/n = 0.173287
    // uncapped cap=1: 1 + sqrt(0.102015) = 1 + 0.319398
    assertThat(Bandit.ucb1Tuned(1, 4, 4, 2, 1.0)).isCloseTo(1.319398, within(EPS));
    // a mean that is not the mean of the squared rewards' values (q 1, s2 10, n 100, N 200):
    // V = 0.1 − 1 + sqrt(2 ln200/100) = −0.9 + 0.325525 = −0.574475 < 0, floored at 0: the bare
    // mean (sqrt of a negative would be NaN, and a NaN score is never the argmax)
    assertThat(Bandit.ucb1Tuned(1.0, 10, 100, 200, 0.25)).isEqualTo(1.0);
  }

  @Test
  void fpuRules() {
    // bifv: 0.5 - sqrt(1-0.75)*(0.1 + 0.4*100/200) = 0.5 - 0.5*0.3
    assertThat(Fpu.bifv(0.5, 0.75, 100)).isCloseTo(0.35, within(1e-12));
    assertThat(Fpu.bifv(0.5, 0.75, 0)).isCloseTo(0.45, within(1e-12));
    assertThat(Fpu.bifv(0.5, 1.0, 50)).isCloseTo(0.5, within(1e-12));
    // run1 raw: -0.3 * 2 * sqrt(0.25)
    assertThat(Fpu.run1Raw(2.0, 0.75)).isCloseTo(-0.3, within(1e-12));
  }

  @Test
  void discoveredSchedules() {
    assertThat(Schedules.bifv(0, 1, false)).isCloseTo(1.25, within(1e-12));
    // 1.25 * (1 + 0.05 ln 9) = 1.25 * 1.109861
    assertThat(Schedules.bifv(0, 9, false)).isCloseTo(1.387326, within(EPS));
    assertThat(Schedules.bifv(0, 9, true)).isCloseTo(1.734158, within(EPS));
    // N = 19652(e-1): ln(e) = 1 -> 1.5
    assertThat(Schedules.bifv((int) Math.round(19652 * (Math.E - 1)), 1, false)).isCloseTo(1.5, within(1e-5));
    assertThat(Schedules.bifvRootFactor(0, 100)).isCloseTo(1.2, within(1e-12));
    assertThat(Schedules.bifvRootFactor(50, 100)).isCloseTo(1.1, within(1e-12));
    assertThat(Schedules.bifvRootFactor(100, 100)).isCloseTo(1.0, within(1e-12));
    assertThat(Schedules.run1(0, 2.0)).isCloseTo(2.5, within(1e-12));
    assertThat(Schedules.run1(19652, 2.0)).isCloseTo(2 * (1.25 + 0.693147), within(EPS));
    assertThat(Schedules.run2(100, 100)).isCloseTo(2.125, within(1e-12)); // 1.25+1.75*100/200
    assertThat(Schedules.run2(100, 1000)).isCloseTo(1.541667, within(EPS)); // /(100+500)
    assertThat(Schedules.run4(50, 2.0)).isCloseTo(3.193147, within(EPS)); // 2(1.25+.5 ln2)
    assertThat(Schedules.run4Rho(0, 100)).isCloseTo(1.4, within(1e-12));
    assertThat(Schedules.run4Rho(50, 100)).isCloseTo(1.0, within(1e-12));
    assertThat(Schedules.run5(0, 1.0)).isCloseTo(1.25 + Math.log(19653.0 / 19652.0), within(1e-12));
    assertThat(Schedules.run5(19651, 1.0)).isCloseTo(1.25 + 0.693147, within(EPS));
    assertThat(Schedules.run2Prior(0.5, 4)).isCloseTo(0.4625, within(1e-12));
    assertThat(Schedules.run2Discount(1000)).isCloseTo(0.5, within(1e-12));
    assertThat(Schedules.run4Step(0)).isEqualTo(1.0);
    assertThat(Schedules.run4Step(1)).isCloseTo(0.566442, within(EPS)); // 2^-0.82
  }

  @Test
  void rootNoiseParameters() {
    assertThat(RootNoise.bifvAlpha(5)).isEqualTo(1.0);
    assertThat(RootNoise.bifvAlpha(20)).isEqualTo(0.5);
    assertThat(RootNoise.bifvAlpha(500)).isEqualTo(0.05);
    assertThat(RootNoise.bifvEpsilon(0, 100)).isCloseTo(0.2, within(1e-12));
    assertThat(RootNoise.bifvEpsilon(50, 100)).isCloseTo(0.1, within(1e-12));
    assertThat(RootNoise.run1Alpha(200)).isEqualTo(0.1);
    assertThat(RootNoise.run1Alpha(20)).isEqualTo(0.5);
    assertThat(RootNoise.run1Alpha(4)).isEqualTo(2.5);
    assertThat(RootNoise.run1Epsilon(50, 100)).isCloseTo(0.0625, within(1e-12));
    assertThat(RootNoise.run1Epsilon(100, 100)).isEqualTo(0.0);
    double[] out = new double[2];
    RootNoise.mix(new double[] {0.5, 0.5}, new double[] {1, 0}, 0.2, out, 2);
    assertThat(out).containsExactly(new double[] {0.6, 0.4}, within(1e-12));
  }

  @Test
  void dirichletAndGammaMoments() {
    SplittableRandom rng = new SplittableRandom(7);
    double[] x = new double[4];
    double[] sum = new double[4];
    double sumSq0 = 0;
    int m = 20000;
    double alpha = 0.3;
    for (int i = 0; i < m; i++) {
      RootNoise.dirichlet(alpha, 4, x, rng);
      double s = 0;
      for (int j = 0; j < 4; j++) {
        s += x[j];
        sum[j] += x[j];
      }
      assertThat(s).isCloseTo(1.0, within(1e-9));
      sumSq0 += x[0] * x[0];
    }
    for (int j = 0; j < 4; j++) {
      assertThat(sum[j] / m).isCloseTo(0.25, within(0.01));
    }
    // Var of a Dir(α·1_K) component: (1/K)(1-1/K)/(Kα+1) = 0.1875/2.2 = 0.085227
    double var = sumSq0 / m - Math.pow(sum[0] / m, 2);
    assertThat(var).isCloseTo(0.085227, within(0.005));
    double g = 0;
    for (int i = 0; i < m; i++) {
      g += RootNoise.gamma(2.5, rng);
    }
    assertThat(g / m).isCloseTo(2.5, within(0.05));
  }

  @Test
  void sequentialHalvingSchedules() {
    int[] out = new int[256];
    int[] scratch = new int[32];
    Gumbel.consideredVisits(4, 10, out, scratch);
    assertThat(java.util.Arrays.copyOf(out, 10)).containsExactly(0, 0, 0, 0, 1, 1, 2, 2, 3, 3);
    Gumbel.consideredVisits(3, 8, out, scratch);
    assertThat(java.util.Arrays.copyOf(out, 8)).containsExactly(0, 0, 0, 1, 1, 2, 2, 3);
    Gumbel.consideredVisits(1, 5, out, scratch);
    assertThat(java.util.Arrays.copyOf(out, 5)).containsExactly(0, 1, 2, 3, 4);
    // m = 16, n = 200 (log2 m = 4): 3 rounds of 16, 6 of 8, 12 of 4, then 25+ of 2
    Gumbel.consideredVisits(16, 200, out, scratch);
    assertThat(out[47]).isEqualTo(2);
    assertThat(out[48]).isEqualTo(3);
    assertThat(out[95]).isEqualTo(8);
    assertThat(out[96]).isEqualTo(9);
    assertThat(out[143]).isEqualTo(20);
    assertThat(out[144]).isEqualTo(21);
    assertThat(out[193]).isEqualTo(45);
    assertThat(out[199]).isEqualTo(48);
    for (int m = 1; m <= 20; m++) {
      for (int n : new int[] {1, 7, 16, 50, 200}) {
        Gumbel.consideredVisits(m, n, out, scratch);
        for (int i = 0; i < n; i++) {
          assertThat(Gumbel.consideredVisitAt(m, n, i)).as("m=%d n=%d i=%d", m, n, i).isEqualTo(out[i]);
        }
      }
    }
  }

  @Test
  void improvedPolicy() {
    double[] improved = new double[3];
    Gumbel.improvedPolicy(new double[3], new double[] {Math.log(3), 0, Math.log(2)}, 3, improved);
    assertThat(improved).containsExactly(new double[] {0.5, 1.0 / 6, 1.0 / 3}, within(1e-12));
  }

  @Test
  void smoothUctMentsBoltzmann() {
    assertThat(SoftPolicies.smoothUctEta(0, 0.1, 0.9, 0.001)).isCloseTo(0.9, within(1e-12));
    assertThat(SoftPolicies.smoothUctEta(1_000_000, 0.1, 0.9, 0.001)).isCloseTo(0.45, within(1e-12));
    assertThat(SoftPolicies.smoothUctEta(100_000_000, 0.1, 0.9, 0.001)).isEqualTo(0.1);

    double[] q = {0.0, Math.log(2)};
    assertThat(SoftPolicies.softValue(q, 2, 1.0)).isCloseTo(Math.log(3), within(1e-12));
    assertThat(SoftPolicies.softValue(q, 2, 0.5)).isCloseTo(0.5 * Math.log(5), within(1e-12));
    assertThat(SoftPolicies.e2wLambda(0.1, 3, 0)).isEqualTo(1.0);
    assertThat(SoftPolicies.e2wLambda(0.1, 3, 99)).isCloseTo(0.065144, within(EPS)); // .3/ln 100

    double[] p = {0.2, 0.5, 0.3};
    assertThat(SoftPolicies.sample(p, 3, 0.1)).isEqualTo(0);
    assertThat(SoftPolicies.sample(p, 3, 0.69)).isEqualTo(1);
    assertThat(SoftPolicies.sample(p, 3, 0.7)).isEqualTo(2);
  }

  @Test
  void rpoClosedFormByHand() {
    // q = (1, 0), prior (.5,.5), λ = 1: .5/(α-1) + .5/α = 1 -> α² - 2α + .5 = 0 -> α = 1 + sqrt(.5)
    double[] out = new double[2];
    Rpo.piBar(new double[] {1, 0}, new double[] {0.5, 0.5}, 2, 1.0, 1e-10, out);
    assertThat(out).containsExactly(new double[] {0.707107, 0.292893}, within(EPS));
    // equal q: π̄ = prior
    double[] out3 = new double[3];
    Rpo.piBar(new double[] {0.4, 0.4, 0.4}, new double[] {0.2, 0.3, 0.5}, 3, 0.7, 1e-10, out3);
    assertThat(out3).containsExactly(new double[] {0.2, 0.3, 0.5}, within(EPS));
    // λ_N = c sqrt(N)/(|A|+N): 2.5 * 4 / (4 + 16)
    assertThat(Rpo.lambda(2.5, 16, 4)).isCloseTo(0.5, within(1e-12));
  }

  @Test
  void rpoAgainstBruteForceOverTheSimplex() {
    double[] q = {0.7, 0.2, 0.5};
    double[] prior = {0.1, 0.6, 0.3};
    double lambda = 0.35;
    double[] pi = new double[3];
    Rpo.piBar(q, prior, 3, lambda, 1e-12, pi);
    double best = Double.NEGATIVE_INFINITY;
    double[] arg = new double[3];
    double[] y = new double[3];
    int steps = 2000;
    for (int i = 1; i < steps; i++) {
      for (int j = 1; i + j < steps; j++) {
        y[0] = (double) i / steps;
        y[1] = (double) j / steps;
        y[2] = 1 - y[0] - y[1];
        double v = Rpo.objective(q, prior, y, 3, lambda);
        if (v > best) {
          best = v;
          arg = y.clone();
        }
      }
    }
    assertThat(Rpo.objective(q, prior, pi, 3, lambda)).isGreaterThanOrEqualTo(best - 1e-9);
    assertThat(pi).containsExactly(arg, within(1e-3));
  }

  @Test
  void stochasticStep() {
    assertThat(Backups.stochasticStep(0.5, 0.2, 1.0)).isCloseTo(0.6, within(1e-12));
  }

  @Test
  void normalGammaSampling() {
    // the posterior after 10,000 observations alternating 0.2 and 0.4 (prior μ0 0, λ0 0.01, α0 1,
    // β0 0.01): μ ≈ 0.3, λ ≈ 10000, α = 5001, β ≈ ½·Σ(x − 0.3)² = 50; the sd of the mean is
    // sqrt(β/(αλ)) = 0.001, so draws concentrate at 0.3
    SplittableRandom rng = new SplittableRandom(3);
    double s = 0;
    for (int i = 0; i < 1000; i++) {
      double x = NormalGamma.sampleMean(0.3, 10000.01, 5001, 50.01, rng);
      assertThat(x).isCloseTo(0.3, within(0.01));
      s += x;
    }
    assertThat(s / 1000).isCloseTo(0.3, within(1e-3));
  }

  @Test
  void solverProofPropagation() {
    double[] v = {-1, 1, 0};
    assertThat(Proofs.solveDecision(v, new boolean[] {true, false, true}, 3, 1)).isEqualTo(-1);
    assertThat(Proofs.solveDecision(v, new boolean[] {false, true, false}, 3, 1)).isEqualTo(1);
    assertThat(Proofs.solveDecision(new double[] {-1, 0, -1}, new boolean[] {true, true, true}, 3, 1)).isEqualTo(1);
    assertThat(Proofs.solveDecision(new double[] {-1, -1}, new boolean[] {true, true}, 2, 1)).isEqualTo(0);
  }

  @Test
  void scoreBounds() {
    double[] out = new double[2];
    Proofs.bounds(new double[] {0, -1}, new double[] {1, 0}, 2, true, out);
    assertThat(out).containsExactly(0.0, 1.0);
    Proofs.bounds(new double[] {0, -1}, new double[] {1, 0}, 2, false, out);
    assertThat(out).containsExactly(-1.0, 0.0);
    assertThat(Proofs.cut(-1, 0, 0, 1, true)).isTrue(); // child can reach 0 at best; we have 0 secured
    assertThat(Proofs.cut(-1, 0.5, 0, 1, true)).isFalse();
    assertThat(Proofs.cut(0, 1, -1, 0, false)).isTrue();
  }

  @Test
  void ntbeaFindsTheOptimumOfANoisyGrid() {
    SplittableRandom noise = new SplittableRandom(11);
    Ntbea t = new Ntbea(new int[] {5, 4}, 2.0, 0.1, 50, new SplittableRandom(5));
    for (int i = 0; i < 3000; i++) {
      int[] x = t.current();
      double f = 1.0 - 0.2 * Math.abs(x[0] - 3) - 0.2 * Math.abs(x[1] - 1);
      t.update(f + 0.3 * (noise.nextDouble() - 0.5));
    }
    int[] best = new int[2];
    t.recommend(best);
    assertThat(best).containsExactly(3, 1);
    assertThat(t.evaluations()).isEqualTo(3000);
  }

  @Test
  void ntbeaTupleStatistics() {
    Ntbea t = new Ntbea(new int[] {3, 3, 2, 2}, 2.0, 0.1, 10, new SplittableRandom(1));
    int[] x = t.current().clone();
    t.update(0.5);
    // 4 one-tuples + 6 pairs + the full tuple each saw one evaluation of 0.5
    for (int k = 0; k < 11; k++) {
      assertThat(t.tupleCount(x, k)).isEqualTo(1);
      assertThat(t.tupleMean(x, k)).isEqualTo(0.5);
    }
    // exploitation score of x is 0.5; bonus-free score of an unseen point is 0
    assertThat(t.score(x, false)).isCloseTo(0.5, within(1e-12));
  }

  /**
   * A point given to {@code update(x, from, f)} with a value index outside its parameter's range is
   * refused and records nothing: unchecked, (0, 3) on sizes (3, 3) lands in the pair table (the
   * second parameter's 1-tuple entry 3 past its start is the pair (0, 0)'s, and the pair entry of
   * (0, 3) is the pair (1, 0)'s), and the evaluation counts.
   */
  @Test
  void ntbeaRefusesAnEvaluatedPointOutsideTheGrid() {
    Ntbea t = new Ntbea(new int[] {3, 3}, 2.0, 0.1, 10, new SplittableRandom(1));
    int[] outside = {7, 0, 3};
    assertThatThrownBy(() -> t.update(outside, 1, 1.0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("ntbea: value index 3 of parameter 1 is outside [0, 3)");
    assertThatThrownBy(() -> t.update(new int[] {-1, 0}, 0, 1.0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("ntbea: value index -1 of parameter 0 is outside [0, 3)");
    assertThatThrownBy(() -> t.update(new int[] {0, 0}, 1, 1.0)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThat(t.evaluations()).isZero();
    assertThat(t.tupleCount(new int[] {0, 0}, 2)).as("pair (0, 0)").isZero();
    assertThat(t.tupleCount(new int[] {1, 0}, 2)).as("pair (1, 0)").isZero();
    // a point inside the grid at an offset is recorded
    t.update(new int[] {9, 2, 1}, 1, 1.0);
    assertThat(t.tupleCount(new int[] {2, 1}, 2)).isEqualTo(1);
    assertThat(t.evaluations()).isEqualTo(1);
  }
}
