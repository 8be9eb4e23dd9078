package dev.ponder.arena;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.Locale;
import me.tongfei.progressbar.ProgressBar;

/**
 * Progress of a long task (tournament matches, resamples, game-tree histories): a progress bar
 * (me.tongfei progressbar) with units done, rate and ETA when standard error is a terminal
 * ({@link #barOnStderr()}); otherwise one line on standard error every {@code intervalMs}, also
 * while no unit completes (then at most once a second; a stalled run shows as stalled, not as
 * silence): {@code task:
 * done/total unit (pct%), rate unit/s, ETA m:ss} (the rate of the last quarter of the elapsed time
 * and the ETA from it, {@link Eta}), or with an {@link #UNKNOWN} total {@code task: done unit so
 * far, m:ss elapsed}.
 */
public interface Progress extends AutoCloseable {

  /**
   * The system property the {@code ponder} launcher sets to {@code true} or {@code false} from
   * whether standard error is a terminal ({@code [ -t 2 ]}), which Java 17 cannot test itself.
   */
  String STDERR_TERMINAL_PROPERTY = "ponder.stderr.terminal";

  /**
   * Whether progress is drawn as a bar: standard error is a terminal, as the launcher tells by
   * {@value #STDERR_TERMINAL_PROPERTY}; without that property (a plain {@code java -jar}), whether
   * {@link System#console()} exists (standard input and output are terminals).
   */
  static boolean barOnStderr() {
    String told = System.getProperty(STDERR_TERMINAL_PROPERTY);
    if (told != null) {
      return Boolean.parseBoolean(told.trim());
    }
    return System.console() != null;
  }

  /** The total of a task whose size is not known in advance (lines give the count and the elapsed time). */
  long UNKNOWN = -1;

  /** One more unit done. */
  void step();

  /**
   * {@code done} units are done in all (for tasks that report a running count).
   *
   * @throws UnsupportedOperationException if this progress counts by {@link #step()} only (the
   *     factories of this interface all support it)
   */
  default void stepTo(long done) {
    throw new UnsupportedOperationException("this progress counts by step() only");
  }

  @Override
  void close();

  /**
   * Writes {@code line} (a note, a warning, a status line) and a line break on {@code err},
   * flushed, on a line of its own even while a console bar ({@link #forConsole}) is drawn on the
   * same terminal: the bar's line is cleared first and the bar drawn again below the line. Without
   * a live bar it is {@code err.println(line)}. The way to write a line while a bar may be live.
   */
  static void println(PrintWriter err, String line) {
    ConsoleBar.println(err, line, true);
  }

  /**
   * {@link #println(PrintWriter, String)} for the last line of a run (a signal's): a live bar's
   * line is cleared and the bar draws no more, so that it cannot hide the line.
   */
  static void printlnLast(PrintWriter err, String line) {
    ConsoleBar.println(err, line, false);
  }

  /** No output. */
  static Progress none() {
    return new Progress() {
      @Override
      public void step() {}

      @Override
      public void stepTo(long done) {}

      @Override
      public void close() {}
    };
  }

  /**
   * A progress bar if {@link #barOnStderr()}, else periodic lines on {@code err}.
   *
   * @param done matches already stored before this run
   * @param total matches in the tournament
   */
  static Progress forConsole(String task, long done, long total, PrintStream err, long intervalMs) {
    return forConsole(task, "matches", done, total, err, intervalMs);
  }

  /**
   * A progress bar if {@link #barOnStderr()}, else periodic lines on {@code err}.
   *
   * @param unit what is counted, plural ("matches", "resamples")
   * @param done units already done
   * @param total units in all
   */
  static Progress forConsole(String task, String unit, long done, long total, PrintStream err, long intervalMs) {
    return forConsole(task, unit, done, total, new PrintWriter(err), intervalMs, true);
  }

  /**
   * A progress bar if {@link #barOnStderr()} and the total is known, else periodic
   * lines on {@code err}.
   *
   * @param unit what is counted, plural ("histories", "information states")
   * @param done units already done
   * @param total units in all, or {@link #UNKNOWN}
   * @param intervalMs least milliseconds between two lines (0: a line at every step)
   * @param finalLine true: closing prints a last line; false: closing prints one only if a line
   *     was printed before and the count has moved since (a quick task prints nothing)
   */
  static Progress forConsole(String task, String unit, long done, long total, PrintWriter err, long intervalMs,
      boolean finalLine) {
    return forConsole(task, unit, done, total, err, intervalMs, finalLine, System.nanoTime());
  }

  /**
   * {@link #forConsole(String, String, long, long, PrintWriter, long, boolean)} for a step of a
   * run that began at {@code runStartNanos} ({@link System#nanoTime}): a console bar shows the
   * elapsed time of the whole run, not of this step (its rate and ETA count this step's units).
   * The lines without a console are unchanged.
   */
  static Progress forConsole(String task, String unit, long done, long total, PrintWriter err, long intervalMs,
      boolean finalLine, long runStartNanos) {
    if (barOnStderr() && total >= 0) {
      return of(ConsoleBar.build(task, unit, done, total,
          java.time.Duration.ofNanos(Math.max(0, System.nanoTime() - runStartNanos))));
    }
    return new LineProgress(task, unit, done, done, total, err, intervalMs, System.nanoTime(), finalLine);
  }

  /** The progress shown by {@code bar}. */
  private static Progress of(ProgressBar bar) {
    return new Progress() {
      @Override
      public void step() {
        bar.step();
      }

      @Override
      public void stepTo(long done) {
        bar.stepTo(done);
      }

      @Override
      public void close() {
        bar.close();
      }
    };
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
   * {@link #forConsole(String, String, long, long, PrintStream, long)} (a bar on a console, whose
   * elapsed time counts from the step's start, else a line at once and then at most every {@code
   * intervalMs}). A step that ends sooner prints nothing. Thread-safe.
   */
  static Factory delayed(PrintStream err, long delayMs, long intervalMs) {
    return delayed(new PrintWriter(err), delayMs, intervalMs);
  }

  /** {@link #delayed(PrintStream, long, long)} writing on {@code err}. */
  static Factory delayed(PrintWriter err, long delayMs, long intervalMs) {
    return delayed(err, delayMs, intervalMs, (task, unit, done, total, runStartNanos) -> {
      if (!barOnStderr()) {
        return null;
      }
      if (total < 0) {
        return forConsole(task, unit, done, total, err, intervalMs, true, runStartNanos); // lines: no bar without a total
      }
      // the units so far were this step's: the rate and the ETA count from its start, as the lines' do
      return of(ConsoleBar.build(task, unit, done, total, java.time.Duration.ofNanos(Math.max(0, System.nanoTime()
          - runStartNanos)), 0, runStartNanos));
    });
  }

  /** The console's progress of a step, started once the step is slow: null without a console. */
  @FunctionalInterface
  interface ConsoleStart {
    /**
     * @param done units done when the output starts
     * @param runStartNanos when the step started ({@link System#nanoTime}), for the bar's elapsed time
     */
    Progress start(String task, String unit, long done, long total, long runStartNanos);
  }

  /** {@link #delayed(PrintWriter, long, long)} with the console's progress from {@code console}. */
  static Factory delayed(PrintWriter err, long delayMs, long intervalMs, ConsoleStart console) {
    return (task, unit, total) -> new Progress() {
      private final long t0 = System.nanoTime();
      private long done;
      private Progress shown;

      @Override
      public synchronized void step() {
        stepTo(done + 1);
      }

      @Override
      public synchronized void stepTo(long now) {
        done = now;
        if (shown != null) {
          shown.stepTo(done);
        } else if (System.nanoTime() - t0 >= delayMs * 1_000_000L) {
          // the bar's elapsed time counts from the step's start, as the lines' rate does, not from
          // its first drawing (it showed 0:00:00 for a step already 2 s old)
          Progress bar = console.start(task, unit, done, total, t0);
          if (bar != null) {
            shown = bar;
          } else {
            // counted from the step's start, so the first line's rate and ETA are right; a line is
            // printed now, so closing prints the last count only if it has moved since (never twice)
            LineProgress lp = new LineProgress(task, unit, 0, done, total, err, intervalMs, t0, false);
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
    private final PrintWriter err;
    private final long intervalNs;
    private final long t0;
    private final boolean finalLine;
    private long done;
    private long last = System.nanoTime();
    private long printedDone = -1;
    private final Eta eta;
    /** Least milliseconds between two lines printed while no unit completes. */
    static final long MIN_TICK_MS = 1000;
    /** Prints the line every interval (at least {@link #MIN_TICK_MS}) while no unit completes (null with interval 0). */
    private final java.util.concurrent.ScheduledFuture<?> ticks;
    private boolean closed;

    /**
     * Progress of a step started at {@code t0} ({@link System#nanoTime}) with {@code start} units
     * then done ({@code done} now); {@code finalLine} as in {@link Progress#forConsole(String,
     * String, long, long, PrintWriter, long, boolean)}.
     */
    LineProgress(String task, String unit, long start, long done, long total, PrintWriter err, long intervalMs, long t0,
        boolean finalLine) {
      this.task = task;
      this.unit = unit;
      this.t0 = t0;
      this.start = start;
      this.done = done;
      this.total = total;
      this.err = err;
      this.intervalNs = intervalMs * 1_000_000L;
      this.finalLine = finalLine;
      this.eta = new Eta(start, t0 / 1e9);
      eta.record(done, System.nanoTime() / 1e9);
      // a stalled task's line at most once a second, however short the interval asked for
      long period = Math.max(intervalMs, MIN_TICK_MS);
      this.ticks = intervalMs > 0
          ? ProgressTicker.EXECUTOR.scheduleAtFixedRate(this::tick, period, period, java.util.concurrent.TimeUnit.MILLISECONDS)
          : null;
    }

    /** The timer's check: a line when none was printed for an interval (the steps print the others). */
    private synchronized void tick() {
      long t = System.nanoTime();
      // a tenth of slack: the timer's period equals the interval, so the line it printed last is
      // a hair under one interval old at its next run
      if (!closed && t - last >= intervalNs - intervalNs / 10) {
        last = t;
        print(t);
      }
    }

    @Override
    public synchronized void step() {
      stepTo(done + 1);
    }

    @Override
    public synchronized void stepTo(long now) {
      done = now;
      long t = System.nanoTime();
      eta.record(done, t / 1e9);
      if (t - last >= intervalNs) {
        last = t;
        print(t);
      }
    }

    synchronized void printNow() {
      print(System.nanoTime());
    }

    private void print(long now) {
      double secs = (now - t0) / 1e9;
      if (total < 0) {
        err.printf(Locale.ROOT, "%s: %d %s so far, %s elapsed%n", task, done, unit, formatSeconds(secs));
      } else {
        // the recent rate and the ETA from it ({@link Eta}): the whole-run average lags a rate that rises
        eta.record(done, now / 1e9);
        double rate = eta.rate(now / 1e9);
        double left = eta.secondsLeft(total, now / 1e9);
        String etaText = Double.isNaN(left) ? "?" : formatSeconds(left);
        err.printf(Locale.ROOT, "%s: %d/%d %s (%.0f%%), %.1f %s/s, ETA %s%n", task, done, total, unit,
            total == 0 ? 100.0 : 100.0 * done / total, rate, unit, etaText);
      }
      err.flush();
      printedDone = done;
    }

    @Override
    public synchronized void close() {
      if (closed) {
        return;
      }
      closed = true;
      if (ticks != null) {
        ticks.cancel(false);
      }
      if (finalLine || (printedDone >= 0 && printedDone != done)) {
        print(System.nanoTime());
      }
    }

    /** {@code m:ss}, or {@code h:mm:ss} from an hour on. */
    static String formatSeconds(double s) {
      long t = Math.round(s);
      return t >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", t / 3600, t / 60 % 60, t % 60)
          : String.format(Locale.ROOT, "%d:%02d", t / 60, t % 60);
    }
  }
}
