package dev.ponder.games.goofspiel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.check.Playthroughs;
import dev.ponder.games.PlaythroughTensors;
import org.junit.jupiter.api.Test;

/** OpenSpiel's golden playthrough (goofspiel_turn_based.txt) replays exactly, strings and tensors included. */
class GoofspielPlaythroughTest {
  @Test
  void goldenPlaythroughReplays() {
    Playthroughs.assertReplays("goofspiel_turn_based.txt", true);
  }

  @Test
  void tensorsMatchAlongThePlaythrough() throws Exception {
    PlaythroughTensors.Result r = PlaythroughTensors.compare("goofspiel_turn_based.txt");
    assertThat(r.differences()).isEmpty();
    assertThat(r.compared()).isEqualTo(28);
  }
}
