package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import me.tongfei.progressbar.DelegatingProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import org.junit.jupiter.api.Test;

/**
 * The console bar of a step that continues a run (solve's iterations between two report lines)
 * shows the run's elapsed time: it restarted at 0:00:00 with every step while the percentage
 * covered the whole run.
 */
class ConsoleBarTest {
  @Test
  void aStepOfARunShowsTheRunsElapsedTime() {
    List<String> drawn = new CopyOnWriteArrayList<>();
    ProgressBar bar = ConsoleBar.builder("solve: cfr", "iterations", 2000, 6000, Duration.ofSeconds(65))
        .setConsumer(new DelegatingProgressBarConsumer(drawn::add, 100)).setUpdateIntervalMillis(10).build();
    bar.stepTo(2500);
    bar.close();
    assertThat(drawn).isNotEmpty();
    String last = drawn.get(drawn.size() - 1);
    assertThat(last).startsWith("solve: cfr  41% [").contains("2500/6000 iterations (0:01:05 / ");
    // a step of its own starts at zero, as before
    List<String> fresh = new CopyOnWriteArrayList<>();
    ProgressBar own = ConsoleBar.builder("arena", "matches", 0, 10, Duration.ZERO)
        .setConsumer(new DelegatingProgressBarConsumer(fresh::add, 100)).setUpdateIntervalMillis(10).build();
    own.stepTo(1);
    own.close();
    assertThat(fresh.get(fresh.size() - 1)).contains("1/10 matches (0:00:00 / ");
  }

  /**
   * The bar's rate is that of the last quarter of the elapsed time, as the docs and the 10-s lines
   * say: 30 units in 30 s, then 100 in 10 s: 10/s over the last 10 s (the whole-run average,
   * which the library shows, would be 130 / 40 = 3.25/s).
   */
  @Test
  void theRateIsTheLastQuartersNotTheWholeRunAverage() {
    Eta eta = new Eta(0, 1000);
    eta.record(30, 1030);
    ConsoleBar.Renderer r = new ConsoleBar.Renderer(" matches", eta);
    assertThat(r.speedAt(130, 1040)).isEqualTo("    10.0 matches/s");
  }

  /**
   * The bar keeps its length while the rate grows from nothing and the ETA goes from unknown (the
   * first 2 s) to known: 2.7 s of updates.
   */
  @Test
  void theLineKeepsItsWidthFromUpdateToUpdate() throws Exception {
    List<String> drawn = new CopyOnWriteArrayList<>();
    ProgressBar bar = ConsoleBar.builder("arena", "matches", 0, 100_000, Duration.ZERO)
        .setConsumer(new DelegatingProgressBarConsumer(drawn::add, 120)).setUpdateIntervalMillis(5).build();
    for (int i = 1; i <= 60; i++) {
      bar.stepTo(i * i * 20L);
      Thread.sleep(45);
    }
    bar.close();
    assertThat(drawn.size()).isGreaterThan(5);
    // the library fills the line to its width: the bar takes what the text leaves
    assertThat(drawn.stream().map(l -> l.indexOf(']') - l.indexOf('[')).distinct().toList()).as(String.join("\n", drawn))
        .hasSize(1);
    assertThat(ConsoleBar.etaText("?")).isEqualTo("      ?");
    assertThat(ConsoleBar.etaText("0:01:05")).isEqualTo("0:01:05");
    assertThat(ConsoleBar.speedText(1234.56, " matches")).isEqualTo("  1234.6 matches/s");
  }

  /**
   * A note written while the bar is live (the store's lock-wait note, mid-run) stands on a line of
   * its own, and the bar is drawn again below it: written as a plain line, it followed the bar's
   * text on the bar's line.
   */
  @Test
  void aNoteWhileTheBarIsLiveHasALineOfItsOwn() throws Exception {
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    java.io.PrintStream console = new java.io.PrintStream(bytes, true, java.nio.charset.StandardCharsets.UTF_8);
    java.io.PrintWriter err = new java.io.PrintWriter(console);
    ProgressBar bar = ConsoleBar.builder("arena", "matches", 0, 10, Duration.ZERO)
        .setConsumer(new ConsoleBar.Line(console, 100)).setUpdateIntervalMillis(5).build();
    bar.stepTo(3);
    waitFor(() -> bytes.toString(java.nio.charset.StandardCharsets.UTF_8).contains("/10 matches")); // the bar is drawn
    Progress.println(err, "note: waiting for another program's lock on t.db (giving up after 30 s)");
    String afterNote = bytes.toString(java.nio.charset.StandardCharsets.UTF_8);
    bar.stepTo(4);
    bar.close();
    List<String> screen = screen(bytes.toString(java.nio.charset.StandardCharsets.UTF_8));
    assertThat(screen).as(String.join("\n", screen)).hasSize(3);
    assertThat(screen.get(0)).isEqualTo("note: waiting for another program's lock on t.db (giving up after 30 s)");
    assertThat(screen.get(1)).startsWith("arena  40% [").contains("4/10 matches");
    assertThat(screen.get(2)).isEmpty();
    // the bar is drawn again at once below the note, not only at its next update
    assertThat(screen(afterNote)).hasSize(2).last().asString().startsWith("arena ").contains("/10 matches");
  }

  /** The last line of a run (an interrupt's) clears the bar, and the bar draws nothing after it. */
  @Test
  void theLastLineEndsTheBarsDrawing() throws Exception {
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    java.io.PrintStream console = new java.io.PrintStream(bytes, true, java.nio.charset.StandardCharsets.UTF_8);
    java.io.PrintWriter err = new java.io.PrintWriter(console);
    ProgressBar bar = ConsoleBar.builder("arena", "matches", 0, 10, Duration.ZERO)
        .setConsumer(new ConsoleBar.Line(console, 100)).setUpdateIntervalMillis(5).build();
    bar.stepTo(3);
    waitFor(() -> bytes.toString(java.nio.charset.StandardCharsets.UTF_8).contains("/10 matches")); // the bar is drawn
    Progress.printlnLast(err, "interrupted; 3 of 10 matches stored");
    bar.stepTo(4);
    Thread.sleep(50);
    bar.close();
    assertThat(screen(bytes.toString(java.nio.charset.StandardCharsets.UTF_8)))
        .containsExactly("interrupted; 3 of 10 matches stored", "");
    // with no bar live the line is a plain one
    java.io.StringWriter plain = new java.io.StringWriter();
    Progress.println(new java.io.PrintWriter(plain), "warning: w");
    assertThat(plain.toString()).isEqualTo("warning: w" + System.lineSeparator());
  }

  /**
   * A step whose bar appears once it is slow (simulate's playouts, the report's resamples) shows
   * the elapsed time since the step began, not since the bar's first drawing: a bar that appeared
   * after 1.1 s showed 0:00:00.
   */
  @Test
  void aDelayedStepsBarCountsItsElapsedTimeFromTheStepsStart() throws Exception {
    List<String> drawn = new CopyOnWriteArrayList<>();
    long[] startedAt = {-1};
    Progress.Factory factory = Progress.delayed(new java.io.PrintWriter(new java.io.StringWriter()), 1100, 10_000,
        (task, unit, done, total, runStartNanos) -> {
          startedAt[0] = runStartNanos;
          ProgressBar bar = ConsoleBar.builder(task, unit, done, total, Duration.ofNanos(System.nanoTime() - runStartNanos))
              .setConsumer(new DelegatingProgressBarConsumer(drawn::add, 150)).setUpdateIntervalMillis(10).build();
          return new Progress() {
            @Override
            public void step() {
              bar.step();
            }

            @Override
            public void stepTo(long n) {
              bar.stepTo(n);
            }

            @Override
            public void close() {
              bar.close();
            }
          };
        });
    long before = System.nanoTime();
    Progress p = factory.start("simulate: tic_tac_toe", "playouts", 100);
    long after = System.nanoTime();
    p.stepTo(10); // too soon: nothing shown
    assertThat(startedAt[0]).isEqualTo(-1);
    Thread.sleep(1150);
    p.stepTo(60);
    p.close();
    assertThat(startedAt[0]).isBetween(before, after);
    assertThat(drawn).isNotEmpty();
    assertThat(drawn.get(drawn.size() - 1)).contains("60/100 playouts (0:00:01 / ");
  }

  /**
   * A bar that appears in the middle of a step counts its rate and ETA from the step's start, as
   * the lines do: 500 playouts in 5 s is 100/s and 5 s left of 1,000 at once (its first drawing
   * said 0.0 playouts/s, ETA ?).
   */
  @Test
  void aBarThatAppearsMidStepCountsItsRateFromTheStepsStart() throws Exception {
    List<String> drawn = new CopyOnWriteArrayList<>();
    long stepStart = System.nanoTime() - 5_000_000_000L;
    ProgressBar bar = ConsoleBar.builder("simulate: tic_tac_toe", "playouts", 500, 1000, Duration.ofSeconds(5), 0, stepStart)
        .setConsumer(new DelegatingProgressBarConsumer(drawn::add, 150)).setUpdateIntervalMillis(10).build();
    waitFor(() -> !drawn.isEmpty());
    bar.close();
    String first = drawn.get(0);
    assertThat(first).contains("500/1000 playouts (0:00:05 / 0:00:05)");
    String rate = first.substring(first.indexOf(')') + 1, first.indexOf(" playouts/s")).strip();
    assertThat(Double.parseDouble(rate)).as(first).isBetween(95.0, 100.0);
  }

  /**
   * A closed bar's last count is drawn once: the library draws a closing bar for its count and
   * once more to end it, and a log of the terminal ({@code script}) showed the 100% line twice.
   */
  @Test
  void aClosedBarsLastLineIsDrawnOnce() throws Exception {
    for (boolean drawnBeforeClose : new boolean[] {false, true}) {
      java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
      java.io.PrintStream console = new java.io.PrintStream(bytes, true, java.nio.charset.StandardCharsets.UTF_8);
      ProgressBar bar = ConsoleBar.builder("simulate: tic_tac_toe", "playouts", 0, 10, Duration.ZERO)
          .setConsumer(new ConsoleBar.Line(console, 120)).setUpdateIntervalMillis(5).build();
      bar.stepTo(10);
      if (drawnBeforeClose) {
        waitFor(() -> bytes.toString(java.nio.charset.StandardCharsets.UTF_8).contains("10/10 playouts"));
      }
      bar.close();
      String written = bytes.toString(java.nio.charset.StandardCharsets.UTF_8);
      // the closing drawings give the same text more than once: it is drawn once (an update tick
      // just before close may have drawn the full bar with other elapsed-time or rate text: that
      // one is a different text, drawn over on the terminal's line)
      java.util.List<String> full = java.util.Arrays.stream(written.split("\r")).map(String::strip)
          .filter(t -> t.contains("10/10 playouts")).toList();
      assertThat(full).as(written).isNotEmpty().doesNotHaveDuplicates();
      // (a bar closed before its first update gets no line break from the library: build() adds it)
      assertThat(screen(written).get(0)).startsWith("simulate: tic_tac_toe 100% [");
    }
  }

  /**
   * A terminal that reports no width (a pseudo-terminal without a size, as {@code script} gives
   * when run without a terminal) gets the whole text with a bar of 30 cells: the library's 80
   * columns cut the rate off a line with 8-digit counts. A known width is kept.
   */
  @Test
  void aTerminalWithoutAWidthGetsTheWholeLine() throws Exception {
    for (int width : new int[] {0, 79}) {
      java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
      java.io.PrintStream console = new java.io.PrintStream(bytes, true, java.nio.charset.StandardCharsets.UTF_8);
      ProgressBar bar = ConsoleBar.builder("simulate: tic_tac_toe", "playouts", 0, 40_000_000, Duration.ZERO)
          .setConsumer(new ConsoleBar.Line(console, width)).setUpdateIntervalMillis(5).build();
      bar.stepTo(12_345_678);
      bar.close();
      String line = screen(bytes.toString(java.nio.charset.StandardCharsets.UTF_8)).get(0);
      if (width == 0) {
        assertThat(line).startsWith("simulate: tic_tac_toe  30% [").contains("12345678/40000000 playouts (")
            .endsWith(" playouts/s");
        assertThat(line.indexOf(']') - line.indexOf('[') - 1).as(line).isEqualTo(ConsoleBar.UNKNOWN_WIDTH_BAR);
      } else {
        assertThat(line.length()).as(line).isLessThanOrEqualTo(79);
        assertThat(line).doesNotEndWith(" playouts/s");
      }
    }
  }

  private static void waitFor(java.util.function.BooleanSupplier drawn) throws InterruptedException {
    for (int i = 0; i < 400 && !drawn.getAsBoolean(); i++) {
      Thread.sleep(5);
    }
    assertThat(drawn.getAsBoolean()).isTrue();
  }

  /** What a terminal shows for {@code written}: a carriage return goes back to the line's start, trailing blanks dropped. */
  static List<String> screen(String written) {
    List<String> lines = new java.util.ArrayList<>();
    for (String raw : written.replace(System.lineSeparator(), "\n").split("\n", -1)) {
      StringBuilder line = new StringBuilder();
      int col = 0;
      for (char c : raw.toCharArray()) {
        if (c == '\r') {
          col = 0;
        } else {
          if (col < line.length()) {
            line.setCharAt(col, c);
          } else {
            line.append(c);
          }
          col++;
        }
      }
      lines.add(line.toString().stripTrailing());
    }
    return lines;
  }
}
