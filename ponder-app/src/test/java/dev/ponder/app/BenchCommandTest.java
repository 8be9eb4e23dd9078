package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BenchCommandTest {

  @Test
  void reportsEachRequestedGame() {
    Cli r = Cli.run("bench", "playouts", "--games", "tic_tac_toe,connect_four(rows=4)", "--seconds", "0.05", "--runs", "3");
    assertThat(r.exit).as(r.err).isZero();
    assertThat(r.out).containsPattern("tic_tac_toe\\s+\\d+\\s+\\d+\\s+\\d\\.\\d");
    assertThat(r.out).containsPattern("connect_four\\(rows=4\\)\\s+\\d+\\s+\\d+");
    assertThat(r.out).contains("; seed 1; "); // the default seed, so a saved output says how to run it again
    // the run length as given (it was rounded to one decimal: "0.1 s" for runs of 0.05 s)
    assertThat(r.out).startsWith("random playouts: 3 runs of 0.05 s per game after a 0.05 s warm-up;");
    Cli seeded = Cli.run("bench", "playouts", "--games", "tic_tac_toe", "--seconds", "0.05", "--runs", "1", "--seed", "7");
    assertThat(seeded.out).contains("; seed 7; ");
  }

  @Test
  void unknownGameFailsBeforeMeasuring() {
    Cli r = Cli.run("bench", "playouts", "--games", "tic_tac_toe,nope");
    assertThat(r.exit).isEqualTo(2);
    assertThat(r.out).isEmpty();
    assertThat(r.err.strip()).startsWith("ponder: unknown game 'nope'");
  }

  @Test
  void missingSubcommandIsAUsageError() {
    Cli r = Cli.run("bench");
    assertThat(r.exit).isEqualTo(2);
    assertThat(r.err).contains("playouts");
  }

  /** A ';' inside parentheses belongs to the game string (nim's pile sizes); outside, commas and ';' separate games. */
  @Test
  void semicolonsStayInTheGameString() {
    Cli r = Cli.run("bench", "playouts", "--games", "nim(pile_sizes=1;3;5),tic_tac_toe", "--seconds", "0.02", "--runs", "1");
    assertThat(r.exit).as(r.err).isZero();
    assertThat(r.out).containsPattern("\\nnim\\(pile_sizes=1;3;5\\)\\s+\\d+\\s+\\d+");
    assertThat(r.out).containsPattern("\\ntic_tac_toe\\s+\\d+");
    assertThat(Cli.run("bench", "playouts", "--help").out).contains("separated by commas (or ';')");
    Cli old = Cli.run("bench", "playouts", "--games", "tic_tac_toe;connect_four", "--seconds", "0.02", "--runs", "1");
    assertThat(old.exit).as(old.err).isZero();
    assertThat(old.out).containsPattern("\\ntic_tac_toe\\s+\\d+").containsPattern("\\nconnect_four\\s+\\d+");
  }

  /**
   * A bad --seconds, --runs or --warmup is named alone with the value given, as every other
   * command's count is ("--iterations must be at least 1, got 0"): bench playouts said "--seconds
   * must be positive and --runs at least 1" for either, bench search "--seconds must be > 0"; a
   * decimal that must be positive says "must be greater than 0", as every such option does.
   */
  @Test
  void aBadDurationOrRunCountNamesItsOptionAndValue() {
    Cli runs = Cli.run("bench", "playouts", "--games", "tic_tac_toe", "--runs", "0");
    assertThat(runs.exit).isEqualTo(2);
    assertThat(runs.out).isEmpty();
    assertThat(runs.err).isEqualTo("ponder: --runs must be at least 1, got 0\n");
    assertThat(Cli.run("bench", "playouts", "--games", "tic_tac_toe", "--seconds", "-1").err)
        .isEqualTo("ponder: --seconds must be greater than 0, got -1\n");
    assertThat(Cli.run("bench", "playouts", "--games", "tic_tac_toe", "--seconds", "0").err)
        .isEqualTo("ponder: --seconds must be greater than 0, got 0\n");
    assertThat(Cli.run("bench", "search", "--seconds", "-0.5").err).isEqualTo("ponder: --seconds must be greater than 0, got -0.5\n");
    Cli warmup = Cli.run("bench", "search", "--warmup", "-1");
    assertThat(warmup.exit).isEqualTo(2);
    assertThat(warmup.err).isEqualTo("ponder: --warmup must be at least 0, got -1\n");
    // 1e10 s overflowed the end time in nanoseconds: no search ran, and the table failed on a null result
    assertThat(Cli.run("bench", "search", "--seconds", "1e10").err).isEqualTo("ponder: --seconds must be at most 86400 (a day), got 10000000000\n");
    assertThat(Cli.run("bench", "search", "--warmup", "90000").err).isEqualTo("ponder: --warmup must be at most 86400 (a day), got 90000\n");
    assertThat(Cli.run("bench", "playouts", "--seconds", "1e6").err).isEqualTo("ponder: --seconds must be at most 86400 (a day), got 1000000\n");
    // a measurement shorter than one search still measures one
    Cli tiny = Cli.run("bench", "search", "--games", "tic_tac_toe", "--threads", "1", "--seconds", "1e-9", "--warmup", "0",
        "--no-fork", "--overrun-searches", "0");
    assertThat(tiny.exit).as(tiny.err).isZero();
    assertThat(tiny.out).containsPattern("tic_tac_toe\\s+1\\s+[0-9]+");
    // a forced first decision is answered without a search: refused (it printed 0 sims/s and NaNx), unless searched
    Cli forced = Cli.run("bench", "search", "--games", "hex(board_size=1)", "--seconds", "0.2", "--warmup", "0", "--no-fork",
        "--overrun-searches", "0");
    assertThat(forced.exit).isEqualTo(2);
    assertThat(forced.err).isEqualTo("ponder: the first decision of hex(board_size=1) has one legal action, which the agent"
        + " answers without a search; add search_forced=true to --agent to measure it\n");
    Cli searched = Cli.run("bench", "search", "--games", "hex(board_size=1)", "--agent", "uct(search_forced=true)",
        "--threads", "1", "--seconds", "0.2", "--warmup", "0", "--no-fork", "--overrun-searches", "0");
    assertThat(searched.exit).as(searched.err).isZero();
    assertThat(searched.out).doesNotContain("NaNx").containsPattern("hex\\(board_size=1\\)\\s+1\\s+[1-9][0-9]*\\s+1.00x");
  }
}
