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
    if (System.console() != null) {
      ProgressBar bar = new ProgressBarBuilder().setTaskName(task).setInitialMax(total)
          .setStyle(ProgressBarStyle.ASCII).setUnit(" matches", 1).showSpeed().build();
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
    return new LineProgress(task, done, total, err, intervalMs);
  }

  /** Periodic one-line progress. */
  final class LineProgress implements Progress {
    private final String task;
    private final long start;
    private final long total;
    private final PrintStream err;
    private final long intervalNs;
    private final long t0 = System.nanoTime();
    private long done;
    private long last = System.nanoTime();

    LineProgress(String task, long done, long total, PrintStream err, long intervalMs) {
      this.task = task;
      this.start = done;
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

    private void print(long now) {
      double secs = (now - t0) / 1e9;
      double rate = secs > 0 ? (done - start) / secs : 0;
      String eta = rate > 0 ? formatSeconds((total - done) / rate) : "?";
      err.printf(Locale.ROOT, "%s: %d/%d matches (%.0f%%), %.1f matches/s, ETA %s%n", task, done, total,
          total == 0 ? 100.0 : 100.0 * done / total, rate, eta);
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
