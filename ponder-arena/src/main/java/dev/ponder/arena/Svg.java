package dev.ponder.arena;

import dev.ponder.chart.SvgCanvas;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Rectangle2D;
import java.text.FieldPosition;
import java.text.NumberFormat;
import java.text.ParsePosition;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.axis.AxisLocation;
import org.jfree.chart.axis.AxisSpace;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.block.LengthConstraintType;
import org.jfree.chart.block.RectangleConstraint;
import org.jfree.chart.plot.DatasetRenderingOrder;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.PaintScale;
import org.jfree.chart.renderer.xy.XYBlockRenderer;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.PaintScaleLegend;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.title.Title;
import org.jfree.chart.ui.HorizontalAlignment;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.chart.ui.VerticalAlignment;
import org.jfree.data.xy.DefaultXYZDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;
import org.apache.batik.svggen.SVGGraphics2D;

/**
 * The report's charts, drawn with JFreeChart and written as SVG by Apache Batik's SVG generator:
 * rating points with interval whiskers, and heatmaps. Sized for print: the text is 11–16 px in charts about 600 px
 * wide, so a chart scaled to a paper's column (about 250 pt) keeps its smallest text near 5 pt and
 * its body text near 6 pt. The same inputs give the same bytes (fixed ids, no time, numbers
 * written without the locale); text is measured with the JVM's fonts (headless AWT, which needs
 * one font installed: fontconfig's DejaVu on Linux).
 */
final class Svg {
  private Svg() {}

  static final Font TITLE_FONT = new Font(Font.SANS_SERIF, Font.BOLD, 16);
  static final Font TEXT_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 13);
  static final Font NOTE_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
  static final Font TICK_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
  static final Font SMALL_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 11);
  private static final Color SCO_COLOR = new Color(0x4c78a8);
  private static final Color ELO_COLOR = new Color(0xe45756);
  private static final Color BLANK = new Color(0xeeeeee);
  private static final Color GRID = new Color(0xdddddd);

  /**
   * The chart drawn by {@code draw} on a {@code width} × {@code height} px canvas, as an SVG
   * document (UTF-8 declaration, one {@code <svg>} element with a view box), written by Batik's SVG
   * generator with text as {@code <text>} elements. Ids are {@code ponder-clipPathN} (numbered from
   * 1 in each chart); coordinates have at most two decimals, written without the locale.
   *
   * @throws IllegalStateException (one line) when the JVM has no font to measure text with
   */
  static String render(double width, double height, Consumer<Graphics2D> draw) {
    return SvgCanvas.render(width, height, TEXT_FONT, draw);
  }

  /** A coordinate as SVG writes it: at most two decimals, no exponent, no locale, no "-0". */
  static String num(double v) {
    return SvgCanvas.num(v);
  }

  static String esc(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }

  /** How wide {@code s} is drawn in {@code font}, in px (the JVM's font metrics). */
  static double textWidth(Graphics2D g, String s, Font font) {
    return g.getFontMetrics(font).getStringBounds(s, g).getWidth();
  }

  /** The width of the longest of {@code names} in {@code font}. */
  private static double longest(Graphics2D g, List<String> names, Font font) {
    double w = 0;
    for (String n : names) {
      w = Math.max(w, textWidth(g, n, font));
    }
    return w;
  }

  /** A scratch canvas to measure text on before the chart's size is known. */
  private static SVGGraphics2D scratch() {
    SvgCanvas.headless();
    try {
      return SvgCanvas.create(TEXT_FONT);
    } catch (RuntimeException | Error e) {
      throw SvgCanvas.fontFailure(e);
    }
  }

  static String ratings(Analysis.Result r) {
    String budget = Report.commonBudget(r);
    return ratings(Report.markedNames(r), Report.order(r), r.sco(), r.scoLow(), r.scoHigh(), r.options().sco().lower(),
        r.options().sco().upper(), r.elo(), r.eloLow(), r.eloHigh(), r.options().level(),
        "Ratings (rows ordered by SCO rating" + (budget.isEmpty() ? "" : "; budget " + budget + " left out of the names") + ")"
            + Report.partialMark(r),
        Report.fewestSeeds(r) < Analysis.FEW_SEEDS,
        Report.anyErrorMark(r) ? Report.ERROR_MARK + ": error matches " + Report.FORFEITS + ": a loss; report.md)" : "");
  }

  /** The footnote on {@link Report#FEW} in a chart (one line). */
  static String fewSeedsNote() {
    return Report.FEW + ": interval from fewer than " + Analysis.FEW_SEEDS + " seed indices per game: percentile-bootstrap"
        + " intervals from few seeds are too narrow";
  }

  static String ratings(List<String> agents, List<Integer> order, double[] sco, double[] scoLow, double[] scoHigh,
      double scoLower, double scoUpper, double[] elo, double[] eloLow, double[] eloHigh, double level) {
    return ratings(agents, order, sco, scoLow, scoHigh, scoLower, scoUpper, elo, eloLow, eloHigh, level,
        "Ratings (rows ordered by SCO rating)");
  }

  static String ratings(List<String> agents, List<Integer> order, double[] sco, double[] scoLow, double[] scoHigh,
      double scoLower, double scoUpper, double[] elo, double[] eloLow, double[] eloHigh, double level, String title) {
    return ratings(agents, order, sco, scoLow, scoHigh, scoLower, scoUpper, elo, eloLow, eloHigh, level, title, false, "");
  }

  /** The ratings axes' room beyond their end ticks, a share of the ticks' span. */
  private static final double MARGIN = 0.03;
  /** Room above the ratings' first row, a share of a row. */
  private static final double HEADROOM = 0.3;
  /** Height of one agent's row in the ratings chart, px. */
  static final int ROW = 30;
  /** Room under a panel's plot for its tick labels and axis label, px. */
  private static final int AXIS = 46;
  private static final int PAD = 8;

  /**
   * The ratings chart: two panels, one above the other, one row per agent in the order {@code
   * order}: the SCO rating, then the Elo rating, each drawn as a point with its interval as a
   * whisker on a labelled axis with ticks, the value printed beside it. Points rather than bars:
   * the SCO axis is zoomed to the ratings (e.g. 480–520 of [0, 1000]), where a bar's length would
   * encode a difference the data do not have; a note under the axis says so when it does not
   * start at the scale's lower end. The lowest-Elo agent is Elo's anchor: a hollow marker
   * labelled "anchor". The rule is the table's: the lowest agent is 0 in the estimate and in each
   * resample, so the anchor's interval is its Elo over the resamples, drawn like any other ([0,
   * 0], no whisker, only when it is the lowest in every resample). With {@code fewSeeds} each
   * value with an interval carries {@link Report#FEW} and a footnote says why; {@code note} (one
   * line; empty: none) goes at the bottom. The row labels' margin is as wide as the longest agent
   * name.
   *
   * @param agents agent names, by index
   * @param order the agents' indices in the order of the rows
   * @param sco SCO rating per agent on [{@code scoLower}, {@code scoUpper}] (NaN = no rating)
   * @param scoLow interval lower bound per agent (NaN = no interval); {@code scoHigh} the upper
   * @param elo Elo per agent (minimum 0: the anchor; NaN = none); {@code eloLow}/{@code eloHigh}
   *     its interval (NaN = none)
   * @param level the intervals' confidence level in (0, 1)
   */
  static String ratings(List<String> agents, List<Integer> order, double[] sco, double[] scoLow, double[] scoHigh,
      double scoLower, double scoUpper, double[] elo, double[] eloLow, double[] eloHigh, double level, String title,
      boolean fewSeeds, String note) {
    return guarded(() -> drawRatings(agents, order, sco, scoLow, scoHigh, scoLower, scoUpper, elo, eloLow, eloHigh, level,
        title, fewSeeds, note));
  }

  /**
   * {@code draw}'s chart, with a failure to find fonts (anywhere in measuring or drawing text)
   * as one line ({@link SvgCanvas#fontFailure}).
   */
  private static String guarded(java.util.function.Supplier<String> draw) {
    try {
      return draw.get();
    } catch (RuntimeException | Error e) {
      throw SvgCanvas.fontFailure(e);
    }
  }

  private static String drawRatings(List<String> agents, List<Integer> order, double[] sco, double[] scoLow,
      double[] scoHigh, double scoLower, double scoUpper, double[] elo, double[] eloLow, double[] eloHigh, double level,
      String title, boolean fewSeeds, String note) {
    int k = order.size();
    String pct = String.format(Locale.ROOT, "%.0f%%", 100 * level);
    double scoMin = Double.POSITIVE_INFINITY;
    double scoMax = Double.NEGATIVE_INFINITY;
    for (int a : order) {
      for (double v : new double[] {sco[a], scoLow[a], scoHigh[a]}) {
        if (!Double.isNaN(v)) {
          scoMin = Math.min(scoMin, v);
          scoMax = Math.max(scoMax, v);
        }
      }
    }
    if (scoMin > scoMax) {
      scoMin = (scoLower + scoUpper) / 2;
      scoMax = scoMin;
    }
    // a zero range (every agent at one rating, e.g. all draws) gets 1% of the scale each side:
    // ticks of a few parts per million of the scale would print one number five times
    double pad = scoMax - scoMin > 1e-6 * (scoUpper - scoLower) ? (scoMax - scoMin) * 0.1
        : 0.01 * (scoUpper - scoLower);
    double[] scoTicks = ticks(Math.max(scoLower, scoMin - pad), Math.min(scoUpper, scoMax + pad));
    double eloMax = 0;
    int anchor = -1;
    for (int a : order) {
      for (double v : new double[] {elo[a], eloLow[a], eloHigh[a]}) {
        if (!Double.isNaN(v)) {
          eloMax = Math.max(eloMax, v);
        }
      }
      if (!Double.isNaN(elo[a]) && (anchor < 0 || elo[a] < elo[anchor])) {
        anchor = a;
      }
    }
    double[] eloTicks = ticks(0, Math.max(eloMax, 1));
    List<String> rows = order.stream().map(agents::get).toList();
    SVGGraphics2D m = scratch();
    double names = Math.ceil(longest(m, rows, TEXT_FONT)) + 14;
    double width = Math.max(600, names + 420);
    double plotWidth = width - 2 * PAD - names - 16; // the plot's right inset: plot()
    Panel scoPanel = new Panel(m, plotWidth, SCO_COLOR, scoTicks, String.format(Locale.ROOT, "SCO rating (scale [%s, %s])",
        fmt(scoLower), fmt(scoUpper)));
    Panel eloPanel = new Panel(m, plotWidth, ELO_COLOR, eloTicks, "Elo (400·log10 odds; lowest agent = 0, the anchor)");
    for (int i = 0; i < k; i++) {
      int a = order.get(i);
      if (Double.isNaN(sco[a])) {
        scoPanel.missing(i, "not on any ballot (benchmark): no SCO rating");
      } else {
        scoPanel.point(i, sco[a], scoLow[a], scoHigh[a], false, noNegativeZero(String.format(Locale.ROOT, "%.1f", sco[a]))
            + (fewSeeds && !Double.isNaN(scoLow[a]) ? Report.FEW : ""));
      }
      if (!Double.isNaN(elo[a])) {
        boolean isAnchor = a == anchor;
        eloPanel.point(i, elo[a], eloLow[a], eloHigh[a], isAnchor,
            (isAnchor ? "0 (anchor)" : noNegativeZero(String.format(Locale.ROOT, "%.0f", elo[a])))
                + (fewSeeds && !Double.isNaN(eloLow[a]) ? Report.FEW : ""));
      }
    }
    JFreeChart top = scoPanel.chart(rows, names);
    top.addSubtitle(caption(title, TITLE_FONT, RectangleEdge.TOP));
    top.addSubtitle(caption("SCO rating, point with " + pct + " interval", TEXT_FONT, RectangleEdge.TOP));
    if (scoTicks[0] > scoLower) {
      top.addSubtitle(caption(String.format(Locale.ROOT, "axis starts at %s, not at the scale's lower end %s",
          tickFmt(scoTicks[0], scoTicks), fmt(scoLower)), NOTE_FONT, RectangleEdge.BOTTOM));
    }
    JFreeChart bottom = eloPanel.chart(rows, names);
    bottom.addSubtitle(caption("Elo, point with " + pct + " bootstrap interval", TEXT_FONT, RectangleEdge.TOP));
    // titles at the bottom edge stack upwards: the last line first
    if (!note.isEmpty()) {
      bottom.addSubtitle(caption(note, NOTE_FONT, RectangleEdge.BOTTOM));
    }
    if (fewSeeds) {
      bottom.addSubtitle(caption(fewSeedsNote(), NOTE_FONT, RectangleEdge.BOTTOM));
    }
    if (anchor >= 0) {
      bottom.addSubtitle(caption("hollow marker: the anchor, the lowest agent, 0 in the estimate and in each resample"
          + " (its interval: resamples with another agent lowest)", NOTE_FONT, RectangleEdge.BOTTOM));
    }
    double h1 = titlesHeight(m, top, width) + (k + HEADROOM) * ROW + AXIS + 2 * PAD;
    double h2 = titlesHeight(m, bottom, width) + (k + HEADROOM) * ROW + AXIS + 2 * PAD;
    return render(width, Math.ceil(h1 + h2), g -> {
      g.setPaint(Color.WHITE);
      g.fill(new Rectangle2D.Double(0, 0, width, Math.ceil(h1 + h2)));
      top.draw(g, new Rectangle2D.Double(0, 0, width, h1));
      bottom.draw(g, new Rectangle2D.Double(0, h1, width, h2));
    });
  }

  /** One panel of the ratings chart: rows of points with whiskers and value labels. */
  private static final class Panel {
    final Color color;
    final double[] ticks;
    final String axisLabel;
    final YIntervalSeries whiskers = new YIntervalSeries("interval");
    final XYSeries points = new XYSeries("point", false, true);
    final XYSeries anchors = new XYSeries("anchor", false, true);
    final List<XYTextAnnotation> labels = new ArrayList<>();

    /** Where the labels are measured, and the plot's width in px. */
    final Graphics2D g;
    final double plotWidth;

    Panel(Graphics2D g, double plotWidth, Color color, double[] ticks, String axisLabel) {
      this.g = g;
      this.plotWidth = plotWidth;
      this.color = color;
      this.ticks = ticks;
      this.axisLabel = axisLabel;
    }

    void point(int row, double value, double low, double high, boolean hollow, String label) {
      double right = value;
      double left = value;
      if (!Double.isNaN(low) && !(hollow && low == high)) {
        whiskers.add(row, value, low, high);
        right = Math.max(right, high);
        left = Math.min(left, low);
      }
      (hollow ? anchors : points).add(row, value);
      double span = ticks[ticks.length - 1] - ticks[0];
      double lo = ticks[0] - MARGIN * span; // the axis's ends
      double hi = ticks[ticks.length - 1] + MARGIN * span;
      double perUnit = plotWidth / (hi - lo); // px
      double gap = 0.02 * span;
      double need = textWidth(g, label, SMALL_FONT) + 4;
      // the label right of the whisker, else left of it, else (a whisker across the plot) above the marker
      XYTextAnnotation t;
      if ((hi - right - gap) * perUnit >= need) {
        t = new XYTextAnnotation(label, row, right + gap);
        t.setTextAnchor(TextAnchor.HALF_ASCENT_LEFT);
      } else if ((left - gap - lo) * perUnit >= need) {
        t = new XYTextAnnotation(label, row, left - gap);
        t.setTextAnchor(TextAnchor.HALF_ASCENT_RIGHT);
      } else {
        t = new XYTextAnnotation(label, row - 0.22, Math.max(lo + need / 2 / perUnit, Math.min(hi - need / 2 / perUnit, value)));
        t.setTextAnchor(TextAnchor.BOTTOM_CENTER);
      }
      t.setFont(SMALL_FONT);
      labels.add(t);
    }

    void missing(int row, String text) {
      XYTextAnnotation t = new XYTextAnnotation(text, row, ticks[0] + 0.02 * (ticks[ticks.length - 1] - ticks[0]));
      t.setFont(SMALL_FONT);
      t.setTextAnchor(TextAnchor.HALF_ASCENT_LEFT);
      labels.add(t);
    }

    JFreeChart chart(List<String> rows, double names) {
      SymbolAxis agentsAxis = new SymbolAxis(null, rows.toArray(new String[0]));
      agentsAxis.setInverted(true);
      agentsAxis.setRange(-0.5 - HEADROOM, rows.size() - 0.5); // room for a label above the first row's marker
      agentsAxis.setGridBandsVisible(false);
      agentsAxis.setTickLabelFont(TEXT_FONT);
      agentsAxis.setTickMarksVisible(false);
      NumberAxis valueAxis = new NumberAxis(axisLabel);
      valueAxis.setLabelFont(TEXT_FONT);
      valueAxis.setTickLabelFont(TICK_FONT);
      // a little room beyond the end ticks, so that a marker at an end is drawn whole
      double margin = MARGIN * (ticks[ticks.length - 1] - ticks[0]);
      valueAxis.setRange(ticks[0] - margin, ticks[ticks.length - 1] + margin);
      valueAxis.setTickUnit(new NumberTickUnit(ticks.length > 1 ? ticks[1] - ticks[0] : 1, new TickFormat(ticks)));
      YIntervalSeriesCollection intervals = new YIntervalSeriesCollection();
      intervals.addSeries(whiskers);
      XYErrorRenderer whisker = new XYErrorRenderer();
      whisker.setDrawXError(false);
      whisker.setDefaultShapesVisible(false);
      whisker.setErrorPaint(color);
      whisker.setErrorStroke(new BasicStroke(2f));
      whisker.setCapLength(10);
      XYPlot plot = new XYPlot(intervals, agentsAxis, valueAxis, whisker);
      XYSeriesCollection marks = new XYSeriesCollection();
      marks.addSeries(points);
      marks.addSeries(anchors);
      XYLineAndShapeRenderer marker = new XYLineAndShapeRenderer(false, true);
      marker.setDefaultShape(new Ellipse2D.Double(-5, -5, 10, 10));
      marker.setAutoPopulateSeriesShape(false);
      marker.setSeriesPaint(0, color);
      marker.setSeriesPaint(1, color);
      marker.setUseFillPaint(true);
      marker.setSeriesFillPaint(0, color);
      marker.setSeriesFillPaint(1, Color.WHITE);
      marker.setDrawOutlines(true);
      marker.setUseOutlinePaint(false);
      marker.setAutoPopulateSeriesOutlineStroke(false);
      marker.setDefaultOutlineStroke(new BasicStroke(2f));
      plot.setDataset(1, marks);
      plot.setRenderer(1, marker);
      plot.setDatasetRenderingOrder(DatasetRenderingOrder.FORWARD);
      for (XYTextAnnotation t : labels) {
        plot.addAnnotation(t);
      }
      plot.setOrientation(PlotOrientation.HORIZONTAL);
      plot(plot);
      plot.setDomainGridlinesVisible(false);
      AxisSpace left = new AxisSpace();
      left.setLeft(names);
      plot.setFixedDomainAxisSpace(left);
      AxisSpace under = new AxisSpace();
      under.setBottom(AXIS);
      plot.setFixedRangeAxisSpace(under);
      return newChart(plot);
    }
  }

  /** The look every plot shares: white, grey grid, no offset between the axes and the data. */
  private static void plot(XYPlot plot) {
    plot.setBackgroundPaint(Color.WHITE);
    plot.setOutlinePaint(Color.GRAY);
    plot.setRangeGridlinePaint(GRID);
    plot.setDomainGridlinePaint(GRID);
    plot.setRangeGridlineStroke(new BasicStroke(1f));
    plot.setDomainGridlineStroke(new BasicStroke(1f));
    plot.setAxisOffset(RectangleInsets.ZERO_INSETS);
    plot.setInsets(new RectangleInsets(0, 0, 0, 16));
  }

  private static JFreeChart newChart(XYPlot plot) {
    JFreeChart c = new JFreeChart(null, null, plot, false);
    c.setBackgroundPaint(Color.WHITE);
    c.setBorderVisible(false);
    c.setPadding(new RectangleInsets(PAD, PAD, PAD, PAD));
    c.setTextAntiAlias(true);
    return c;
  }

  /** A left-aligned line of text over the chart's width (wrapped when longer). */
  private static TextTitle caption(String text, Font font, RectangleEdge edge) {
    TextTitle t = new TextTitle(text, font, Color.BLACK, edge, HorizontalAlignment.LEFT, VerticalAlignment.CENTER,
        new RectangleInsets(2, 0, 2, 0));
    t.setTextAlignment(HorizontalAlignment.LEFT);
    return t;
  }

  /** The height the chart's titles take at {@code width}. */
  private static double titlesHeight(Graphics2D g, JFreeChart c, double width) {
    double h = 0;
    for (Object o : c.getSubtitles()) {
      Title t = (Title) o;
      if (t.getPosition() == RectangleEdge.TOP || t.getPosition() == RectangleEdge.BOTTOM) {
        // as the chart arranges a title at its top or bottom edge
        double w = width - 2 * PAD;
        h += t.arrange(g, new RectangleConstraint(w, new org.jfree.data.Range(0, w), LengthConstraintType.RANGE, 1e4,
            new org.jfree.data.Range(0, 1e4), LengthConstraintType.RANGE)).getHeight();
      }
    }
    return h;
  }

  /** Tick labels with the decimals their step needs ({@link #tickFmt}). */
  private static final class TickFormat extends NumberFormat {
    private static final long serialVersionUID = 1L;
    private final transient double[] ticks;

    TickFormat(double[] ticks) {
      this.ticks = ticks;
    }

    @Override
    public StringBuffer format(double number, StringBuffer to, FieldPosition pos) {
      return to.append(tickFmt(number, ticks));
    }

    @Override
    public StringBuffer format(long number, StringBuffer to, FieldPosition pos) {
      return format((double) number, to, pos);
    }

    @Override
    public Number parse(String source, ParsePosition pos) {
      throw new UnsupportedOperationException();
    }
  }

  /**
   * Round tick values covering [lo, hi]: a step of 1, 2 or 5 × 10^n giving about 5 intervals, the
   * first tick at or below lo and the last at or above hi (at least two ticks).
   */
  static double[] ticks(double lo, double hi) {
    if (!(hi > lo)) {
      double d = Math.max(1, Math.abs(lo) * 1e-3);
      lo -= d;
      hi += d;
    }
    double raw = (hi - lo) / 5;
    double mag = Math.pow(10, Math.floor(Math.log10(raw)));
    double step = raw / mag <= 1 ? mag : raw / mag <= 2 ? 2 * mag : raw / mag <= 5 ? 5 * mag : 10 * mag;
    long first = (long) Math.floor(lo / step + 1e-9);
    long last = (long) Math.ceil(hi / step - 1e-9);
    double[] t = new double[(int) (last - first) + 1];
    for (int i = 0; i < t.length; i++) {
      t[i] = (first + i) * step;
    }
    return t;
  }

  /**
   * A tick value with as many decimals as the ticks' step needs (none for a step of 1 or more,
   * one for 0.5, two for 0.02), so that neighbouring ticks never print the same text.
   */
  static String tickFmt(double t, double[] ticks) {
    double step = ticks.length > 1 ? ticks[1] - ticks[0] : 1;
    int decimals = step >= 1 ? 0 : (int) Math.min(12, Math.ceil(-Math.log10(step) - 1e-9));
    return noNegativeZero(String.format(Locale.ROOT, "%." + decimals + "f", t));
  }

  /** {@code s} without the sign of a negative number that rounds to zero ({@code -0.00} → {@code 0.00}). */
  static String noNegativeZero(String s) {
    return s.matches("-0(\\.0*)?") ? s.substring(1) : s;
  }

  static String heatmap(String title, List<String> agents, double[][] m, double[][] low, double[][] high,
      double min, double max, String format) {
    return heatmap(title, agents, m, low, high, min, max, format, rangeCentre(min, max));
  }

  /**
   * Where a diverging colour scale is white, and why (said in the chart's caption).
   *
   * @param value the white point
   * @param why what the point is, e.g. {@code midpoint of the utility range 0 to 36}
   */
  record Centre(double value, String why) {}

  /** The centre of a range's scale: 0 when the range contains it, else the range's midpoint. */
  static Centre rangeCentre(double min, double max) {
    if (min < 0 && max > 0) {
      return new Centre(0, "0, inside the range " + fmt(min) + " to " + fmt(max));
    }
    return new Centre((min + max) / 2, "midpoint of the range " + fmt(min) + " to " + fmt(max));
  }

  /**
   * The centre of a game's score chart: the return every seat gets on average when the agents
   * are equally strong. In a zero- or constant-sum game that is the utility sum / players (0 in
   * a zero-sum game; a 4-player game whose returns always sum to 78 would have 19.5; hearts is not
   * one: shooting the moon changes the sum, so it is declared general-sum), so equal play is white
   * whatever the utility range; in a general-sum or identical-interest game nothing fixes it, and the scale keeps the
   * utility range's centre ({@link #rangeCentre}: 0 when the range contains it, else its
   * midpoint).
   *
   * @param utilitySum the constant sum of the returns, NaN when the game is not constant-sum
   */
  static Centre scoreCentre(double min, double max, int players, double utilitySum) {
    if (Double.isNaN(utilitySum)) {
      Centre c = rangeCentre(min, max);
      return new Centre(c.value(), c.why().replace("the range", "the utility range") + "; general-sum game");
    }
    if (utilitySum == 0) {
      return new Centre(0, "zero-sum game: the mean return of equally strong agents");
    }
    return new Centre(utilitySum / players, "constant-sum game: utility sum " + fmt(utilitySum) + " / " + players
        + " players, the mean return of equally strong agents");
  }

  static String heatmap(String title, List<String> agents, double[][] m, double[][] low, double[][] high,
      double min, double max, String format, Centre centre) {
    return heatmap(title, agents, m, low, high, min, max, format, centre, false);
  }

  static String heatmap(String title, List<String> agents, double[][] m, double[][] low, double[][] high,
      double min, double max, String format, Centre centre, boolean byData) {
    return heatmap(title, agents, m, low, high, min, max, format, centre, byData, false);
  }

  static String heatmap(String title, List<String> agents, double[][] m, double[][] low, double[][] high,
      double min, double max, String format, Centre centre, boolean byData, boolean fewSeeds) {
    return heatmap(title, agents, m, low, high, min, max, format, centre, byData, fewSeeds, "");
  }

  /** Smallest cell (px) that shows its interval under its value: 9 agents or more get smaller cells. */
  static final int INTERVAL_CELL = 70;

  /**
   * A heatmap of {@code m} (row agent against column agent; NaN = a grey blank cell), each cell
   * coloured on a diverging scale and its value printed with {@code format}, under {@code title}
   * and captions saying the scale. The scale is white at {@code centre} (which the caption names
   * with its reason), blue below and red above, symmetric around it: it covers {@code [min, max]};
   * with {@code byData} it reaches out to the largest |value − centre| of the cells instead (so
   * mean returns of ±0.37 in a game whose utilities span −6 to 6 still take the full colour
   * range), and the caption says so and names the range {@code [min, max]} (a chart whose cells
   * all equal the centre, or are blank, keeps the {@code [min, max]} scale). With {@code low}/{@code
   * high} (may be null) each cell also shows its interval; cells under {@link #INTERVAL_CELL} px
   * (from 9 agents on) leave them out and the caption says so, so that a chart of values from few
   * seeds does not pass for one without uncertainty. With {@code fewSeeds} each interval shown
   * carries {@link Report#FEW} and a caption line says why; {@code note} (one line; empty: none)
   * is a caption line of its own, e.g. that the cells of a game of 3 or more players are not
   * antisymmetric. A colour bar under the grid shows the scale. The row labels' margin is as wide
   * as the longest agent name; the column headers are written upwards above the grid.
   */
  static String heatmap(String title, List<String> agents, double[][] m, double[][] low, double[][] high,
      double min, double max, String format, Centre centre, boolean byData, boolean fewSeeds, String note) {
    return guarded(() -> drawHeatmap(title, agents, m, low, high, min, max, format, centre, byData, fewSeeds, note));
  }

  private static String drawHeatmap(String title, List<String> agents, double[][] m, double[][] low, double[][] high,
      double min, double max, String format, Centre centre, boolean byData, boolean fewSeeds, String note) {
    int k = agents.size();
    int cell = Math.max(48, Math.min(90, 600 / Math.max(1, k)));
    boolean intervals = low != null && high != null && cell >= INTERVAL_CELL;
    boolean leftOut = false;
    for (int a = 0; low != null && high != null && !intervals && a < k; a++) {
      for (int b = 0; b < k; b++) {
        leftOut |= !Double.isNaN(low[a][b]);
      }
    }
    double center = centre.value();
    double half = Math.max(max - center, center - min);
    String scaleWhy = "";
    if (byData) {
      double largest = 0;
      for (double[] row : m) {
        for (double v : row) {
          if (!Double.isNaN(v)) {
            largest = Math.max(largest, Math.abs(v - center));
          }
        }
      }
      if (largest > 0) {
        half = largest;
        scaleWhy = ", the largest distance of a value from " + fmt(center) + "; utility range " + fmt(min) + " to "
            + fmt(max);
      }
    }
    if (!(half > 0)) {
      half = 1;
    }
    double scaleHalf = half;
    String caption = String.format(Locale.ROOT, "colour: blue below %s, white at %s (%s), red above",
        fmt(center), fmt(center), centre.why());
    String scale = String.format(Locale.ROOT, "scale %s (full blue) to %s (full red)%s%s",
        scaleFmt(center - half), scaleFmt(center + half), scaleWhy,
        intervals ? "; [95% interval] under each value" : leftOut ? "; 95% intervals left out at this size (report.md has them)"
            + (fewSeeds ? ", from fewer than " + Analysis.FEW_SEEDS + " seed indices" : "") : "");
    SVGGraphics2D g0 = scratch();
    double rowNames = Math.ceil(longest(g0, agents, TEXT_FONT)) + 12;
    double colNames = Math.ceil(longest(g0, agents, TEXT_FONT)) + 12;
    double width = Math.max(600, rowNames + k * cell + 16 + 2 * PAD);
    DefaultXYZDataset cells = new DefaultXYZDataset();
    double[][] xyz = new double[3][k * k];
    XYPlot plot = new XYPlot();
    for (int a = 0; a < k; a++) {
      for (int b = 0; b < k; b++) {
        xyz[0][a * k + b] = b;
        xyz[1][a * k + b] = a;
        xyz[2][a * k + b] = m[a][b];
        double v = m[a][b];
        if (Double.isNaN(v)) {
          continue;
        }
        XYTextAnnotation t = new XYTextAnnotation(noNegativeZero(String.format(Locale.ROOT, format, v)), b,
            intervals ? a - 0.1 : a);
        t.setFont(TEXT_FONT);
        // white on the darkest cells, black elsewhere
        Color ink = Math.abs((v - center) / (2 * half)) > 0.35 ? Color.WHITE : Color.BLACK;
        t.setPaint(ink);
        plot.addAnnotation(t);
        if (intervals && !Double.isNaN(low[a][b])) {
          XYTextAnnotation i = new XYTextAnnotation("[" + noNegativeZero(String.format(Locale.ROOT, format, low[a][b])) + ", "
              + noNegativeZero(String.format(Locale.ROOT, format, high[a][b])) + "]" + (fewSeeds ? Report.FEW : ""), b,
              a + 0.2);
          i.setFont(SMALL_FONT);
          i.setPaint(ink);
          plot.addAnnotation(i);
        }
      }
    }
    cells.addSeries("cells", xyz);
    PaintScale colours = new PaintScale() {
      @Override
      public double getLowerBound() {
        return center - scaleHalf;
      }

      @Override
      public double getUpperBound() {
        return center + scaleHalf;
      }

      @Override
      public java.awt.Paint getPaint(double v) {
        return Double.isNaN(v) ? BLANK : Color.decode(color(0.5 + (v - center) / (2 * scaleHalf)));
      }
    };
    XYBlockRenderer blocks = new XYBlockRenderer();
    blocks.setPaintScale(colours);
    // a thin white gap between cells, so that neighbours of one colour stay two cells
    blocks.setBlockWidth(0.97);
    blocks.setBlockHeight(0.97);
    String[] names = agents.toArray(new String[0]);
    SymbolAxis columns = new SymbolAxis(null, names);
    columns.setRange(-0.5, k - 0.5);
    columns.setGridBandsVisible(false);
    columns.setVerticalTickLabels(true);
    columns.setTickLabelFont(TEXT_FONT);
    SymbolAxis rows = new SymbolAxis(null, names);
    rows.setRange(-0.5, k - 0.5);
    rows.setInverted(true);
    rows.setGridBandsVisible(false);
    rows.setTickLabelFont(TEXT_FONT);
    plot.setDataset(cells);
    plot.setDomainAxis(columns);
    plot.setRangeAxis(rows);
    plot.setRenderer(blocks);
    plot(plot);
    plot.setDomainGridlinesVisible(false);
    plot.setRangeGridlinesVisible(false);
    plot.setDomainAxisLocation(AxisLocation.TOP_OR_LEFT);
    plot.setInsets(new RectangleInsets(0, 0, 0, width - 2 * PAD - rowNames - k * cell));
    AxisSpace top = new AxisSpace();
    top.setTop(colNames);
    plot.setFixedDomainAxisSpace(top);
    AxisSpace left = new AxisSpace();
    left.setLeft(rowNames);
    plot.setFixedRangeAxisSpace(left);
    JFreeChart chart = newChart(plot);
    chart.addSubtitle(caption(title, TITLE_FONT, RectangleEdge.TOP));
    chart.addSubtitle(caption(caption, NOTE_FONT, RectangleEdge.TOP));
    chart.addSubtitle(caption(scale, NOTE_FONT, RectangleEdge.TOP));
    if (fewSeeds && intervals) {
      chart.addSubtitle(caption(fewSeedsNote(), NOTE_FONT, RectangleEdge.TOP));
    }
    if (!note.isEmpty()) {
      chart.addSubtitle(caption(note, NOTE_FONT, RectangleEdge.TOP));
    }
    NumberAxis legendAxis = new NumberAxis(null);
    legendAxis.setRange(center - half, center + half);
    legendAxis.setTickLabelFont(TICK_FONT);
    double[] legendTicks = ticks(center - half, center + half);
    legendAxis.setTickUnit(new NumberTickUnit(legendTicks[1] - legendTicks[0], new TickFormat(legendTicks)));
    PaintScaleLegend legend = new PaintScaleLegend(colours, legendAxis);
    legend.setPosition(RectangleEdge.BOTTOM);
    legend.setHorizontalAlignment(HorizontalAlignment.LEFT);
    legend.setStripWidth(12);
    legend.setSubdivisionCount(64);
    legend.setAxisOffset(2);
    legend.setMargin(new RectangleInsets(10, rowNames, 0, width - 2 * PAD - rowNames - k * cell));
    chart.addSubtitle(legend);
    double height = Math.ceil(titlesHeight(g0, chart, width) + colNames + k * cell + 2 * PAD);
    return render(width, height, g -> chart.draw(g, new Rectangle2D.Double(0, 0, width, height)));
  }

  /** A scale end: as {@link #fmt}, with three significant digits for small values (0.00370). */
  private static String scaleFmt(double v) {
    if (v == Math.rint(v) || Math.abs(v) >= 1) {
      return fmt(v);
    }
    return new java.math.BigDecimal(v).round(new java.math.MathContext(3)).stripTrailingZeros().toPlainString();
  }

  private static String fmt(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e9 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.2f", v);
  }

  /** Blue (0) – white (0.5) – red (1), as {@code #rrggbb}. */
  static String color(double t) {
    t = Math.max(0, Math.min(1, t));
    int r;
    int g;
    int b;
    if (t < 0.5) {
      double u = t / 0.5;
      r = (int) Math.round(59 + u * (255 - 59));
      g = (int) Math.round(76 + u * (255 - 76));
      b = (int) Math.round(192 + u * (255 - 192));
    } else {
      double u = (t - 0.5) / 0.5;
      r = (int) Math.round(255 + u * (180 - 255));
      g = (int) Math.round(255 + u * (4 - 255));
      b = (int) Math.round(255 + u * (38 - 255));
    }
    return String.format(Locale.ROOT, "#%02x%02x%02x", r, g, b);
  }

  /** A chart with nothing to draw: its title and one line saying why. */
  static String message(String title, String why) {
    return guarded(() -> drawMessage(title, why));
  }

  private static String drawMessage(String title, String why) {
    SVGGraphics2D g0 = scratch();
    double width = Math.max(600, Math.ceil(Math.max(textWidth(g0, title, TITLE_FONT), textWidth(g0, why, TEXT_FONT))) + 2 * PAD + 4);
    return render(width, 70, g -> {
      g.setPaint(Color.WHITE);
      g.fill(new Rectangle2D.Double(0, 0, width, 70));
      g.setPaint(Color.BLACK);
      g.setFont(TITLE_FONT);
      g.drawString(title, PAD, 26);
      g.setFont(TEXT_FONT);
      g.drawString(why, PAD, 54);
    });
  }
}
