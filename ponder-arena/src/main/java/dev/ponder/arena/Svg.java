package dev.ponder.arena;

import java.util.List;
import java.util.Locale;

/** Plain SVG charts (no dependencies): rating points with interval whiskers, and heatmaps. */
final class Svg {
  private Svg() {}

  static String esc(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }

  /**
   * Two panels, one row per agent in report order: the SCO rating and the Elo rating, each drawn
   * as a point with its bootstrap interval as a whisker on a labelled axis with tick marks. Points
   * rather than bars: the SCO axis is zoomed to the ratings (e.g. 480–520 of [0, 1000]), where a
   * bar's length would encode a difference the data do not have; a note under the axis says so
   * when it does not start at the scale's lower end. The lowest-Elo agent is Elo's anchor: a hollow
   * marker labelled "anchor". The rule is the table's: the lowest agent is 0 in the estimate and in
   * each resample, so the anchor's interval is its Elo over the resamples, drawn like any other
   * ([0, 0], no whisker, only when it is the lowest in every resample; wider when another agent is
   * the lowest in some resamples).
   */
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

  /**
   * About how wide {@code s} is drawn in a sans-serif font of {@code size} px: 0.62 em a
   * character, a little more than the average of common sans-serif faces, so that margins sized by
   * it hold the text.
   */
  static double textWidth(String s, int size) {
    return 0.62 * size * s.codePointCount(0, s.length());
  }

  /** The width of the longest of {@code names} ({@link #textWidth}). */
  private static double longest(List<String> names, int size) {
    double w = 0;
    for (String n : names) {
      w = Math.max(w, textWidth(n, size));
    }
    return w;
  }

  /**
   * The ratings chart from its numbers.
   *
   * @param agents agent names, by index
   * @param order the agents' indices in the order of the rows
   * @param sco SCO rating per agent on [{@code scoLower}, {@code scoUpper}] (NaN = no rating)
   * @param scoLow interval lower bound per agent (NaN = no interval); {@code scoHigh} the upper
   * @param elo Elo per agent (minimum 0: the anchor); {@code eloLow}/{@code eloHigh} its interval
   *     (NaN = none)
   * @param level the intervals' confidence level in (0, 1)
   */
  static String ratings(List<String> agents, List<Integer> order, double[] sco, double[] scoLow, double[] scoHigh,
      double scoLower, double scoUpper, double[] elo, double[] eloLow, double[] eloHigh, double level) {
    return ratings(agents, order, sco, scoLow, scoHigh, scoLower, scoUpper, elo, eloLow, eloHigh, level,
        "Ratings (rows ordered by SCO rating)");
  }

  /** As the ratings chart above, under {@code title}. */
  static String ratings(List<String> agents, List<Integer> order, double[] sco, double[] scoLow, double[] scoHigh,
      double scoLower, double scoUpper, double[] elo, double[] eloLow, double[] eloHigh, double level, String title) {
    return ratings(agents, order, sco, scoLow, scoHigh, scoLower, scoUpper, elo, eloLow, eloHigh, level, title, false, "");
  }

  /**
   * As the ratings chart above, under {@code title}; with {@code fewSeeds} each value with an
   * interval carries {@link Report#FEW} and a footnote says why; {@code note} (one line; empty:
   * none) goes at the bottom. The row labels' margin is as wide as the longest agent name.
   */
  static String ratings(List<String> agents, List<Integer> order, double[] sco, double[] scoLow, double[] scoHigh,
      double scoLower, double scoUpper, double[] elo, double[] eloLow, double[] eloHigh, double level, String title,
      boolean fewSeeds, String note) {
    int k = order.size();
    int label = (int) Math.max(220, Math.ceil(longest(order.stream().map(agents::get).toList(), 12)) + 18);
    int plot = 340;
    int gap = 90;
    int rowH = 26;
    int top = 56;
    int x1 = label;
    int x2 = label + plot + gap;
    int width = x2 + plot + 90;
    int axisY = top + rowH * k + 6;
    int height = axisY + 100 + (fewSeeds ? 16 : 0) + (note.isEmpty() ? 0 : 20);
    String pct = String.format(Locale.ROOT, "%.0f%%", 100 * level);
    // SCO axis: the ratings and their intervals, padded, on round ticks, within the scale
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
    // Elo axis from the anchor (0)
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
    StringBuilder sb = header(width, height);
    text(sb, 10, 22, 15, "start", title);
    text(sb, x1, top - 14, 12, "start", "SCO rating, point with " + pct + " interval");
    text(sb, x2, top - 14, 12, "start", "Elo, point with " + pct + " bootstrap interval");
    grid(sb, x1, plot, top, axisY, scoTicks);
    grid(sb, x2, plot, top, axisY, eloTicks);
    for (int i = 0; i < k; i++) {
      int a = order.get(i);
      int y = top + i * rowH;
      int cy = y + 13;
      text(sb, label - 8, cy + 4, 12, "end", agents.get(a));
      if (Double.isNaN(sco[a])) {
        text(sb, x1, cy + 4, 11, "start", "not on any ballot (benchmark): no SCO rating");
      } else {
        pointWithInterval(sb, sco[a], scoLow[a], scoHigh[a], scoTicks, x1, plot, cy, "#4c78a8",
            noNegativeZero(String.format(Locale.ROOT, "%.1f", sco[a])) + (fewSeeds && !Double.isNaN(scoLow[a])
                ? Report.FEW : ""));
      }
      if (Double.isNaN(elo[a])) {
        continue;
      }
      boolean isAnchor = a == anchor;
      pointWithInterval(sb, elo[a], eloLow[a], eloHigh[a], eloTicks, x2, plot, cy, "#e45756",
          (isAnchor ? "0 (anchor)" : noNegativeZero(String.format(Locale.ROOT, "%.0f", elo[a])))
              + (fewSeeds && !Double.isNaN(eloLow[a]) ? Report.FEW : ""), isAnchor);
    }
    axis(sb, x1, plot, axisY, scoTicks, String.format(Locale.ROOT, "SCO rating (scale [%s, %s])", fmt(scoLower), fmt(scoUpper)));
    axis(sb, x2, plot, axisY, eloTicks, "Elo (400·log10 odds; lowest agent = 0, the anchor)");
    if (scoTicks[0] > scoLower) {
      text(sb, x1, axisY + 50, 11, "start", String.format(Locale.ROOT,
          "axis starts at %s, not at the scale's lower end %s",
          tickFmt(scoTicks[0], scoTicks), fmt(scoLower)), "axis-note");
    }
    if (fewSeeds) {
      text(sb, 10, axisY + 96, 11, "start", fewSeedsNote(), "few-note");
    }
    if (!note.isEmpty()) {
      text(sb, 10, axisY + (fewSeeds ? 116 : 106), 11, "start", note, "error-note");
    }
    if (anchor >= 0) {
      // three short lines: one would run past the right edge of the image (the panel is 340 px wide)
      text(sb, x2, axisY + 50, 11, "start", "hollow marker: the anchor, the lowest agent,", "anchor-note");
      text(sb, x2, axisY + 64, 11, "start", "0 in the estimate and in each resample", "anchor-note");
      text(sb, x2, axisY + 78, 11, "start", "(its interval: resamples with another agent lowest)", "anchor-note");
    }
    return sb.append("</svg>\n").toString();
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

  private static double pos(double v, double[] ticks, int x0, int plot) {
    double lo = ticks[0];
    double hi = ticks[ticks.length - 1];
    return x0 + Math.max(0, Math.min(1, (v - lo) / (hi - lo))) * plot;
  }

  private static void grid(StringBuilder sb, int x0, int plot, int top, int axisY, double[] ticks) {
    for (double t : ticks) {
      double x = pos(t, ticks, x0, plot);
      sb.append(String.format(Locale.ROOT, "<line class=\"grid\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#e6e6e6\"/>%n",
          x, top, x, axisY));
    }
  }

  private static void axis(StringBuilder sb, int x0, int plot, int y, double[] ticks, String title) {
    sb.append(String.format(Locale.ROOT, "<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#333\"/>%n",
        x0, y, x0 + plot, y));
    for (double t : ticks) {
      double x = pos(t, ticks, x0, plot);
      sb.append(String.format(Locale.ROOT, "<line class=\"tick\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#333\"/>%n",
          x, y, x, y + 5));
      text(sb, x, y + 17, 10, "middle", tickFmt(t, ticks), "tick-label");
    }
    text(sb, x0 + plot / 2.0, y + 33, 11, "middle", title, "axis-label");
  }

  /**
   * A filled marker at {@code value} on an axis of {@code ticks} starting at {@code x0} and
   * {@code plot} pixels wide (hollow for Elo's anchor), with its interval whisker when {@code low}
   * is a number and the interval has a width, and {@code label} right of both.
   */
  private static void pointWithInterval(StringBuilder sb, double value, double low, double high, double[] ticks,
      int x0, int plot, int cy, String color, String label) {
    pointWithInterval(sb, value, low, high, ticks, x0, plot, cy, color, label, false);
  }

  private static void pointWithInterval(StringBuilder sb, double value, double low, double high, double[] ticks,
      int x0, int plot, int cy, String color, String label, boolean hollow) {
    double px = pos(value, ticks, x0, plot);
    double right = px;
    if (!Double.isNaN(low) && !(hollow && low == high)) {
      double lo = pos(low, ticks, x0, plot);
      double hi = pos(high, ticks, x0, plot);
      whisker(sb, lo, hi, cy, color);
      right = Math.max(right, hi);
    }
    marker(sb, px, cy, color, hollow);
    text(sb, right + 6, cy + 4, 11, "start", label);
  }

  private static void whisker(StringBuilder sb, double lo, double hi, int y, String color) {
    sb.append(String.format(Locale.ROOT, "<path class=\"whisker\" d=\"M%.1f %dV%dM%.1f %dH%.1fM%.1f %dV%d\" stroke=\"%s\" "
        + "stroke-width=\"2\" fill=\"none\"/>%n", lo, y - 5, y + 5, lo, y, hi, hi, y - 5, y + 5, color));
  }

  private static void marker(StringBuilder sb, double x, int y, String color, boolean anchor) {
    sb.append(String.format(Locale.ROOT, "<circle class=\"%s\" cx=\"%.1f\" cy=\"%d\" r=\"5\" fill=\"%s\" stroke=\"%s\" stroke-width=\"2\"/>%n",
        anchor ? "marker anchor" : "marker", x, y, anchor ? "white" : color, color));
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

  /**
   * {@link #heatmap(String, List, double[][], double[][], double[][], double, double, String)}
   * white at {@code centre}, which the caption names with its reason; the scale is symmetric
   * around it and covers {@code [min, max]}.
   */
  static String heatmap(String title, List<String> agents, double[][] m, double[][] low, double[][] high,
      double min, double max, String format, Centre centre) {
    return heatmap(title, agents, m, low, high, min, max, format, centre, false);
  }

  /**
   * As {@link #heatmap(String, List, double[][], double[][], double[][], double, double, String,
   * Centre)}; with {@code byData} the scale is symmetric around the centre out to the largest
   * |value − centre| of the cells (so mean returns of ±0.37 in a game whose utilities span −6 to 6
   * still take the full colour range), and the caption says so and names the utility range
   * {@code [min, max]}; without it the scale covers {@code [min, max]}. A chart whose cells all
   * equal the centre (or are blank) keeps the {@code [min, max]} scale.
   */
  static String heatmap(String title, List<String> agents, double[][] m, double[][] low, double[][] high,
      double min, double max, String format, Centre centre, boolean byData) {
    return heatmap(title, agents, m, low, high, min, max, format, centre, byData, false);
  }

  /**
   * As {@link #heatmap(String, List, double[][], double[][], double[][], double, double, String,
   * Centre, boolean)}; with {@code fewSeeds} each interval shown carries {@link Report#FEW} and a
   * caption line says why. The row labels' margin is as wide as the longest agent name, and the
   * column headers (rotated 45°) get the height they need below the captions, so no name is
   * clipped or runs into the title.
   */
  static String heatmap(String title, List<String> agents, double[][] m, double[][] low, double[][] high,
      double min, double max, String format, Centre centre, boolean byData, boolean fewSeeds) {
    return heatmap(title, agents, m, low, high, min, max, format, centre, byData, fewSeeds, "");
  }

  /** Smallest cell (px) that shows its interval under its value: 9 agents or more get smaller cells. */
  static final int INTERVAL_CELL = 70;

  /**
   * As {@link #heatmap(String, List, double[][], double[][], double[][], double, double, String,
   * Centre, boolean, boolean)}, with {@code note} (one line; empty: none) as a caption line of its
   * own, e.g. that the cells of a game of 3 or more players are not antisymmetric. Intervals given
   * but not drawn (cells under {@link #INTERVAL_CELL} px, from 9 agents on) are said to be left out,
   * so a chart of values from few seeds does not pass for one without uncertainty.
   */
  static String heatmap(String title, List<String> agents, double[][] m, double[][] low, double[][] high,
      double min, double max, String format, Centre centre, boolean byData, boolean fewSeeds, String note) {
    int k = agents.size();
    double longestName = longest(agents, 11);
    int label = (int) Math.max(240, Math.ceil(longestName) + 16);
    int cell = Math.max(48, Math.min(90, 600 / Math.max(1, k)));
    boolean intervals = low != null && high != null && cell >= INTERVAL_CELL;
    boolean leftOut = false;
    for (int a = 0; low != null && high != null && !intervals && a < k; a++) {
      for (int b = 0; b < k; b++) {
        leftOut |= !Double.isNaN(low[a][b]);
      }
    }
    boolean fewNote = fewSeeds && intervals;
    int captionsEnd = 54 + (fewNote ? 14 : 0) + (note.isEmpty() ? 0 : 14);
    // a header drawn from (cx, top - 6) at -45°: it rises by its length / √2, plus its own height
    int rise = (int) Math.ceil((longestName + 11) / Math.sqrt(2));
    int top = Math.max(40 + 120, captionsEnd + 10 + rise + 6);
    int width = label + cell * k + 150;
    width = (int) Math.max(width, Math.ceil(label + cell * (k - 0.5) + rise + 10));
    int height = top + cell * k + 20;
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
    String caption = String.format(Locale.ROOT, "colour: blue below %s, white at %s (%s), red above",
        fmt(center), fmt(center), centre.why());
    String scale = String.format(Locale.ROOT, "scale %s (full blue) to %s (full red)%s%s",
        scaleFmt(center - half), scaleFmt(center + half), scaleWhy,
        intervals ? "; [95% interval] under each value" : leftOut ? "; 95% intervals left out at this size (report.md has them)"
            + (fewSeeds ? ", from fewer than " + Analysis.FEW_SEEDS + " seed indices" : "") : "");
    // wide enough for the title and captions (about 0.6 em a character) with few agents
    width = (int) Math.max(width, 20 + Math.max(0.6 * 15 * title.length(), 0.6 * 11 * Math.max(Math.max(caption.length(),
        scale.length()), note.length())));
    StringBuilder sb = header(width, height);
    text(sb, 10, 22, 15, "start", title);
    text(sb, 10, 40, 11, "start", caption, "caption");
    text(sb, 10, 54, 11, "start", scale, "scale");
    int captionY = 68;
    if (fewNote) {
      text(sb, 10, captionY, 11, "start", fewSeedsNote(), "few-note");
      captionY += 14;
    }
    if (!note.isEmpty()) {
      text(sb, 10, captionY, 11, "start", note, "note");
    }
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
          text(sb, x + cell / 2.0, y + cell / 2.0 + (intervals ? 0 : 4), 11, "middle",
              noNegativeZero(String.format(Locale.ROOT, format, v)));
          if (intervals && !Double.isNaN(low[a][b])) {
            text(sb, x + cell / 2.0, y + cell / 2.0 + 14, 9, "middle",
                "[" + noNegativeZero(String.format(Locale.ROOT, format, low[a][b])) + ", "
                    + noNegativeZero(String.format(Locale.ROOT, format, high[a][b])) + "]" + (fewSeeds ? Report.FEW : ""));
          }
        }
      }
    }
    return sb.append("</svg>\n").toString();
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

  /** A chart with nothing to draw: its title and one line saying why. */
  static String message(String title, String why) {
    StringBuilder sb = header(720, 80);
    text(sb, 10, 22, 15, "start", title);
    text(sb, 10, 52, 12, "start", why, "message");
    return sb.append("</svg>\n").toString();
  }

  private static StringBuilder header(int w, int h) {
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">%n",
        w, h, w, h));
    sb.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
    return sb;
  }

  private static void text(StringBuilder sb, double x, double y, int size, String anchor, String s) {
    text(sb, x, y, size, anchor, s, null);
  }

  private static void text(StringBuilder sb, double x, double y, int size, String anchor, String s, String cls) {
    sb.append(String.format(Locale.ROOT, "<text%s x=\"%.1f\" y=\"%.1f\" font-size=\"%d\" text-anchor=\"%s\" font-family=\"sans-serif\">%s</text>%n",
        cls == null ? "" : " class=\"" + cls + "\"", x, y, size, anchor, esc(s)));
  }
}
