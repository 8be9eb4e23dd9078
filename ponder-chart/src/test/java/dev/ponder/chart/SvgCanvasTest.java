package dev.ponder.chart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.Font;
import java.awt.geom.Rectangle2D;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

class SvgCanvasTest {
  private static final Font FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 13);

  private static Element parse(String svg) throws Exception {
    DocumentBuilderFactory f = DocumentBuilderFactory.newDefaultInstance();
    f.setNamespaceAware(true);
    return f.newDocumentBuilder().parse(new InputSource(new StringReader(svg))).getDocumentElement();
  }

  private static List<Element> all(Element root, String name) {
    NodeList nodes = root.getElementsByTagNameNS(SvgCanvas.SVG_NS, name);
    List<Element> out = new ArrayList<>();
    for (int i = 0; i < nodes.getLength(); i++) {
      out.add((Element) nodes.item(i));
    }
    return out;
  }

  @Test
  void aDrawingIsOneSvgElementOfTheGivenSizeWithTextAsText() throws Exception {
    String svg = SvgCanvas.render(120.5, 40, FONT, g -> {
      g.fill(new Rectangle2D.Double(10, 5, 20.126, 7));
      g.drawString("N = 800", 40, 20);
    });
    assertThat(svg).startsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg").endsWith("</svg>\n");
    Element root = parse(svg);
    assertThat(root.getLocalName()).isEqualTo("svg");
    assertThat(root.getAttribute("width")).isEqualTo("120.5");
    assertThat(root.getAttribute("height")).isEqualTo("40");
    assertThat(root.getAttribute("viewBox")).isEqualTo("0 0 120.5 40");
    assertThat(all(root, "text")).extracting(Element::getTextContent).containsExactly("N = 800");
    Element rect = all(root, "rect").get(0);
    assertThat(rect.getAttribute("width")).isEqualTo("20.13"); // rounded to two decimals
    assertThat(svg).doesNotContain("<!--");
  }

  @Test
  void theSameDrawingGivesTheSameBytes() {
    String first = SvgCanvas.render(50, 50, FONT, g -> {
      g.setClip(0, 0, 30, 30);
      g.drawString("x", 5, 5);
    });
    String second = SvgCanvas.render(50, 50, FONT, g -> {
      g.setClip(0, 0, 30, 30);
      g.drawString("x", 5, 5);
    });
    assertThat(second).isEqualTo(first).contains("ponder-clipPath1");
  }

  /** A coordinate that rounds to 0 from below is written "0", not "-0" (Batik's own rounding keeps the sign). */
  @Test
  void aCoordinateRoundingToZeroIsWrittenWithoutItsSign() throws Exception {
    String svg = SvgCanvas.render(20, 10, FONT, g -> g.fill(new Rectangle2D.Double(-0.001, -0.004, 5.004, 5)));
    Element rect = all(parse(svg), "rect").get(0);
    assertThat(rect.getAttribute("x")).isEqualTo("0");
    assertThat(rect.getAttribute("y")).isEqualTo("0");
    assertThat(svg).doesNotContain("\"-0\"").doesNotContain("-0 ");
  }

  @Test
  void numbersHaveAtMostTwoDecimalsAndNoSignedZero() {
    assertThat(SvgCanvas.num(3)).isEqualTo("3");
    assertThat(SvgCanvas.num(2.5)).isEqualTo("2.5");
    assertThat(SvgCanvas.num(1.006)).isEqualTo("1.01");
    assertThat(SvgCanvas.num(-0.004)).isEqualTo("0");
    assertThat(SvgCanvas.num(-12.3456)).isEqualTo("-12.35");
    assertThat(SvgCanvas.num(1e20)).isEqualTo("100000000000000000000");
  }

  @Test
  void aSystemWithoutFontsFailsInOneLine() {
    // what the JDK throws when fontconfig finds no font (its frames in sun.awt.FontConfiguration)
    NullPointerException npe = new NullPointerException("Cannot load from short array because \"sun.awt.FontConfiguration.head\" is null");
    npe.setStackTrace(new StackTraceElement[] {new StackTraceElement("sun.awt.FontConfiguration", "getVersion", "FontConfiguration.java", 1264)});
    RuntimeException e = SvgCanvas.fontFailure(npe);
    assertThat(e).isInstanceOf(IllegalStateException.class).hasNoCause()
        .hasMessage("cannot draw a chart: the JVM finds no usable font (install fontconfig and a font, e.g. apt-get install"
            + " fontconfig fonts-dejavu-core)");
    assertThat(e.getSuppressed()).containsExactly(npe); // kept for --verbose
    assertThat(SvgCanvas.fontFailure(new Error("Probable fatal error: No fonts found."))).isInstanceOf(IllegalStateException.class);
    // thrown while drawing, as the JDK throws it (a plain Error) when fontconfig lists no font file
    assertThatThrownBy(() -> SvgCanvas.render(10, 10, FONT, g -> {
      throw new Error("Probable fatal error: No physical fonts found.");
    })).isInstanceOf(IllegalStateException.class).hasMessageStartingWith("cannot draw a chart: the JVM finds no usable font");
    // anything else is rethrown as it is
    IllegalArgumentException other = new IllegalArgumentException("x");
    assertThatThrownBy(() -> SvgCanvas.fontFailure(other)).isSameAs(other);
    Error error = new AssertionError("y");
    assertThatThrownBy(() -> SvgCanvas.fontFailure(error)).isSameAs(error);
  }
}
