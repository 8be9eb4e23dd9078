package dev.ponder.games.tictactoe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.GameRegistry;
import dev.ponder.game.check.ConformanceKit;
import org.junit.jupiter.api.Test;

class TicTacToeConformanceTest {

  @Test
  void passesTheConformanceKit() {
    ConformanceKit.Report r = ConformanceKit.check(GameRegistry.load("tic_tac_toe"),
        new ConformanceKit.Options().playouts(1000).seed(1).checkResample(true));
    assertThat(r.playouts()).isEqualTo(1000);
    assertThat(r.maxLength()).isLessThanOrEqualTo(9);
    // a random game lasts 5..9 moves
    assertThat(r.states()).isBetween(6_000L, 10_000L);
  }
}
