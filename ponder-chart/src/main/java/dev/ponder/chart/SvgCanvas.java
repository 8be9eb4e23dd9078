package dev.ponder.chart;

import java.awt.Dimension;
import java.awt.Font;
import java.awt.Graphics2D;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.apache.batik.svggen.SVGGeneratorContext;
import org.apache.batik.svggen.SVGGraphics2D;
import org.apache.batik.svggen.SVGIDGenerator;
import org.jfree.chart.text.TextUtils;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The SVG canvas every Ponder chart is drawn on (the arena's report charts, the solvers'
 * convergence chart): Apache Batik's SVG generator set up so that the same drawing gives the same
 * bytes. Text is written as {@code <text>} elements (not glyph outlines), coordinates with at most
 * two decimals, without the locale and without "-0"; ids come from a counter of each canvas's own
 * ({@code ponder-clipPath1}, ...), and no comment or time is written. Text is measured with the
 * JVM's fonts through headless AWT, which needs one font installed (fontconfig's DejaVu on Linux);
 * a JVM without one fails in one line ({@link #fontFailure}).
 */
public final class SvgCanvas {
  private SvgCanvas() {}

  /** The SVG namespace. */
  public static final String SVG_NS = "http://www.w3.org/2000/svg";

  /** An attribute's numbers that round to 0 from below: "-0" is written "0". */
  private static final Pattern NEGATIVE_ZERO = Pattern.compile("(?<![0-9.])-0(?![0-9.])");

  /**
   * The drawing {@code draw} makes on a {@code width} × {@code height} px canvas whose default font
   * is {@code textFont}, as an SVG document: a UTF-8 declaration and one {@code <svg>} element with
   * {@code width}, {@code height} and a view box of the same size. Calls {@link #headless} first.
   *
   * @param width the canvas's width in px, &gt; 0
   * @param height the canvas's height in px, &gt; 0
   * @throws IllegalStateException (one line) when the JVM has no font to measure text with
   */
  public static String render(double width, double height, Font textFont, Consumer<Graphics2D> draw) {
    headless();
    try {
      SVGGraphics2D g = create(textFont);
      g.setSVGCanvasSize(new Dimension((int) Math.ceil(width), (int) Math.ceil(height)));
      draw.accept(g);
      return write(g, width, height);
    } catch (RuntimeException | Error e) {
      throw fontFailure(e);
    }
  }

  /**
   * Makes AWT headless unless the JVM was told otherwise (charts need no display), and sets
   * JFreeChart's text drawing for SVG: rotated labels as text elements rather than glyph outlines,
   * and text placed by its fractional width as the canvas measures it (Batik's font metrics alone
   * give whole-pixel widths, which put a long rotated label a few px off). Idempotent.
   */
  public static void headless() {
    if (System.getProperty("java.awt.headless") == null) {
      System.setProperty("java.awt.headless", "true");
    }
    TextUtils.setUseDrawRotatedStringWorkaround(false);
    TextUtils.setUseFontMetricsGetStringBounds(true);
  }

  /**
   * A fresh canvas (see the class comment) whose default font is {@code textFont}. Its size is
   * unset: set it ({@link SVGGraphics2D#setSVGCanvasSize}) before drawing, or use it only to
   * measure text. A JVM without fonts may throw here or while drawing: see {@link #fontFailure}.
   */
  public static SVGGraphics2D create(Font textFont) {
    Document doc;
    try {
      // the JDK's own DOM (not one found on the class path): Batik's generator needs no other
      doc = DocumentBuilderFactory.newDefaultInstance().newDocumentBuilder().getDOMImplementation()
          .createDocument(SVG_NS, "svg", null);
    } catch (ParserConfigurationException e) {
      throw new IllegalStateException(e);
    }
    SVGGeneratorContext ctx = SVGGeneratorContext.createDefault(doc);
    ctx.setComment(null);
    ctx.setPrecision(2);
    ctx.setIDGenerator(new SVGIDGenerator() {
      @Override
      public String generateID(String prefix) {
        return super.generateID("ponder-" + prefix);
      }
    });
    SVGGeneratorContext.GraphicContextDefaults defaults = new SVGGeneratorContext.GraphicContextDefaults();
    defaults.setFont(textFont);
    ctx.setGraphicContextDefaults(defaults);
    return new SVGGraphics2D(ctx, false); // false: text as text, not shapes
  }

  /**
   * The document {@code g} drew, {@code width} × {@code height} px, as text: a UTF-8 declaration
   * and one {@code <svg>} element with {@code width}, {@code height} and a view box, indented by
   * one space a level, every "-0" in an attribute (other than ids and clip-path references) written
   * "0".
   */
  public static String write(SVGGraphics2D g, double width, double height) {
    Document doc = g.getDOMFactory();
    Element root = g.getRoot(doc.getDocumentElement());
    root.setAttribute("width", num(width));
    root.setAttribute("height", num(height));
    root.setAttribute("viewBox", "0 0 " + num(width) + " " + num(height));
    unsignZeros(root);
    try {
      Transformer t = TransformerFactory.newDefaultInstance().newTransformer();
      t.setOutputProperty(OutputKeys.OMIT_XML_DECLARATION, "yes");
      t.setOutputProperty(OutputKeys.INDENT, "yes");
      t.setOutputProperty("{http://xml.apache.org/xslt}indent-amount", "1");
      StringWriter out = new StringWriter();
      t.transform(new DOMSource(doc), new StreamResult(out));
      return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + out.toString().strip() + "\n";
    } catch (TransformerException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void unsignZeros(Element e) {
    NamedNodeMap attributes = e.getAttributes();
    for (int i = 0; i < attributes.getLength(); i++) {
      Node a = attributes.item(i);
      if (!a.getNodeName().equals("id") && !a.getNodeName().equals("clip-path")) {
        a.setNodeValue(NEGATIVE_ZERO.matcher(a.getNodeValue()).replaceAll("0"));
      }
    }
    NodeList children = e.getChildNodes();
    for (int i = 0; i < children.getLength(); i++) {
      if (children.item(i) instanceof Element c) {
        unsignZeros(c);
      }
    }
  }

  /**
   * {@code e} as a one-line {@link IllegalStateException} when it comes from finding fonts (a
   * system without any, e.g. a container without fontconfig's fonts: a message naming fonts, or a
   * frame of the JDK's font classes anywhere in the cause chain), with {@code e} suppressed in it
   * (no cause, so that an error line shows the one message); anything else is rethrown as it is.
   * Use as {@code throw fontFailure(e)}.
   *
   * @throws RuntimeException {@code e} itself, when it is one and not a font failure
   * @throws Error {@code e} itself, when it is one and not a font failure
   */
  public static RuntimeException fontFailure(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      boolean font = t.getMessage() != null && t.getMessage().toLowerCase(Locale.ROOT).contains("font");
      for (StackTraceElement f : t.getStackTrace()) {
        font |= f.getClassName().startsWith("sun.font.") || f.getClassName().startsWith("sun.awt.FontConfiguration")
            || f.getClassName().startsWith("sun.awt.X11FontManager");
      }
      if (font) {
        IllegalStateException one = new IllegalStateException("cannot draw a chart: the JVM finds no usable font"
            + " (install fontconfig and a font, e.g. apt-get install fontconfig fonts-dejavu-core)");
        one.addSuppressed(e); // --verbose prints it; no cause, so the error line stays this one
        return one;
      }
    }
    if (e instanceof RuntimeException r) {
      throw r;
    }
    if (e instanceof Error err) {
      throw err;
    }
    throw new IllegalStateException(e);
  }

  /** A coordinate as the canvas writes it: at most two decimals, no exponent, no locale, no "-0". */
  public static String num(double v) {
    double r = Math.rint(v * 100) / 100;
    if (r == 0) {
      return "0";
    }
    if (r == Math.rint(r) && Math.abs(r) < 1e15) {
      return Long.toString((long) r);
    }
    return BigDecimal.valueOf(r).stripTrailingZeros().toPlainString();
  }
}
