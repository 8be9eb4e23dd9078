package dev.ponder.games.backgammon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.GameRegistry;
import dev.ponder.game.check.ConformanceKit;
import org.junit.jupiter.api.Test;

/**
 * The conformance kit on backgammon. Few playouts: a game is about 200 actions with up to a few
 * hundred legal actions each, and the kit checks every action string and replays the match
 * record at every state; BackgammonTest adds 300 cheaper random games.
 */
class BackgammonConformanceTest {
  @Test
  void passesTheConformanceKit() {
    ConformanceKit.Report r = ConformanceKit.check(GameRegistry.load("backgammon"),
        new ConformanceKit.Options().playouts(1000).seed(3));
    assertThat(r.playouts()).isEqualTo(1000);
  }

  @Test
  void hyperBackgammonWithFullScoringPassesTheKit() {
    ConformanceKit.Report r = ConformanceKit.check(GameRegistry.load("backgammon(hyper_backgammon=true,scoring_type=full_scoring)"),
        new ConformanceKit.Options().playouts(300).seed(4));
    assertThat(r.playouts()).isEqualTo(300);
  }
}
