package dev.ponder.games.phantomttt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.GameRegistry;
import dev.ponder.game.check.ConformanceKit;
import org.junit.jupiter.api.Test;

class PhantomTicTacToeConformanceTest {

  @Test
  void passesTheConformanceKit() {
    ConformanceKit.Report r = ConformanceKit.check(GameRegistry.load("phantom_ttt"),
        new ConformanceKit.Options().playouts(1000).seed(3).checkResample(true));
    assertThat(r.playouts()).isEqualTo(1000);
    assertThat(r.maxLength()).isLessThanOrEqualTo(17);
  }
}
