package dev.ponder.games.goofspiel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.GameRegistry;
import dev.ponder.game.check.ConformanceKit;
import org.junit.jupiter.api.Test;

class GoofspielConformanceTest {
  @Test
  void defaultGamePassesTheConformanceKit() {
    ConformanceKit.Report r = ConformanceKit.check(GameRegistry.load("goofspiel"), new ConformanceKit.Options().seed(2));
    assertThat(r.playouts()).isEqualTo(1000);
  }

  /**
   * Without imp_info every bid is public once played, so the player knows the whole history and
   * the true state is the only world; the string (OpenSpiel's) forgets the order of the opponents'
   * bids, so with 4 cards the run meets one string after two histories that the player can tell
   * apart. The game declares no perfect recall, and the kit does not ask resample for another
   * world there.
   */
  @Test
  void withoutImpInfoTheTrueStateIsTheOnlyWorldAndPasses() {
    ConformanceKit.Report r = ConformanceKit.check(GameRegistry.load("goofspiel(num_cards=4)"), new ConformanceKit.Options());
    assertThat(r.playouts()).isEqualTo(1000);
    ConformanceKit.Report r3 = ConformanceKit.check(GameRegistry.load("goofspiel(num_cards=4,players=3)"),
        new ConformanceKit.Options().playouts(500).seed(7));
    assertThat(r3.playouts()).isEqualTo(500);
  }

  @Test
  void passesTheConformanceKit() {
    ConformanceKit.Report r = ConformanceKit.check(GameRegistry.load("goofspiel(num_cards=6,imp_info=True)"),
        new ConformanceKit.Options().playouts(1000).seed(3));
    assertThat(r.playouts()).isEqualTo(1000);
  }

  @Test
  void threePlayersPerfectInformationPointDifferencePassesTheKit() {
    ConformanceKit.Report r = ConformanceKit.check(
        GameRegistry.load("goofspiel(num_cards=5,players=3,returns_type=point_difference,egocentric=True)"),
        new ConformanceKit.Options().playouts(100).seed(4));
    assertThat(r.playouts()).isEqualTo(100);
  }

  /**
   * point_difference with n not dividing S = 1 + … + num_cards: OpenSpiel's integer minUtility
   * −(S/n) lies above returns that occur (2 cards, 4 players: declared 0, −0.5 reached; 3 cards:
   * −1 vs −1.25; 13 cards: −22 vs −22.5), which the kit's returns check catches.
   */
  @Test
  void pointDifferenceWithPlayersNotDividingThePointSumPassesTheKit() {
    for (String game : new String[] {"goofspiel(num_cards=2,players=4,returns_type=point_difference)",
        "goofspiel(num_cards=3,players=4,returns_type=point_difference)",
        "goofspiel(num_cards=5,players=6,returns_type=point_difference)",
        "goofspiel(num_cards=7,players=8,returns_type=point_difference)",
        "turn_based_simultaneous_game(game=goofspiel(num_cards=3,players=4,returns_type=point_difference))"}) {
      ConformanceKit.Report r = ConformanceKit.check(GameRegistry.load(game), new ConformanceKit.Options().playouts(300).seed(12));
      assertThat(r.playouts()).as(game).isEqualTo(300);
    }
    // 13 cards: a player scores nothing while the others share 90 points in about 1 playout of 1,000
    ConformanceKit.Report r = ConformanceKit.check(GameRegistry.load("goofspiel(players=4,returns_type=point_difference)"),
        new ConformanceKit.Options().playouts(800).seed(12));
    assertThat(r.playouts()).isEqualTo(800);
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

  /**
   * A fixed points order leaves no chance node: like OpenSpiel, the game keeps its chance mode
   * (explicit stochastic) and declares maxChanceOutcomes 0, which the kit accepts as long as no
   * playout meets a chance node. The second string is the game of the OpenSpiel playthrough.
   */
  @Test
  void fixedPointsOrderDeclaresNoChanceOutcomesAndPassesTheKit() {
    for (String game : new String[] {"goofspiel(points_order=descending)", "goofspiel(points_order=ascending,players=3,num_cards=5)",
        "turn_based_simultaneous_game(game=goofspiel(imp_info=True,num_cards=4,points_order=descending))"}) {
      dev.ponder.game.Game g = GameRegistry.load(game);
      assertThat(g.type().hasChance()).as(game).isTrue();
      assertThat(g.maxChanceOutcomes()).as(game).isZero();
      ConformanceKit.Report r = ConformanceKit.check(g, new ConformanceKit.Options().playouts(200).seed(11));
      assertThat(r.playouts()).as(game).isEqualTo(200);
    }
  }
}
