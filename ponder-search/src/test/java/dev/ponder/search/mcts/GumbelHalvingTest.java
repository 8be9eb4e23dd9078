package dev.ponder.search.mcts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.search.mcts.zoo.GumbelSearch;
import org.junit.jupiter.api.Test;

/**
 * Sequential halving's cut as mctx makes it (ALGORITHMS §2, "implements halving implicitly"): the
 * survivors of a phase are picked one at a time in the next phase's first round, each by the score
 * g + logits + σ(completed Q) as it stands after the visits before it, not by one snapshot at the
 * end of the phase.
 */
class GumbelHalvingTest {
  private final Game ttt = GameRegistry.load("tic_tac_toe");

  /**
   * A depth-1 bandit: m = 4, S = 8, no Gumbel noise, c_visit 50, c_scale 0.1; priors A = D =
   * (1 − 0.2 − 0.2·e^0.16)/2, B = 0.2, C = 0.2·e^0.16; returns for player 0 per visit: A 0.9, then
   * −1, then 0.9; B 0.5; C 0.45; D −0.9. After the first round a snapshot ranks C (2.376) above B
   * (2.357) and would keep {A, C}; mctx visits A first, whose second return (−1) moves the scores to
   * B 3.591 and C 3.565, keeps {A, B} and plays B. Expected visits and move from a numpy port of
   * mctx's gumbel_muzero_policy root selection (seq_halving.score_considered), run on these inputs.
   */
  @Test
  void survivorsArePickedByTheScoreAfterEachVisit() {
    float pB = 0.2f;
    float pC = (float) (0.2 * Math.exp(0.16));
    float pA = (1 - pB - pC) / 2;
    double[][] returns = {
        {0.9, -1.0, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9}, {0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5},
        {0.45, 0.45, 0.45, 0.45, 0.45, 0.45, 0.45, 0.45}, {-0.9, -0.9, -0.9, -0.9, -0.9, -0.9, -0.9, -0.9}};
    for (long seed = 1; seed <= 8; seed++) { // A and D tie at first: each seed breaks it its own way
      Tree t = new Tree(2, 0, false, false, 64);
      int root = t.newRoot(0, 0);
      t.expand(root, 0, new int[] {0, 1, 2, 3}, new float[] {pA, pB, pC, pA}, 4);
      int first = t.firstChild(root);
      GumbelSearch gs = new GumbelSearch(4, 0.0, 50, 0.1);
      RootActionSelector sel = gs.root();
      SearchContext ctx = SearchContext.detached(ttt, seed);
      ctx.budget = 8;
      sel.prepare(t, root, ctx);
      for (int sim = 0; sim < 8; sim++) {
        ctx.simulation = sim;
        int e = sel.select(t, root, ctx);
        double u = returns[e - first][t.visits(e)];
        t.addVisits(root, 1);
        t.addValues(root, new double[] {u, -u});
        t.addVisits(e, 1);
        t.addValues(e, new double[] {u, -u});
      }
      int[] visits = new int[4];
      for (int i = 0; i < 4; i++) {
        visits[i] = t.visits(first + i);
      }
      assertThat(visits).as("seed %d", seed).containsExactly(3, 3, 1, 1);
      assertThat(gs.finalSelector().select(t, root, new double[4], ctx) - first).as("seed %d", seed).isEqualTo(1);
    }
  }
}
