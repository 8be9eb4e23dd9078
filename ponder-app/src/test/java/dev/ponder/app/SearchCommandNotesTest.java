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
    // with two threads it paces the merges, and no warning is given (only the note that two threads
    // decide by timing)
    String[] two = Cli.runFields("search", "tic_tac_toe", "--agent", "uct(sims=50,threads=2,sync_us=500)");
    assertThat(two[0]).as(two[2]).isEqualTo("0");
    assertThat(two[2]).doesNotContain("warning").contains("(2 search threads) decides by timing");
  }

  @Test
  void virtualLossWithPrivateStatisticsIsNamed() {
    String[] r = Cli.runFields("search", "tic_tac_toe", "--agent", "uct(sims=50,threads=2,virtual_loss=3)");
    assertThat(r[0]).as(r[2]).isEqualTo("0");
    assertThat(r[2]).contains("warning: uct(sims=50,threads=2,virtual_loss=3): virtual_loss=3 acts only on shared entries:"
        + " with sync_us=1000 each worker keeps private statistics")
        .contains("give sync_us=0 to apply it on every edge");
    // with sync_us=0 it is on every edge, and no warning is given
    String[] shared = Cli.runFields("search", "tic_tac_toe", "--agent", "uct(sims=50,threads=2,sync_us=0,virtual_loss=3)");
    assertThat(shared[0]).as(shared[2]).isEqualTo("0");
    assertThat(shared[2]).doesNotContain("warning");
    // a mechanism whose updates do not commute (max backup) always shares: it applies, and no warning is given
    String[] max = Cli.runFields("search", "tic_tac_toe", "--agent", "max_backup(sims=50,threads=2,virtual_loss=3)");
    assertThat(max[0]).as(max[2]).isEqualTo("0");
    assertThat(max[2]).doesNotContain("warning");
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
