package dev.ponder.games.hex;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Hex's {@link State#sampleLegalAction} override against its definition, legal[rng.nextInt(n)]. */
class HexSampleActionTest {

  @Test
  void drawsTheIthEmptyCellOfAHandPosition() {
    // 11×11: stones on a1, b1, c1 (cells 0-2) and j6 (cell 64: row 5, column 9): 117 empty cells,
    // in order 3..63 (ranks 0..60), then 65..120 (ranks 61..116)
    State s = GameRegistry.load("hex").newInitialState();
    for (int a : new int[] {0, 1, 2, 64}) {
      s.applyAction(a);
    }
    int[] buf = new int[121];
    boolean[] ranksSeen = new boolean[117];
    for (long seed = 0; seed < 3000; seed++) {
      int rank = new SplittableRandom(seed).nextInt(117);
      ranksSeen[rank] = true;
      int expected = rank <= 60 ? rank + 3 : rank + 4;
      SplittableRandom rng = new SplittableRandom(seed);
      assertThat(s.sampleLegalAction(rng, buf)).as("seed %d, rank %d", seed, rank).isEqualTo(expected);
      SplittableRandom twin = new SplittableRandom(seed);
      twin.nextInt(117);
      assertThat(rng.nextLong()).isEqualTo(twin.nextLong());
    }
    // the seeds covered both words' edges: ranks 0, 60, 61 (across cell 64) and 116
    assertThat(ranksSeen[0] && ranksSeen[60] && ranksSeen[61] && ranksSeen[116]).isTrue();
  }

  @Test
  void theSwapActionIsTheLastRankWhileAvailable() {
    // 5×5 with swap after Black's c3 (cell 12): 24 empty cells and swap (action 25) listed last
    State s = GameRegistry.load("hex(board_size=5,swap=true)").newInitialState();
    s.applyAction(12);
    int[] buf = new int[26];
    int swaps = 0;
    for (long seed = 0; seed < 500; seed++) {
      int rank = new SplittableRandom(seed).nextInt(25);
      int expected = rank == 24 ? 25 : rank < 12 ? rank : rank + 1;
      assertThat(s.sampleLegalAction(new SplittableRandom(seed), buf)).isEqualTo(expected);
      swaps += rank == 24 ? 1 : 0;
    }
    assertThat(swaps).isPositive();
    // after the swap: a White stone on the mirrored cell c3 (the diagonal) and no swap any more
    s.applyAction(25);
    for (long seed = 0; seed < 200; seed++) {
      int rank = new SplittableRandom(seed).nextInt(24);
      assertThat(s.sampleLegalAction(new SplittableRandom(seed), buf)).isEqualTo(rank < 12 ? rank : rank + 1);
    }
  }

  @Test
  void agreesWithTheListingAtRandomPositionsOfManyBoards() {
    String[] specs = {"hex(board_size=1)", "hex(board_size=2)", "hex(board_size=5)", "hex",
        "hex(board_size=19)", "hex(num_rows=3,num_cols=70)", "hex(board_size=4,swap=true)",
        "hex(board_size=11,swap=true)", "hex(board_size=9,swap=true)"};
    SplittableRandom play = new SplittableRandom(41);
    long draws = 0;
    long swapDraws = 0;
    for (String spec : specs) {
      Game game = GameRegistry.load(spec);
      int[] buf = new int[game.maxActionsPerState()];
      int[] scratch = new int[game.maxActionsPerState()];
      State copy = game.newInitialState();
      for (int playout = 0; playout < 60; playout++) {
        State s = game.newInitialState();
        while (!s.isTerminal()) {
          int n = s.legalActions(buf);
          // on the state itself and on a reused copy (copyFrom must carry the empty count)
          copy.copyFrom(s);
          for (State t : new State[] {s, copy}) {
            for (int d = 0; d < 3; d++) {
              long seed = play.nextLong();
              SplittableRandom byListing = new SplittableRandom(seed);
              SplittableRandom bySample = new SplittableRandom(seed);
              int expected = buf[byListing.nextInt(n)];
              assertThat(t.sampleLegalAction(bySample, scratch)).as("%s history [%s]", spec, s.historyString())
                  .isEqualTo(expected);
              assertThat(bySample.nextLong()).isEqualTo(byListing.nextLong());
              draws++;
              swapDraws += expected == game.numDistinctActions() - 1 && game.params().getBool("swap") ? 1 : 0;
            }
          }
          s.applyAction(buf[play.nextInt(n)]);
        }
        assertThatThrownBy(() -> s.sampleLegalAction(new SplittableRandom(1), buf))
            .isInstanceOf(IllegalStateException.class).hasMessageContaining("terminal");
      }
    }
    assertThat(draws).isGreaterThan(20_000);
    assertThat(swapDraws).isPositive();
  }

  @Test
  void playoutsThroughTheOverrideMatchPlayoutsThroughTheListing() {
    // whole games: the same seed gives the same game either way
    for (String spec : new String[] {"hex", "hex(board_size=7,swap=true)"}) {
      Game game = GameRegistry.load(spec);
      int[] buf = new int[game.maxActionsPerState()];
      for (long seed = 0; seed < 40; seed++) {
        State a = game.newInitialState();
        State b = game.newInitialState();
        SplittableRandom ra = new SplittableRandom(seed);
        SplittableRandom rb = new SplittableRandom(seed);
        while (!a.isTerminal()) {
          a.applyActionUnchecked(a.sampleLegalAction(ra, buf));
          int n = b.legalActions(buf);
          b.applyActionUnchecked(buf[rb.nextInt(n)]);
        }
        assertThat(Arrays.equals(a.history(), b.history())).as("%s seed %d", spec, seed).isTrue();
      }
    }
  }
}
