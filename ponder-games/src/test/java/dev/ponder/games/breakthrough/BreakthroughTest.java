package dev.ponder.games.breakthrough;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.games.testutil.Perft;
import org.junit.jupiter.api.Test;

class BreakthroughTest {

  @Test
  void openingMoveCountsFollowFromTheRules() {
    // At the start only the front row can move (the back row is blocked by its own pieces: the
    // cell ahead and both forward diagonals hold friendly pieces). A front-row piece may step
    // straight or diagonally onto the empty row ahead: 3 moves, except the two edge pieces which
    // lack one diagonal: 2 moves. So a board with c columns has 3c - 2 opening moves:
    // 8 columns -> 22, 6 -> 16, 4 -> 10 (one row each for boards under 6 rows, same count).
    assertThat(GameRegistry.load("breakthrough").newInitialState().legalActions()).hasSize(22);
    assertThat(GameRegistry.load("breakthrough(rows=6,columns=6)").newInitialState().legalActions()).hasSize(16);
    assertThat(GameRegistry.load("breakthrough(rows=5,columns=4)").newInitialState().legalActions()).hasSize(10);
    // depth 2: any of Black's 22 moves leaves White's front row untouched (the armies are 4 rows
    // apart), so White also has 22 replies: 22 * 22 = 484
    assertThat(Perft.paths(GameRegistry.load("breakthrough").newInitialState(), 2)).isEqualTo(484);
  }

  @Test
  void captureIsDiagonalOnlyAndReachingTheLastRowWins() {
    State s = GameRegistry.load("breakthrough(rows=4,columns=2)").newInitialState();
    // 4x2 board, one row each: black a4 b4, white a1 b1
    assertThat(s.toString()).isEqualTo("4bb\n3..\n2..\n1ww\n ab\n");
    s.applyAction(s.stringToAction("a4a3"));
    s.applyAction(s.stringToAction("b1b2"));
    // black a3 faces white b2 diagonally: capture available as a3b2*, straight a3a2 also legal
    assertThat(actionStrings(s)).contains("a3b2*", "a3a2").doesNotContain("a3b2");
    s.applyAction(s.stringToAction("a3a2"));
    // white a1 is blocked (black a2 ahead, own b2 diagonal); b2 moves up or up-left only
    assertThat(actionStrings(s)).containsExactly("b2a3", "b2b3");
    s.applyAction(s.stringToAction("b2b3"));
    // b1 is empty now (its piece went b1-b2-b3): a2b1 reaches the last row and wins
    s.applyAction(s.stringToAction("a2b1"));
    assertThat(s.isTerminal()).isTrue();
    assertThat(s.returns()).containsExactly(1.0, -1.0);
  }

  @Test
  void zobristHashIsTranspositionInvariantAndUndoRestoresIt() {
    State a = GameRegistry.load("breakthrough").newInitialState();
    State b = GameRegistry.load("breakthrough").newInitialState();
    long h0 = a.hash();
    for (String m : new String[] {"a7a6", "a2a3", "h7h6", "h2h3"}) {
      a.applyAction(a.stringToAction(m));
    }
    for (String m : new String[] {"h7h6", "h2h3", "a7a6", "a2a3"}) {
      b.applyAction(b.stringToAction(m));
    }
    assertThat(a.hash()).isEqualTo(b.hash());
    assertThat(a.hash()).isNotEqualTo(h0);
    for (int i = 3; i >= 0; i--) {
      a.undoAction(a.historyAt(i));
    }
    assertThat(a.hash()).isEqualTo(h0);
    assertThat(a.toString()).isEqualTo(GameRegistry.load("breakthrough").newInitialState().toString());
  }

  @Test
  void ranksAreDecimalNumbersOnBoardsOfTenRowsAndMore() {
    State s = GameRegistry.load("breakthrough(rows=10,columns=2)").newInitialState();
    // 10 rows: two rows each, Black on ranks 10 and 9 (top), White on 2 and 1; one-digit ranks
    // and the file line get a space so that the columns line up under the two-digit rank
    assertThat(s.toString()).isEqualTo(
        "10bb\n 9bb\n 8..\n 7..\n 6..\n 5..\n 4..\n 3..\n 2ww\n 1ww\n  ab\n");
    assertThat(actionStrings(s)).containsExactly("a9a8", "a9b8", "b9a8", "b9b8");
    s.applyAction(s.stringToAction("a9a8"));
    s.applyAction(s.stringToAction("a2a3"));
    // a9 is empty now: the a10 piece steps into it, straight or from b10 diagonally
    assertThat(actionStrings(s)).contains("a10a9", "b10a9");
    s.applyAction(s.stringToAction("b10a9"));
    assertThat(s.toString()).startsWith("10b.\n 9bb\n 8b.\n");
  }

  @Test
  void everyMoveOfTheLargestBoardReadsAsFileLetterAndDecimalRank() {
    State s = GameRegistry.load("breakthrough(rows=99,columns=3)").newInitialState();
    java.util.regex.Pattern move = java.util.regex.Pattern.compile("[a-c]([1-9][0-9]?)[a-c]([1-9][0-9]?)\\*?");
    // Black's front row is rank 98 (rows 99 and 98 from the top), White's rank 2
    assertThat(actionStrings(s)).containsExactly("a98a97", "a98b97", "b98a97", "b98b97", "b98c97", "c98b97",
        "c98c97");
    java.util.SplittableRandom rng = new java.util.SplittableRandom(7);
    int moves = 0;
    while (!s.isTerminal()) {
      for (int a : s.legalActions()) {
        String text = s.actionToString(a);
        java.util.regex.Matcher m = move.matcher(text);
        assertThat(m.matches()).as("move %s", text).isTrue();
        int from = Integer.parseInt(m.group(1));
        int to = Integer.parseInt(m.group(2));
        assertThat(to - from).as("move %s", text).isEqualTo(s.currentPlayer() == 0 ? -1 : 1);
        assertThat(s.stringToAction(text)).isEqualTo(a);
      }
      int[] legal = s.legalActions();
      s.applyAction(legal[rng.nextInt(legal.length)]);
      moves++;
    }
    // the armies start 95 empty rows apart: no game ends before 95 moves
    assertThat(moves).isGreaterThan(95);
    assertThat(s.toString()).startsWith("99").contains("\n 9").endsWith("\n  abc\n");
  }

  private static java.util.List<String> actionStrings(State s) {
    java.util.List<String> out = new java.util.ArrayList<>();
    for (int a : s.legalActions()) {
      out.add(s.actionToString(a));
    }
    return out;
  }
}
