package dev.ponder.games.clobber;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.GameRegistry;
import dev.ponder.game.check.ConformanceKit;
import org.junit.jupiter.api.Test;

class ClobberSmallConformanceTest {

  @Test
  void passesTheConformanceKit() {
    ConformanceKit.Report r = ConformanceKit.check(GameRegistry.load("clobber(rows=4,columns=3)"),
        new ConformanceKit.Options().playouts(1000).seed(3).checkResample(false));
    assertThat(r.playouts()).isEqualTo(1000);
    assertThat(r.maxLength()).isLessThanOrEqualTo(11);
  }

  /**
   * OpenSpiel's clobber accepts any rows and columns and declares MaxGameLength rows·columns − 1,
   * so 0 on a 1 × 1 board, whose single stone cannot move: the initial state is terminal and the
   * player to move (0) loses. The kit accepts such a game.
   */
  @Test
  void oneByOneBoardEndsAtItsInitialStateAndPassesTheKit() {
    dev.ponder.game.Game g = GameRegistry.load("clobber(rows=1,columns=1)");
    assertThat(g.maxGameLength()).isZero();
    dev.ponder.game.State s = g.newInitialState();
    assertThat(s.isTerminal()).isTrue();
    assertThat(s.returns()).containsExactly(-1.0, 1.0);
    ConformanceKit.Report r = ConformanceKit.check(g, new ConformanceKit.Options().playouts(20).seed(3));
    assertThat(r.playouts()).isEqualTo(20);
    assertThat(r.maxLength()).isZero();
    // 1 × 2: one stone each; player 0 clobbers and wins in one move (maxGameLength 1)
    ConformanceKit.Report two = ConformanceKit.check(GameRegistry.load("clobber(rows=1,columns=2)"),
        new ConformanceKit.Options().playouts(20).seed(3));
    assertThat(two.maxLength()).isEqualTo(1);
  }
}
