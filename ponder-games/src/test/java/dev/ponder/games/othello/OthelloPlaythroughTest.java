package dev.ponder.games.othello;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.check.Playthroughs;
import dev.ponder.game.check.ReplayResult;
import dev.ponder.games.testutil.PlaythroughTensors;
import org.junit.jupiter.api.Test;

/** The OpenSpiel golden playthrough replays exactly, information-state and observation strings included. */
class OthelloPlaythroughTest {

  @Test
  void goldenPlaythroughReplays() {
    Playthroughs.assertReplays("othello.txt", true);
    ReplayResult r = Playthroughs.replay("othello.txt");
    assertThat(r.matches()).isTrue();
    assertThat(r.statesReplayed()).isGreaterThan(10);
  }

  @Test
  void tensorsMatchThePlaythrough() throws Exception {
    assertThat(PlaythroughTensors.assertMatch("othello.txt")).isGreaterThan(10);
  }
}
