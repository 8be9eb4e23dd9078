package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Engine keys given where they change nothing are named before the search, as reuse and chance_expand_all are. */
class SearchCommandNotesTest {

  @Test
  void syncUsWithOneThreadIsNamed() {
    String[] r = Cli.runFields("search", "tic_tac_toe", "--agent", "uct(sims=50,sync_us=500)");
    assertThat(r[0]).as(r[2]).isEqualTo("0");
    assertThat(r[2]).contains("warning: uct(sims=50,sync_us=500): sync_us=500 has no effect with threads=1");
    // with two threads it paces the merges, and nothing is said
    String[] two = Cli.runFields("search", "tic_tac_toe", "--agent", "uct(sims=50,threads=2,sync_us=500)");
    assertThat(two[0]).as(two[2]).isEqualTo("0");
    assertThat(two[2]).doesNotContain("sync_us");
  }

  @Test
  void informationStateKeyingOnAPerfectInformationGameIsNamed() {
    String[] r = Cli.runFields("search", "tic_tac_toe", "--agent", "uct(sims=50,keying=information_state)");
    assertThat(r[0]).as(r[2]).isEqualTo("0");
    assertThat(r[2]).contains("warning: uct(sims=50,keying=information_state): keying=information_state has no effect"
        + " on the search: tic_tac_toe has perfect information");
    // on an imperfect-information game it is IS-MCTS, and nothing is said
    String[] kuhn = Cli.runFields("search", "kuhn_poker", "--history", "0,1", "--agent",
        "uct(sims=50,keying=information_state)");
    assertThat(kuhn[0]).as(kuhn[2]).isEqualTo("0");
    assertThat(kuhn[2]).doesNotContain("keying");
  }
}
