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

  /** The series' points in image coordinates: the path stroked 2 px wide in the line's colour. */
  static List<double[]> linePoints(String svg) {
    NodeList groups = parse(svg).getElementsByTagName("g");
    List<double[]> out = new ArrayList<>();
    int lines = 0;
    for (int i = 0; i < groups.getLength(); i++) {
      Element g = (Element) groups.item(i);
      if (!g.getAttribute("style").replace(" ", "").contains("stroke-width:2.0;stroke:rgb(31,119,180)")) {
        continue;
      }
      NodeList paths = g.getElementsByTagName("path");
      for (int j = 0; j < paths.getLength(); j++) {
        lines++;
        Matcher m = Pattern.compile("[ML](-?[0-9.]+),(-?[0-9.]+)").matcher(((Element) paths.item(j)).getAttribute("d"));
        while (m.find()) {
          out.add(new double[] {Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2))});
        }
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
