package dev.ponder.arena;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import me.tongfei.progressbar.DefaultProgressBarRenderer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import me.tongfei.progressbar.ProgressState;

/** The console progress bar of {@link Progress#forConsole}. */
final class ConsoleBar {
  private ConsoleBar() {}

  /**
   * A bar at {@code done} of {@code total} units whose rate and ETA count only the units done from
   * now on: the {@code done} units (e.g. matches stored by an earlier run) are its starting point,
   * not work done at this run's speed. The rate and the ETA are {@link Eta}'s, from the last
   * quarter of the elapsed time (the library's own divide by the whole-run average, which lags a
   * step whose rate changes and overstates the time left of one whose rate rises); the bar samples
   * the count at each refresh ({@link Renderer}).
   */
  static ProgressBar build(String task, String unit, long done, long total) {
    return build(task, unit, done, total, Duration.ZERO);
  }

  /**
   * {@link #build(String, String, long, long)} for a step that continues a run begun {@code
   * elapsed} ago: the bar's elapsed time counts from the run's start, its rate and ETA from now.
   */
  static ProgressBar build(String task, String unit, long done, long total, Duration elapsed) {
    Line line = new Line(System.err);
    // the builder's defaults (an update a second, none continuous, the display kept at the end)
    return new ProgressBar(task, total, 1000, false, false, done, elapsed, renderer(unit, done), line) {
      @Override
      public void close() {
        super.close();
        line.close(); // the library skips it for a bar closed before its first update: no line break, still live
      }
    };
  }

  /** The renderer of a bar at {@code done} units, its rate and ETA from now on. */
  private static Renderer renderer(String unit, long done) {
    return new Renderer(" " + unit, new Eta(done, System.nanoTime() / 1e9));
  }

  /** Guards the terminal's line: a bar's drawing and a line written by {@link #println}. */
  private static final Object TERMINAL = new Object();

  /** The bar drawn last and not closed since, or null. */
  private static Line live;

  /**
   * Writes {@code text} and a line break on {@code err}, flushed, on a line of its own: while a bar
   * is live its line is cleared first (the text would otherwise follow the bar's), and the bar is
   * drawn again below the text if {@code barAfter}, else it draws no more (the text is the last
   * line, e.g. an interrupted run's).
   */
  static void println(java.io.PrintWriter err, String text, boolean barAfter) {
    synchronized (TERMINAL) {
      Line bar = live;
      if (bar != null) {
        bar.clear();
      }
      err.println(text);
      err.flush();
      if (bar != null) {
        if (barAfter) {
          bar.redraw();
        } else {
          bar.silenced = true;
          live = null;
        }
      }
    }
  }

  /**
   * The bar's line on a console: each drawing returns to the line's start and writes over the last
   * one (blanks cover what a shorter one leaves), with the cursor left at its end, as the library's
   * own console consumer does; unlike it, the line can be cleared and drawn again around a line of
   * text ({@link #println}).
   */
  static final class Line extends me.tongfei.progressbar.ConsoleProgressBarConsumer {
    private final java.io.PrintStream out;
    private String drawn = "";
    private boolean silenced;

    Line(java.io.PrintStream out) {
      super(out);
      this.out = out;
    }

    /** A line of {@code width} characters at most (the console's width otherwise). */
    Line(java.io.PrintStream out, int width) {
      super(out, width);
      this.out = out;
    }

    @Override
    public void accept(String text) {
      synchronized (TERMINAL) {
        if (silenced) {
          return;
        }
        live = this;
        out.print('\r' + text + " ".repeat(Math.max(0, drawn.length() - text.length())));
        out.flush();
        drawn = text;
      }
    }

    @Override
    public void clear() {
      synchronized (TERMINAL) {
        if (!drawn.isEmpty()) {
          out.print('\r' + " ".repeat(drawn.length()) + '\r');
          out.flush();
        }
      }
    }

    /** Draws the last text again; the cursor is at the start of an empty line. */
    private void redraw() {
      out.print(drawn);
      out.flush();
    }

    @Override
    public void close() {
      synchronized (TERMINAL) {
        if (live == this) {
          live = null;
        }
        if (!silenced && !drawn.isEmpty()) {
          out.println();
          out.flush();
        }
        silenced = true;
      }
    }
  }

  /** The bar of {@link #build(String, String, long, long, Duration)} as a builder, before its console is attached (for tests). */
  static ProgressBarBuilder builder(String task, String unit, long done, long total, Duration elapsed) {
    return new ProgressBarBuilder().setTaskName(task).setInitialMax(total).setStyle(ProgressBarStyle.ASCII)
        .setUnit(" " + unit, 1).startsFrom(done, elapsed).setRenderer(renderer(unit, done));
  }

  /**
   * The library's renderer with {@link Eta}'s rate (that of the last quarter of the elapsed time,
   * at least 2 s) in place of the whole-run average, and its ETA; both written at a fixed width
   * (the rate as {@code     42.3 matches/s}, an unknown ETA as {@code       ?}), so that the bar, which takes the width the text leaves, keeps its length
   * from one update to the next.
   */
  static final class Renderer extends DefaultProgressBarRenderer {
    private final String unit;
    private final Eta eta;

    Renderer(String unit, Eta eta) {
      super(ProgressBarStyle.ASCII, unit, 1, true, null, ChronoUnit.SECONDS, true, state -> {
        synchronized (eta) {
          double now = System.nanoTime() / 1e9;
          eta.record(state.getCurrent(), now);
          double left = eta.secondsLeft(state.getMax(), now);
          return Double.isNaN(left) ? Optional.empty() : Optional.of(Duration.ofMillis(Math.round(left * 1000)));
        }
      });
      this.unit = unit;
      this.eta = eta;
    }

    @Override
    protected String speed(ProgressState state) {
      return speedAt(state.getCurrent(), System.nanoTime() / 1e9);
    }

    /** The rate text with {@code current} units done at {@code now} (seconds, the clock of the {@link Eta}). */
    String speedAt(long current, double now) {
      double rate;
      synchronized (eta) {
        eta.record(current, now);
        rate = eta.rate(now);
      }
      return speedText(rate, unit);
    }

    @Override
    protected String etaString(ProgressState state) {
      return etaText(super.etaString(state));
    }
  }

  /** {@code rate} as the bar shows it: {@code    42.3 matches/s}, the number right-aligned in 8 characters. */
  static String speedText(double rate, String unit) {
    return String.format(java.util.Locale.ROOT, "%8.1f%s/s", rate, unit);
  }

  /** The ETA right-aligned in the width of {@code 0:00:00}, so that {@code ?} takes as much room as a time. */
  static String etaText(String eta) {
    return eta.length() >= 7 ? eta : " ".repeat(7 - eta.length()) + eta;
  }
}
