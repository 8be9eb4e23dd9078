package dev.ponder.solve;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;

/**
 * A small SVG line chart of exploitability against iterations, both axes logarithmic (base 10),
 * with decade grid lines and labels. Plain SVG 1.1 text; no library.
 */
public final class ConvergenceChart {
  private static final int W = 640;
  private static final int H = 400;
  private static final int LEFT = 70;
  private static final int RIGHT = 20;
  private static final int TOP = 40;
  private static final int BOTTOM = 50;

  private ConvergenceChart() {}

  /**
   * Renders the series as SVG text.
   *
   * @param iterations x values, ≥ 1, ascending
   * @param values y values (exploitability); values ≤ 0 (no logarithm) are drawn at the bottom of
   *     the axis, each marked by a hollow circle, with a note under the title
   * @throws IllegalArgumentException if the arrays differ in length or are empty
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
    int pw = W - LEFT - RIGHT;
    int ph = H - TOP - BOTTOM;
    StringBuilder sb = new StringBuilder();
    sb.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    sb.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">%n", W, H, W, H));
    sb.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n", W, H));
    sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"24\" text-anchor=\"middle\" font-size=\"15\">%s</text>%n", W / 2, escape(title)));
    for (int e = (int) xMin; e <= (int) xMax; e++) {
      double x = LEFT + (e - xMin) / (xMax - xMin) * pw;
      sb.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>%n", x, TOP, x, TOP + ph));
      sb.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">1e%d</text>%n", x, TOP + ph + 18, e));
    }
    for (int e = (int) yMin; e <= (int) yMax; e++) {
      double y = TOP + ph - (e - yMin) / (yMax - yMin) * ph;
      sb.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>%n", LEFT, y, LEFT + pw, y));
      sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">1e%d</text>%n", LEFT - 6, y + 4, e));
    }
    sb.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"black\"/>%n", LEFT, TOP, pw, ph));
    sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">iterations</text>%n", LEFT + pw / 2, H - 10));
    sb.append(String.format(Locale.ROOT, "<text x=\"16\" y=\"%d\" text-anchor=\"middle\" transform=\"rotate(-90 16 %d)\">exploitability (NashConv / n)</text>%n", TOP + ph / 2, TOP + ph / 2));
    sb.append("<polyline fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"2\" points=\"");
    for (int i = 0; i < values.length; i++) {
      double lx = Math.log10(Math.max(1, iterations[i]));
      double ly = values[i] > 0 ? Math.log10(values[i]) : yMin;
      double x = LEFT + (lx - xMin) / (xMax - xMin) * pw;
      double y = TOP + ph - (Math.max(ly, yMin) - yMin) / (yMax - yMin) * ph;
      sb.append(String.format(Locale.ROOT, "%s%.1f,%.1f", i > 0 ? " " : "", x, y));
    }
    sb.append("\"/>\n");
    int zeros = 0;
    for (int i = 0; i < values.length; i++) {
      if (!(values[i] > 0)) {
        zeros++;
        double x = LEFT + (Math.log10(Math.max(1, iterations[i])) - xMin) / (xMax - xMin) * pw;
        sb.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%d\" r=\"4\" fill=\"white\" stroke=\"#d62728\""
            + " stroke-width=\"1.5\"/>%n", x, TOP + ph));
      }
    }
    if (zeros > 0) {
      sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" fill=\"#d62728\">○ exploitability 0"
          + " (%d point%s; drawn on the bottom axis)</text>%n", LEFT + pw - 4, TOP - 4, zeros, zeros == 1 ? "" : "s"));
    }
    sb.append("</svg>\n");
    return sb.toString();
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

  private static String escape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }
}
