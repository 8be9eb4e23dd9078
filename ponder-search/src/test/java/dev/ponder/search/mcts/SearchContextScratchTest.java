package dev.ponder.search.mcts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.search.SearchResult;
import org.junit.jupiter.api.Test;

/**
 * The component scratch arrays belong to one worker's {@link SearchContext}: each context has its
 * own, kept from call to call, grown only when a longer one is asked for; and the zoo components
 * that use them (RPO, MENTS, Gumbel, MCTS-Solver, Score-Bounded) run correctly with two workers.
 */
class SearchContextScratchTest {
  private final Game ttt = GameRegistry.load("tic_tac_toe");

  @Test
  void eachContextOwnsItsScratchArrays() {
    SearchContext a = SearchContext.detached(ttt, 1);
    SearchContext b = SearchContext.detached(ttt, 1);
    double[] a0 = a.scratch(0, 9);
    assertThat(a0.length).isGreaterThanOrEqualTo(9);
    assertThat(a.scratch(0, 5)).as("kept").isSameAs(a0);
    assertThat(a.scratch(0, a0.length)).as("kept while long enough").isSameAs(a0);
    assertThat(b.scratch(0, 9)).as("another worker's").isNotSameAs(a0);
    for (int i = 1; i < SearchContext.SCRATCH_ARRAYS; i++) {
      assertThat(a.scratch(i, 9)).as("index " + i).isNotSameAs(a0).isNotSameAs(a.scratch(i - 1, 9));
    }
    double[] longer = a.scratch(0, a0.length + 1);
    assertThat(longer.length).isGreaterThan(a0.length);
    assertThat(a.scratch(0, 3)).as("the longer one is kept").isSameAs(longer);
    boolean[] f = a.flagScratch(9);
    assertThat(f.length).isGreaterThanOrEqualTo(9);
    assertThat(a.flagScratch(2)).isSameAs(f);
    assertThat(b.flagScratch(9)).isNotSameAs(f);
    assertThat(a.flagScratch(f.length + 1).length).isGreaterThan(f.length);
    assertThatThrownBy(() -> a.scratch(SearchContext.SCRATCH_ARRAYS, 1)).isInstanceOf(ArrayIndexOutOfBoundsException.class);
    assertThatThrownBy(() -> a.scratch(-1, 1)).isInstanceOf(ArrayIndexOutOfBoundsException.class);
  }

  /**
   * With two workers each component reads its worker's scratch: the budget runs in full, every
   * simulation reaches one root child, and the winning move of a tic-tac-toe position is found.
   */
  @Test
  void zooComponentsWithScratchRunWithTwoWorkers() {
    dev.ponder.game.State s = ttt.newInitialState();
    for (int m : new int[] {0, 3, 1, 4}) {
      s.applyAction(m); // x: 0,1; o: 3,4; x to move: 2 wins
    }
    for (String spec : new String[] {"rpo", "ments", "gumbel", "mcts_solver", "score_bounded",
        "compose(tree=gumbel,root=gumbel,final=gumbel,backup=discount)"}) {
      String full = spec.contains("(") ? spec.replace(")", ",sims=4000,threads=2)") : spec + "(sims=4000,threads=2)";
      for (long seed = 1; seed <= 2; seed++) {
        try (MctsAgent a = MctsAgent.create(full, ttt, seed)) {
          for (dev.ponder.game.State root : new dev.ponder.game.State[] {ttt.newInitialState(), s}) {
            SearchResult r = a.search(root);
            Tree t = a.engine().tree();
            // the solvers stop once the root is proven
            assertThat(r.simulations()).as(full).isBetween(1L, 4000L);
            if (!spec.equals("mcts_solver") && !spec.equals("score_bounded")) {
              assertThat(r.simulations()).as(full).isEqualTo(4000);
            }
            long sum = 0;
            for (int e = t.firstChild(t.root()); e < t.firstChild(t.root()) + t.numChildren(t.root()); e++) {
              sum += t.visits(e);
            }
            assertThat(sum).as(full + ": every simulation through one root child").isEqualTo(t.visits(t.root()));
            if (root == s) {
              assertThat(r.action()).as(full).isEqualTo(2);
            }
          }
        }
      }
    }
  }
}
