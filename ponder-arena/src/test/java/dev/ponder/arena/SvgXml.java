package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Font;
import java.awt.font.FontRenderContext;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * A chart read back as the XML it is: its text elements, filled rectangles, markers and lines,
 * with the positions a reader sees. Parsing fails the test when the SVG is not well-formed.
 */
final class SvgXml {
  private final Element root;

  private SvgXml(Element root) {
    this.root = root;
  }

  static SvgXml of(String svg) {
    try {
      DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
      f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
      Document d = f.newDocumentBuilder().parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
      assertThat(d.getDocumentElement().getTagName()).isEqualTo("svg");
      return new SvgXml(d.getDocumentElement());
    } catch (Exception e) {
      throw new AssertionError("not well-formed SVG: " + e.getMessage(), e);
    }
  }

  /** A text element: where it starts, its font size and weight, whether it is rotated. */
  record Text(double x, double y, double size, boolean bold, boolean rotated, String text, double[] matrix) {
    /** Where the point (x + dx, y) of the text lands in the image (through its group's transform). */
    double[] at(double dx) {
      double px = x + dx;
      return new double[] {matrix[0] * px + matrix[2] * y + matrix[4], matrix[1] * px + matrix[3] * y + matrix[5]};
    }

    /** Its width drawn in the JVM's sans-serif font, the font the chart was measured with. */
    double width() {
      Font font = new Font(Font.SANS_SERIF, bold ? Font.BOLD : Font.PLAIN, (int) Math.round(size));
      return font.getStringBounds(text, new FontRenderContext(null, true, true)).getWidth();
    }
  }

  /** A filled rectangle and its fill as {@code #rrggbb}. */
  record Rect(double x, double y, double w, double h, String fill) {
    boolean contains(double px, double py) {
      return px >= x && px <= x + w && py >= y && py <= y + h;
    }
  }

  /** A circle marker drawn as a path: its centre, radius and fill ({@code #rrggbb}). */
  record Marker(double cx, double cy, double r, String fill) {}

  /** A line and its stroke colour ({@code #rrggbb}) and width. */
  record Line(double x1, double y1, double x2, double y2, String stroke, double width) {}

  double width() {
    return Double.parseDouble(root.getAttribute("width"));
  }

  double height() {
    return Double.parseDouble(root.getAttribute("height"));
  }

  List<Element> elements(String tag) {
    NodeList n = root.getElementsByTagName(tag);
    List<Element> out = new ArrayList<>();
    for (int i = 0; i < n.getLength(); i++) {
      out.add((Element) n.item(i));
    }
    return out;
  }

  /**
   * A presentation property as it applies to {@code e}: its own attribute or style entry, else
   * the nearest ancestor's (Batik writes a group's fill, stroke and font on the {@code <g>}).
   */
  private static String style(Element e, String key) {
    for (Node p = e; p instanceof Element pe; p = p.getParentNode()) {
      if (pe.hasAttribute(key)) {
        return pe.getAttribute(key).trim();
      }
      Matcher m = Pattern.compile("(?:^|;)\\s*" + Pattern.quote(key) + ":\\s*([^;]+)").matcher(pe.getAttribute("style"));
      if (m.find()) {
        return m.group(1).trim();
      }
    }
    return null;
  }

  /** The colour names Batik writes for the 16 colours of HTML 4. */
  private static final java.util.Map<String, String> NAMED = java.util.Map.ofEntries(java.util.Map.entry("black", "#000000"),
      java.util.Map.entry("silver", "#c0c0c0"), java.util.Map.entry("gray", "#808080"), java.util.Map.entry("white", "#ffffff"),
      java.util.Map.entry("maroon", "#800000"), java.util.Map.entry("red", "#ff0000"), java.util.Map.entry("purple", "#800080"),
      java.util.Map.entry("fuchsia", "#ff00ff"), java.util.Map.entry("green", "#008000"), java.util.Map.entry("lime", "#00ff00"),
      java.util.Map.entry("olive", "#808000"), java.util.Map.entry("yellow", "#ffff00"), java.util.Map.entry("navy", "#000080"),
      java.util.Map.entry("blue", "#0000ff"), java.util.Map.entry("teal", "#008080"), java.util.Map.entry("aqua", "#00ffff"));

  private static String hex(String rgb) {
    if (rgb == null) {
      return null;
    }
    if (NAMED.containsKey(rgb)) {
      return NAMED.get(rgb);
    }
    Matcher m = Pattern.compile("rgb\\((\\d+),\\s*(\\d+),\\s*(\\d+)\\)").matcher(rgb);
    return m.matches() ? String.format(Locale.ROOT, "#%02x%02x%02x", Integer.parseInt(m.group(1)),
        Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3))) : rgb;
  }

  /**
   * The transform that places {@code e} in the image, as {a, b, c, d, e, f} (identity when none):
   * its own and its ancestors' {@code transform} attributes (matrix, translate, rotate, scale)
   * composed.
   */
  private static double[] matrix(Element e) {
    double[] m = {1, 0, 0, 1, 0, 0};
    for (Node p = e; p instanceof Element pe; p = p.getParentNode()) {
      m = times(list(pe.getAttribute("transform")), m);
    }
    return m;
  }

  /** A transform list ({@code translate(50,50) rotate(-90) translate(-50,-50)}) as one matrix. */
  private static double[] list(String transform) {
    double[] m = {1, 0, 0, 1, 0, 0};
    Matcher t = Pattern.compile("(\\w+)\\(([^)]*)\\)").matcher(transform);
    while (t.find()) {
      String[] parts = t.group(2).trim().split("[\\s,]+");
      double[] v = new double[parts.length];
      for (int i = 0; i < v.length; i++) {
        v[i] = Double.parseDouble(parts[i]);
      }
      double[] step = switch (t.group(1)) {
        case "matrix" -> v;
        case "translate" -> new double[] {1, 0, 0, 1, v[0], v.length > 1 ? v[1] : 0};
        case "scale" -> new double[] {v[0], 0, 0, v.length > 1 ? v[1] : v[0], 0, 0};
        case "rotate" -> {
          double a = Math.toRadians(v[0]);
          double cx = v.length > 1 ? v[1] : 0;
          double cy = v.length > 1 ? v[2] : 0;
          double cos = Math.cos(a);
          double sin = Math.sin(a);
          yield new double[] {cos, sin, -sin, cos, cx - cos * cx + sin * cy, cy - sin * cx - cos * cy};
        }
        default -> throw new AssertionError("transform " + t.group());
      };
      m = times(m, step);
    }
    return m;
  }

  /** The transform applying {@code q} first, then {@code p}. */
  private static double[] times(double[] p, double[] q) {
    return new double[] {p[0] * q[0] + p[2] * q[1], p[1] * q[0] + p[3] * q[1], p[0] * q[2] + p[2] * q[3],
        p[1] * q[2] + p[3] * q[3], p[0] * q[4] + p[2] * q[5] + p[4], p[1] * q[4] + p[3] * q[5] + p[5]};
  }

  List<Text> texts() {
    List<Text> out = new ArrayList<>();
    for (Element e : elements("text")) {
      String size = style(e, "font-size");
      double[] m = matrix(e);
      out.add(new Text(Double.parseDouble(e.getAttribute("x")), Double.parseDouble(e.getAttribute("y")),
          size == null ? 0 : Double.parseDouble(size.replace("px", "")), "bold".equals(style(e, "font-weight")),
          m[1] != 0 || m[2] != 0, e.getTextContent(), m));
    }
    return out;
  }

  /** Every number written in an attribute (coordinates, sizes, transforms), as written; ids left out. */
  List<String> numbers() {
    List<String> out = new ArrayList<>();
    for (Element e : elements("*")) {
      org.w3c.dom.NamedNodeMap a = e.getAttributes();
      for (int i = 0; i < a.getLength(); i++) {
        String name = a.item(i).getNodeName();
        if (name.equals("id") || name.equals("clip-path")) {
          continue;
        }
        Matcher m = Pattern.compile("(?<![\\w#.])-?[0-9][0-9.]*").matcher(a.item(i).getNodeValue());
        while (m.find()) {
          out.add(m.group());
        }
      }
    }
    return out;
  }

  /** The strings of the text elements, in document order. */
  List<String> strings() {
    return texts().stream().map(Text::text).toList();
  }

  /**
   * The lines of text as written: a title or caption wrapped over several text elements (each but
   * the last ending in a space) joined back into one.
   */
  List<String> lines() {
    List<String> out = new ArrayList<>();
    StringBuilder cur = null;
    for (Text t : texts()) {
      if (cur != null && cur.length() > 0 && cur.charAt(cur.length() - 1) == ' ') {
        cur.append(t.text());
      } else {
        if (cur != null) {
          out.add(cur.toString());
        }
        cur = new StringBuilder(t.text());
      }
    }
    if (cur != null) {
      out.add(cur.toString());
    }
    return out;
  }

  /** Every text, lines joined: for asserting what a chart says regardless of where it wraps. */
  String allText() {
    return String.join("\n", lines());
  }

  /** The text elements drawing exactly {@code s}. */
  List<Text> text(String s) {
    return texts().stream().filter(t -> t.text().equals(s)).toList();
  }

  List<Rect> rects() {
    List<Rect> out = new ArrayList<>();
    for (Element e : elements("rect")) {
      String fill = style(e, "fill");
      if (fill != null && !fill.equals("none")) {
        out.add(new Rect(Double.parseDouble(e.getAttribute("x")), Double.parseDouble(e.getAttribute("y")),
            Double.parseDouble(e.getAttribute("width")), Double.parseDouble(e.getAttribute("height")), hex(fill)));
      }
    }
    return out;
  }

  /** The fill of the heatmap cell showing {@code value}: the smallest filled rectangle under the text's start. */
  String cellFill(String value) {
    List<Text> t = text(value);
    assertThat(t).as("cells showing " + value).hasSize(1);
    Text v = t.get(0);
    return rects().stream().filter(r -> r.contains(v.x() + 1, v.y() - 3)).min(java.util.Comparator.comparingDouble(r -> r.w() * r.h()))
        .orElseThrow(() -> new AssertionError("no cell under " + value)).fill();
  }

  /** Circles drawn as filled paths (the ratings' markers): their centre, radius and fill. */
  List<Marker> markers() {
    List<Marker> out = new ArrayList<>();
    for (Element p : elements("path")) {
      String fill = style(p, "fill");
      String d = p.getAttribute("d");
      if (fill == null || fill.equals("none") || !d.contains("C") || p.getParentNode() instanceof Element c
          && c.getTagName().equals("clipPath")) {
        continue;
      }
      double[] b = bounds(d);
      out.add(new Marker((b[0] + b[2]) / 2, (b[1] + b[3]) / 2, (b[2] - b[0]) / 2, hex(fill)));
    }
    return out;
  }

  List<Line> lines(String stroke) {
    List<Line> out = new ArrayList<>();
    for (Element e : elements("line")) {
      String s = hex(style(e, "stroke"));
      if (stroke == null || stroke.equals(s)) {
        String w = style(e, "stroke-width");
        out.add(new Line(Double.parseDouble(e.getAttribute("x1")), Double.parseDouble(e.getAttribute("y1")),
            Double.parseDouble(e.getAttribute("x2")), Double.parseDouble(e.getAttribute("y2")), s,
            w == null ? 1 : Double.parseDouble(w)));
      }
    }
    return out;
  }

  private static double[] bounds(String d) {
    Matcher m = Pattern.compile("(-?[0-9.]+)[ ,](-?[0-9.]+)").matcher(d);
    double[] b = {Double.MAX_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE};
    while (m.find()) {
      double x = Double.parseDouble(m.group(1));
      double y = Double.parseDouble(m.group(2));
      b[0] = Math.min(b[0], x);
      b[1] = Math.min(b[1], y);
      b[2] = Math.max(b[2], x);
      b[3] = Math.max(b[3], y);
    }
    return b;
  }

  /** Every horizontal text starts inside the image and ends inside it (measured in the JVM's font). */
  void textFitsTheWidth() {
    double w = width();
    int n = 0;
    for (Text t : texts()) {
      if (t.rotated()) {
        continue;
      }
      assertThat(t.x()).as("start of '" + t.text() + "'").isGreaterThanOrEqualTo(0);
      assertThat(t.x() + t.width()).as("'" + t.text() + "' ends at " + (t.x() + t.width()) + " of " + w + " px")
          .isLessThanOrEqualTo(w + 0.5);
      n++;
    }
    assertThat(n).isPositive();
  }
}
