package dev.ponder.search.mcts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.search.SearchResult;
import org.junit.jupiter.api.Test;

/**
 * Visit counts are {@code int}: with tree reuse the kept visits plus a search's never pass
 * {@link MctsEngine#MAX_TREE_VISITS}. The kept visits of some 2<sup>31</sup> simulations of earlier
 * searches are stood in for by {@link Tree#addVisits} on the entry the next search keeps.
 */
class VisitLimitTest {
  private final Game c4 = GameRegistry.load("connect_four");

  private State c4(int... moves) {
    State s = c4.newInitialState();
    for (int m : moves) {
      s.applyAction(m);
    }
    return s;
  }

  /** Sets the visits of the entry reached from the root by {@code moves} to {@code n}. */
  private static int setVisits(Tree t, int n, int... moves) {
    int e = t.root();
    for (int m : moves) {
      e = t.child(e, m);
    }
    assertThat(t.isExpanded(e)).isTrue();
    t.addVisits(e, n - t.visits(e));
    return e;
  }

  @Test
  void aSearchStartsAfreshRatherThanCountPastTheLimit() {
    MctsAgent a = MctsAgent.create("uct(sims=2000,reuse=true)", c4, 1);
    a.search(c4(3));
    setVisits(a.engine().tree(), Integer.MAX_VALUE - 1000, 3, 3);
    // before the fix: reusedVisits 2147482647 and the root's N wrapped to −2147482649
    SearchResult r = a.search(c4(3, 3, 3));
    Tree t = a.engine().tree();
    assertThat(r.reusedVisits()).isZero();
    assertThat(t.visits(t.root())).isEqualTo(2000);
  }

  @Test
  void aSearchReusesUpToTheLimitExactly() {
    MctsAgent a = MctsAgent.create("uct(sims=2000,reuse=true)", c4, 1);
    a.search(c4(3));
    setVisits(a.engine().tree(), MctsEngine.MAX_TREE_VISITS - 2000, 3, 3);
    SearchResult r = a.search(c4(3, 3, 3));
    Tree t = a.engine().tree();
    assertThat(r.reusedVisits()).isEqualTo(MctsEngine.MAX_TREE_VISITS - 2000);
    assertThat(t.visits(t.root())).isEqualTo(MctsEngine.MAX_TREE_VISITS);
    // a search of the same position again would pass it: it starts afresh
    SearchResult again = a.search(c4(3, 3, 3));
    assertThat(again.reusedVisits()).isZero();
    assertThat(a.engine().tree().visits(a.engine().tree().root())).isEqualTo(2000);
  }

  @Test
  void aTimeBudgetSearchClaimsOnlyTheSimulationsBelowTheLimit() {
    // the first search is slow (5 ms per evaluation for 50 ms: a handful of simulations), so the
    // second one plans few simulations and reuses the root; it is fast, and would run thousands
    boolean[] slow = {true};
    ValueEstimator v = (s, out, ctx) -> {
      if (slow[0]) {
        try {
          Thread.sleep(5);
        } catch (InterruptedException e) {
          throw new IllegalStateException(e);
        }
      }
      RandomRollout.INSTANCE.evaluate(s, out, ctx);
    };
    MctsAgent a = MctsAgent.create("uct(time_ms=50,reuse=true)", c4, 1)
        .withKnowledge(new Knowledge(PriorPolicy.UNIFORM, v, ResampleHistory.IDENTITY));
    SearchResult first = a.search(c4(3));
    assertThat(first.simulations()).isLessThan(20);
    setVisits(a.engine().tree(), MctsEngine.MAX_TREE_VISITS - 20);
    slow[0] = false;
    SearchResult r = a.search(c4(3)); // the same position: the root is kept
    Tree t = a.engine().tree();
    assertThat(r.reusedVisits()).isEqualTo(MctsEngine.MAX_TREE_VISITS - 20);
    assertThat(r.simulations()).isEqualTo(20);
    assertThat(t.visits(t.root())).isEqualTo(MctsEngine.MAX_TREE_VISITS);
  }

  @Test
  void runSimulationsRefusesToPassTheLimit() {
    MctsAgent a = MctsAgent.create("uct(sims=200)", c4, 1);
    a.search(c4(3));
    Tree t = a.engine().tree();
    setVisits(t, MctsEngine.MAX_TREE_VISITS - 5);
    assertThatThrownBy(() -> a.engine().runSimulations(6)).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("past " + MctsEngine.MAX_TREE_VISITS);
    a.engine().runSimulations(5);
    assertThat(t.visits(t.root())).isEqualTo(MctsEngine.MAX_TREE_VISITS);
  }
}
