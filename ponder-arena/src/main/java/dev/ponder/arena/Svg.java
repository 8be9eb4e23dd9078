package dev.ponder.arena;

import java.util.List;
import java.util.Locale;

/** Plain SVG charts (no dependencies): rating bars with intervals and heatmaps. */
final class Svg {
  private Svg() {}

  static String esc(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }

  /** Two panels: SCO ratings (bars with 95% interval whiskers) and Elo with 95% intervals (points with whiskers). */
  static String ratings(Analysis.Result r) {
    List<Integer> order = Report.order(r);
    int k = order.size();
    int label = 260;
    int plot = 360;
    int rowH = 26;
    int top = 50;
    int width = label + 2 * plot + 80;
    int height = top + rowH * k + 50;
    double scoMin = Double.POSITIVE_INFINITY;
    double scoMax = Double.NEGATIVE_INFINITY;
    double eloMax = 1;
    for (int a = 0; a < k; a++) {
      if (!Double.isNaN(r.sco()[a])) {
        scoMin = Math.min(scoMin, r.sco()[a]);
        scoMax = Math.max(scoMax, r.sco()[a]);
        if (!Double.isNaN(r.scoLow()[a])) {
          scoMin = Math.min(scoMin, r.scoLow()[a]);
          scoMax = Math.max(scoMax, r.scoHigh()[a]);
        }
      }
      eloMax = Math.max(eloMax, Double.isNaN(r.eloHigh()[a]) ? r.elo()[a] : Math.max(r.eloHigh()[a], r.elo()[a]));
    }
    if (scoMin > scoMax) {
      scoMin = 500;
      scoMax = 500;
    }
    double lo = Math.floor(scoMin - 1 - (scoMax - scoMin) * 0.1);
    double hi = Math.ceil(scoMax + 1 + (scoMax - scoMin) * 0.1);
    StringBuilder sb = header(width, height);
    text(sb, 10, 22, 15, "start", "Ratings (ordered by SCO)");
    int x1 = label;
    int x2 = label + plot + 40;
    text(sb, x1, top - 12, 12, "start", String.format(Locale.ROOT, "SCO with 95%% interval (axis %.0f–%.0f of [0, 1000])", lo, hi));
    text(sb, x2, top - 12, 12, "start", "Elo with 95% bootstrap interval (assumes transitivity)");
    for (int i = 0; i < k; i++) {
      int a = order.get(i);
      int y = top + i * rowH;
      text(sb, label - 8, y + 17, 12, "end", r.agents().get(a));
      if (Double.isNaN(r.sco()[a])) {
        text(sb, x1, y + 17, 11, "start", "not on any ballot (benchmark): no SCO rating");
      } else {
        double frac = (r.sco()[a] - lo) / (hi - lo);
        sb.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"#4c78a8\"/>%n",
            x1, y + 4, Math.max(1, frac * plot), rowH - 8));
        double labelX = x1 + Math.max(1, frac * plot);
        if (!Double.isNaN(r.scoLow()[a])) {
          double sl = x1 + Math.max(0, (r.scoLow()[a] - lo) / (hi - lo)) * plot;
          double sh = x1 + Math.max(0, (r.scoHigh()[a] - lo) / (hi - lo)) * plot;
          sb.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#222\" stroke-width=\"2\"/>%n",
              sl, y + 13, sh, y + 13));
          labelX = Math.max(labelX, sh);
        }
        text(sb, labelX + 4, y + 17, 11, "start", String.format(Locale.ROOT, "%.1f", r.sco()[a]));
      }
      double ex = x2 + r.elo()[a] / eloMax * plot;
      boolean interval = !Double.isNaN(r.eloLow()[a]);
      double el = interval ? x2 + r.eloLow()[a] / eloMax * plot : ex;
      double eh = interval ? x2 + r.eloHigh()[a] / eloMax * plot : ex;
      if (interval) {
        sb.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#e45756\" stroke-width=\"2\"/>%n",
            el, y + 13, eh, y + 13));
      }
      sb.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%d\" r=\"4\" fill=\"#e45756\"/>%n", ex, y + 13));
      text(sb, eh + 6, y + 17, 11, "start", String.format(Locale.ROOT, "%.0f", r.elo()[a]));
    }
    int axisY = top + rowH * k + 6;
    sb.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#333\"/>%n", x2, axisY, x2 + plot, axisY));
    text(sb, x2, axisY + 16, 11, "middle", "0");
    text(sb, x2 + plot, axisY + 16, 11, "middle", String.format(Locale.ROOT, "%.0f", eloMax));
    return sb.append("</svg>\n").toString();
  }

  /**
   * A heatmap of {@code m} (NaN = blank) on a diverging scale over {@code [min, max]}: white at 0
   * when the range contains 0 (so a positive mean return is red and a negative one blue whatever
   * the game's utility range, e.g. 3-player Kuhn poker's [-2, 4]), else at the middle of the range;
   * the scale is symmetric around that centre. With {@code low}/{@code high} (may be null) each
   * cell also shows its interval.
   */
  static String heatmap(String title, List<String> agents, double[][] m, double[][] low, double[][] high,
      double min, double max, String format) {
    int k = agents.size();
    int label = 240;
    int cell = Math.max(48, Math.min(90, 600 / Math.max(1, k)));
    boolean intervals = low != null && high != null && cell >= 70;
    int top = 40 + 120;
    int width = label + cell * k + 150;
    int height = top + cell * k + 20;
    double center = min < 0 && max > 0 ? 0 : (min + max) / 2;
    double half = Math.max(max - center, center - min);
    if (!(half > 0)) {
      half = 1;
    }
    StringBuilder sb = header(width, height);
    text(sb, 10, 22, 15, "start", title);
    text(sb, 10, 40, 11, "start", String.format(Locale.ROOT, "colour: blue below %s, white at %s, red above (scale %s to %s)%s",
        fmt(center), fmt(center), fmt(center - half), fmt(center + half), intervals ? "; [95% interval] under each value" : ""));
    for (int b = 0; b < k; b++) {
      double cx = label + b * cell + cell / 2.0;
      sb.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" font-size=\"11\" transform=\"rotate(-45 %.1f %d)\" "
          + "font-family=\"sans-serif\">%s</text>%n", cx, top - 6, cx, top - 6, esc(agents.get(b))));
    }
    for (int a = 0; a < k; a++) {
      int y = top + a * cell;
      text(sb, label - 6, y + cell / 2 + 4, 11, "end", agents.get(a));
      for (int b = 0; b < k; b++) {
        int x = label + b * cell;
        double v = m[a][b];
        String fill = Double.isNaN(v) ? "#eeeeee" : color(0.5 + (v - center) / (2 * half));
        sb.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" stroke=\"#fff\"/>%n",
            x, y, cell, cell, fill));
        if (!Double.isNaN(v)) {
          text(sb, x + cell / 2.0, y + cell / 2.0 + (intervals ? 0 : 4), 11, "middle", String.format(Locale.ROOT, format, v));
          if (intervals && !Double.isNaN(low[a][b])) {
            text(sb, x + cell / 2.0, y + cell / 2.0 + 14, 9, "middle",
                "[" + String.format(Locale.ROOT, format, low[a][b]) + ", " + String.format(Locale.ROOT, format, high[a][b]) + "]");
          }
        }
      }
    }
    return sb.append("</svg>\n").toString();
  }

  private static String fmt(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e9 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.2f", v);
  }

  /** Blue (0) – white (0.5) – red (1). */
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

  private static StringBuilder header(int w, int h) {
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">%n",
        w, h, w, h));
    sb.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
    return sb;
  }

  private static void text(StringBuilder sb, double x, double y, int size, String anchor, String s) {
    sb.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%d\" text-anchor=\"%s\" font-family=\"sans-serif\">%s</text>%n",
        x, y, size, anchor, esc(s)));
  }
}
