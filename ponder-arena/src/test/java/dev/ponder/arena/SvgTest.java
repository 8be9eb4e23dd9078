package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SvgTest {
  private static String fill(String svg, int index) {
    String[] parts = svg.split("<rect x=");
    String cell = parts[index + 1];
    int i = cell.indexOf("fill=\"") + 6;
    return cell.substring(i, i + 7);
  }

  @Test
  void scoreHeatmapIsWhiteAtZeroEvenWhenTheUtilityRangeIsAsymmetric() {
    // 3-player Kuhn poker: utility [-2, 4]; a positive mean return must read as "row wins" (red).
    double[][] m = {{Double.NaN, 0.63}, {-0.5, 0.0}};
    double[][] lo = {{Double.NaN, 0.20}, {-0.9, -0.1}};
    double[][] hi = {{Double.NaN, 1.01}, {-0.1, 0.1}};
    String svg = Svg.heatmap("t", List.of("a", "b"), m, lo, hi, -2, 4, "%.2f");
    // cells in row order: 0 = (a, a) blank, 1 = (a, b), 2 = (b, a), 3 = (b, b)
    String pos = fill(svg, 1);
    String neg = fill(svg, 2);
    String zero = fill(svg, 3);
    assertThat(Integer.parseInt(pos.substring(1, 3), 16)).as("red channel of 0.63").isGreaterThan(Integer.parseInt(pos.substring(5, 7), 16));
    assertThat(Integer.parseInt(neg.substring(5, 7), 16)).as("blue channel of -0.5").isGreaterThan(Integer.parseInt(neg.substring(1, 3), 16));
    assertThat(zero).isEqualTo("#ffffff");
    assertThat(svg).contains("[0.20, 1.01]").contains("[-0.90, -0.10]").contains("scale -4 to 4");
  }

  @Test
  void ballotHeatmapIsWhiteAtOneHalf() {
    String svg = Svg.heatmap("t", List.of("a", "b"), new double[][] {{Double.NaN, 0.5}, {1.0, Double.NaN}}, null, null, 0, 1, "%.2f");
    assertThat(fill(svg, 1)).isEqualTo("#ffffff");
    assertThat(fill(svg, 2)).isEqualTo(Svg.color(1.0));
    assertThat(svg).doesNotContain("interval");
  }
}
