package dev.ponder.app;

import java.io.PrintWriter;
import java.util.Locale;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Progress of a long step of {@code ponder solve} and {@code ponder exploitability}, on standard
 * error, in the arena's style: a progress bar (me.tongfei progressbar) when a console is attached,
 * otherwise one line at most every {@code intervalMs} ({@code task: done/total unit (pct%), rate
 * unit/s, ETA m:ss}). With an unknown total (0) the line gives the count and the elapsed time.
 */
final class TaskProgress implements AutoCloseable {
  /** Milliseconds between two progress lines (tests set 0: a line at every step). */
  static volatile long intervalMs = 10_000;

  private final String task;
  private final String unit;
  private final long total;
  private final PrintWriter err;
  private final long intervalNs;
  private final boolean finalLine;
  private final ProgressBar bar;
  private final long t0 = System.nanoTime();
  private long last = t0;
  private long done;
  private boolean printed;
  private long printedDone = -1;

  private TaskProgress(String task, String unit, long total, PrintWriter err, long intervalMs, boolean finalLine,
      boolean console) {
    this.task = task;
    this.unit = unit;
    this.total = total;
    this.err = err;
    this.intervalNs = intervalMs * 1_000_000L;
    this.finalLine = finalLine;
    this.bar = console && total > 0 ? new ProgressBarBuilder().setTaskName(task).setInitialMax(total)
        .setStyle(ProgressBarStyle.ASCII).setUnit(" " + unit, 1).showSpeed().build() : null;
  }

  /**
   * @param total units in the task, 0 if unknown
   * @param finalLine whether closing prints a last line even if none was printed before
   * @param enabled false for no output at all ({@code --no-progress})
   */
  static TaskProgress of(String task, String unit, long total, PrintWriter err, boolean finalLine, boolean enabled) {
    if (!enabled) {
      return new TaskProgress(task, unit, total, null, 0, false, false);
    }
    return new TaskProgress(task, unit, total, err, intervalMs, finalLine, System.console() != null);
  }

  /** {@code done} units are done. */
  void stepTo(long done) {
    this.done = done;
    if (bar != null) {
      bar.stepTo(done);
      return;
    }
    long now = System.nanoTime();
    if (err != null && now - last >= intervalNs) {
      last = now;
      print(now);
    }
  }

  private void print(long now) {
    double secs = (now - t0) / 1e9;
    if (total > 0) {
      double rate = secs > 0 ? done / secs : 0;
      String eta = rate > 0 ? formatSeconds((total - done) / rate) : "?";
      err.printf(Locale.ROOT, "%s: %d/%d %s (%.0f%%), %.1f %s/s, ETA %s%n", task, done, total, unit,
          100.0 * done / total, rate, unit, eta);
    } else {
      err.printf(Locale.ROOT, "%s: %d %s so far, %s elapsed%n", task, done, unit, formatSeconds(secs));
    }
    err.flush();
    printed = true;
    printedDone = done;
  }

  @Override
  public void close() {
    if (bar != null) {
      bar.close();
    } else if (err != null && (finalLine || printed) && printedDone != done) {
      print(System.nanoTime());
    }
  }

  static String formatSeconds(double s) {
    long t = Math.round(s);
    return t >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", t / 3600, t / 60 % 60, t % 60)
        : String.format(Locale.ROOT, "%d:%02d", t / 60, t % 60);
  }
}
