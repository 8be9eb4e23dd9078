package dev.ponder.games.hex;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.GameRegistry;
import dev.ponder.game.check.ConformanceKit;
import org.junit.jupiter.api.Test;

class HexConformanceTest {

  // Fewer than 1,000 playouts: the kit replays each history from its record at every state
  // (quadratic in game length) and checks resample everywhere; the smaller variants run 1,000.
  @Test
  void passesTheConformanceKit() {
    ConformanceKit.Report r = ConformanceKit.check(GameRegistry.load("hex"),
        new ConformanceKit.Options().playouts(100).seed(3).checkResample(false));
    assertThat(r.playouts()).isEqualTo(100);
    assertThat(r.maxLength()).isLessThanOrEqualTo(121);
  }
}
