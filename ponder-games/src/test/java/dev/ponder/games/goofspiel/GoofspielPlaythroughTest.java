package dev.ponder.games.goofspiel;

import dev.ponder.game.check.Playthroughs;
import org.junit.jupiter.api.Test;

/** OpenSpiel's golden playthrough (goofspiel_turn_based.txt) replays exactly, strings and tensors included. */
class GoofspielPlaythroughTest {
  @Test
  void goldenPlaythroughReplays() {
    Playthroughs.assertReplays("goofspiel_turn_based.txt", true);
  }
}
