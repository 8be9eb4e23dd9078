package dev.ponder.games.hex;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.check.Playthroughs;
import dev.ponder.game.check.ReplayResult;
import dev.ponder.games.testutil.PlaythroughTensors;
import org.junit.jupiter.api.Test;

/** The OpenSpiel golden playthrough replays exactly, information-state and observation strings included. */
class HexPlaythroughTest {

  @Test
  void goldenPlaythroughReplays() {
    Playthroughs.assertReplays("hex(board_size=5).txt", true);
    ReplayResult r = Playthroughs.replay("hex(board_size=5).txt");
    assertThat(r.matches()).isTrue();
    assertThat(r.statesReplayed()).isGreaterThan(10);
  }

  @Test
  void tensorsMatchThePlaythrough() throws Exception {
    assertThat(PlaythroughTensors.assertMatch("hex(board_size=5).txt")).isGreaterThan(10);
  }
}
