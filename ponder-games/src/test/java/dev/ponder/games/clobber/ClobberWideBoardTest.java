package dev.ponder.games.clobber;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.GameRegistry;
import dev.ponder.game.check.ConformanceKit;
import dev.ponder.games.testutil.TwinBoards;
import dev.ponder.spec.Params;
import dev.ponder.spec.Spec;
import org.junit.jupiter.api.Test;

/** Boards over 64 cells use a byte-per-cell board; it must agree with the bitboards everywhere. */
class ClobberWideBoardTest {

  @Test
  void byteBoardAgreesWithBitboardsOnRandomGames() {
    for (String spec : new String[] {"clobber", "clobber(rows=7,columns=9)"}) {
      Params p = Params.resolve(Spec.parse(spec), Clobber.TYPE.parameters());
      Clobber bits = new Clobber(p, false);
      Clobber bytes = new Clobber(p, true);
      TwinBoards.assertAgreeOnRandomGames(spec, bits, bytes, 21, 200, 6);
    }
  }

  @Test
  void tenByTenBoardPassesTheKit() {
    // adjacent pairs: 10*9 + 9*10 = 180 opening moves
    assertThat(GameRegistry.load("clobber(rows=10,columns=10)").newInitialState().legalActions()).hasSize(180);
    ConformanceKit.Report r = ConformanceKit.check(GameRegistry.load("clobber(rows=10,columns=10)"),
        new ConformanceKit.Options().playouts(60).seed(5));
    assertThat(r.playouts()).isEqualTo(60);
  }
}
