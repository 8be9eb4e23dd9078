package dev.ponder.games.hearts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.GameRegistry;
import dev.ponder.game.check.ConformanceKit;
import org.junit.jupiter.api.Test;

class HeartsConformanceTest {
  @Test
  void passesTheConformanceKit() {
    ConformanceKit.Report r = ConformanceKit.check(GameRegistry.load("hearts"),
        new ConformanceKit.Options().playouts(20).seed(3));
    assertThat(r.playouts()).isEqualTo(20);
  }
}
