package dev.ponder.search.mcts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.search.SearchResult;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** A search result printed from a program of one's own shows its statistics, not array addresses. */
class SearchResultToStringTest {

  @Test
  void arraysArePrintedByContent() {
    Game game = GameRegistry.load("tic_tac_toe");
    SearchResult r;
    try (MctsAgent a = MctsAgent.create("uct(sims=200)", game, 1L)) {
      r = a.search(game.stateFromHistory(new int[] {0, 3, 1, 4}));   // x to move wins at 2
    }
    assertThat(r.toString())
        .startsWith("SearchResult[player=0, action=" + r.action() + ", actions=[2, 5, 6, 7, 8], policy="
            + Arrays.toString(r.policy()) + ", visits=" + Arrays.toString(r.visits()) + ", q=" + Arrays.deepToString(r.q()))
        .contains(", principalVariation=" + Arrays.toString(r.principalVariation()) + ", ")
        .contains(", simulations=200, ")
        .endsWith(", provenValue=null, rootProvenValue=null, reusedVisits=0, forced=false]")
        .doesNotContain("[D@").doesNotContain("[I@").doesNotContain("[[D@");
  }
}
