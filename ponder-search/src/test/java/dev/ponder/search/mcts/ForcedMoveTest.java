package dev.ponder.search.mcts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.search.SearchResult;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** A root with one legal action is answered at once unless {@code search_forced=true}. */
class ForcedMoveTest {

  /** Tic-tac-toe after 0,4,1,2,6,3,5,7: only cell 8 is empty. */
  private static State lastCell() {
    Game ttt = GameRegistry.load("tic_tac_toe");
    State s = ttt.newInitialState();
    for (int a : new int[] {0, 4, 1, 2, 6, 3, 5, 7}) {
      s.applyAction(a);
    }
    assertThat(s.legalActions()).containsExactly(8);
    return s;
  }

  @Test
  void aForcedMoveIsAnsweredWithoutSimulations() {
    State s = lastCell();
    for (String spec : new String[] {"uct(sims=100000000)", "uct(time_ms=60000,threads=2)", "mcts_solver(sims=100000000)",
        "gumbel(sims=100000000)"}) {
      try (MctsAgent a = MctsAgent.create(spec, s.game(), 1)) {
        SearchResult r = a.search(s);
        assertThat(r.forced()).as(spec).isTrue();
        assertThat(r.simulations()).as(spec).isZero();
        assertThat(r.action()).isEqualTo(8);
        assertThat(r.actions()).containsExactly(8);
        assertThat(r.policy()).containsExactly(1.0);
        assertThat(r.prior()).containsExactly(1.0);
        assertThat(r.visits()).containsExactly(0);
        assertThat(r.principalVariation()).containsExactly(8);
        assertThat(r.q()).hasDimensions(1, 2);
        assertThat(java.util.Arrays.stream(r.q()[0]).allMatch(Double::isNaN)).isTrue();
        assertThat(r.rootValue()).hasSize(2);
        assertThat(java.util.Arrays.stream(r.rootValue()).allMatch(Double::isNaN)).isTrue();
        assertThat(r.rootProven()).isFalse();
        assertThat(r.nodes()).as(spec).isZero();
        assertThat(r.provesValues()).isEqualTo(spec.startsWith("mcts_solver"));
        assertThat(r.elapsedMs()).as(spec).isLessThan(1000.0);
        assertThat(a.selectAction(s)).isEqualTo(8);
        assertThat(a.policy(s)).containsExactly(1.0);
      }
    }
  }

  /** runSimulations continues a real search only: after a forced-move answer it is refused. */
  @Test
  void runSimulationsRefusesToContinueAForcedMoveAnswer() {
    State s = lastCell();
    Game ttt = s.game();
    try (MctsEngine e = new MctsEngine(ttt, Mechanisms.uct(1.4), Knowledge.reference(ttt), MctsConfig.ofSimulations(100), 1)) {
      e.search(ttt.newInitialState());
      e.runSimulations(10); // continues the searched initial position
      assertThat(e.search(s).forced()).isTrue();
      org.assertj.core.api.Assertions.assertThatThrownBy(() -> e.runSimulations(10))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("forced move");
      // a searched position with a choice can be continued again
      State t = ttt.newInitialState();
      t.applyAction(4);
      e.search(t);
      e.runSimulations(10);
    }
  }

  /**
   * A searched root with one action that runs 0 simulations (the reused subtree is already proven)
   * is not a forced move: only the forced-move path sets the flag.
   */
  @Test
  void aReusedProvenRootSearchedWithSearchForcedIsNotForced() {
    Game ttt = GameRegistry.load("tic_tac_toe");
    State s = ttt.newInitialState();
    for (int a : new int[] {0, 4, 1, 2, 6, 3, 5}) {
      s.applyAction(a);
    }
    // o to move with cells 7 and 8 empty; after o(7) x has only cell 8, a draw
    try (MctsAgent a = MctsAgent.create("mcts_solver(reuse=true,search_forced=true,sims=2000)", ttt, 1)) {
      SearchResult first = a.search(s);
      assertThat(first.rootProven()).isTrue();
      s.applyAction(7);
      assertThat(s.legalActions()).containsExactly(8);
      SearchResult r = a.search(s);
      assertThat(r.simulations()).isZero();
      assertThat(r.reusedVisits()).isPositive();
      assertThat(r.rootProven()).isTrue();
      assertThat(r.forced()).isFalse();
      assertThat(r.nodes()).isPositive();
    }
  }

  /**
   * A forced answer reports 0 nodes (nothing was built for it), also from an engine whose tree holds
   * an earlier search's nodes.
   */
  @Test
  void aForcedAnswerReportsNoNodesAfterAnEarlierSearch() {
    Game ttt = GameRegistry.load("tic_tac_toe");
    for (String spec : new String[] {"uct(sims=500)", "uct(sims=500,reuse=true)"}) {
      try (MctsAgent a = MctsAgent.create(spec, ttt, 1)) {
        SearchResult searched = a.search(ttt.newInitialState());
        assertThat(searched.nodes()).as(spec).isGreaterThan(100);
        SearchResult r = a.search(lastCell());
        assertThat(r.forced()).as(spec).isTrue();
        assertThat(r.nodes()).as(spec).isZero();
        assertThat(r.maxDepth()).as(spec).isZero();
        assertThat(r.reusedVisits()).as(spec).isZero();
      }
    }
  }

  @Test
  void searchForcedSpendsTheBudgetOnIt() {
    State s = lastCell();
    try (MctsAgent a = MctsAgent.create("uct(sims=300,search_forced=true)", s.game(), 1)) {
      SearchResult r = a.search(s);
      assertThat(r.forced()).isFalse();
      assertThat(r.simulations()).isEqualTo(300);
      assertThat(r.visits()).containsExactly(300);
      // x completes the diagonal 2-4-6? no: x holds 0,1,6,5 and o 4,2,3,7; x(8) ends in a draw
      assertThat(r.q()[0][0]).isEqualTo(0.0);
    }
    assertThat(MctsAgentFactory.engineParameters()).anyMatch(p -> p.name().equals("search_forced"));
    assertThat(MctsConfig.ofSimulations(5).searchForced()).isFalse();
    assertThat(MctsConfig.ofSimulations(5).withSearchForced(true).withThreads(2).searchForced()).isTrue();
  }

  /**
   * Tree reuse across a skipped decision: player 0 searches at depth 0, is forced at depth 2 (not
   * searched), and at depth 4 still finds the subtree of the first search along the moves played.
   */
  @Test
  void treeReuseFindsTheSubtreeAfterASkippedDecision() {
    SplittableRandom rng = new SplittableRandom(7);
    double[][] leaves = new double[243][];
    for (int i = 0; i < leaves.length; i++) {
      double v = rng.nextInt(3) - 1;
      leaves[i] = new double[] {v, -v};
    }
    for (boolean searchForced : new boolean[] {false, true}) {
      TreeGame g = new TreeGame(2, 3, 5, leaves, null, -1.0, 1.0).forcedAt(2);
      MctsConfig config = MctsConfig.ofSimulations(3000).withReuseTree(true).withSearchForced(searchForced);
      try (MctsAgent a = new MctsAgent(g, Mechanisms.uct(0.25), Knowledge.reference(g), config, 1)) {
        State s = g.newInitialState();
        SearchResult first = a.search(s);
        assertThat(first.simulations()).isEqualTo(3000);
        s.applyAction(first.action());
        s.applyAction(1);
        assertThat(s.legalActions()).containsExactly(0);
        SearchResult forced = a.search(s);
        assertThat(forced.forced()).isEqualTo(!searchForced);
        assertThat(forced.simulations()).isEqualTo(searchForced ? 3000 : 0);
        s.applyAction(0);
        s.applyAction(2);
        SearchResult third = a.search(s);
        assertThat(third.simulations()).isEqualTo(3000);
        // the root arrived with the visits of the earlier searches through it
        assertThat(third.totalVisits()).as("searchForced=" + searchForced).isGreaterThan(3000);
      }
    }
  }
}
