package dev.ponder.games.phantom;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.search.mcts.MctsAgent;
import org.junit.jupiter.api.Test;

/**
 * A search with several threads draws once from the searched state before its workers copy it, so
 * that the resampling counts a phantom-game state keeps are built once and copied to every worker:
 * when it expands a new root, and when it reuses a root already expanded (no expansion then). In
 * this package to read the counts' mode ({@link PhantomState#resampleMode}).
 */
class ReusedRootCountsTest {

  @Test
  void aReusedExpandedRootHasItsCountsBuiltOnTheSearchedState() {
    for (String name : new String[] {"phantom_ttt", "dark_hex(num_rows=3,num_cols=3)"}) {
      Game g = GameRegistry.load(name);
      State s = g.newInitialState();
      s.applyAction(4);
      s.applyAction(0);
      int p = s.currentPlayer();
      try (MctsAgent m = MctsAgent.create("uct(sims=400,reuse=true,threads=2)", g, 5)) {
        PhantomState first = (PhantomState) s.copy();
        assertThat(first.resampleMode(p)).isNull();
        m.search(first); // a new root: expanded in a world drawn from the searched state
        assertThat(first.resampleMode(p)).as(name).isNotNull();
        PhantomState again = (PhantomState) s.copy(); // no counts: s never drew
        assertThat(again.resampleMode(p)).isNull();
        m.search(again); // the same information state: the root is reused, already expanded
        assertThat(m.lastResult().reusedVisits()).as(name).isPositive();
        assertThat(again.resampleMode(p)).as(name + ": counts built on the searched state, for every worker's copy")
            .isNotNull();
      }
      // one thread draws from the searched state itself at every simulation: nothing to add
      try (MctsAgent m = MctsAgent.create("uct(sims=50,reuse=true)", g, 5)) {
        PhantomState one = (PhantomState) s.copy();
        m.search(one);
        assertThat(one.resampleMode(p)).isNotNull();
      }
    }
  }
}
