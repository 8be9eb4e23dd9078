package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The arena's notes at the start of a run: agents that decide by timing (their matches do not repeat), seat orders that make very many matches. */
class ArenaRunNotesTest {
  @TempDir Path dir;

  @Test
  void namesEachTimedOrThreadedAgentWithItsReason() {
    assertThat(ArenaCommand.timingNote(List.of("uct(sims=50)", "random", "puct(sims=50,threads=1)"))).isEmpty();
    assertThat(ArenaCommand.timingNote(List.of("uct(time_ms=5)", "random", "puct(sims=50,threads=2)")).orElseThrow())
        .startsWith("note: uct(time_ms=5) (time budget), puct(sims=50,threads=2) (2 search threads) decide by timing:")
        .doesNotContain("random");
    assertThat(ArenaCommand.timingNote(List.of("uct(time_ms=5,threads=2)")).orElseThrow())
        .startsWith("note: uct(time_ms=5,threads=2) (time budget, 2 search threads) decides by timing:");
  }

  @Test
  void aTimedRunPrintsTheNoteAndASimulationBudgetDoesNot() {
    Cli timed = Cli.run("arena", "--games", "tic_tac_toe", "--agents", "uct(time_ms=2),random", "--seeds-per-pairing", "1",
        "--parallel", "1", "--db", dir.resolve("t.db").toString(), "--no-progress", "--resamples", "50", "--elo-resamples", "40");
    assertThat(timed.exit).as(timed.err).isZero();
    assertThat(timed.err).contains("note: uct(time_ms=2) (time budget) decides by timing");
    Cli sims = Cli.run("arena", "--games", "tic_tac_toe", "--agents", "uct(sims=20),random", "--seeds-per-pairing", "1",
        "--parallel", "1", "--db", dir.resolve("s.db").toString(), "--no-progress", "--resamples", "50", "--elo-resamples", "40");
    assertThat(sims.exit).as(sims.err).isZero();
    assertThat(sims.err).doesNotContain("note:");
  }

  /** k agents in n seats with every seat order: k^n − k seatings per seed index (3^10 − 3 = 59046 for pig with 10 players). */
  @Test
  void manySeatOrdersAreWarnedAboutWithTheirCount() {
    var pig10 = dev.ponder.game.GameRegistry.load("pig(players=10)");
    assertThat(ArenaCommand.manySeatOrdersWarning(List.of(pig10), 3, false, 200).orElseThrow())
        .startsWith("warning: " + pig10.spec() + ": 3 agents in 10 seats, every seat order: 59046 seatings per seed index,"
            + " 11809200 matches; --seat-orders rotations");
    // 3 agents in 3 seats: 24 seatings, 200 seeds: 4800 matches, no warning
    var kuhn3 = dev.ponder.game.GameRegistry.load("kuhn_poker(players=3)");
    assertThat(ArenaCommand.manySeatOrdersWarning(List.of(kuhn3), 3, false, 200)).isEmpty();
    assertThat(ArenaCommand.manySeatOrdersWarning(List.of(dev.ponder.game.GameRegistry.load("tic_tac_toe")), 50, false, 200))
        .as("two-player games are not concerned").isEmpty();
    // with self-play the single-agent seatings count: 3^10 = 59049
    assertThat(ArenaCommand.manySeatOrdersWarning(List.of(pig10), 3, true, 200).orElseThrow()).contains(": 59049 seatings");
  }
}
