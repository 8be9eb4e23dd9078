package dev.ponder.games.darkhex;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.GameRegistry;
import dev.ponder.game.check.ConformanceKit;
import org.junit.jupiter.api.Test;

class DarkHexConformanceTest {

  // 500 playouts: resample is checked at every decision node for both players (exact counting).
  @Test
  void passesTheConformanceKit() {
    ConformanceKit.Report r = ConformanceKit.check(GameRegistry.load("dark_hex"),
        new ConformanceKit.Options().playouts(500).seed(3).checkResample(true));
    assertThat(r.playouts()).isEqualTo(500);
    assertThat(r.maxLength()).isLessThanOrEqualTo(17);
  }
}
