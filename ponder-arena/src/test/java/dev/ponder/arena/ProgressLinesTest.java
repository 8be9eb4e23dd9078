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
}
