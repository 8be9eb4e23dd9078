package dev.ponder.solve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/** The convergence chart read back as the SVG it is: its labels, and where the series' points fall. */
class ConvergenceChartTest {
  private static final String LINE = "rgb(31,119,180)";
  private static final String ZERO = "rgb(214,39,40)";

  /** The chart parsed (failing the test when it is not well-formed XML). */
  static Element parse(String svg) {
    try {
      return DocumentBuilderFactory.newInstance().newDocumentBuilder()
          .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8))).getDocumentElement();
    } catch (Exception e) {
      throw new AssertionError("not well-formed SVG: " + e.getMessage(), e);
    }
  }

  static List<Element> all(Element root, String tag) {
    NodeList n = root.getElementsByTagName(tag);
    List<Element> out = new ArrayList<>();
    for (int i = 0; i < n.getLength(); i++) {
      out.add((Element) n.item(i));
    }
    return out;
  }

  static List<String> texts(Element root) {
    return all(root, "text").stream().map(Element::getTextContent).toList();
  }

  /**
   * A presentation attribute as it applies to {@code e}: its own, else the nearest ancestor's
   * (Batik writes what a group's elements share on the {@code <g>}).
   */
  static String prop(Element e, String key) {
    for (Node p = e; p instanceof Element pe; p = p.getParentNode()) {
      if (pe.hasAttribute(key)) {
        return pe.getAttribute(key);
      }
    }
    return null;
  }

  /** The drawn paths (not those of clip paths). */
  static List<Element> paths(Element root) {
    return all(root, "path").stream().filter(p -> !((Element) p.getParentNode()).getTagName().equals("clipPath")).toList();
  }

  /** The vertices of the series' line: the one unfilled path stroked 2 px wide in the line's colour. */
  static List<double[]> linePoints(Element root) {
    List<Element> paths = paths(root).stream().filter(p -> LINE.equals(prop(p, "stroke")) && "2".equals(prop(p, "stroke-width"))
        && "none".equals(prop(p, "fill"))).toList();
    assertThat(paths).as("the series' line").hasSize(1);
    Matcher m = Pattern.compile("[ML](-?[0-9.]+) (-?[0-9.]+)").matcher(paths.get(0).getAttribute("d"));
    List<double[]> out = new ArrayList<>();
    while (m.find()) {
      out.add(new double[] {Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2))});
    }
    return out;
  }

  /** Markers filled with {@code fill}: circles (curved paths) of that fill. */
  static long markers(Element root, String fill) {
    return paths(root).stream().filter(p -> fill.equals(prop(p, "fill")) && p.getAttribute("d").contains("C")).count();
  }

  /** Whether anything is filled or stroked in {@code colour}. */
  static boolean drawsIn(Element root, String colour) {
    return all(root, "*").stream().anyMatch(e -> colour.equals(e.getAttribute("fill")) || colour.equals(e.getAttribute("stroke")));
  }

  @Test
  void logLogAxesAndOnePointPerMeasurement() {
    String svg = ConvergenceChart.svg("kuhn <cfr>", new long[] {10, 100, 1000}, new double[] {0.07, 0.008, 0.0009});
    assertThat(svg).startsWith("<?xml").contains("kuhn &lt;cfr&gt;");
    Element root = parse(svg);
    assertThat(texts(root)).contains("kuhn <cfr>", "iterations", "exploitability (NashConv / n)");
    // x decades 1e1..1e3, y decades 1e-4..1e-1, nothing else
    assertThat(texts(root)).contains("1e1", "1e2", "1e3", "1e-4", "1e-3", "1e-2", "1e-1")
        .filteredOn(t -> t.startsWith("1e")).hasSize(7);
    List<double[]> pts = linePoints(root);
    assertThat(pts).hasSize(3);
    assertThat(markers(root, LINE)).isEqualTo(3);
    // equal ratios on a log scale: the three points are equally spaced in x, and y decreases
    assertThat(pts.get(1)[0] - pts.get(0)[0]).isPositive().isCloseTo(pts.get(2)[0] - pts.get(1)[0], within(0.2));
    assertThat(pts.get(0)[1]).isLessThan(pts.get(1)[1]);
    assertThat(pts.get(1)[1]).isLessThan(pts.get(2)[1]);
    // log y: 0.07 -> 0.008 is log10(8.75) decades, 0.008 -> 0.0009 log10(8.89): nearly equal drops
    double drop1 = pts.get(1)[1] - pts.get(0)[1];
    double drop2 = pts.get(2)[1] - pts.get(1)[1];
    assertThat(drop2 / drop1).isCloseTo(Math.log10(0.008 / 0.0009) / Math.log10(0.07 / 0.008), within(0.02));
    // and a decade of x is as wide as the spacing of the points (10x apart)
    double x1 = tickX(root, "1e1");
    double x3 = tickX(root, "1e3");
    assertThat(pts.get(0)[0]).isCloseTo(x1, within(1.5));
    assertThat(pts.get(2)[0]).isCloseTo(x3, within(1.5));
  }

  /** The x of the centre of the tick label {@code label} (estimated from its start and length). */
  private static double tickX(Element root, String label) {
    Element t = all(root, "text").stream().filter(e -> e.getTextContent().equals(label)).findFirst().orElseThrow();
    java.awt.Font f = new java.awt.Font(java.awt.Font.SANS_SERIF, java.awt.Font.PLAIN, 12);
    double w = f.getStringBounds(label, new java.awt.font.FontRenderContext(null, true, true)).getWidth();
    return Double.parseDouble(t.getAttribute("x")) + w / 2;
  }

  @Test
  void zeroExploitabilityIsMarkedAndNoted() {
    Element root = parse(ConvergenceChart.svg("nim", new long[] {1, 2, 3}, new double[] {0.5, 0, 0}));
    assertThat(markers(root, "white")).as("hollow markers").isEqualTo(2);
    assertThat(texts(root)).contains("○ exploitability 0 (2 points; drawn on the bottom axis)");
    Element none = parse(ConvergenceChart.svg("k", new long[] {1, 2}, new double[] {0.5, 0.1}));
    assertThat(markers(none, "white")).isZero();
    assertThat(texts(none)).noneMatch(t -> t.contains("exploitability 0"));
    assertThat(drawsIn(none, ZERO)).isFalse();
    assertThat(drawsIn(root, ZERO)).isTrue();
  }

  @Test
  void oneMeasurementIsOnePoint() {
    Element root = parse(ConvergenceChart.svg("one", new long[] {1}, new double[] {0.25}));
    assertThat(markers(root, LINE)).isEqualTo(1);
    assertThat(texts(root)).contains("1e0", "1e1", "1e-1", "1e0");
  }

  @Test
  void theSameSeriesGivesTheSameBytesWhateverTheLocale() {
    long[] it = {1, 10, 100};
    double[] v = {0.5, 0.0123456, 0};
    Locale before = Locale.getDefault();
    try {
      Locale.setDefault(Locale.ROOT);
      String first = ConvergenceChart.svg("kuhn_poker: cfr", it, v);
      assertThat(ConvergenceChart.svg("kuhn_poker: cfr", it, v)).isEqualTo(first);
      Locale.setDefault(Locale.GERMANY);
      assertThat(ConvergenceChart.svg("kuhn_poker: cfr", it, v)).isEqualTo(first);
      // ids from the chart's own counter
      assertThat(all(parse(first), "*").stream().map(e -> e.getAttribute("id")).filter(id -> !id.isEmpty()))
          .allMatch(id -> id.equals("genericDefs") || id.matches("ponder-(clipPath|defs)\\d+"));
      assertThat(texts(parse(first))).noneMatch(t -> t.matches(".*\\d,\\d.*"));
      // every number in the attributes with at most two decimals, none "-0"
      for (Element e : all(parse(first), "*")) {
        for (int i = 0; i < e.getAttributes().getLength(); i++) {
          Node a = e.getAttributes().item(i);
          if (!a.getNodeName().equals("id") && !a.getNodeName().equals("clip-path")) {
            Matcher m = Pattern.compile("(?<![\\w#.])-?[0-9][0-9.]*").matcher(a.getNodeValue());
            while (m.find()) {
              assertThat(m.group()).as(a.getNodeName()).matches("-?\\d+(\\.\\d{1,2})?").isNotEqualTo("-0");
            }
          }
        }
      }
    } finally {
      Locale.setDefault(before);
    }
  }

  @Test
  void mismatchedSeriesRejected() {
    assertThatThrownBy(() -> ConvergenceChart.svg("t", new long[] {1, 2}, new double[] {1}))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
