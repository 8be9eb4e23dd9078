package dev.ponder.solve;

import dev.ponder.chart.SvgCanvas;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Rectangle2D;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.text.FieldPosition;
import java.text.NumberFormat;
import java.text.ParsePosition;
import java.util.Locale;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.HorizontalAlignment;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.VerticalAlignment;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * A line chart of exploitability against iterations, both axes logarithmic (base 10), with decade
 * grid lines and labels ({@code 1e-3}), drawn with JFreeChart and written as SVG by Apache Batik's
 * SVG generator.
 * Sized for print (600 × 400 px, text 12–16 px). The same series gives the same bytes (fixed ids,
 * no time, numbers written without the locale); text is measured with the JVM's fonts (headless
 * AWT, which needs one font installed: fontconfig's DejaVu on Linux).
 */
public final class ConvergenceChart {
  private static final int W = 600;
  private static final int H = 400;
  private static final Color LINE = new Color(0x1f77b4);
  private static final Color ZERO = new Color(0xd62728);
  private static final Font TITLE_FONT = new Font(Font.SANS_SERIF, Font.BOLD, 16);
  private static final Font TEXT_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 13);
  private static final Font TICK_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 12);

  private ConvergenceChart() {}

  /**
   * Renders the series as an SVG document (UTF-8).
   *
   * @param iterations x values, ≥ 1, ascending
   * @param values y values (exploitability); values ≤ 0 (no logarithm) are drawn on the axis's
   *     lowest decade, each marked by a hollow circle, with a note under the title
   * @throws IllegalArgumentException if the arrays differ in length or are empty
   * @throws IllegalStateException (one line) when the JVM has no font to measure text with
   */
  public static String svg(String title, long[] iterations, double[] values) {
    if (iterations.length != values.length || iterations.length == 0) {
      throw new IllegalArgumentException("need as many values as iterations, at least one");
    }
    double xMin = Math.floor(Math.log10(Math.max(1, iterations[0])));
    double xMax = Math.ceil(Math.log10(Math.max(10, iterations[iterations.length - 1])));
    if (xMax <= xMin) {
      xMax = xMin + 1;
    }
    double yLo = Double.POSITIVE_INFINITY;
    double yHi = Double.NEGATIVE_INFINITY;
    for (double v : values) {
      if (v > 0) {
        yLo = Math.min(yLo, v);
        yHi = Math.max(yHi, v);
      }
    }
    if (yLo == Double.POSITIVE_INFINITY) {
      yLo = 1e-6;
      yHi = 1;
    }
    double yMin = Math.floor(Math.log10(yLo));
    double yMax = Math.ceil(Math.log10(yHi));
    if (yMax <= yMin) {
      yMax = yMin + 1;
    }
    XYSeries line = new XYSeries("exploitability", false, true);
    XYSeries zeros = new XYSeries("exploitability 0", false, true);
    for (int i = 0; i < values.length; i++) {
      double x = Math.log10(Math.max(1, iterations[i]));
      if (values[i] > 0) {
        line.add(x, Math.log10(values[i]));
      } else {
        zeros.add(x, yMin);
      }
    }
    XYSeriesCollection data = new XYSeriesCollection();
    data.addSeries(line);
    data.addSeries(zeros);
    NumberAxis x = axis("iterations", xMin, xMax);
    NumberAxis y = axis("exploitability (NashConv / n)", yMin, yMax);
    XYLineAndShapeRenderer r = new XYLineAndShapeRenderer();
    r.setDrawSeriesLineAsPath(true); // one path through the points
    r.setSeriesLinesVisible(0, true);
    r.setSeriesLinesVisible(1, false);
    r.setSeriesPaint(0, LINE);
    r.setSeriesPaint(1, ZERO);
    r.setSeriesStroke(0, new BasicStroke(2f));
    r.setAutoPopulateSeriesShape(false);
    r.setSeriesShape(0, new Ellipse2D.Double(-3, -3, 6, 6));
    r.setSeriesShape(1, new Ellipse2D.Double(-4.5, -4.5, 9, 9));
    r.setUseFillPaint(true);
    r.setSeriesFillPaint(0, LINE);
    r.setSeriesFillPaint(1, Color.WHITE);
    r.setUseOutlinePaint(false);
    r.setAutoPopulateSeriesOutlineStroke(false);
    r.setDefaultOutlineStroke(new BasicStroke(1.5f));
    XYPlot plot = new XYPlot(data, x, y, r);
    plot.setBackgroundPaint(Color.WHITE);
    plot.setOutlinePaint(Color.BLACK);
    plot.setDomainGridlinePaint(new Color(0xdddddd));
    plot.setRangeGridlinePaint(new Color(0xdddddd));
    plot.setDomainGridlineStroke(new BasicStroke(1f));
    plot.setRangeGridlineStroke(new BasicStroke(1f));
    plot.setAxisOffset(RectangleInsets.ZERO_INSETS);
    plot.setInsets(new RectangleInsets(4, 4, 4, 16));
    JFreeChart chart = new JFreeChart(null, null, plot, false);
    chart.setBackgroundPaint(Color.WHITE);
    chart.setPadding(new RectangleInsets(8, 8, 8, 8));
    chart.addSubtitle(line(title, TITLE_FONT, Color.BLACK));
    if (!zeros.isEmpty()) {
      int n = zeros.getItemCount();
      chart.addSubtitle(line(String.format(Locale.ROOT, "○ exploitability 0 (%d point%s; drawn on the bottom axis)", n,
          n == 1 ? "" : "s"), TEXT_FONT, ZERO));
    }
    return SvgCanvas.render(W, H, TEXT_FONT, g -> chart.draw(g, new Rectangle2D.Double(0, 0, W, H)));
  }

  private static TextTitle line(String text, Font font, Color color) {
    TextTitle t = new TextTitle(text, font, color, RectangleEdge.TOP, HorizontalAlignment.CENTER, VerticalAlignment.CENTER,
        new RectangleInsets(2, 0, 2, 0));
    return t;
  }

  /**
   * An axis of base-10 logarithms from lo to hi (the series is plotted as log10 of its values), with
   * a tick, a grid line and a label ({@code 1e-3}) at each decade. A linear axis of logarithms
   * rather than JFreeChart's LogAxis, whose superscript labels (attributed text) Batik's SVG
   * generator writes as glyph outlines, not as text.
   */
  private static NumberAxis axis(String label, double lo, double hi) {
    NumberAxis a = new NumberAxis(label);
    a.setLabelFont(TEXT_FONT);
    a.setTickLabelFont(TICK_FONT);
    double margin = 0.03 * (hi - lo); // room for a marker at an end decade, drawn whole
    a.setRange(lo - margin, hi + margin);
    a.setTickUnit(new NumberTickUnit(1, new Decade()));
    return a;
  }

  /** A decade's label from its logarithm: {@code 1e3} for 3, {@code 1e-2} for -2. */
  private static final class Decade extends NumberFormat {
    private static final long serialVersionUID = 1L;

    @Override
    public StringBuffer format(double v, StringBuffer to, FieldPosition pos) {
      return to.append("1e").append(Math.round(v));
    }

    @Override
    public StringBuffer format(long v, StringBuffer to, FieldPosition pos) {
      return format((double) v, to, pos);
    }

    @Override
    public Number parse(String source, ParsePosition pos) {
      throw new UnsupportedOperationException();
    }
  }

  /**
   * Writes {@link #svg} to {@code file} (UTF-8, replacing it atomically: {@link AtomicFile}), with
   * the arguments of {@link #svg}.
   *
   * @throws IOException if the file cannot be written
   */
  public static void write(Path file, String title, long[] iterations, double[] values) throws IOException {
    byte[] bytes = svg(title, iterations, values).getBytes(StandardCharsets.UTF_8);
    AtomicFile.write(file, stream -> stream.write(bytes)); // a failed write leaves a previous chart intact
  }
}
