package dev.ponder.games.dotsandboxes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.games.dotsandboxes.DotsAndBoxes.DotsAndBoxesState;
import java.util.SplittableRandom;
import dev.ponder.game.check.ConformanceKit;
import dev.ponder.game.check.Playthroughs;
import org.junit.jupiter.api.Test;

class DotsAndBoxesTest {
  private final DotsAndBoxes game = (DotsAndBoxes) GameRegistry.load("dots_and_boxes");

  @Test
  void actionNumberingAndStringsFollowOpenSpiel() {
    State s = game.newInitialState();
    assertThat(game.horizontal(2, 1)).isEqualTo(5);
    assertThat(game.vertical(0, 0)).isEqualTo(6);
    assertThat(game.vertical(1, 2)).isEqualTo(11);
    assertThat(s.actionToString(0, 10)).isEqualTo("P1(v,1,1)");
    assertThat(s.actionToString(1, 1)).isEqualTo("P2(h,0,1)");
  }

  @Test
  void completingABoxScoresAndKeepsTheTurn() {
    DotsAndBoxesState s = (DotsAndBoxesState) game.newInitialState();
    s.applyAction(game.horizontal(0, 0)); // P1
    s.applyAction(game.horizontal(1, 0)); // P2
    s.applyAction(game.vertical(0, 0)); // P1
    assertThat(s.currentPlayer()).isEqualTo(1);
    s.applyAction(game.vertical(0, 1)); // P2 closes box (0,0)
    assertThat(s.points(1)).isEqualTo(1);
    assertThat(s.boxOwner(0, 0)).isEqualTo(1);
    assertThat(s.currentPlayer()).isEqualTo(1);
    s.applyAction(game.vertical(1, 2)); // P2 again, no box: turn passes
    assertThat(s.currentPlayer()).isEqualTo(0);
    assertThat(s.toString()).isEqualTo("┌───┬╴ ╶┐\n│ 2 │    \n├───┼╴ ╶┤\n        │\n└╴ ╶┴╴ ╶┘\n");
  }

  @Test
  void oneLineCanCloseTwoBoxes() {
    DotsAndBoxesState s = (DotsAndBoxesState) game.newInitialState();
    int[] setup = {game.horizontal(0, 0), game.horizontal(1, 0), game.vertical(0, 0),
        game.horizontal(0, 1), game.horizontal(1, 1), game.vertical(0, 2)};
    for (int a : setup) {
      s.applyAction(a);
    }
    assertThat(s.currentPlayer()).isEqualTo(0);
    assertThat(s.points(0) + s.points(1)).isZero();
    long before = s.hash();
    s.applyAction(game.vertical(0, 1)); // shared side of boxes (0,0) and (0,1)
    assertThat(s.points(0)).isEqualTo(2);
    assertThat(s.currentPlayer()).isEqualTo(0);
    s.undoAction(game.vertical(0, 1));
    assertThat(s.points(0)).isZero();
    assertThat(s.currentPlayer()).isEqualTo(0);
    assertThat(s.hash()).isEqualTo(before);
  }

  @Test
  void returnsAreWinLossOrMargin() {
    // Hand-checked: after these 12 lines player 0 (P1) owns all four boxes.
    int[] moves = {10, 1, 8, 11, 9, 3, 5, 0, 2, 7, 6, 4};
    for (String spec : new String[] {"dots_and_boxes", "dots_and_boxes(utility_margin=true)"}) {
      DotsAndBoxes g = (DotsAndBoxes) GameRegistry.load(spec);
      DotsAndBoxesState s = (DotsAndBoxesState) g.newInitialState();
      for (int a : moves) {
        assertThat(s.isTerminal()).isFalse();
        s.applyAction(a);
      }
      assertThat(s.isTerminal()).isTrue();
      assertThat(s.points(0)).isEqualTo(4);
      boolean margin = spec.contains("margin");
      assertThat(s.returns()).containsExactly(margin ? 4.0 : 1.0, margin ? -4.0 : -1.0);
      assertThat(g.maxUtility()).isEqualTo(margin ? 4.0 : 1.0);
    }
    // In action order the boxes split 2-2: a tie returns 0 to both.
    DotsAndBoxesState tie = (DotsAndBoxesState) game.newInitialState();
    for (int a = 0; a < 12; a++) {
      tie.applyAction(a);
    }
    assertThat(tie.points(0)).isEqualTo(2);
    assertThat(tie.returns()).containsExactly(0.0, 0.0);
  }

  @Test
  void undoRestoresEverythingOverRandomGames() {
    DotsAndBoxes g = (DotsAndBoxes) GameRegistry.load("dots_and_boxes(num_rows=3,num_cols=4)");
    SplittableRandom rng = new SplittableRandom(11);
    for (int game = 0; game < 100; game++) {
      DotsAndBoxesState s = (DotsAndBoxesState) g.newInitialState();
      java.util.List<String> boards = new java.util.ArrayList<>();
      java.util.List<Long> hashes = new java.util.ArrayList<>();
      java.util.List<Integer> players = new java.util.ArrayList<>();
      while (!s.isTerminal()) {
        boards.add(s.toString());
        hashes.add(s.hash());
        players.add(s.currentPlayer());
        int[] legal = s.legalActions();
        s.applyAction(legal[rng.nextInt(legal.length)]);
      }
      assertThat(s.points(0) + s.points(1)).isEqualTo(12);
      int[] history = s.history();
      for (int i = history.length - 1; i >= 0; i--) {
        s.undoAction(history[i]);
        assertThat(s.toString()).isEqualTo(boards.get(i));
        assertThat(s.hash()).isEqualTo(hashes.get(i));
        assertThat(s.currentPlayer()).isEqualTo(players.get(i));
      }
    }
  }

  @Test
  void replaysTheOpenSpielPlaythrough() {
    Playthroughs.assertReplays("dots_and_boxes.txt", true);
  }

  @Test
  void passesTheConformanceKit() {
    ConformanceKit.Report r = ConformanceKit.check(GameRegistry.load("dots_and_boxes"),
        new ConformanceKit.Options().playouts(1000).seed(1));
    assertThat(r.playouts()).isEqualTo(1000);
  }
}
