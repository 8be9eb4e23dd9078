package dev.ponder.games.backgammon;

import dev.ponder.game.check.Playthroughs;
import org.junit.jupiter.api.Test;

/** OpenSpiel's golden playthrough (backgammon.txt) replays exactly, strings and tensors included. */
class BackgammonPlaythroughTest {
  @Test
  void goldenPlaythroughReplays() {
    Playthroughs.assertReplays("backgammon.txt", true);
  }
}
