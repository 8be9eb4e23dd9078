package dev.ponder.games.phantom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The phantom games' {@link State#sampleLegalAction} override (rank-select on the mover's
 * bitset of cells its view shows empty) against its definition, legal[rng.nextInt(n)], on
 * played positions, their copies and worlds resampled from them.
 */
class PhantomSampleActionTest {

  @Test
  void drawsTheIthCellTheMoverSeesEmptyAfterABump() {
    // dark_hex 3×3, classical: Black a1 (0); White tries a1, bumps into it (sees it now) and
    // moves again, b1 (1). Black sees {0} taken: 8 cells 1..8; White sees {0, 1}: 7 cells 2..8.
    State s = GameRegistry.load("dark_hex").newInitialState();
    s.applyAction(0);
    s.applyAction(0);
    assertThat(s.currentPlayer()).isEqualTo(1);
    int[] buf = new int[9];
    for (long seed = 0; seed < 200; seed++) {
      assertThat(s.sampleLegalAction(new SplittableRandom(seed), buf)).isEqualTo(new SplittableRandom(seed).nextInt(8) + 1);
    }
    s.applyAction(1);
    assertThat(s.currentPlayer()).isZero();
    for (long seed = 0; seed < 200; seed++) {
      assertThat(s.sampleLegalAction(new SplittableRandom(seed), buf)).isEqualTo(new SplittableRandom(seed).nextInt(8) + 1);
    }
    s.applyAction(1); // Black bumps into b1 and moves again: now sees {0, 1}
    for (long seed = 0; seed < 200; seed++) {
      assertThat(s.sampleLegalAction(new SplittableRandom(seed), buf)).isEqualTo(new SplittableRandom(seed).nextInt(7) + 2);
    }
  }

  @Test
  void agreesWithTheListingOnPlayedCopiedAndResampledStates() {
    SplittableRandom play = new SplittableRandom(47);
    for (String spec : new String[] {"dark_hex", "dark_hex(gameversion=adh)", "dark_hex(board_size=9)",
        "dark_hex(num_rows=2,num_cols=40)", "phantom_ttt", "phantom_ttt(gameversion=abrupt)"}) {
      Game game = GameRegistry.load(spec);
      int[] buf = new int[game.maxActionsPerState()];
      int[] scratch = new int[game.maxActionsPerState()];
      State copy = game.newInitialState();
      State world = game.newInitialState();
      for (int playout = 0; playout < 30; playout++) {
        State s = game.newInitialState();
        while (!s.isTerminal()) {
          copy.copyFrom(s);
          State[] targets = {s, copy};
          if (s.historySize() < 12 && play.nextInt(3) == 0) {
            s.resampleInto(s.currentPlayer(), play, world);
            targets = new State[] {s, copy, world};
          }
          for (State t : targets) {
            int n = t.legalActions(buf);
            long seed = play.nextLong();
            SplittableRandom byListing = new SplittableRandom(seed);
            SplittableRandom bySample = new SplittableRandom(seed);
            assertThat(t.sampleLegalAction(bySample, scratch)).as("%s history [%s]", spec, t.historyString())
                .isEqualTo(buf[byListing.nextInt(n)]);
            assertThat(bySample.nextLong()).isEqualTo(byListing.nextLong());
          }
          int n = s.legalActions(buf);
          s.applyAction(buf[play.nextInt(n)]);
        }
        assertThatThrownBy(() -> s.sampleLegalAction(new SplittableRandom(1), buf)).isInstanceOf(IllegalStateException.class);
      }
    }
  }
}
