package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The terminal tables cut a long agent name in the middle, so that two agents differing at the end
 * do not look alike; when cutting would still make two names alike, they are shown whole.
 */
class ClipDistinctTest {
  @Test
  void longNamesKeepTheirDistinctTails() {
    List<String> names = List.of("tabular(file=../out/br-rand/best_response_player_0.json)",
        "tabular(file=../out/br-rand/best_response_player_1.json)", "uniform");
    List<String> shown = Report.clipDistinct(names, 48);
    // cut at the end, both were "tabular(file=../out/br-rand/best_response_playe…"
    assertThat(shown).containsExactly("tabular(file=../ou…/best_response_player_0.json)",
        "tabular(file=../ou…/best_response_player_1.json)", "uniform");
    assertThat(shown.get(0)).hasSize(48);
  }

  @Test
  void namesThatStillLookAlikeAreShownWhole() {
    // differing only in the middle: the cut removes the difference
    List<String> names = List.of("compose(tree=puct,fpu=bifv,backup=power_mean,final=visits_q,c=1)",
        "compose(tree=puct,fpu=zero,backup=power_mean,final=visits_q,c=1)");
    assertThat(Report.clipDistinct(names, 48)).isEqualTo(names);
    // short names are never cut
    assertThat(Report.clipDistinct(List.of("uct", "puct"), 8)).containsExactly("uct", "puct");
  }
}
