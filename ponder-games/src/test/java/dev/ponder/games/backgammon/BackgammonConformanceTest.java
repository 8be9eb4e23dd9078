package dev.ponder.games.backgammon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.GameRegistry;
import dev.ponder.game.check.ConformanceKit;
import org.junit.jupiter.api.Test;

class BackgammonConformanceTest {
  @Test
  void passesTheConformanceKit() {
    ConformanceKit.Report r = ConformanceKit.check(GameRegistry.load("backgammon"),
        new ConformanceKit.Options().playouts(20).seed(3));
    assertThat(r.playouts()).isEqualTo(20);
  }
}
