package dev.ponder.search.mcts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.search.SearchResult;
import org.junit.jupiter.api.Test;

/** {@link SearchResult#reusedVisits()}: the root visits a search kept from the previous tree. */
class ReusedVisitsTest {
  private final Game c4 = GameRegistry.load("connect_four");

  private static int indexOf(SearchResult r, int a) {
    return r.indexOf(a);
  }

  @Test
  void reuseKeepsTheChildsVisitsAndReportsThem() {
    for (String keying : new String[] {"tree", "transpositions"}) {
      try (MctsAgent agent = MctsAgent.create("uct(sims=600,reuse=true,keying=" + keying + ")", c4, 5)) {
        State s = c4.newInitialState();
        SearchResult first = agent.search(s);
        assertThat(first.reusedVisits()).as(keying).isZero();
        s.applyAction(first.action());
        SearchResult second = agent.search(s);
        // the new root is the node the chosen edge led to: its N is that edge's n(a) of the first search
        assertThat(second.reusedVisits()).as(keying).isEqualTo(first.visits()[indexOf(first, first.action())]).isPositive();
        assertThat(second.simulations()).as(keying).isEqualTo(600);
      }
    }
  }

  @Test
  void withoutReuseNothingIsReused() {
    try (MctsAgent agent = MctsAgent.create("uct(sims=300)", c4, 5)) {
      State s = c4.newInitialState();
      SearchResult first = agent.search(s);
      s.applyAction(first.action());
      assertThat(agent.search(s).reusedVisits()).isZero();
    }
  }
}
