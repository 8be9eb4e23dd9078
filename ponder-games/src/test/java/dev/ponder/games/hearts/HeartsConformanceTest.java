package dev.ponder.games.hearts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.GameRegistry;
import dev.ponder.game.check.ConformanceKit;
import org.junit.jupiter.api.Test;

/**
 * The conformance kit on hearts. Few playouts: the kit resamples a world for every player at
 * every state (about 470 resamples per deal) and replays the match record at every state, so a
 * playout costs about a second of CPU; HeartsTest adds 300 cheaper random deals.
 */
class HeartsConformanceTest {
  @Test
  void passesTheConformanceKit() {
    ConformanceKit.Report r = ConformanceKit.check(GameRegistry.load("hearts"),
        new ConformanceKit.Options().playouts(1000).seed(3));
    assertThat(r.playouts()).isEqualTo(1000);
  }

  @Test
  void everyRuleOptionPassesTheKit() {
    ConformanceKit.Report r = ConformanceKit.check(GameRegistry.load("hearts(pass_cards=false,jd_bonus=true,"
        + "avoid_all_tricks_bonus=true,can_lead_any_club=true,can_lead_hearts_instead_of_qs=true,"
        + "qs_breaks_hearts=false,must_break_hearts=false,no_pts_on_first_trick=false)"),
        new ConformanceKit.Options().playouts(200).seed(5));
    assertThat(r.playouts()).isEqualTo(200);
  }
}
