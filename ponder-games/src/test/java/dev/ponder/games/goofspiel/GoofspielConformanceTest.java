package dev.ponder.games.goofspiel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.GameRegistry;
import dev.ponder.game.check.ConformanceKit;
import org.junit.jupiter.api.Test;

class GoofspielConformanceTest {
  @Test
  void passesTheConformanceKit() {
    ConformanceKit.Report r = ConformanceKit.check(GameRegistry.load("goofspiel(num_cards=6,imp_info=True)"),
        new ConformanceKit.Options().playouts(150).seed(3));
    assertThat(r.playouts()).isEqualTo(150);
  }

  @Test
  void threePlayersPerfectInformationPointDifferencePassesTheKit() {
    ConformanceKit.Report r = ConformanceKit.check(
        GameRegistry.load("goofspiel(num_cards=5,players=3,returns_type=point_difference,egocentric=True)"),
        new ConformanceKit.Options().playouts(100).seed(4));
    assertThat(r.playouts()).isEqualTo(100);
  }

  /**
   * The nested string with random point cards. (With a fixed points order the game has no chance
   * node yet declares explicit chance and 0 outcomes, exactly as OpenSpiel's header says; the kit's
   * game-constants rule rejects that combination, so those variants are covered by the playthrough
   * and GoofspielTest instead.)
   */
  @Test
  void turnBasedNestedStringPassesTheKit() {
    ConformanceKit.Report r = ConformanceKit.check(GameRegistry.load(
        "turn_based_simultaneous_game(game=goofspiel(imp_info=True,num_cards=4,points_order=random))"),
        new ConformanceKit.Options().playouts(100).seed(5));
    assertThat(r.playouts()).isEqualTo(100);
  }
}
