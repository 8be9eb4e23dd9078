package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** simulate shows its progress on standard error once a run has taken the delay; --no-progress shows none. */
class SimulateProgressCliTest {
  @Test
  void longRunShowsProgressLinesOnStandardError() {
    Cli r = Cli.run("simulate", "tic_tac_toe", "-n", "20000", "--progress-delay", "0", "--progress-interval", "0");
    assertThat(r.exit).as(r.err).isZero();
    assertThat(r.err).contains("simulate: tic_tac_toe").contains("4096/20000 playouts").contains("20000/20000 playouts (100%)").doesNotContain("\n\n");
    assertThat(r.out).startsWith("tic_tac_toe: 20000 random playouts (seed 1)");
  }

  @Test
  void noProgressAndShortRunsPrintNothing() {
    Cli none = Cli.run("simulate", "tic_tac_toe", "-n", "20000", "--no-progress", "--progress-delay", "0",
        "--progress-interval", "0");
    assertThat(none.exit).as(none.err).isZero();
    assertThat(none.err).isEmpty();
    Cli quick = Cli.run("simulate", "tic_tac_toe", "-n", "100");
    assertThat(quick.err).isEmpty();
  }
}
