package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/** The convergence chart ({@code solve --chart}) read back as XML: the vertices of its series' line and its texts. */
final class ChartSvg {
  private ChartSvg() {}

  private static Element parse(String svg) {
    try {
      return DocumentBuilderFactory.newInstance().newDocumentBuilder()
          .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8))).getDocumentElement();
    } catch (Exception e) {
      throw new AssertionError("not well-formed SVG: " + e.getMessage(), e);
    }
  }

  /** A presentation attribute as it applies to {@code e}: its own, else the nearest ancestor's. */
  private static String prop(Element e, String key) {
    for (Node p = e; p instanceof Element pe; p = p.getParentNode()) {
      if (pe.hasAttribute(key)) {
        return pe.getAttribute(key);
      }
    }
    return null;
  }

  /** The series' points in image coordinates: the unfilled path stroked 2 px wide in the line's colour. */
  static List<double[]> linePoints(String svg) {
    NodeList paths = parse(svg).getElementsByTagName("path");
    List<double[]> out = new ArrayList<>();
    int lines = 0;
    for (int i = 0; i < paths.getLength(); i++) {
      Element p = (Element) paths.item(i);
      if (!"rgb(31,119,180)".equals(prop(p, "stroke")) || !"2".equals(prop(p, "stroke-width")) || !"none".equals(prop(p, "fill"))) {
        continue;
      }
      lines++;
      Matcher m = Pattern.compile("[ML](-?[0-9.]+) (-?[0-9.]+)").matcher(p.getAttribute("d"));
      while (m.find()) {
        out.add(new double[] {Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2))});
      }
    }
    assertThat(lines).as("the series' line").isEqualTo(1);
    return out;
  }

  /** The contents of the chart's text elements. */
  static List<String> texts(String svg) {
    NodeList n = parse(svg).getElementsByTagName("text");
    List<String> out = new ArrayList<>();
    for (int i = 0; i < n.getLength(); i++) {
      out.add(n.item(i).getTextContent());
    }
    return out;
  }
}
