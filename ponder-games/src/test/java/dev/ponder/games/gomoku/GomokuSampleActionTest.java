package dev.ponder.games.gomoku;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Gomoku's {@link State#sampleLegalAction} override against its definition, legal[rng.nextInt(n)]. */
class GomokuSampleActionTest {

  @Test
  void drawsTheIthEmptyCellOfAHandPosition() {
    // 15×15 (225 cells): stones on cells 0, 63, 64 and 224 leave 221 empty cells: 1..62 (ranks
    // 0..61), 65..223 (ranks 62..220)
    State s = GameRegistry.load("gomoku").newInitialState();
    for (int a : new int[] {0, 63, 64, 224}) {
      s.applyAction(a);
    }
    int[] buf = new int[225];
    for (long seed = 0; seed < 2000; seed++) {
      int rank = new SplittableRandom(seed).nextInt(221);
      assertThat(s.sampleLegalAction(new SplittableRandom(seed), buf)).isEqualTo(rank <= 61 ? rank + 1 : rank + 3);
    }
  }

  @Test
  void agreesWithTheListingAtRandomPositionsIncludingAfterUndo() {
    SplittableRandom play = new SplittableRandom(43);
    for (String spec : new String[] {"gomoku", "gomoku(size=6,connect=4,wrap=true)", "gomoku(size=4,dims=3,connect=3,anti=true)",
        "gomoku(size=3,connect=3)"}) {
      Game game = GameRegistry.load(spec);
      int[] buf = new int[game.maxActionsPerState()];
      int[] scratch = new int[game.maxActionsPerState()];
      for (int playout = 0; playout < 40; playout++) {
        State s = game.newInitialState();
        while (!s.isTerminal()) {
          int n = s.legalActions(buf);
          long seed = play.nextLong();
          SplittableRandom byListing = new SplittableRandom(seed);
          SplittableRandom bySample = new SplittableRandom(seed);
          assertThat(s.sampleLegalAction(bySample, scratch)).as("%s history [%s]", spec, s.historyString())
              .isEqualTo(buf[byListing.nextInt(n)]);
          assertThat(bySample.nextLong()).isEqualTo(byListing.nextLong());
          int a = buf[play.nextInt(n)];
          if (play.nextInt(5) == 0) {
            // a move taken back must give its cell back to the draw
            s.applyAction(a);
            s.undoAction(a);
            assertThat(s.sampleLegalAction(new SplittableRandom(seed), scratch)).isEqualTo(buf[new SplittableRandom(seed).nextInt(n)]);
          }
          s.applyAction(a);
        }
        assertThatThrownBy(() -> s.sampleLegalAction(new SplittableRandom(1), buf)).isInstanceOf(IllegalStateException.class);
      }
    }
  }
}
