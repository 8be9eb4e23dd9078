package dev.ponder.games.darkhex;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.check.Playthroughs;
import dev.ponder.game.check.ReplayResult;
import dev.ponder.games.testutil.PlaythroughTensors;
import org.junit.jupiter.api.Test;

/** The OpenSpiel golden playthrough replays exactly, information-state and observation strings included. */
class DarkHexPlaythroughTest {

  @Test
  void goldenPlaythroughReplays() {
    Playthroughs.assertReplays("dark_hex(num_rows=5,num_cols=3).txt", true);
    ReplayResult r = Playthroughs.replay("dark_hex(num_rows=5,num_cols=3).txt");
    assertThat(r.matches()).isTrue();
    assertThat(r.statesReplayed()).isGreaterThan(10);
  }

  @Test
  void tensorsMatchThePlaythrough() throws Exception {
    assertThat(PlaythroughTensors.assertMatch("dark_hex(num_rows=5,num_cols=3).txt")).isGreaterThan(10);
  }
}
