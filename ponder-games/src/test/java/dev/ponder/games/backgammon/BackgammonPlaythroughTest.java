package dev.ponder.games.backgammon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.check.Playthroughs;
import dev.ponder.games.PlaythroughTensors;
import org.junit.jupiter.api.Test;

/** OpenSpiel's golden playthrough (backgammon.txt) replays exactly, strings and tensors included. */
class BackgammonPlaythroughTest {
  @Test
  void goldenPlaythroughReplays() {
    Playthroughs.assertReplays("backgammon.txt", true);
  }

  @Test
  void tensorsMatchAlongThePlaythrough() throws Exception {
    PlaythroughTensors.Result r = PlaythroughTensors.compare("backgammon.txt");
    assertThat(r.differences()).isEmpty();
    assertThat(r.compared()).isEqualTo(30);
  }
}
