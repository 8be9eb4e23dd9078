package dev.ponder.games.clobber;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.game.check.ConformanceKit;
import dev.ponder.spec.Params;
import dev.ponder.spec.Spec;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Boards over 64 cells use a byte-per-cell board; it must agree with the bitboards everywhere. */
class ClobberWideBoardTest {

  @Test
  void byteBoardAgreesWithBitboardsOnRandomGames() {
    for (String spec : new String[] {"clobber", "clobber(rows=7,columns=9)"}) {
      Params p = Params.resolve(Spec.parse(spec), Clobber.TYPE.parameters());
      Clobber bits = new Clobber(p, false);
      Clobber bytes = new Clobber(p, true);
      SplittableRandom rng = new SplittableRandom(21);
      for (int game = 0; game < 200; game++) {
        State a = bits.newInitialState();
        State b = bytes.newInitialState();
        while (!a.isTerminal()) {
          int[] la = a.legalActions();
          assertThat(b.legalActions()).as(spec + " after " + a.historyString()).isEqualTo(la);
          assertThat(b.hash()).isEqualTo(a.hash());
          assertThat(b.toString()).isEqualTo(a.toString());
          int act = la[rng.nextInt(la.length)];
          a.applyAction(act);
          b.applyAction(act);
          if (rng.nextInt(6) == 0) {
            b.undoAction(act);
            assertThat(b.legalActions()).isEqualTo(la);
            b.applyAction(act);
          }
        }
        assertThat(b.isTerminal()).isTrue();
        assertThat(b.returns()).isEqualTo(a.returns());
      }
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
