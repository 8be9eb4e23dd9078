package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The charts read back as SVG: what they say, where they draw it, and in which colours. */
class SvgTest {
  private static final String SCO = "#4c78a8";
  private static final String ELO = "#e45756";
  private static final String WHITE = "#ffffff";

  private static int red(String hex) {
    return Integer.parseInt(hex.substring(1, 3), 16);
  }

  private static int blue(String hex) {
    return Integer.parseInt(hex.substring(5, 7), 16);
  }

  @Test
  void scoreHeatmapIsWhiteAtZeroEvenWhenTheUtilityRangeIsAsymmetric() {
    // 3-player Kuhn poker: utility [-2, 4]; a positive mean return must read as "row wins" (red).
    double[][] m = {{Double.NaN, 0.63}, {-0.5, 0.0}};
    double[][] lo = {{Double.NaN, 0.20}, {-0.9, -0.1}};
    double[][] hi = {{Double.NaN, 1.01}, {-0.1, 0.1}};
    SvgXml svg = SvgXml.of(Svg.heatmap("t", List.of("a", "b"), m, lo, hi, -2, 4, "%.2f"));
    String pos = svg.cellFill("0.63");
    String neg = svg.cellFill("-0.50");
    assertThat(red(pos)).as("red channel of 0.63").isGreaterThan(blue(pos));
    assertThat(blue(neg)).as("blue channel of -0.5").isGreaterThan(red(neg));
    assertThat(svg.cellFill("0.00")).isEqualTo(WHITE);
    assertThat(svg.strings()).contains("[0.20, 1.01]", "[-0.90, -0.10]");
    assertThat(svg.lines()).anySatisfy(l -> assertThat(l).startsWith("scale -4 (full blue) to 4 (full red)"));
    // the blank diagonal cell prints no value
    assertThat(svg.strings()).doesNotContain("NaN");
  }

  @Test
  void aConstantSumGamesScoresAreWhiteAtTheEqualShareAndAGeneralSumGameKeepsTheMidpoint() {
    double[][] m = {{Double.NaN, 19.5}, {18.0, Double.NaN}};
    // a constant-sum 4-player game whose returns add up to 78 on 0..36: equal play returns 78 / 4 = 19.5
    Svg.Centre constant = Svg.scoreCentre(0, 36, 4, 78);
    assertThat(constant.value()).isEqualTo(19.5);
    SvgXml svg = SvgXml.of(Svg.heatmap("t", List.of("a", "b"), m, null, null, 0, 36, "%.2f", constant));
    assertThat(svg.cellFill("19.50")).isEqualTo(WHITE);
    assertThat(svg.cellFill("18.00")).isNotEqualTo(WHITE);
    assertThat(svg.lines()).contains("colour: blue below 19.50, white at 19.50 (constant-sum game: utility sum 78 / 4 players,"
        + " the mean return of equally strong agents), red above").contains("scale 0 (full blue) to 39 (full red)");
    // hearts is general-sum (shooting the moon changes the sum): the midpoint of 0..36, and the caption says so
    Svg.Centre general = Svg.scoreCentre(0, 36, 4, Double.NaN);
    assertThat(general.value()).isEqualTo(18);
    svg = SvgXml.of(Svg.heatmap("t", List.of("a", "b"), m, null, null, 0, 36, "%.2f", general));
    assertThat(svg.cellFill("18.00")).isEqualTo(WHITE);
    assertThat(svg.allText()).contains("white at 18 (midpoint of the utility range 0 to 36; general-sum game)");
    // zero-sum: 0, whatever the range (3-player Kuhn poker: -2..4)
    Svg.Centre zero = Svg.scoreCentre(-2, 4, 3, 0);
    assertThat(zero.value()).isZero();
    assertThat(SvgXml.of(Svg.heatmap("t", List.of("a", "b"), m, null, null, -2, 4, "%.2f", zero)).allText())
        .contains("white at 0 (zero-sum game: the mean return of equally strong agents)");
  }

  @Test
  void aScoreHeatmapScaledByTheDataColoursSmallReturnsAndSaysItsScale() {
    // 4-player Kuhn poker: utilities -6..6, mean returns within +-0.37
    double[][] m = {{Double.NaN, 0.37, -0.1}, {-0.37, Double.NaN, 0.05}, {0.1, -0.05, Double.NaN}};
    Svg.Centre zero = Svg.scoreCentre(-6, 6, 4, 0);
    SvgXml byRange = SvgXml.of(Svg.heatmap("t", List.of("a", "b", "c"), m, null, null, -6, 6, "%.2f", zero, false));
    SvgXml byData = SvgXml.of(Svg.heatmap("t", List.of("a", "b", "c"), m, null, null, -6, 6, "%.2f", zero, true));
    // the ends of the data's scale take the full colours
    assertThat(byData.cellFill("0.37")).isEqualTo(Svg.color(1.0));
    assertThat(byData.cellFill("-0.37")).isEqualTo(Svg.color(0.0));
    // -0.1 is 0.1 / 0.37 of the way to full blue: t = 0.5 - 0.5 * 0.1 / 0.37
    assertThat(byData.cellFill("-0.10")).isEqualTo(Svg.color(0.5 - 0.5 * 0.1 / 0.37));
    // on the utility range the same 0.37 is nearly white (t = 0.5 + 0.37 / 12)
    assertThat(byRange.cellFill("0.37")).isEqualTo(Svg.color(0.5 + 0.37 / 12));
    assertThat(byData.lines()).contains("scale -0.37 (full blue) to 0.37 (full red), the largest distance of a value from 0;"
        + " utility range -6 to 6");
    assertThat(byRange.lines()).contains("scale -6 (full blue) to 6 (full red)");
    assertThat(byRange.allText()).doesNotContain("largest distance");
    byData.textFitsTheWidth();
  }

  @Test
  void colourScaleRunsFromBlueThroughWhiteToRed() {
    assertThat(Svg.color(0)).isEqualTo("#3b4cc0");
    assertThat(Svg.color(0.5)).isEqualTo(WHITE);
    assertThat(Svg.color(1)).isEqualTo("#b40426");
    assertThat(Svg.color(-3)).isEqualTo(Svg.color(0));
  }

  @Test
  void theRatingsChartsCaptionsFitInTheImage() {
    List<String> agents = List.of("a", "b", "c");
    SvgXml svg = SvgXml.of(Svg.ratings(agents, List.of(0, 1, 2), new double[] {513, 500, 487}, new double[] {505, 492, 480},
        new double[] {520, 508, 495}, 0, 1000, new double[] {280, 120, 0}, new double[] {150, 40, 0},
        new double[] {400, 210, 30}, 0.95));
    assertThat(svg.allText()).contains("hollow marker: the anchor");
    svg.textFitsTheWidth();
  }

  @Test
  void ballotHeatmapIsWhiteAtOneHalf() {
    SvgXml svg = SvgXml.of(Svg.heatmap("t", List.of("a", "b"), new double[][] {{Double.NaN, 0.5}, {1.0, Double.NaN}}, null,
        null, 0, 1, "%.2f"));
    assertThat(svg.cellFill("0.50")).isEqualTo(WHITE);
    assertThat(svg.cellFill("1.00")).isEqualTo(Svg.color(1.0));
    assertThat(svg.allText()).doesNotContain("interval");
  }

  @Test
  void ticksAreRoundStepsCoveringTheRange() {
    // 487..513: range 26, about 5 intervals -> step 5.2 rounds up to 10 -> 480, 490, ..., 520
    assertThat(Svg.ticks(487, 513)).containsExactly(480, 490, 500, 510, 520);
    // 0..271: 54.2 -> step 100 -> 0..300
    assertThat(Svg.ticks(0, 271)).containsExactly(0, 100, 200, 300);
    // 0..1: 0.2 -> step 0.2
    assertThat(Svg.ticks(0, 1)).hasSize(6).startsWith(0.0);
  }

  /** The tick labels of the chart's value axes (numbers in the tick font), left to right, SCO's then Elo's. */
  static List<String> tickLabels(SvgXml svg) {
    return svg.texts().stream().filter(t -> t.size() == Svg.TICK_FONT.getSize() && t.text().matches("-?[0-9.]+"))
        .sorted(Comparator.comparingDouble(SvgXml.Text::y).thenComparingDouble(SvgXml.Text::x)).map(SvgXml.Text::text)
        .toList();
  }

  /** x of the tick labelled {@code label} on the axis whose labels sit at y {@code near} (within 400 px): its label's centre. */
  private static double tickX(SvgXml svg, String label, boolean elo) {
    List<SvgXml.Text> t = svg.text(label).stream().filter(x -> x.size() == Svg.TICK_FONT.getSize())
        .sorted(Comparator.comparingDouble(SvgXml.Text::y)).toList();
    SvgXml.Text x = t.get(elo ? t.size() - 1 : 0);
    return x.x() + x.width() / 2;
  }

  @Test
  void ratingsArePointsWithWhiskersOnTickedAxesAndTheEloAnchorIsMarked() {
    // rows: a, b, c rated; d is a benchmark on no ballot; c has the lowest Elo (the anchor)
    List<String> agents = List.of("a", "b", "c", "d");
    double nan = Double.NaN;
    double[] sco = {513, 500, 487, nan};
    double[] scoLo = {505, 492, 480, nan};
    double[] scoHi = {520, 508, 495, nan};
    double[] elo = {280, 120, 0, 60};
    double[] eloLo = {150, 40, 0, nan};
    double[] eloHi = {400, 210, 0, nan};
    SvgXml svg = SvgXml.of(Svg.ratings(agents, List.of(0, 1, 2, 3), sco, scoLo, scoHi, 0, 1000, elo, eloLo, eloHi, 0.95));
    // no bar: the only filled rectangles are the backgrounds (white)
    assertThat(svg.rects()).allSatisfy(r -> assertThat(r.fill()).isEqualTo(WHITE));
    // one marker per rating: 3 SCO + 4 Elo, the anchor's hollow (white inside)
    List<SvgXml.Marker> scoMarks = svg.markers().stream().filter(m -> m.fill().equals(SCO)).toList();
    List<SvgXml.Marker> eloMarks = svg.markers().stream().filter(m -> m.fill().equals(ELO)).toList();
    List<SvgXml.Marker> hollow = svg.markers().stream().filter(m -> m.fill().equals(WHITE)).toList();
    assertThat(scoMarks).hasSize(3);
    assertThat(eloMarks).hasSize(3);
    assertThat(hollow).hasSize(1);
    // one whisker per interval: 3 SCO + 2 Elo (a, b), none for the anchor nor for d (no interval)
    assertThat(svg.lines(SCO).stream().filter(l -> l.y1() == l.y2())).hasSize(3);
    assertThat(svg.lines(ELO).stream().filter(l -> l.y1() == l.y2())).hasSize(2);
    // SCO axis: data 480..520 padded by 10% (4) -> 476..524 -> step 10 -> 470..530 (7 ticks); Elo 0..400 step 100
    assertThat(tickLabels(svg)).containsExactly("470", "480", "490", "500", "510", "520", "530", "0", "100", "200", "300", "400");
    assertThat(svg.lines()).contains("SCO rating (scale [0, 1000])", "Elo (400·log10 odds; lowest agent = 0, the anchor)",
        "SCO rating, point with 95% interval", "Elo, point with 95% bootstrap interval",
        "axis starts at 470, not at the scale's lower end 0");
    // rows in the given order, the same in both panels: a above b above c above d
    for (int panel = 0; panel < 2; panel++) {
      int p = panel;
      List<Double> ys = agents.stream().map(a -> svg.text(a).get(p).y()).toList();
      assertThat(ys).isSortedAccordingTo(Comparator.naturalOrder()).doesNotHaveDuplicates();
    }
    // positions: 500 sits on its tick; the anchor on Elo's 0; a's 280 at 0.7 of the way from 0 to 400
    SvgXml.Marker b = scoMarks.stream().sorted(Comparator.comparingDouble(SvgXml.Marker::cy)).toList().get(1);
    assertThat(b.cx()).isCloseTo(tickX(svg, "500", false), within(1.0));
    assertThat(hollow.get(0).cx()).isCloseTo(tickX(svg, "0", true), within(1.0));
    double zero = tickX(svg, "0", true);
    double four = tickX(svg, "400", true);
    SvgXml.Marker a = eloMarks.stream().min(Comparator.comparingDouble(SvgXml.Marker::cy)).orElseThrow();
    assertThat(a.cx()).isCloseTo(zero + 0.7 * (four - zero), within(1.0));
    // each marker sits in its agent's row: a's marker at a's label height, the anchor at c's
    assertThat(a.cy()).isCloseTo(svg.text("a").get(1).y() - 4.5, within(3.0));
    assertThat(hollow.get(0).cy()).isCloseTo(svg.text("c").get(1).y() - 4.5, within(3.0));
    assertThat(svg.strings()).contains("0 (anchor)", "513.0", "280", "not on any ballot (benchmark): no SCO rating");
  }

  /**
   * Two agents close together: the anchor (lowest in the estimate) is the lowest in most resamples
   * but not all, so the table gives it [0, 12]; the chart draws the same interval, not "no interval".
   */
  @Test
  void theAnchorsIntervalIsDrawnAsTheTableGivesIt() {
    List<String> agents = List.of("bifv", "puct");
    double[] sco = {503.8, 500};
    double[] scoLo = {500, 496.2};
    double[] scoHi = {503.8, 500};
    double[] elo = {24, 0};
    double[] eloLo = {0, 0};
    double[] eloHi = {60, 12};
    SvgXml svg = SvgXml.of(Svg.ratings(agents, List.of(0, 1), sco, scoLo, scoHi, 0, 1000, elo, eloLo, eloHi, 0.95));
    assertThat(svg.markers().stream().filter(m -> m.fill().equals(WHITE))).hasSize(1);
    // whiskers: bifv's Elo and the anchor's [0, 12]
    List<SvgXml.Line> whiskers = svg.lines(ELO).stream().filter(l -> l.y1() == l.y2())
        .sorted(Comparator.comparingDouble(SvgXml.Line::y1)).toList();
    assertThat(whiskers).hasSize(2);
    // Elo axis 0..60, step 20: the anchor's whisker runs from 0 to 12, a fifth of the way to 60
    double zero = tickX(svg, "0", true);
    double sixty = tickX(svg, "60", true);
    assertThat(whiskers.get(1).x1()).isCloseTo(zero, within(1.0));
    assertThat(whiskers.get(1).x2()).isCloseTo(zero + 0.2 * (sixty - zero), within(1.0));
    assertThat(svg.strings()).contains("0 (anchor)");
    assertThat(svg.allText()).doesNotContain("no interval");
  }

  @Test
  void noAxisNoteWhenTheAxisStartsAtTheScalesOrigin() {
    List<String> agents = List.of("a", "b");
    SvgXml svg = SvgXml.of(Svg.ratings(agents, List.of(0, 1), new double[] {900, 30}, new double[] {800, 0},
        new double[] {1000, 100}, 0, 1000, new double[] {500, 0}, new double[] {300, 0}, new double[] {700, 0}, 0.9));
    assertThat(svg.allText()).doesNotContain("axis starts at").contains("90% interval");
    assertThat(tickLabels(svg)).startsWith("0", "200", "400", "600", "800", "1000");
  }

  @Test
  void rowsFollowTheOrderGivenNotTheAgentsIndex() {
    List<String> agents = List.of("low", "high", "mid");
    SvgXml svg = SvgXml.of(Svg.ratings(agents, List.of(1, 2, 0), new double[] {480, 520, 500}, new double[] {470, 510, 490},
        new double[] {490, 530, 510}, 0, 1000, new double[] {0, 200, 100}, new double[] {0, 150, 50},
        new double[] {0, 250, 150}, 0.95));
    for (int panel = 0; panel < 2; panel++) {
      int p = panel;
      assertThat(List.of("high", "mid", "low").stream().map(a -> svg.text(a).get(p).y()).toList())
          .isSortedAccordingTo(Comparator.naturalOrder()).doesNotHaveDuplicates();
    }
    // the top SCO marker is high's 520: the rightmost
    List<SvgXml.Marker> sco = svg.markers().stream().filter(m -> m.fill().equals(SCO))
        .sorted(Comparator.comparingDouble(SvgXml.Marker::cy)).toList();
    assertThat(sco.get(0).cx()).isGreaterThan(sco.get(1).cx());
    assertThat(sco.get(1).cx()).isGreaterThan(sco.get(2).cx());
  }

  @Test
  void oneAgentAndMissingIntervalsDrawPointsWithoutWhiskers() {
    double nan = Double.NaN;
    SvgXml one = SvgXml.of(Svg.ratings(List.of("solo"), List.of(0), new double[] {500}, new double[] {nan},
        new double[] {nan}, 0, 1000, new double[] {0}, new double[] {nan}, new double[] {nan}, 0.95));
    assertThat(one.text("solo")).hasSize(2);
    assertThat(one.markers().stream().filter(m -> m.fill().equals(SCO))).hasSize(1);
    assertThat(one.markers().stream().filter(m -> m.fill().equals(WHITE))).hasSize(1); // the anchor: alone, the lowest
    assertThat(one.lines(SCO)).isEmpty();
    assertThat(one.lines(ELO)).isEmpty();
    assertThat(one.strings()).contains("500.0", "0 (anchor)").noneMatch(s -> s.contains("NaN"));
    one.textFitsTheWidth();
    // no rating at all: no marker, a line saying why
    SvgXml none = SvgXml.of(Svg.ratings(List.of("x", "y"), List.of(0, 1), new double[] {nan, nan}, new double[] {nan, nan},
        new double[] {nan, nan}, 0, 1000, new double[] {nan, nan}, new double[] {nan, nan}, new double[] {nan, nan}, 0.95));
    assertThat(none.markers()).isEmpty();
    assertThat(none.strings()).contains("not on any ballot (benchmark): no SCO rating").noneMatch(s -> s.contains("NaN"));
    assertThat(none.allText()).doesNotContain("hollow marker");
  }

  @Test
  void theEmptyChartSaysWhy() {
    SvgXml svg = SvgXml.of(Svg.message("Ratings", "Nothing analysed: no seed index is complete yet; resume the run if it stopped"));
    assertThat(svg.strings()).containsExactly("Ratings",
        "Nothing analysed: no seed index is complete yet; resume the run if it stopped");
    assertThat(svg.texts().get(0).bold()).isTrue();
    svg.textFitsTheWidth();
    // a long reason widens the image rather than running past it
    SvgXml wide = SvgXml.of(Svg.message("T", "x".repeat(200)));
    wide.textFitsTheWidth();
  }

  private static String[] charts() {
    double[][] m = {{Double.NaN, 0.6312}, {-0.5, 0.0}};
    double[][] lo = {{Double.NaN, 0.2}, {-0.9, -0.1}};
    double[][] hi = {{Double.NaN, 1.01}, {-0.1, 0.1}};
    return new String[] {
        Svg.heatmap("t", List.of("a", "b"), m, lo, hi, -2, 4, "%.2f", Svg.scoreCentre(-2, 4, 3, 0), true, true, "a note"),
        Svg.ratings(List.of("a", "b"), List.of(0, 1), new double[] {503.25, 496.75}, new double[] {500.5, 490},
            new double[] {510, 499.5}, 0, 1000, new double[] {24.5, 0}, new double[] {0, 0}, new double[] {60, 12}, 0.95,
            "Ratings", true, "note"),
        Svg.message("Ratings", "nothing")};
  }

  @Test
  void theSameInputsGiveTheSameBytesWhateverTheLocale() {
    Locale before = Locale.getDefault();
    try {
      Locale.setDefault(Locale.ROOT);
      String[] first = charts();
      assertThat(charts()).containsExactly(first);
      Locale.setDefault(Locale.GERMANY);
      assertThat(charts()).containsExactly(first);
      for (String svg : first) {
        // ids from the chart's own counter, nothing that changes from run to run
        assertThat(svg).startsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg ");
        assertThat(SvgXml.of(svg).elements("*").stream().map(e -> e.getAttribute("id")).filter(id -> !id.isEmpty()))
            .allMatch(id -> id.equals("genericDefs") || id.matches("ponder-(clipPath|defs)\\d+"));
        assertThat(SvgXml.of(svg).numbers()).as("numbers in the attributes").allMatch(n -> n.matches("-?\\d+(\\.\\d{1,2})?"))
            .doesNotContain("-0");
        assertThat(SvgXml.of(svg).strings()).noneMatch(t -> t.matches(".*\\d,\\d.*"));
      }
      assertThat(SvgXml.of(first[0]).strings()).contains("0.63", "[0.20, 1.01]†", "0.5");
      assertThat(SvgXml.of(first[1]).strings()).contains("503.3†");
    } finally {
      Locale.setDefault(before);
    }
  }

  /** A coordinate that rounds to 0 from below is written "0", not "-0" (Batik's own rounding keeps the sign). */
  @Test
  void aCoordinateRoundingToZeroIsWrittenWithoutItsSign() {
    SvgXml svg = SvgXml.of(Svg.render(20, 10, g -> g.fill(new java.awt.geom.Rectangle2D.Double(-0.001, -0.004, 5.004, 5))));
    assertThat(svg.rects()).containsExactly(new SvgXml.Rect(0, 0, 5, 5, "#000000"));
    assertThat(svg.numbers()).doesNotContain("-0");
  }

  /**
   * Each value label stays clear of its row's whisker: right of it, left of it, or (a whisker
   * across the whole axis) above the marker, never clipped by the plot's edges.
   */
  @Test
  void valueLabelsStayClearOfTheirWhiskersAndInsideThePlot() {
    SvgXml svg = SvgXml.of(Svg.ratings(List.of("wide", "narrow", "edge"), List.of(0, 1, 2), new double[] {500, 510, 520},
        new double[] {400, 505, 515}, new double[] {600, 515, 525}, 0, 1000, new double[] {50, 0, 180},
        new double[] {0, 0, 170}, new double[] {195, 30, 200}, 0.95, "Ratings", true, ""));
    List<SvgXml.Text> values = svg.texts().stream().filter(t -> t.size() == Svg.SMALL_FONT.getSize()).toList();
    assertThat(values).extracting(SvgXml.Text::text)
        .containsExactlyInAnyOrder("500.0†", "510.0†", "520.0†", "50†", "0 (anchor)†", "180†");
    double plotLeft = svg.text("narrow").stream().mapToDouble(t -> t.x() + t.width()).max().orElseThrow();
    for (String colour : List.of(SCO, ELO)) {
      for (SvgXml.Line w : svg.lines(colour).stream().filter(l -> l.y1() == l.y2()).toList()) {
        for (SvgXml.Text t : values) {
          if (Math.abs(t.y() - 4 - w.y1()) > 15) {
            continue; // another row's label
          }
          boolean clear = t.x() + t.width() < Math.min(w.x1(), w.x2()) || t.x() > Math.max(w.x1(), w.x2()) || t.y() < w.y1() - 5;
          assertThat(clear).as("'" + t.text() + "' against the whisker at y " + w.y1()).isTrue();
        }
      }
    }
    // the label above the marker of a whisker across the axis
    SvgXml.Text fifty = svg.text("50†").get(0);
    SvgXml.Marker wide = svg.markers().stream().filter(m -> m.fill().equals(ELO)).min(Comparator.comparingDouble(SvgXml.Marker::cy))
        .orElseThrow();
    assertThat(fifty.y()).isLessThan(wide.cy() - wide.r());
    assertThat(values).allSatisfy(t -> assertThat(t.x()).as(t.text()).isGreaterThan(plotLeft));
    svg.textFitsTheWidth();
  }
}
