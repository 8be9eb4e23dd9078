package dev.ponder.arena;

import java.io.PrintStream;
import java.util.Locale;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Tournament progress: a progress bar (me.tongfei progressbar) with matches done, rate and ETA
 * when a console is attached; otherwise one line on stderr at most every {@code intervalMs}.
 */
public interface Progress extends AutoCloseable {

  /** One more match done. */
  void step();

  @Override
  void close();

  /** No output. */
  static Progress none() {
    return new Progress() {
      @Override
      public void step() {}

      @Override
      public void close() {}
    };
  }

  /**
   * A progress bar if {@code System.console()} exists, else periodic lines on {@code err}.
   *
   * @param done matches already stored before this run
   * @param total matches in the tournament
   */
  static Progress forConsole(String task, long done, long total, PrintStream err, long intervalMs) {
    return forConsole(task, "matches", done, total, err, intervalMs);
  }

  /**
   * A progress bar if {@code System.console()} exists, else periodic lines on {@code err}.
   *
   * @param unit what is counted, plural ("matches", "resamples")
   * @param done units already done
   * @param total units in all
   */
  static Progress forConsole(String task, String unit, long done, long total, PrintStream err, long intervalMs) {
    if (System.console() != null) {
      ProgressBar bar = new ProgressBarBuilder().setTaskName(task).setInitialMax(total)
          .setStyle(ProgressBarStyle.ASCII).setUnit(" " + unit, 1).showSpeed().build();
      bar.stepTo(done);
      return new Progress() {
        @Override
        public void step() {
          bar.step();
        }

        @Override
        public void close() {
          bar.close();
        }
      };
    }
    return new LineProgress(task, unit, done, total, err, intervalMs);
  }

  /** Starts the progress of one step of work (see {@link #delayed}). */
  @FunctionalInterface
  interface Factory {
    /**
     * @param task what is being done ("report: SCO bootstrap")
     * @param unit what is counted, plural
     * @param total units in all
     */
    Progress start(String task, String unit, long total);

    /** No output. */
    Factory NONE = (task, unit, total) -> none();
  }

  /**
   * Progress of steps that may be quick or slow: a step shows nothing until it has run for
   * {@code delayMs}; then, on its next unit done, it starts the output of
   * {@link #forConsole(String, String, long, long, PrintStream, long)} (a bar on a console, else a
   * line at once and then at most every {@code intervalMs}). A step that ends sooner prints
   * nothing. Thread-safe.
   */
  static Factory delayed(PrintStream err, long delayMs, long intervalMs) {
    return (task, unit, total) -> new Progress() {
      private final long t0 = System.nanoTime();
      private long done;
      private Progress shown;

      @Override
      public synchronized void step() {
        done++;
        if (shown != null) {
          shown.step();
        } else if (System.nanoTime() - t0 >= delayMs * 1_000_000L) {
          if (System.console() != null) {
            shown = forConsole(task, unit, done, total, err, intervalMs);
          } else {
            // counted from the step's start, so the first line's rate and ETA are right
            LineProgress lp = new LineProgress(task, unit, 0, done, total, err, intervalMs, t0);
            lp.printNow();
            shown = lp;
          }
        }
      }

      @Override
      public synchronized void close() {
        if (shown != null) {
          shown.close();
        }
      }
    };
  }

  /** Periodic one-line progress. */
  final class LineProgress implements Progress {
    private final String task;
    private final String unit;
    private final long start;
    private final long total;
    private final PrintStream err;
    private final long intervalNs;
    private final long t0;
    private long done;
    private long last = System.nanoTime();

    LineProgress(String task, String unit, long done, long total, PrintStream err, long intervalMs) {
      this(task, unit, done, done, total, err, intervalMs, System.nanoTime());
    }

    /** Progress of a step started at {@code t0} ({@link System#nanoTime}) with {@code start} units then done. */
    LineProgress(String task, String unit, long start, long done, long total, PrintStream err, long intervalMs, long t0) {
      this.task = task;
      this.unit = unit;
      this.t0 = t0;
      this.start = start;
      this.done = done;
      this.total = total;
      this.err = err;
      this.intervalNs = intervalMs * 1_000_000L;
    }

    @Override
    public synchronized void step() {
      done++;
      long now = System.nanoTime();
      if (now - last >= intervalNs) {
        last = now;
        print(now);
      }
    }

    synchronized void printNow() {
      print(System.nanoTime());
    }

    private void print(long now) {
      double secs = (now - t0) / 1e9;
      double rate = secs > 0 ? (done - start) / secs : 0;
      String eta = rate > 0 ? formatSeconds((total - done) / rate) : "?";
      err.printf(Locale.ROOT, "%s: %d/%d %s (%.0f%%), %.1f %s/s, ETA %s%n", task, done, total, unit,
          total == 0 ? 100.0 : 100.0 * done / total, rate, unit, eta);
      err.flush();
    }

    @Override
    public synchronized void close() {
      print(System.nanoTime());
    }

    private static String formatSeconds(double s) {
      long t = Math.round(s);
      return t >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", t / 3600, t / 60 % 60, t % 60)
          : String.format(Locale.ROOT, "%d:%02d", t / 60, t % 60);
    }
  }
}
