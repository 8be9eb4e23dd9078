package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** Progress lines without a console (the tests run without one). */
class ProgressLinesTest {

  private static Progress lines(StringWriter out, long total, long intervalMs, boolean finalLine) {
    return Progress.forConsole("task", "units", 0, total, new PrintWriter(out), intervalMs, finalLine);
  }

  @Test
  void aKnownTotalGivesTheShareDone() {
    StringWriter out = new StringWriter();
    try (Progress p = lines(out, 4, 0, true)) {
      p.stepTo(1);
      p.step();
    }
    assertThat(out.toString().lines()).hasSize(3);
    assertThat(out.toString()).startsWith("task: 1/4 units (25%), ").contains("\ntask: 2/4 units (50%), ");
  }

  /**
   * A stalled task still prints its line every interval, at most once a second (a hung agent shows
   * in a log as stalled).
   */
  @Test
  void aStalledTaskPrintsEveryInterval() throws InterruptedException {
    StringWriter out = new StringWriter();
    long t0 = System.nanoTime();
    Progress p = lines(out, 4, 50, false);
    p.step();
    long deadline = t0 + 10_000_000_000L;
    while (System.nanoTime() < deadline && out.toString().lines().count() < 2) {
      Thread.sleep(20);
    }
    long elapsedMs = (System.nanoTime() - t0) / 1_000_000;
    p.close();
    String seen = out.toString();
    assertThat(seen.lines().count()).as(seen).isGreaterThanOrEqualTo(2);
    assertThat(elapsedMs).as("two lines, a second apart at least").isGreaterThanOrEqualTo(1800);
    assertThat(seen.lines()).as(seen).allMatch(l -> l.startsWith("task: 1/4 units (25%), "));
    Thread.sleep(200); // closed: no more lines
    assertThat(out.toString()).isEqualTo(seen);
  }

  @Test
  void anUnknownTotalGivesTheCountAndTheElapsedTime() {
    StringWriter out = new StringWriter();
    try (Progress p = lines(out, Progress.UNKNOWN, 0, false)) {
      p.stepTo(7);
      p.stepTo(9);
    }
    assertThat(out.toString().lines()).containsExactly("task: 7 units so far, 0:00 elapsed", "task: 9 units so far, 0:00 elapsed");
  }

  @Test
  void withoutAFinalLineAQuickTaskPrintsNothing() {
    StringWriter out = new StringWriter();
    try (Progress p = lines(out, 10, 3_600_000, false)) {
      p.stepTo(10);
    }
    assertThat(out.toString()).isEmpty();
    try (Progress p = lines(out, 10, 3_600_000, true)) {
      p.stepTo(10);
    }
    assertThat(out.toString()).startsWith("task: 10/10 units (100%), ");
  }

  @Test
  void aLineAlreadyShowingTheCountIsNotRepeatedWithoutAFinalLine() {
    StringWriter out = new StringWriter();
    try (Progress p = lines(out, 3, 0, false)) {
      p.stepTo(3);
    }
    assertThat(out.toString().lines()).hasSize(1);
  }

  /**
   * Units already done when the task starts (matches stored by an earlier run) are not counted in
   * the rate: after 1 unit in at least 50 ms the rate is at most 20 units/s, not 1001 / elapsed.
   */
  @Test
  void theRateCountsOnlyTheUnitsDoneInThisRun() throws Exception {
    StringWriter out = new StringWriter();
    try (Progress p = Progress.forConsole("task", "units", 1000, 2000, new PrintWriter(out), 0, false)) {
      Thread.sleep(50);
      p.stepTo(1001);
    }
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("task: 1001/2000 units \\(50%\\), ([0-9.]+) units/s")
        .matcher(out.toString());
    assertThat(m.find()).as(out.toString()).isTrue();
    assertThat(Double.parseDouble(m.group(1))).isBetween(0.0, 20.0);
  }

  /** The console bar starts at the units already done, so its rate and ETA count only this run's. */
  @Test
  void theConsoleBarStartsAtTheUnitsAlreadyDone() {
    java.io.PrintStream console = System.err;
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    System.setErr(new java.io.PrintStream(bytes, true, java.nio.charset.StandardCharsets.UTF_8));
    try {
      try (me.tongfei.progressbar.ProgressBar bar = ConsoleBar.build("task", "units", 100, 300)) {
        assertThat(bar.getStart()).isEqualTo(100);
        assertThat(bar.getCurrent()).isEqualTo(100);
      }
    } finally {
      System.setErr(console);
    }
    // closed at once, before its first update: drawn once, then a line break, and no longer live
    String text = bytes.toString(java.nio.charset.StandardCharsets.UTF_8);
    assertThat(text).as(text).startsWith("\rtask  33% [").endsWith(System.lineSeparator());
    java.io.StringWriter after = new java.io.StringWriter();
    Progress.println(new java.io.PrintWriter(after), "note: n");
    assertThat(after.toString()).isEqualTo("note: n" + System.lineSeparator());
    assertThat(bytes.toString(java.nio.charset.StandardCharsets.UTF_8)).isEqualTo(text);
  }

  /**
   * A delayed step whose first line already shows the whole count (its last unit came after the
   * delay) does not print that line again when it closes.
   */
  @Test
  void aDelayedStepShowsItsFinalCountOnce() throws Exception {
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    java.io.PrintStream err = new java.io.PrintStream(bytes, true, java.nio.charset.StandardCharsets.UTF_8);
    try (Progress p = Progress.delayed(err, 30, 60_000).start("report: score bootstraps", "games", 2)) {
      p.step();
      Thread.sleep(40);
      p.step();
    }
    String text = bytes.toString(java.nio.charset.StandardCharsets.UTF_8);
    assertThat(text.split("report: score bootstraps: 2/2 games", -1)).as(text).hasSize(2);
  }
}
