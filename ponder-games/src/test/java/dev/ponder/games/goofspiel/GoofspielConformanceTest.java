package dev.ponder.games.goofspiel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.GameRegistry;
import dev.ponder.game.check.ConformanceKit;
import org.junit.jupiter.api.Test;

class GoofspielConformanceTest {
  @Test
  void passesTheConformanceKit() {
    ConformanceKit.Report r = ConformanceKit.check(GameRegistry.load("goofspiel(num_cards=6,imp_info=True)"),
        new ConformanceKit.Options().playouts(300).seed(3));
    assertThat(r.playouts()).isEqualTo(300);
  }
}
