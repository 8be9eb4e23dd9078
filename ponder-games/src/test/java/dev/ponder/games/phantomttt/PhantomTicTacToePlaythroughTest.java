package dev.ponder.games.phantomttt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.check.Playthroughs;
import dev.ponder.game.check.ReplayResult;
import dev.ponder.games.testutil.PlaythroughTensors;
import org.junit.jupiter.api.Test;

/** The OpenSpiel golden playthrough replays exactly, information-state and observation strings included. */
class PhantomTicTacToePlaythroughTest {

  @Test
  void goldenPlaythroughReplays() {
    Playthroughs.assertReplays("phantom_ttt.txt", true);
    ReplayResult r = Playthroughs.replay("phantom_ttt.txt");
    assertThat(r.matches()).isTrue();
    assertThat(r.statesReplayed()).isGreaterThan(10);
  }

  @Test
  void tensorsMatchThePlaythrough() throws Exception {
    assertThat(PlaythroughTensors.assertMatch("phantom_ttt.txt")).isGreaterThan(10);
  }
}
