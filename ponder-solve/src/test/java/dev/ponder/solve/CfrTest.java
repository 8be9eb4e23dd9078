package dev.ponder.solve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.ponder.game.GameRegistry;
import org.junit.jupiter.api.Test;

class CfrTest {
  private static final GameTree KUHN = GameTree.build(GameRegistry.load("kuhn_poker"));
  private static final GameTree LEDUC = GameTree.build(GameRegistry.load("leduc_poker"));
  private static GameTree liars;

  private static synchronized GameTree liars() {
    if (liars == null) {
      liars = GameTree.build(GameRegistry.load("liars_dice"));
    }
    return liars;
  }

  private static double exploitabilityAfter(GameTree t, CfrSolver s, int iterations) {
    s.run((int) (iterations - s.iterations()));
    return PolicyEvaluation.exploitability(t, s.averagePolicy());
  }

  @Test
  void kuhnAveragePolicyValueConvergesToMinusOneEighteenth() {
    // REFERENCE.md: the game value of Kuhn poker for player 0 is -1/18
    CfrSolver s = new CfrSolver(KUHN, CfrSolver.Variant.CFR);
    s.run(10_000);
    double[] v = PolicyEvaluation.expectedReturns(KUHN, s.averagePolicy());
    assertThat(v[0]).isCloseTo(-1.0 / 18, within(1e-3));
    assertThat(v[1]).isCloseTo(1.0 / 18, within(1e-3));
  }

  @Test
  void vanillaAlternatingCfrAt100IterationsMatchesSeedAnchors() {
    // seed 000 Table 4, CFR (100 iterations): 0.0082 Kuhn, 0.0957 Leduc, 0.0224 liar's dice.
    // Alternating-update vanilla CFR reproduces all three to 1e-4.
    assertThat(exploitabilityAfter(KUHN, new CfrSolver(KUHN, CfrSolver.Variant.CFR), 100)).isCloseTo(0.0082, within(1e-4));
    assertThat(exploitabilityAfter(LEDUC, new CfrSolver(LEDUC, CfrSolver.Variant.CFR), 100)).isCloseTo(0.0957, within(1e-4));
    assertThat(exploitabilityAfter(liars(), new CfrSolver(liars(), CfrSolver.Variant.CFR), 100)).isCloseTo(0.0224, within(1e-4));
  }

  @Test
  void simultaneousUpdatesAlsoConvergeButSlower() {
    CfrSolver sim = new CfrSolver(KUHN, CfrSolver.Variant.CFR, false, 0, 0, 0);
    assertThat(sim.alternating()).isFalse();
    double e100 = exploitabilityAfter(KUHN, sim, 100);
    double e2000 = exploitabilityAfter(KUHN, sim, 2000);
    assertThat(e2000).isLessThan(e100).isLessThan(0.01);
    assertThat(e100).isGreaterThan(exploitabilityAfter(KUHN, new CfrSolver(KUHN, CfrSolver.Variant.CFR), 100));
  }

  @Test
  void cfrPlusImprovesMonotonicallyOnKuhnAndLeduc() {
    for (GameTree t : new GameTree[] {KUHN, LEDUC}) {
      CfrSolver s = new CfrSolver(t, CfrSolver.Variant.CFR_PLUS);
      double e10 = exploitabilityAfter(t, s, 10);
      double e100 = exploitabilityAfter(t, s, 100);
      double e1000 = exploitabilityAfter(t, s, 1000);
      assertThat(e1000).isLessThan(e100);
      assertThat(e100).isLessThan(e10);
      assertThat(e1000).isLessThan(1e-3);
    }
  }

  @Test
  void cfrPlusImprovesMonotonicallyOnLiarsDice() {
    GameTree t = liars();
    CfrSolver s = new CfrSolver(t, CfrSolver.Variant.CFR_PLUS);
    double e10 = exploitabilityAfter(t, s, 10);
    double e100 = exploitabilityAfter(t, s, 100);
    double e1000 = exploitabilityAfter(t, s, 1000);
    assertThat(e100).isLessThan(e10);
    assertThat(e1000).isLessThan(e100);
  }

  @Test
  void linearAndDiscountedCfrConverge() {
    for (CfrSolver.Variant v : new CfrSolver.Variant[] {CfrSolver.Variant.LINEAR, CfrSolver.Variant.DISCOUNTED}) {
      CfrSolver s = new CfrSolver(LEDUC, v);
      double e10 = exploitabilityAfter(LEDUC, s, 10);
      double e300 = exploitabilityAfter(LEDUC, s, 300);
      assertThat(e300).isLessThan(e10 / 20);
      CfrSolver k = new CfrSolver(KUHN, v);
      k.run(2000);
      assertThat(PolicyEvaluation.expectedReturns(KUHN, k.averagePolicy())[0]).isCloseTo(-1.0 / 18, within(2e-3));
    }
  }

  @Test
  void currentPolicyIsAValidDistribution() {
    CfrSolver s = new CfrSolver(KUHN, CfrSolver.Variant.CFR);
    s.run(5);
    double[] cur = s.currentPolicy();
    for (int i = 0; i < KUHN.numInfosets(); i++) {
      double sum = 0;
      for (int j = 0; j < KUHN.numActions(i); j++) {
        sum += cur[KUHN.slotStart(i) + j];
      }
      assertThat(sum).isCloseTo(1.0, within(1e-12));
    }
  }
}
