package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C (SIGINT; SIGTERM where a test runs with SIGINT ignored) sent to a child JVM running
 * {@code simulate}, {@code perft}, {@code check}, {@code bench playouts} or {@code search}: the
 * command reports what it had done, says so in one line on stderr and exits with the signal's code
 * (130). Before, each ended silently and what it had computed was lost.
 */
@DisabledOnOs(OS.WINDOWS) // sends the signal with kill
class InterruptReportsTest {
  @TempDir Path dir;

  /** simulate: the summary of the playouts completed, as a run of exactly those playouts prints it. */
  @Test
  void simulatePrintsTheSummaryOfThePlayoutsCompleted() throws Exception {
    // signalled at the first progress line: the playouts are under way
    Signals.Child child = Signals.interrupted(dir, Signals.printed("playouts ("), "simulate", "connect_four", "-n",
        "1000000000", "--progress-delay", "0", "--progress-interval", "100");
    Matcher m = child.lastErrLineMatching("ponder: simulate: interrupted after (\\d+) of 1000000000 playouts; the summary"
        + " covers those \\1");
    long k = Long.parseLong(m.group(1));
    assertThat(k).isPositive();
    List<String> out = child.out().lines().toList();
    assertThat(out.get(0)).isEqualTo("connect_four: " + k + " of 1000000000 random playouts (seed 1; interrupted)");
    // the summary is that of a run of exactly those playouts (the same seed draws the same games)
    Cli whole = Cli.run("simulate", "connect_four", "-n", Long.toString(k), "--no-progress");
    assertThat(whole.exit).as(whole.err).isZero();
    List<String> expected = whole.out.lines().toList();
    assertThat(out).hasSameSizeAs(expected);
    assertThat(out.subList(1, out.size() - 1)).containsExactlyElementsOf(expected.subList(1, expected.size() - 1));
    assertThat(out.get(out.size() - 1)).startsWith("speed: ");
  }

  /** perft: the counts so far, the rows past the complete depths marked partial. */
  @Test
  void perftPrintsTheCountsSoFarMarkedPartial() throws Exception {
    // signalled at the first progress line (after 2 s): the walk is under way
    Signals.Child child = Signals.interrupted(dir, Signals.printed("nodes so far"), "perft", "connect_four", "--depth",
        "14", "--max-nodes", "1e15");
    Matcher m = child.lastErrLineMatching("ponder: perft: interrupted after (\\d+) nodes, at depth (\\d+); .*");
    long nodes = Long.parseLong(m.group(1));
    List<String> out = child.out().lines().toList();
    assertThat(out.get(0)).startsWith("perft connect_four: interrupted after " + nodes + " nodes; ");
    assertThat(out).hasSize(1 + 1 + 14 + 1); // header, column names, depths 1..14, total
    // the deep rows are partial (the walk reaches depth 14 long before it finishes depth 1)
    assertThat(out.get(2 + 13)).matches("\\s+14\\s+\\d+\\s+\\d+\\s+0   partial");
    // the total counts every node walked (the root included)
    assertThat(out.get(out.size() - 1)).matches("total\\s+" + nodes + "\\s+\\d+\\s+0   \\(depths 0\\.\\.14, root included;"
        + " partial\\)");
  }

  /** perft with --depth far beyond the tree: the table stops at the deepest depth the walk reached. */
  @Test
  void perftStoppedWithADepthBeyondTheTreePrintsOnlyTheDepthsReached() throws Exception {
    Signals.Child child = Signals.interrupted(dir, Signals.printed("nodes so far"), "perft", "connect_four", "--depth",
        "100000", "--max-nodes", "1e15");
    Matcher m = child.lastErrLineMatching("ponder: perft: interrupted after \\d+ nodes, at depth \\d+; .*depths? "
        + "(\\d+\\.\\.)?(\\d+) (is|are) partial");
    int last = Integer.parseInt(m.group(2));
    assertThat(last).isBetween(1, 42); // connect_four's games end by move 42
    List<String> out = child.out().lines().toList();
    assertThat(out.get(0)).endsWith("; no history of length " + (last + 1) + "..100000 reached yet");
    assertThat(out).hasSize(1 + 1 + last + 1);
  }

  /** check: what was checked, as incomplete, never as passed. */
  @Test
  void checkReportsTheStatesCheckedAsIncomplete() throws Exception {
    // signalled at a progress line (one every 256 states): the playouts are under way
    Signals.Child child = Signals.interrupted(dir, Signals.printed("states so far"), "check", "connect_four",
        "--playouts", "1000000", "--progress-interval", "0");
    Matcher m = child.lastErrLineMatching("ponder: check: interrupted after (\\d+) of 1000000 playouts and (\\d+) states;"
        + " no violation so far, but the check is incomplete: the game has not passed");
    List<String> out = child.out().lines().toList();
    assertThat(out).noneMatch(l -> l.startsWith("ok"));
    assertThat(out.get(out.size() - 1)).matches("incomplete \\(interrupted\\): " + m.group(1) + " of 1000000 playouts, "
        + m.group(2) + " states, \\d+ information states, longest playout \\d+ actions; no violation so far, but the game"
        + " has not passed");
    assertThat(Long.parseLong(m.group(2))).isGreaterThanOrEqualTo(256);
  }

  /** check, stopped inside its first playout: the states counted, and no "longest playout 0 actions". */
  @Test
  void checkStoppedInItsFirstPlayoutNamesNoLongestPlayout() throws Exception {
    Signals.Child child = Signals.interrupted(dir, Signals.printed("states so far"), "check",
        "pig(horizon=1000000,winscore=1000000)", "--playout", "3", "--progress-interval", "0");
    List<String> out = child.out().lines().toList();
    assertThat(out.get(out.size() - 1)).matches("incomplete \\(interrupted\\): 0 of 1 playout, \\d+ states, \\d+"
        + " information states \\(in the first playout\\); no violation so far, but the game has not passed");
  }

  /** bench playouts: the rows measured, and a row from the timed runs of the game being measured. */
  @Test
  void benchPlayoutsKeepsTheRunsCompleted() throws Exception {
    // signalled 0.8 s after tic_tac_toe's row, in connect_four's 0.2 s warm-up and 8 timed runs of 0.2 s
    Signals.Child child = Signals.interrupted(dir, Signals.printed("\ntic_tac_toe ", 800), "bench", "playouts",
        "--games", "tic_tac_toe,connect_four", "--seconds", "0.2", "--runs", "8");
    Matcher m = child.lastErrLineMatching("ponder: bench playouts: interrupted in timed run (\\d+) of 8 of connect_four"
        + " \\(game 2 of 2\\); its row is (that of the run|the median of the \\d+ runs) completed, the row above it is"
        + " complete");
    int done = Integer.parseInt(m.group(1)) - 1;
    assertThat(done).isBetween(1, 7);
    List<String> out = child.out().lines().toList();
    assertThat(out).hasSize(4);
    assertThat(out.get(2)).matches("tic_tac_toe\\s+\\d+\\s+\\d+\\s+[0-9.]+");
    assertThat(out.get(3)).matches("connect_four\\s+\\d+\\s+\\d+\\s+[0-9.]+   \\(median of " + done + " of 8 runs;"
        + " interrupted\\)");
  }

  /**
   * search: the signal ends the search as its budget would; the result of the simulations run is
   * printed (root visits equal them), marked stopped, and the line names them.
   */
  @Test
  void searchStopsAndPrintsTheResultOfTheSimulationsRun() throws Exception {
    for (String threads : List.of("1", "2")) {
      // signalled 1.5 s after the note reuse=true prints just before the search starts (a signal
      // before the search begins stops it at its first check, with no simulation)
      String agent = "uct(sims=100000000,threads=" + threads + ",reuse=true)";
      Signals.Child child = Signals.interrupted(dir, Signals.printed("note: reuse=true", 1500), "search",
          "connect_four", "--agent", agent, "--json");
      Matcher m = child.lastErrLineMatching("ponder: search: stopped \\d+\\.\\d s into the search of"
          + " " + agent.replace("(", "\\(").replace(")", "\\)") + ", after (\\d+) simulations; the result above covers"
          + " those");
      long sims = Long.parseLong(m.group(1));
      JsonNode json = new ObjectMapper().readTree(child.out());
      assertThat(json.get("stopped").asBoolean()).isTrue();
      assertThat(json.get("simulations").asLong()).isEqualTo(sims).isPositive().isLessThan(100_000_000);
      long visits = 0;
      for (JsonNode c : json.get("children")) {
        visits += c.get("visits").asLong();
      }
      assertThat(visits).as(threads + " thread(s)").isEqualTo(sims);
    }
  }
}
