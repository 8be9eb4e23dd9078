package dev.ponder.search.mcts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.search.SearchResult;
import org.junit.jupiter.api.Test;

/** The principal variation carries, per move, the visits and the mover's Q of the edge taken. */
class PrincipalVariationVisitsTest {

  private static State position(Game g, int... history) {
    State s = g.newInitialState();
    for (int a : history) {
      s.applyAction(a);
    }
    return s;
  }

  /** The child of node {@code e} reached by {@code action}, or −1. */
  private static int child(Tree t, int e, int action) {
    for (int i = 0; i < t.numChildren(e); i++) {
      if (t.action(t.firstChild(e) + i) == action) {
        return t.firstChild(e) + i;
      }
    }
    return -1;
  }

  @Test
  void treeKeyingVisitsAndQAreThoseOfTheEdgesOnTheLine() {
    Game ttt = GameRegistry.load("tic_tac_toe");
    Game pig = GameRegistry.load("pig");
    Object[][] cases = {{ttt, position(ttt, 0, 3, 1), "puct(sims=200)"}, {ttt, ttt.newInitialState(), "uct(sims=3000)"},
        {pig, pig.newInitialState(), "uct(sims=500)"}};
    for (Object[] c : cases) {
      State root = (State) c[1];
      String spec = (String) c[2];
      try (MctsAgent a = MctsAgent.create(spec, (Game) c[0], 1)) {
        SearchResult r = a.search(root);
        int[] pv = r.principalVariation();
        int[] n = r.principalVariationVisits();
        double[] q = r.principalVariationQ();
        assertThat(pv.length).as(spec).isGreaterThan(1);
        assertThat(n).as(spec).hasSize(pv.length);
        assertThat(q).as(spec).hasSize(pv.length);
        int chosen = r.indexOf(r.action());
        assertThat(n[0]).as(spec + ": the chosen action's visits column").isEqualTo(r.visits()[chosen]);
        assertThat(q[0]).as(spec + ": the chosen action's Q for the mover").isEqualTo(r.q()[chosen][r.player()]);
        Tree t = a.engine().tree();
        int e = t.root();
        State s = root.copy();
        for (int i = 0; i < pv.length; i++) {
          int mover = s.currentPlayer();
          int c2 = child(t, e, pv[i]);
          assertThat(c2).as(spec + ": move " + i + " is an edge of the tree").isGreaterThanOrEqualTo(0);
          assertThat(n[i]).as(spec + ": visits of move " + i).isEqualTo(t.visits(c2)).isPositive();
          if (i > 0) {
            assertThat(n[i]).as(spec + ": visits of move " + i + " at most those before").isLessThanOrEqualTo(n[i - 1]);
          }
          if (s.isChanceNode()) {
            assertThat(q[i]).as(spec + ": a chance outcome has no mover's Q").isNaN();
          } else {
            assertThat(q[i]).as(spec + ": Q of move " + i).isEqualTo(t.valueSum(c2, mover) / t.visits(c2));
          }
          s.applyAction(pv[i]);
          e = c2;
        }
      }
    }
  }

  @Test
  void transpositionsAndInformationStatesGiveOneEntryPerMove() {
    Game c4 = GameRegistry.load("connect_four");
    try (MctsAgent a = MctsAgent.create("uct(sims=2000,keying=transpositions)", c4, 3)) {
      SearchResult r = a.search(c4.newInitialState());
      assertThat(r.principalVariation().length).isGreaterThan(1);
      assertThat(r.principalVariationVisits()).hasSize(r.principalVariation().length);
      assertThat(r.principalVariationQ()).hasSize(r.principalVariation().length);
      assertThat(r.principalVariationVisits()[0]).isEqualTo(r.visits()[r.indexOf(r.action())]);
      for (int v : r.principalVariationVisits()) {
        assertThat(v).isPositive();
      }
    }
    Game phantom = GameRegistry.load("phantom_ttt");
    try (MctsAgent a = MctsAgent.create("uct(sims=500)", phantom, 1)) {
      SearchResult r = a.search(phantom.newInitialState());
      assertThat(r.principalVariation()).containsExactly(r.action());
      assertThat(r.principalVariationVisits()).containsExactly(r.visits()[r.indexOf(r.action())]);
      assertThat(r.principalVariationQ()).containsExactly(r.q()[r.indexOf(r.action())][r.player()]);
    }
  }

  @Test
  void aForcedMoveHasNoVisitsAndAnOldConstructorMarksThemUnknown() {
    Game ttt = GameRegistry.load("tic_tac_toe");
    State s = position(ttt, 0, 4, 1, 2, 6, 3, 5, 7);
    try (MctsAgent a = MctsAgent.create("uct(sims=100)", ttt, 1)) {
      SearchResult r = a.search(s);
      assertThat(r.forced()).isTrue();
      assertThat(r.principalVariationVisits()).containsExactly(0);
      assertThat(r.principalVariationQ()[0]).isNaN();
    }
    SearchResult old = new SearchResult(0, 4, new int[] {3, 4}, new double[] {0.5, 0.5}, new int[] {1, 1},
        new double[][] {{0, 0}, {0, 0}}, new double[] {0.5, 0.5}, new double[] {0, 0}, new int[] {4, 5}, 2, 3, 1, 0.0, 36.0);
    assertThat(old.principalVariationVisits()).containsExactly(-1, -1);
    assertThat(old.principalVariationQ()).containsExactly(Double.NaN, Double.NaN);
  }
}
