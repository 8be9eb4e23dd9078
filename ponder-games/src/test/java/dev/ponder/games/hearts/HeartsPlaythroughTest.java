package dev.ponder.games.hearts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.check.Playthroughs;
import dev.ponder.games.PlaythroughTensors;
import org.junit.jupiter.api.Test;

/** OpenSpiel's golden playthrough (hearts.txt) replays exactly, strings included. */
class HeartsPlaythroughTest {
  @Test
  void goldenPlaythroughReplays() {
    Playthroughs.assertReplays("hearts.txt", true);
  }

  @Test
  void historyBoundCountsChanceButDecisionBoundDoesNot() {
    Game g = GameRegistry.load("hearts");
    assertThat(g.maxDecisions()).isEqualTo(12 + 52);
    assertThat(g.maxGameLength()).isEqualTo(1 + 52 + 12 + 52);
  }

  @Test
  void tensorsMatchAlongThePlaythrough() throws Exception {
    PlaythroughTensors.Result r = PlaythroughTensors.compare("hearts.txt");
    assertThat(r.differences()).isEmpty();
    assertThat(r.compared()).isEqualTo(76);
  }
}
