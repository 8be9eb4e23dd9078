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
    return build(task, unit, done, total, elapsed, done, System.nanoTime());
  }

  /**
   * {@link #build(String, String, long, long, Duration)} whose rate and ETA count from {@code
   * rateFrom} units at {@code rateFromNanos} ({@link System#nanoTime}): for a bar that appears in
   * the middle of a step (once the step is slow), whose units so far were done at the step's speed.
   */
  static ProgressBar build(String task, String unit, long done, long total, Duration elapsed, long rateFrom,
      long rateFromNanos) {
    Line line = new Line(System.err);
    // the builder's defaults (an update a second, none continuous, the display kept at the end)
    return new ProgressBar(task, total, 1000, false, false, done, elapsed, renderer(unit, rateFrom, rateFromNanos), line) {
      @Override
      public void close() {
        super.close();
        line.close(); // the library skips it for a bar closed before its first update: no line break, still live
      }
    };
  }

  /** A width {@link Line#getMaxRenderedLength} gives when the terminal reports none: no cut. */
  static final int UNBOUNDED = 1 << 20;

  /** Cells of the bar drawn when the terminal reports no width. */
  static final int UNKNOWN_WIDTH_BAR = 30;

  /** Fewer columns than this is no width (the library takes 80 then). */
  private static final int MIN_KNOWN_COLUMNS = 10;

  /**
   * The columns of the terminal the bar is drawn on, as the library's terminal library (JLine)
   * reads them; 0 when it reports none or none can be opened. Its own signal handling is left off,
   * so that asking changes nothing of the JVM's.
   */
  static int terminalColumns() {
    try (org.jline.terminal.Terminal t = org.jline.terminal.TerminalBuilder.builder().dumb(true).nativeSignals(false).build()) {
      return Math.max(0, t.getWidth());
    } catch (java.io.IOException | RuntimeException e) {
      return 0;
    }
  }

  /** The renderer of a bar at {@code done} units, its rate and ETA from now on. */
  private static Renderer renderer(String unit, long done) {
    return renderer(unit, done, System.nanoTime());
  }

  /** The renderer of a bar whose rate and ETA count from {@code from} units at {@code fromNanos}. */
  private static Renderer renderer(String unit, long from, long fromNanos) {
    return new Renderer(" " + unit, new Eta(from, fromNanos / 1e9));
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
    /** False on a terminal that reports no width: the whole text is drawn, with a bar of {@link #UNKNOWN_WIDTH_BAR} cells. */
    private final boolean widthKnown;
    private String drawn = "";
    private boolean silenced;

    /** The line of the console's terminal, as wide as it is when it reports a width. */
    Line(java.io.PrintStream out) {
      super(out);
      this.out = out;
      this.widthKnown = terminalColumns() >= MIN_KNOWN_COLUMNS;
    }

    /** A line of {@code width} characters at most; {@code width <= 0}: a terminal that reports no width. */
    Line(java.io.PrintStream out, int width) {
      super(out, width);
      this.out = out;
      this.widthKnown = width > 0;
    }

    /**
     * The width the library fills, the terminal's less one column; on a terminal that reports no
     * width (a pseudo-terminal without a size, as {@code script} gives without a terminal around
     * it) {@link #UNBOUNDED} rather than the library's 80 columns, which cut the rate and the ETA
     * off a long line ({@code simulate: tic_tac_toe} with 8-digit counts).
     */
    @Override
    public int getMaxRenderedLength() {
      return widthKnown ? super.getMaxRenderedLength() : UNBOUNDED;
    }

    @Override
    public void accept(String text) {
      synchronized (TERMINAL) {
        if (silenced || text.equals(drawn)) {
          return; // the same text again (the last drawing of a closed bar) is not drawn twice
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
    return builder(task, unit, done, total, elapsed, done, System.nanoTime());
  }

  /** The bar of {@link #build(String, String, long, long, Duration, long, long)} as a builder (for tests). */
  static ProgressBarBuilder builder(String task, String unit, long done, long total, Duration elapsed, long rateFrom,
      long rateFromNanos) {
    return new ProgressBarBuilder().setTaskName(task).setInitialMax(total).setStyle(ProgressBarStyle.ASCII)
        .setUnit(" " + unit, 1).startsFrom(done, elapsed).setRenderer(renderer(unit, rateFrom, rateFromNanos));
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

    /** The count and text of the last drawing, to give a closed bar's last drawing once. */
    private long renderedCount = -1;
    private String rendered;

    /**
     * The library's text, with two changes: a bar closed with no unit done since its last drawing
     * gives that drawing's text again (the library draws a closing bar twice, once for the count
     * and once more to end, so a log of the terminal showed the 100% line twice; {@link Line}
     * skips a text it has drawn); with an {@link #UNBOUNDED} width the whole text with a bar of
     * {@link #UNKNOWN_WIDTH_BAR} cells.
     */
    @Override
    public synchronized String render(ProgressState state, int maxLength) {
      long count = state.getCurrent();
      if (!state.isAlive() && count == renderedCount && rendered != null) {
        return rendered;
      }
      String text;
      if (maxLength < UNBOUNDED) {
        text = super.render(state, maxLength);
      } else {
        // twice: the text at a wide line gives the width around the bar; the rate and the ETA of
        // the first pass are kept for the second, so that the text keeps its width
        try {
          speedKept = "";
          etaKept = "";
          text = super.render(state, textWidth(super.render(state, PROBE_WIDTH)) + UNKNOWN_WIDTH_BAR);
        } finally {
          speedKept = null;
          etaKept = null;
        }
      }
      renderedCount = count;
      rendered = text;
      return text;
    }

    /** A width wider than any text around a bar. */
    private static final int PROBE_WIDTH = 4096;

    /** Within a two-pass rendering: "" before the first pass computes it, then the text kept; else null. */
    private String speedKept;
    private String etaKept;

    /** The width of the text around the bar in {@code wide}, the library's text at {@link #PROBE_WIDTH}. */
    private static int textWidth(String wide) {
      int right = wide.lastIndexOf(']');
      int left = right < 0 ? -1 : wide.lastIndexOf('[', right);
      return left < 0 ? wide.length() : wide.length() - (right - left - 1);
    }

    @Override
    protected String speed(ProgressState state) {
      if (speedKept != null && !speedKept.isEmpty()) {
        return speedKept;
      }
      String s = speedAt(state.getCurrent(), System.nanoTime() / 1e9);
      if (speedKept != null) {
        speedKept = s;
      }
      return s;
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
      if (etaKept != null && !etaKept.isEmpty()) {
        return etaKept;
      }
      String s = etaText(super.etaString(state));
      if (etaKept != null) {
        etaKept = s;
      }
      return s;
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
