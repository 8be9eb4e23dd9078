package dev.ponder.solve;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.GameRegistry;
import org.junit.jupiter.api.Test;

class MccfrTest {
  private static final GameTree KUHN = GameTree.build(GameRegistry.load("kuhn_poker"));
  private static final GameTree LEDUC = GameTree.build(GameRegistry.load("leduc_poker"));

  @Test
  void externalSamplingConvergesOnKuhnAndLeduc() {
    MccfrSolver s = new MccfrSolver(KUHN, MccfrSolver.Sampling.EXTERNAL, 1);
    s.run(1_000);
    double e1k = PolicyEvaluation.exploitability(KUHN, s.averagePolicy());
    s.run(19_000);
    double e20k = PolicyEvaluation.exploitability(KUHN, s.averagePolicy());
    assertThat(e20k).isLessThan(0.02).isLessThan(e1k);
    MccfrSolver l = new MccfrSolver(LEDUC, MccfrSolver.Sampling.EXTERNAL, 1);
    l.run(1_000);
    double l1k = PolicyEvaluation.exploitability(LEDUC, l.averagePolicy());
    l.run(9_000);
    // uniform random is 2.3736; measured 1.31 after 1,000 and 0.28 after 10,000 iterations
    assertThat(PolicyEvaluation.exploitability(LEDUC, l.averagePolicy())).isLessThan(0.4).isLessThan(l1k);
  }

  /** Outcome sampling needs every action sampled with positive probability (Lanctot et al. 2009). */
  @Test
  void outcomeSamplingRefusesEpsilonOutsideZeroToOne() {
    for (double eps : new double[] {0, -0.5, 1.5, Double.NaN}) {
      org.assertj.core.api.Assertions.assertThatThrownBy(() -> new MccfrSolver(KUHN, MccfrSolver.Sampling.OUTCOME, eps, 1))
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("valid: (0, 1]");
    }
    assertThat(new MccfrSolver(KUHN, MccfrSolver.Sampling.OUTCOME, 1.0, 1)).isNotNull();
  }

  @Test
  void outcomeSamplingConvergesOnKuhn() {
    MccfrSolver s = new MccfrSolver(KUHN, MccfrSolver.Sampling.OUTCOME, 1);
    s.run(50_000);
    assertThat(PolicyEvaluation.exploitability(KUHN, s.averagePolicy())).isLessThan(0.03);
  }

  @Test
  void sameSeedSameResultDifferentSeedDifferent() {
    for (MccfrSolver.Sampling sm : MccfrSolver.Sampling.values()) {
      MccfrSolver a = new MccfrSolver(KUHN, sm, 5);
      MccfrSolver b = new MccfrSolver(KUHN, sm, 5);
      MccfrSolver c = new MccfrSolver(KUHN, sm, 6);
      a.run(300);
      b.run(300);
      c.run(300);
      assertThat(a.averagePolicy()).containsExactly(b.averagePolicy());
      assertThat(a.averagePolicy()).isNotEqualTo(c.averagePolicy());
    }
  }
}
