package dev.ponder.games.poker;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.GameRegistry;
import dev.ponder.game.check.ConformanceKit;
import dev.ponder.game.check.Playthroughs;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The conformance kit (resample included) and the OpenSpiel playthroughs, information-state strings compared. */
class PokerConformanceTest {
  @ParameterizedTest
  @ValueSource(strings = {"kuhn_poker", "kuhn_poker(players=4)", "leduc_poker",
      "leduc_poker(players=3,starting_player=1)", "leduc_poker(suit_isomorphism=true,action_mapping=true)", "liars_dice", "liars_dice(numdice=2,dice_sides=4,bidding_rule=reset-quantity)"})
  void passesTheConformanceKit(String game) {
    ConformanceKit.Report r = ConformanceKit.check(GameRegistry.load(game),
        new ConformanceKit.Options().playouts(1000).seed(7).checkResample(true));
    assertThat(r.playouts()).isEqualTo(1000);
  }

  @ParameterizedTest
  @ValueSource(strings = {"kuhn_poker_2p.txt", "kuhn_poker_3p.txt", "leduc_poker_1540482260.txt",
      "leduc_poker_3977671846.txt", "liars_dice.txt"})
  void replaysOpenSpielPlaythroughWithInformationStrings(String file) {
    Playthroughs.assertReplays(file, true);
  }
}
