package dev.ponder.search.mcts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.search.mcts.zoo.SoftSearch;
import dev.ponder.search.mcts.zoo.ZooBackups;
import org.junit.jupiter.api.Test;

/**
 * Under threads other workers' in-flight virtual losses sit in the statistics a backup reads; the
 * backups that store what they compute (MENTS' soft values, the power mean) must keep them out.
 * Hand-built shared trees, tic_tac_toe's bounds [-1, 1] (normalized q = (u + 1)/2).
 */
class VirtualLossLeakTest {
  private final Game ttt = GameRegistry.load("tic_tac_toe");

  @Test
  void mentsLeafSoftValueIgnoresAnotherWorkersVirtualLoss() {
    SearchContext ctx = SearchContext.detached(ttt, 1);
    Tree t = new Tree(2, SoftSearch.WIDTH, true, false, 16);
    int root = t.newRoot(0, 0);
    t.expand(root, 0, new int[] {0, 1}, new float[] {0.5f, 0.5f}, 2);
    int e = t.firstChild(root);
    ZooBackups.Hook soft = SoftSearch.softBackup(0.1, 0.5, 0);
    // a first completed visit returned +1 for player 0 (mean update, then the hook)
    t.addVisits(e, 1);
    t.addValues(e, new double[] {1, -1});
    soft.edge(t, root, e, e, new double[] {1, -1}, 1, ctx);
    assertThat(t.aux(e, 0)).isCloseTo(1.0, offset(1e-12));
    // another worker is in flight through e (one virtual visit of -1 for player 0) while this
    // worker backs up a draw: the completed returns are +1 and 0, normalized mean (1 + 0.5)/2
    VirtualLoss.constant(1).apply(t, e, 1, 0, +1, ctx);
    t.addVisits(e, 1);
    t.addValues(e, new double[] {0, 0});
    soft.edge(t, root, e, e, new double[] {0, 0}, 1, ctx);
    assertThat(t.aux(e, 0)).isCloseTo(0.75, offset(1e-12)); // 0.5 with the virtual loss counted
    assertThat(t.aux(e, 1)).isEqualTo(2); // completed visits
  }

  @Test
  void mentsTreatsAChildWithOnlyVirtualVisitsAsUnvisited() {
    SearchContext ctx = SearchContext.detached(ttt, 1);
    Tree t = new Tree(2, SoftSearch.WIDTH, true, false, 16);
    int root = t.newRoot(0, 0);
    t.expand(root, 0, new int[] {0, 1}, new float[] {0.5f, 0.5f}, 2);
    int c = t.firstChild(root);
    t.expand(c, 1, new int[] {0, 1}, new float[] {0.5f, 0.5f}, 2);
    int g = t.firstChild(c);
    t.setAux(g, 0, 0.3);
    t.setAux(g, 1, 1); // g visited once, Q_sft 0.3 for player 1
    VirtualLoss.constant(1).apply(t, g + 1, 2, 1, +1, ctx); // g+1 only in flight: q_init 0.5
    t.addVisits(c, 1);
    SoftSearch.softBackup(0.1, 0.5, 0).edge(t, root, c, c, new double[] {0, 0}, 1, ctx);
    // V_sft(c) = 0.1·ln(e^3 + e^5) for player 1 = 0.5 + 0.1·ln(1 + e^-2); Q_sft(c) = 1 − V for player 0
    double v = 0.5 + 0.1 * Math.log1p(Math.exp(-2));
    assertThat(t.aux(c, 0)).isCloseTo(1 - v, offset(1e-12));
  }

  @Test
  void powerMeanIgnoresAnotherWorkersVirtualLoss() {
    SearchContext ctx = SearchContext.detached(ttt, 1);
    Tree t = new Tree(2, 1, true, false, 16);
    int root = t.newRoot(0, 0);
    t.expand(root, 0, new int[] {0, 1}, new float[] {0.5f, 0.5f}, 2);
    int c = t.firstChild(root);
    t.expand(c, 1, new int[] {0, 1}, new float[] {0.5f, 0.5f}, 2);
    int g = t.firstChild(c);
    // player 1's children: g 10 visits at normalized 0.8 (raw 0.6), g+1 10 visits at 0.5 (raw 0)
    t.addVisits(g, 10);
    t.addValues(g, new double[] {-6, 6});
    t.addVisits(g + 1, 10);
    ZooBackups.lockedVirtualLoss(1, 0).apply(t, g, 2, 1, +1, ctx); // another worker in flight through g
    double[] v = {0, 0};
    ZooBackups.powerMean(2, 0).update(t, root, c, c, v, 1, ctx);
    // p = 2: V = sqrt(0.5·0.8² + 0.5·0.5²) = 0.667083, raw 2V − 1 = 0.334166 for player 1
    double vn = Math.sqrt(0.5 * 0.64 + 0.5 * 0.25);
    assertThat(v[1]).isCloseTo(2 * vn - 1, offset(1e-9));
    assertThat(v[0]).isCloseTo(1 - 2 * vn, offset(1e-9));
    assertThat(t.visits(c)).isEqualTo(1);
    assertThat(t.valueSum(c, 1)).isCloseTo(2 * vn - 1, offset(1e-9));
  }
}
