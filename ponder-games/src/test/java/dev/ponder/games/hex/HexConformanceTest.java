package dev.ponder.games.hex;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.GameRegistry;
import dev.ponder.game.check.ConformanceKit;
import org.junit.jupiter.api.Test;

class HexConformanceTest {

  // Fewer than 1,000 playouts to keep the suite's CPU time low: the kit's per-state checks
  // (copies, record round trips, strings) grow with game length, and phantom_ttt checks resample
  // at every node; the smaller boards and variants run 1,000.
  @Test
  void passesTheConformanceKit() {
    ConformanceKit.Report r = ConformanceKit.check(GameRegistry.load("hex"),
        new ConformanceKit.Options().playouts(100).seed(3).checkResample(false));
    assertThat(r.playouts()).isEqualTo(100);
    assertThat(r.maxLength()).isLessThanOrEqualTo(121);
  }
}
