package dev.ponder.solve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class ConvergenceChartTest {
  @Test
  void logLogAxesAndOnePointPerMeasurement() {
    String svg = ConvergenceChart.svg("kuhn <cfr>", new long[] {10, 100, 1000}, new double[] {0.07, 0.008, 0.0009});
    assertThat(svg).startsWith("<?xml").contains("kuhn &lt;cfr&gt;");
    // x decades 1e1..1e3, y decades 1e-4..1e-1
    assertThat(svg).contains(">1e1<", ">1e3<", ">1e-4<", ">1e-1<");
    Matcher m = Pattern.compile("points=\"([^\"]*)\"").matcher(svg);
    assertThat(m.find()).isTrue();
    String[] pts = m.group(1).split(" ");
    assertThat(pts).hasSize(3);
    // equal ratios on a log scale: the three points are equally spaced in x, and y decreases
    double[] x = new double[3];
    double[] y = new double[3];
    for (int i = 0; i < 3; i++) {
      x[i] = Double.parseDouble(pts[i].split(",")[0]);
      y[i] = Double.parseDouble(pts[i].split(",")[1]);
    }
    assertThat(x[1] - x[0]).isCloseTo(x[2] - x[1], org.assertj.core.api.Assertions.within(0.2));
    assertThat(y[0]).isLessThan(y[1]);
    assertThat(y[1]).isLessThan(y[2]);
  }

  @Test
  void zeroExploitabilityIsMarkedAndNoted() {
    String svg = ConvergenceChart.svg("nim", new long[] {1, 2, 3}, new double[] {0.5, 0, 0});
    assertThat(Pattern.compile("<circle ").matcher(svg).results().count()).isEqualTo(2);
    assertThat(svg).contains("exploitability 0 (2 points; drawn on the bottom axis)");
    assertThat(ConvergenceChart.svg("k", new long[] {1, 2}, new double[] {0.5, 0.1})).doesNotContain("<circle");
  }

  @Test
  void mismatchedSeriesRejected() {
    assertThatThrownBy(() -> ConvergenceChart.svg("t", new long[] {1, 2}, new double[] {1}))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
