package dev.ponder.games.breakthrough;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.game.check.ConformanceKit;
import dev.ponder.games.testutil.TwinBoards;
import dev.ponder.spec.Params;
import dev.ponder.spec.Spec;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Boards over 64 cells use a byte-per-cell board; it must agree with the bitboards everywhere. */
class BreakthroughWideBoardTest {

  @Test
  void byteBoardAgreesWithBitboardsOnRandomGames() {
    for (String spec : new String[] {"breakthrough", "breakthrough(rows=5,columns=7)"}) {
      Params p = Params.resolve(Spec.parse(spec), Breakthrough.TYPE.parameters());
      Breakthrough bits = new Breakthrough(p, false);
      Breakthrough bytes = new Breakthrough(p, true);
      TwinBoards.assertAgreeOnRandomGames(spec, bits, bytes, 13, 150, 8);
    }
  }

  @Test
  void tenByTenBoardPassesTheKit() {
    // 3c - 2 = 28 opening moves on 10 columns (see BreakthroughTest)
    State s = GameRegistry.load("breakthrough(rows=10,columns=10)").newInitialState();
    assertThat(s.legalActions()).hasSize(28);
    assertThat(Arrays.stream(s.legalActions()).mapToObj(s::actionToString)).contains("a9a8", "j9i8");
    ConformanceKit.Report r = ConformanceKit.check(GameRegistry.load("breakthrough(rows=10,columns=10)"),
        new ConformanceKit.Options().playouts(40).seed(5));
    assertThat(r.playouts()).isEqualTo(40);
  }
}
