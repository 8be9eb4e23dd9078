package dev.ponder.games;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.GameFactory;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.check.ConformanceKit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The conformance kit's {@code hidden-information} warning (an imperfect-information game whose
 * information states never hide anything at a decision) is not raised for any registered
 * imperfect-information game: each one's information state of the player to move hides the
 * other players' cards, dice or moves, at its defaults and at the variants below. Few playouts,
 * and single playouts too (the kit must find the hidden information within one playout by its
 * resample draws, as {@code ponder check --playout I} runs).
 */
class HiddenInformationWarningTest {
  /** Variants beside the defaults, by game name (every registered imperfect-information game is run at its defaults). */
  private static final Map<String, List<String>> VARIANTS = Map.of(
      "kuhn_poker", List.of("kuhn_poker(players=3)"),
      "leduc_poker", List.of("leduc_poker(players=3)", "leduc_poker(action_mapping=true)", "leduc_poker(suit_isomorphism=true)"),
      "liars_dice", List.of("liars_dice(numdice=2,dice_sides=3)"),
      "goofspiel", List.of("goofspiel(imp_info=true,num_cards=4)", "goofspiel(num_cards=2,points_order=descending)",
          "goofspiel(players=3,num_cards=3,points_order=ascending)"),
      "phantom_ttt", List.of("phantom_ttt(obstype=reveal-numturns,gameversion=abrupt)"),
      "dark_hex", List.of("dark_hex(gameversion=adh,obstype=reveal-numturns)", "dark_hex(num_rows=2,num_cols=3)"),
      "hearts", List.of("hearts(pass_cards=false)"));

  @Test
  void noRegisteredImperfectInformationGameIsWarned() {
    List<String> checked = new ArrayList<>();
    for (GameFactory f : GameRegistry.factories()) {
      if (f.type().isPerfectInformation()) {
        continue;
      }
      List<String> specs = new ArrayList<>();
      specs.add(f.type().shortName());
      specs.addAll(VARIANTS.getOrDefault(f.type().shortName(), List.of()));
      for (String spec : specs) {
        boolean long_ = spec.startsWith("hearts");
        ConformanceKit.Report r = ConformanceKit.check(GameRegistry.load(spec),
            new ConformanceKit.Options().playouts(long_ ? 2 : 20).seed(11));
        assertThat(r.warnings()).as(spec).isEmpty();
        for (int i = 0; i < (long_ ? 2 : 10); i++) {
          ConformanceKit.Report one = ConformanceKit.check(GameRegistry.load(spec), new ConformanceKit.Options().seed(11).onlyPlayout(i));
          assertThat(one.warnings()).as(spec + ", playout " + i + " alone").isEmpty();
        }
        checked.add(spec);
      }
    }
    assertThat(checked).contains("kuhn_poker", "leduc_poker", "liars_dice", "goofspiel", "turn_based_simultaneous_game",
        "phantom_ttt", "dark_hex", "hearts");
  }
}
