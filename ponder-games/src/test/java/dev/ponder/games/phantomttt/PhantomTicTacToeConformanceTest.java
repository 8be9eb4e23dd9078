package dev.ponder.games.phantomttt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.GameRegistry;
import dev.ponder.game.check.ConformanceKit;
import org.junit.jupiter.api.Test;

class PhantomTicTacToeConformanceTest {

  // Fewer than 1,000 playouts to keep the suite's CPU time low: the kit's per-state checks
  // (copies, record round trips, strings) grow with game length, and phantom_ttt checks resample
  // at every node; the smaller boards and variants run 1,000.
  @Test
  void passesTheConformanceKit() {
    ConformanceKit.Report r = ConformanceKit.check(GameRegistry.load("phantom_ttt"),
        new ConformanceKit.Options().playouts(300).seed(3).checkResample(true));
    assertThat(r.playouts()).isEqualTo(300);
    assertThat(r.maxLength()).isLessThanOrEqualTo(17);
  }
}
