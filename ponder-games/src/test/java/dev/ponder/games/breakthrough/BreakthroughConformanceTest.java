package dev.ponder.games.breakthrough;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.GameRegistry;
import dev.ponder.game.check.ConformanceKit;
import org.junit.jupiter.api.Test;

class BreakthroughConformanceTest {

  @Test
  void passesTheConformanceKit() {
    ConformanceKit.Report r = ConformanceKit.check(GameRegistry.load("breakthrough"),
        new ConformanceKit.Options().playouts(1000).seed(3).checkResample(false));
    assertThat(r.playouts()).isEqualTo(1000);
    assertThat(r.maxLength()).isLessThanOrEqualTo(209);
  }
}
