package dev.ponder.games.breakthrough;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.check.Playthroughs;
import dev.ponder.game.check.ReplayResult;
import dev.ponder.games.testutil.PlaythroughTensors;
import org.junit.jupiter.api.Test;

/** The OpenSpiel golden playthrough replays exactly, information-state and observation strings included. */
class BreakthroughPlaythroughTest {

  @Test
  void goldenPlaythroughReplays() {
    Playthroughs.assertReplays("breakthrough.txt", true);
    ReplayResult r = Playthroughs.replay("breakthrough.txt");
    assertThat(r.matches()).isTrue();
    assertThat(r.statesReplayed()).isGreaterThan(10);
  }

  @Test
  void tensorsMatchThePlaythrough() throws Exception {
    assertThat(PlaythroughTensors.assertMatch("breakthrough.txt")).isGreaterThan(10);
  }
}
