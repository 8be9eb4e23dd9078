package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * {@code play} and {@code search} name their seed in their output; when an agent decides by timing
 * (a time budget or more than one search thread) the seed does not fix the result, and a note on
 * standard error says so, as the arena's does. Before, only the arena said it.
 */
class PlaySearchTimingNoteTest {
  @Test
  void playNotesAnAgentThatDecidesByTiming() {
    Cli timed = Cli.run("play", "tic_tac_toe", "--players", "uct(time_ms=2),random", "--seed", "3");
    assertThat(timed.exit).as(timed.err).isZero();
    assertThat(timed.err).contains("note: uct(time_ms=2) (time budget) decides by timing: this match is not repeated by"
        + " --seed (the same command plays other moves); simulation budgets and threads=1 repeat exactly");
    Cli threads = Cli.run("play", "tic_tac_toe", "--players", "random,uct(sims=50,threads=2)", "--seed", "3");
    assertThat(threads.err).contains("note: uct(sims=50,threads=2) (2 search threads) decides by timing");
    Cli sims = Cli.run("play", "tic_tac_toe", "--players", "uct(sims=50),random", "--seed", "3");
    assertThat(sims.exit).as(sims.err).isZero();
    assertThat(sims.err).doesNotContain("decides by timing");
  }

  @Test
  void searchNotesAnAgentThatDecidesByTiming() {
    Cli timed = Cli.run("search", "tic_tac_toe", "--agent", "uct(time_ms=2)");
    assertThat(timed.exit).as(timed.err).isZero();
    assertThat(timed.err).contains("note: uct(time_ms=2) (time budget) decides by timing: this search is not repeated by"
        + " --seed (the same command gives other statistics); simulation budgets and threads=1 repeat exactly");
    Cli sims = Cli.run("search", "tic_tac_toe", "--agent", "uct(sims=50)");
    assertThat(sims.exit).as(sims.err).isZero();
    assertThat(sims.err).doesNotContain("decides by timing");
  }
}
