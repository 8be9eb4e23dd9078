package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Chart labels: long agent names are neither clipped nor drawn over the title and captions, a
 * zero range of ratings gets a readable axis, and no value prints as {@code -0.00}.
 */
class SvgLabelsTest {
  private static final String LONG = "tabular(file=pol/kuhn_nogame.json)";
  private static final String MEDIUM = "tabular(file=pol/kuhn.json)"; // 27 characters

  @Test
  void theRatingsRowLabelOfALongNameStartsInsideTheImage() {
    List<String> agents = List.of(LONG, "random", "uct");
    SvgXml svg = SvgXml.of(Svg.ratings(agents, List.of(0, 1, 2), new double[] {507, 500, 493}, new double[] {490, 490, 490},
        new double[] {510, 510, 510}, 0, 1000, new double[] {0, 20, 40}, new double[] {0, 0, 0},
        new double[] {0, 70, 140}, 0.95, "Ratings"));
    List<SvgXml.Text> rows = svg.text(LONG);
    assertThat(rows).hasSize(2); // one row label per panel
    for (SvgXml.Text t : rows) {
      assertThat(t.x()).isGreaterThanOrEqualTo(0);
      // the name ends before the plot starts: left of every marker
      double end = t.x() + t.width();
      assertThat(svg.markers()).allSatisfy(m -> assertThat(m.cx() - m.r()).isGreaterThan(end));
    }
    svg.textFitsTheWidth();
  }

  @Test
  void heatmapHeadersOfLongNamesStayBelowTheCaptionsAndInsideTheImage() {
    for (String name : List.of(MEDIUM, LONG, "compose(tree=puct,fpu=bifv,backup=power_mean,final=visits_q)")) {
      List<String> agents = List.of(name, "random", "uct", "m_seed");
      double[][] m = new double[4][4];
      SvgXml svg = SvgXml.of(Svg.heatmap("Mean return of row vs column: kuhn_poker", agents, m, m, m, -2, 2, "%.2f",
          Svg.rangeCentre(-2, 2), true, true));
      // the captions' last line (the few-seeds note) ends above every header
      double captionsEnd = svg.texts().stream().filter(t -> !t.rotated() && t.text().contains("seeds are too narrow")
          || t.text().endsWith("are too narrow")).mapToDouble(SvgXml.Text::y).max().orElseThrow();
      List<SvgXml.Text> headers = svg.texts().stream().filter(SvgXml.Text::rotated).toList();
      assertThat(headers).extracting(SvgXml.Text::text).containsExactlyElementsOf(agents);
      double gridTop = svg.rects().stream().filter(r -> r.w() == r.h() && r.w() >= 40).mapToDouble(SvgXml.Rect::y).min()
          .orElseThrow();
      for (SvgXml.Text h : headers) {
        for (double[] p : List.of(h.at(0), h.at(h.width()))) {
          assertThat(p[1]).as(name + ": header '" + h.text() + "' y").isGreaterThan(captionsEnd).isLessThanOrEqualTo(gridTop);
          assertThat(p[0]).as(name + ": header '" + h.text() + "' x").isBetween(0.0, svg.width());
        }
      }
      List<SvgXml.Text> row = svg.text(name).stream().filter(t -> !t.rotated()).toList();
      assertThat(row).hasSize(1);
      assertThat(row.get(0).x()).as(name + ": row label start").isGreaterThanOrEqualTo(0);
      assertThat(row.get(0).x() + row.get(0).width()).as(name + ": row label end").isLessThanOrEqualTo(
          svg.rects().stream().filter(r -> r.w() == r.h() && r.w() >= 40).mapToDouble(SvgXml.Rect::x).min().orElseThrow());
      svg.textFitsTheWidth();
    }
  }

  @Test
  void equalRatingsGetAReadableAxis() {
    // every match drawn: both agents rated 500 with zero-width intervals
    SvgXml svg = SvgXml.of(Svg.ratings(List.of("uct", "m_seed"), List.of(0, 1), new double[] {500, 500},
        new double[] {500, 500}, new double[] {500, 500}, 0, 1000, new double[] {0, 0}, new double[] {0, 0},
        new double[] {0, 0}, 0.95, "Ratings"));
    // 1% of the scale each side of 500, then the Elo axis from its anchor 0
    List<String> ticks = SvgTest.tickLabels(svg);
    assertThat(ticks).startsWith("490", "495", "500", "505", "510", "0.0").doesNotHaveDuplicates();
    assertThat(svg.allText()).doesNotContain("500.00").containsPattern("axis starts at 4[0-9]{2}, not at");
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
    SvgXml svg = SvgXml.of(Svg.heatmap("Mean return", List.of("a", "b"), m, lo, hi, -1, 1, "%.2f", Svg.rangeCentre(-1, 1),
        true));
    assertThat(svg.strings()).noneMatch(s -> s.equals("-0.00") || s.contains("[-0.00") || s.contains(", -0.00]"))
        .contains("0.00", "[0.00, 0.20]", "[-0.20, 0.00]");
  }
}
