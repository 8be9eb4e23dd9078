package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** simulate shows its progress on standard error once a run has taken the delay; --no-progress shows none. */
class SimulateProgressCliTest {
  @Test
  void longRunShowsProgressLinesOnStandardError() {
    Cli r = Cli.run("simulate", "tic_tac_toe", "-n", "20000", "--progress-delay", "0", "--progress-interval", "0");
    assertThat(r.exit).as(r.err).isZero();
    assertThat(r.err).contains("simulate: tic_tac_toe").contains("20000/20000 playouts (100%)").doesNotContain("\n\n");
    assertThat(r.out).startsWith("tic_tac_toe: 20000 random playouts (seed 1)");
  }

  @Test
  void aSlowGameReportsWhileItRunsEvenUnderAFewThousandPlayouts() {
    // a playout of hex 100x100 takes about half a millisecond: 600 of them take a few tenths of a
    // second, over which progress is reported by the clock, not after thousands of playouts
    Cli r = Cli.run("simulate", "hex(board_size=100)", "-n", "600", "--progress-delay", "0", "--progress-interval", "0");
    assertThat(r.exit).as(r.err).isZero();
    assertThat(java.util.regex.Pattern.compile("(?m)\\b([1-9]\\d*)/600 playouts").matcher(r.err).results()
        .map(m -> Integer.parseInt(m.group(1))).filter(k -> k < 600).count())
        .as(r.err).isPositive();
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
