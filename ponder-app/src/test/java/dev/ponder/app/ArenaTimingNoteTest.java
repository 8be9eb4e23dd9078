package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The arena says which agents decide by timing (time budgets, several search threads): their matches do not repeat. */
class ArenaTimingNoteTest {
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
}
