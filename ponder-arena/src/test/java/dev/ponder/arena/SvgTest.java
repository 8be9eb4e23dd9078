package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
    assertThat(svg).contains("[0.20, 1.01]").contains("[-0.90, -0.10]").contains("scale -4 (full blue) to 4 (full red)");
  }

  @Test
  void aConstantSumGamesScoresAreWhiteAtTheEqualShareAndAGeneralSumGameKeepsTheMidpoint() {
    double[][] m = {{Double.NaN, 19.5}, {18.0, Double.NaN}};
    // a constant-sum 4-player game whose returns add up to 78 on 0..36: equal play returns 78 / 4 = 19.5
    Svg.Centre constant = Svg.scoreCentre(0, 36, 4, 78);
    assertThat(constant.value()).isEqualTo(19.5);
    String svg = Svg.heatmap("t", List.of("a", "b"), m, null, null, 0, 36, "%.2f", constant);
    assertThat(fill(svg, 1)).isEqualTo("#ffffff");
    assertThat(fill(svg, 2)).isNotEqualTo("#ffffff");
    assertThat(svg).contains("colour: blue below 19.50, white at 19.50 (constant-sum game: utility sum 78 / 4 players, the"
        + " mean return of equally strong agents), red above").contains("scale 0 (full blue) to 39 (full red)");
    // hearts is general-sum (shooting the moon changes the sum): the midpoint of 0..36, and the caption says so
    Svg.Centre general = Svg.scoreCentre(0, 36, 4, Double.NaN);
    assertThat(general.value()).isEqualTo(18);
    svg = Svg.heatmap("t", List.of("a", "b"), m, null, null, 0, 36, "%.2f", general);
    assertThat(fill(svg, 2)).isEqualTo("#ffffff");
    assertThat(svg).contains("white at 18 (midpoint of the utility range 0 to 36; general-sum game)");
    // zero-sum: 0, whatever the range (3-player Kuhn poker: -2..4)
    Svg.Centre zero = Svg.scoreCentre(-2, 4, 3, 0);
    assertThat(zero.value()).isZero();
    assertThat(Svg.heatmap("t", List.of("a", "b"), m, null, null, -2, 4, "%.2f", zero))
        .contains("white at 0 (zero-sum game: the mean return of equally strong agents)");
  }

  @Test
  void aScoreHeatmapScaledByTheDataColoursSmallReturnsAndSaysItsScale() {
    // 4-player Kuhn poker: utilities -6..6, mean returns within +-0.37
    double[][] m = {{Double.NaN, 0.37, -0.1}, {-0.37, Double.NaN, 0.05}, {0.1, -0.05, Double.NaN}};
    Svg.Centre zero = Svg.scoreCentre(-6, 6, 4, 0);
    String byRange = Svg.heatmap("t", List.of("a", "b", "c"), m, null, null, -6, 6, "%.2f", zero, false);
    String byData = Svg.heatmap("t", List.of("a", "b", "c"), m, null, null, -6, 6, "%.2f", zero, true);
    // cells in row order: 1 = (a, b) 0.37, 3 = (b, a) -0.37: the ends of the data's scale take the full colours
    assertThat(fill(byData, 1)).isEqualTo(Svg.color(1.0));
    assertThat(fill(byData, 3)).isEqualTo(Svg.color(0.0));
    // -0.1 is 0.1 / 0.37 of the way to full blue: t = 0.5 - 0.5 * 0.1 / 0.37
    assertThat(fill(byData, 2)).isEqualTo(Svg.color(0.5 - 0.5 * 0.1 / 0.37));
    // on the utility range the same 0.37 is nearly white (t = 0.5 + 0.37 / 12)
    assertThat(fill(byRange, 1)).isEqualTo(Svg.color(0.5 + 0.37 / 12));
    assertThat(byData).contains("scale -0.37 (full blue) to 0.37 (full red), the largest distance of a value from 0;"
        + " utility range -6 to 6");
    assertThat(byRange).contains("scale -6 (full blue) to 6 (full red)").doesNotContain("largest distance");
    // three agents make a narrow grid: the image widens to its captions
    textFitsTheWidth(byData);
  }

  /** Every left-aligned text of a chart ends inside the image (0.6 em a character, wider than sans-serif's average). */
  static void textFitsTheWidth(String svg) {
    Matcher w = Pattern.compile("<svg [^>]*width=\"(\\d+)\"").matcher(svg);
    assertThat(w.find()).isTrue();
    int width = Integer.parseInt(w.group(1));
    Matcher t = Pattern.compile("<text[^>]* x=\"([0-9.]+)\"[^>]* font-size=\"(\\d+)\" text-anchor=\"start\"[^>]*>([^<]*)<")
        .matcher(svg);
    int n = 0;
    while (t.find()) {
      String text = t.group(3).replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">");
      double end = Double.parseDouble(t.group(1)) + 0.6 * Integer.parseInt(t.group(2)) * text.length();
      assertThat(end).as("text '" + text + "' ends at " + end + " of " + width + " px").isLessThanOrEqualTo(width);
      n++;
    }
    assertThat(n).isPositive();
  }

  @Test
  void theRatingsChartsCaptionsFitInTheImage() {
    List<String> agents = List.of("a", "b", "c");
    String svg = Svg.ratings(agents, List.of(0, 1, 2), new double[] {513, 500, 487}, new double[] {505, 492, 480},
        new double[] {520, 508, 495}, 0, 1000, new double[] {280, 120, 0}, new double[] {150, 40, 0},
        new double[] {400, 210, 30}, 0.95);
    assertThat(svg).contains("hollow marker: the anchor");
    textFitsTheWidth(svg);
  }

  @Test
  void ballotHeatmapIsWhiteAtOneHalf() {
    String svg = Svg.heatmap("t", List.of("a", "b"), new double[][] {{Double.NaN, 0.5}, {1.0, Double.NaN}}, null, null, 0, 1, "%.2f");
    assertThat(fill(svg, 1)).isEqualTo("#ffffff");
    assertThat(fill(svg, 2)).isEqualTo(Svg.color(1.0));
    assertThat(svg).doesNotContain("interval");
  }

  private static int count(String svg, String regex) {
    Matcher m = Pattern.compile(regex).matcher(svg);
    int n = 0;
    while (m.find()) {
      n++;
    }
    return n;
  }

  private static List<String> all(String svg, String regex) {
    Matcher m = Pattern.compile(regex).matcher(svg);
    List<String> out = new java.util.ArrayList<>();
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
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
    String svg = Svg.ratings(agents, List.of(0, 1, 2, 3), sco, scoLo, scoHi, 0, 1000, elo, eloLo, eloHi, 0.95);
    // no bar: the only rectangle is the white background
    assertThat(count(svg, "<rect ")).isEqualTo(1);
    // one marker per rating: 3 SCO + 4 Elo; one whisker per interval: 3 SCO + 2 Elo (a, b), none for the anchor nor for d (no interval)
    assertThat(count(svg, "<circle class=\"marker[\" ]")).isEqualTo(7);
    assertThat(count(svg, "class=\"whisker\"")).isEqualTo(5);
    assertThat(count(svg, "class=\"marker anchor\"")).isEqualTo(1);
    // SCO axis: data 480..520 padded by 10% (4) -> 476..524 -> step 10 -> 470..530 (7 ticks); Elo 0..400 step 100 (5 ticks)
    assertThat(count(svg, "class=\"tick\"")).isEqualTo(12);
    assertThat(all(svg, "class=\"tick-label\"[^>]*>([^<]*)<")).containsExactly(
        "470", "480", "490", "500", "510", "520", "530", "0", "100", "200", "300", "400");
    assertThat(all(svg, "class=\"axis-label\"[^>]*>([^<]*)<")).hasSize(2)
        .anySatisfy(l -> assertThat(l).contains("SCO rating").contains("[0, 1000]"))
        .anySatisfy(l -> assertThat(l).contains("Elo").contains("anchor"));
    assertThat(svg).contains("axis starts at 470, not at the scale's lower end 0");
    // positions: SCO axis x 220..560 over 470..530, so 500 sits at 220 + 30/60 * 340 = 390;
    // Elo axis x 650..990 over 0..400: the anchor (hollow: white fill) at 650, a's 280 at 650 + 0.7 * 340 = 888
    assertThat(svg).containsPattern("class=\"marker\" cx=\"390.0\" cy=\"95\"");
    assertThat(svg).containsPattern("class=\"marker anchor\" cx=\"650.0\" cy=\"121\" r=\"5\" fill=\"white\"");
    assertThat(svg).containsPattern("class=\"marker\" cx=\"888.0\" cy=\"69\"");
    assertThat(svg).contains("0 (anchor)").contains("not on any ballot");
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
    String svg = Svg.ratings(agents, List.of(0, 1), sco, scoLo, scoHi, 0, 1000, elo, eloLo, eloHi, 0.95);
    assertThat(count(svg, "class=\"marker anchor\"")).isEqualTo(1);
    // whiskers: 2 SCO + bifv's Elo + the anchor's [0, 12]
    assertThat(count(svg, "class=\"whisker\"")).isEqualTo(4);
    // Elo axis 0..60, step 20 -> x 650..990; the anchor, row 2 (y 95), has its whisker from 650 to 650 + 12/60 * 340 = 718
    assertThat(svg).contains("d=\"M650.0 90V100M650.0 95H718.0M718.0 90V100\"");
    assertThat(svg).contains("0 (anchor)").doesNotContain("no interval");
  }

  @Test
  void noAxisNoteWhenTheAxisStartsAtTheScalesOrigin() {
    List<String> agents = List.of("a", "b");
    String svg = Svg.ratings(agents, List.of(0, 1), new double[] {900, 30}, new double[] {800, 0}, new double[] {1000, 100},
        0, 1000, new double[] {500, 0}, new double[] {300, 0}, new double[] {700, 0}, 0.9);
    assertThat(svg).doesNotContain("axis starts at").contains("90% interval");
    assertThat(all(svg, "class=\"tick-label\"[^>]*>([^<]*)<")).startsWith("0", "200", "400", "600", "800", "1000");
  }
}
