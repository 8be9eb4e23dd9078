package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Chart labels: long agent names are neither clipped nor drawn over the title and captions, a
 * zero range of ratings gets a readable axis, and no value prints as {@code -0.00}.
 */
class SvgLabelsTest {
  private static final String LONG = "tabular(file=pol/kuhn_nogame.json)";
  private static final String MEDIUM = "tabular(file=pol/kuhn.json)"; // 27 characters

  private static int width(String svg) {
    Matcher w = Pattern.compile("<svg [^>]*width=\"(\\d+)\"").matcher(svg);
    assertThat(w.find()).isTrue();
    return Integer.parseInt(w.group(1));
  }

  /** x of the text element drawing exactly {@code s}, end-anchored at size {@code size}. */
  private static List<Double> endAnchoredX(String svg, String s, int size) {
    Matcher t = Pattern.compile("<text x=\"([0-9.]+)\" y=\"[0-9.]+\" font-size=\"" + size
        + "\" text-anchor=\"end\"[^>]*>" + Pattern.quote(Svg.esc(s)) + "<").matcher(svg);
    List<Double> out = new ArrayList<>();
    while (t.find()) {
      out.add(Double.parseDouble(t.group(1)));
    }
    return out;
  }

  @Test
  void theRatingsRowLabelOfALongNameStartsInsideTheImage() {
    List<String> agents = List.of(LONG, "random", "uct");
    String svg = Svg.ratings(agents, List.of(0, 1, 2), new double[] {507, 500, 493}, new double[] {490, 490, 490},
        new double[] {510, 510, 510}, 0, 1000, new double[] {0, 20, 40}, new double[] {0, 0, 0},
        new double[] {0, 70, 140}, 0.95, "Ratings");
    List<Double> x = endAnchoredX(svg, LONG, 12);
    assertThat(x).hasSize(1);
    // it ends at x: it starts at x minus its width (0.6 em a character, sans-serif's average)
    assertThat(x.get(0) - 0.6 * 12 * LONG.length()).isGreaterThanOrEqualTo(0);
    SvgTest.textFitsTheWidth(svg);
  }

  @Test
  void heatmapHeadersOfLongNamesStayBelowTheCaptionsAndInsideTheImage() {
    for (String name : List.of(MEDIUM, LONG, "compose(tree=puct,fpu=bifv,backup=power_mean,final=visits_q)")) {
      List<String> agents = List.of(name, "random", "uct", "m_seed");
      double[][] m = new double[4][4];
      String svg = Svg.heatmap("Mean return of row vs column: kuhn_poker", agents, m, m, m, -2, 2, "%.2f",
          Svg.rangeCentre(-2, 2), true, true);
      int width = width(svg);
      // captions end at the few-seeds line (y 68); a header drawn at -45° from (x, y) rises by
      // its length / √2 and reaches right by as much
      Matcher h = Pattern.compile("<text x=\"([0-9.]+)\" y=\"(\\d+)\" font-size=\"11\" transform=\"rotate\\(-45[^>]*>([^<]*)<")
          .matcher(svg);
      int headers = 0;
      while (h.find()) {
        String text = h.group(3).replace("&amp;", "&");
        double length = 0.6 * 11 * text.length();
        double topEdge = Double.parseDouble(h.group(2)) - (length + 11) / Math.sqrt(2);
        assertThat(topEdge).as(name + ": header '" + text + "' reaches y " + topEdge).isGreaterThan(68 + 4);
        assertThat(Double.parseDouble(h.group(1)) + length / Math.sqrt(2)).as(name + ": header's right end")
            .isLessThanOrEqualTo(width);
        headers++;
      }
      assertThat(headers).isEqualTo(4);
      List<Double> row = endAnchoredX(svg, name, 11);
      assertThat(row).hasSize(1);
      assertThat(row.get(0) - 0.6 * 11 * name.length()).as(name + ": row label start").isGreaterThanOrEqualTo(0);
    }
  }

  @Test
  void equalRatingsGetAReadableAxis() {
    // every match drawn: both agents rated 500 with zero-width intervals
    String svg = Svg.ratings(List.of("uct", "m_seed"), List.of(0, 1), new double[] {500, 500},
        new double[] {500, 500}, new double[] {500, 500}, 0, 1000, new double[] {0, 0}, new double[] {0, 0},
        new double[] {0, 0}, 0.95, "Ratings");
    List<String> sco = new ArrayList<>();
    Matcher t = Pattern.compile("class=\"tick-label\"[^>]*>([^<]*)<").matcher(svg);
    while (t.find()) {
      sco.add(t.group(1));
    }
    // 1% of the scale each side of 500, then the Elo axis from its anchor 0
    assertThat(sco).startsWith("490", "495", "500", "505", "510", "0.0").doesNotHaveDuplicates();
    assertThat(svg).doesNotContain("500.00").containsPattern("axis starts at 4[0-9]{2}, not at");
  }

  @Test
  void tickLabelsHaveTheDecimalsTheirStepNeeds() {
    assertThat(Svg.tickFmt(500.2, Svg.ticks(500.1, 500.9))).isEqualTo("500.2");
    assertThat(Svg.tickFmt(0.02, Svg.ticks(0, 0.1))).isEqualTo("0.02");
    assertThat(Svg.tickFmt(-0.0, new double[] {-0.0, 1})).isEqualTo("0");
  }

  @Test
  void noCellPrintsMinusZero() {
    double[][] m = {{Double.NaN, -0.001}, {0.001, Double.NaN}};
    double[][] lo = {{Double.NaN, -0.004}, {-0.2, Double.NaN}};
    double[][] hi = {{Double.NaN, 0.2}, {0.004, Double.NaN}};
    String svg = Svg.heatmap("Mean return", List.of("a", "b"), m, lo, hi, -1, 1, "%.2f", Svg.rangeCentre(-1, 1), true);
    assertThat(svg).doesNotContainPattern(">-0\\.00<|\\[-0\\.00|, -0\\.00").contains(">0.00<").contains("[0.00, 0.20]").contains("[-0.20, 0.00]");
  }
}
