package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Solve and exploitability: options, messages and number format. */
class SolveOptionsAndOutputTest {

  private static String oneLine(Cli r) {
    assertThat(r.exit).as(r.out + r.err).isEqualTo(2);
    assertThat(r.err.lines()).as(r.err).hasSize(1);
    return r.err.strip();
  }

  @Test
  void theSameFileForPolicyAndChartIsRefusedBeforeSolving(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("same.json");
    Cli r = Cli.run("solve", "kuhn_poker", "--iterations", "10", "--out", f.toString(), "--chart",
        dir.resolve("sub/../same.json").toString());
    assertThat(oneLine(r)).startsWith("ponder: --out and --chart name the same file (").endsWith("give two different paths");
    assertThat(r.out).isEmpty();
    assertThat(f).doesNotExist();
    // an existing file reached through a link is the same file too
    Files.writeString(f, "keep");
    Path link = Files.createSymbolicLink(dir.resolve("link.svg"), f);
    assertThat(oneLine(Cli.run("solve", "kuhn_poker", "--iterations", "10", "--out", f.toString(), "--chart", link.toString())))
        .contains("name the same file");
    assertThat(Files.readString(f)).isEqualTo("keep");
  }

  @Test
  void optionsAreRangeCheckedUpFront() {
    assertThat(oneLine(Cli.run("solve", "kuhn_poker", "--max-histories", "-1")))
        .isEqualTo("ponder: --max-histories must be at least 1, got -1");
    assertThat(oneLine(Cli.run("exploitability", "kuhn_poker", "--agent", "uniform", "--max-histories", "0")))
        .isEqualTo("ponder: --max-histories must be at least 1, got 0");
    assertThat(oneLine(Cli.run("solve", "kuhn_poker", "--chart", "c.png")))
        .isEqualTo("ponder: --chart writes an SVG image; give a file name ending in .svg, not c.png");
    assertThat(oneLine(Cli.run("solve", "kuhn_poker", "--out", "")))
        .isEqualTo("ponder: --out needs a file name; the path is empty");
    assertThat(oneLine(Cli.run("exploitability", "kuhn_poker", "--agent", "uniform", "--out", "")))
        .isEqualTo("ponder: --out needs a file name; the path is empty");
    assertThat(oneLine(Cli.run("solve", "goofspiel(num_cards=3,returns_type=total_points)")))
        .isEqualTo("ponder: goofspiel(num_cards=3,returns_type=total_points) is general-sum, not zero-sum with these parameters"
            + " (goofspiel with its default parameters is zero-sum); solve supports zero- and constant-sum games, e.g. kuhn_poker,"
            + " leduc_poker, liars_dice");
    assertThat(oneLine(Cli.run("exploitability", "2048", "--agent", "uniform")))
        .isEqualTo("ponder: 2048 is general-sum, not zero-sum; exploitability supports zero- and constant-sum games, e.g. kuhn_poker,"
            + " leduc_poker, liars_dice");
  }

  @Test
  void optionsThatWouldBeIgnoredAreRefused(@TempDir Path dir) {
    Path f = dir.resolve("k.json");
    assertThat(Cli.run("solve", "kuhn_poker", "--iterations", "10", "--out", f.toString()).exit).isZero();
    assertThat(oneLine(Cli.run("exploitability", "kuhn_poker", "--policy", f.toString(), "--runs", "5")))
        .isEqualTo("ponder: --runs goes with --agent (it sets how an agent is tabularized), not with --policy");
    assertThat(oneLine(Cli.run("exploitability", "kuhn_poker", "--policy", f.toString(), "--seeds", "3")))
        .isEqualTo("ponder: --seeds goes with --agent (it sets how an agent is tabularized), not with --policy");
    assertThat(oneLine(Cli.run("solve", "kuhn_poker", "--algo", "cfr", "--seed", "5")))
        .isEqualTo("ponder: --seed goes with the Monte Carlo solvers (mccfr-es, mccfr-os); cfr is deterministic");
    assertThat(Cli.run("solve", "kuhn_poker", "--algo", "mccfr-os", "--seed", "5", "--iterations", "10").exit).isZero();
  }

  @Test
  void policyFileProblemsAreNamedInWords(@TempDir Path dir) throws Exception {
    Path nan = dir.resolve("nan.json");
    Files.writeString(nan, "{\"game\": \"kuhn_poker\", \"policy\": {\"1p\": {\"0\": NaN, \"1\": 0.5}}}");
    assertThat(oneLine(Cli.run("exploitability", "kuhn_poker", "--policy", nan.toString())))
        .isEqualTo("ponder: policy file " + nan + ": policy at '1p': probability of action 0 is NaN (NaN); probabilities are"
            + " finite numbers in [0, 1]");
    Path cut = dir.resolve("cut.json");
    Files.writeString(cut, "{\"game\": \"kuhn_poker\",\n \"policy\": {\"1p\": {\"0\": 0.5,");
    assertThat(oneLine(Cli.run("exploitability", "kuhn_poker", "--policy", cut.toString())))
        .startsWith("ponder: cannot read policy " + cut + ": line 2, column 29: the file ends before the JSON is complete")
        .doesNotContain("Source").doesNotContain("REDACTED");
    Path unknown = dir.resolve("unknown.json");
    Files.writeString(unknown, "{\"game\": \"nonsense_game\", \"policy\": {\"1p\": {\"0\": 0.5, \"1\": 0.5}}}");
    assertThat(oneLine(Cli.run("exploitability", "kuhn_poker", "--policy", unknown.toString())))
        .isEqualTo("ponder: policy " + unknown + " was saved for nonsense_game, which is not a registered game; give a policy"
            + " saved for kuhn_poker");
  }

  @Test
  void phantomTicTacToeIsRefusedForItsSize() {
    assertThat(oneLine(Cli.run("solve", "phantom_ttt", "--no-progress")))
        .isEqualTo("ponder: phantom_ttt has more than 5000000 histories: too large for exact game-tree solving;"
            + " try a larger --max-histories (memory grows with it)");
  }

  /**
   * Fixed-point notation throughout: 8 decimals, more for a non-zero value below 1e-5 (four
   * significant digits), scientific only below 1e-12.
   */
  @Test
  void numbersPrintInFixedPointWithSignificantDigitsWhenSmall() {
    assertThat(SolveOutput.number(7.303e-5)).isEqualTo("0.00007303");
    assertThat(SolveOutput.number(8.3849e-5)).isEqualTo("0.00008385");
    assertThat(SolveOutput.number(1.727e-4)).isEqualTo("0.00017270");
    assertThat(SolveOutput.number(1e-5)).isEqualTo("0.00001000");
    assertThat(SolveOutput.number(7.0512e-7)).isEqualTo("0.0000007051");
    assertThat(SolveOutput.number(-3.25e-9)).isEqualTo("-0.000000003250");
    assertThat(SolveOutput.number(9.99951e-6)).isEqualTo("0.000010000");
    assertThat(SolveOutput.number(3.25e-15)).isEqualTo("3.250e-15");
    assertThat(SolveOutput.number(0.45833333333)).isEqualTo("0.45833333");
    assertThat(SolveOutput.number(0)).isEqualTo("0.00000000");
  }

  /**
   * Kuhn poker, DCFR after 100,000 iterations: the figures are printed with four significant digits,
   * and they agree with the facts of the game: exploitability is NashConv / 2, NashConv is the
   * sum of the gains, and player 0's expected return lies within the gains of the game's value
   * −1/18 (Kuhn 1950; a best response of player 0 earns at least the value, one of player 1
   * concedes at most it).
   */
  @Test
  void aConvergedPolicyPrintsWithSignificantDigits(@TempDir Path dir) {
    Path f = dir.resolve("dcfr.json");
    Cli s = Cli.run("solve", "kuhn_poker", "--algo", "dcfr", "--iterations", "100000", "--every", "100000", "--out", f.toString());
    assertThat(s.exit).as(s.err).isZero();
    Matcher row = Pattern.compile("\\n\\s+100000\\s+(\\S+)\\s").matcher(s.out);
    assertThat(row.find()).as(s.out).isTrue();
    assertThat(row.group(1)).matches(SMALL_FIXED);
    double solved = Double.parseDouble(row.group(1));
    assertThat(solved).isPositive().isLessThan(1e-4);

    Cli e = Cli.run("exploitability", "kuhn_poker", "--policy", f.toString());
    assertThat(e.exit).as(e.err).isZero();
    Matcher m = Pattern.compile("NashConv (\\S+), exploitability (\\S+) \\(NashConv / 2\\); best-response gains per player"
        + " \\[(\\S+), (\\S+)\\]; expected returns \\[(\\S+), (\\S+)\\]").matcher(e.out);
    assertThat(m.find()).as(e.out).isTrue();
    for (int g = 1; g <= 4; g++) {
      assertThat(m.group(g)).as(e.out).matches(SMALL_FIXED);
    }
    double nashConv = Double.parseDouble(m.group(1));
    double exploitability = Double.parseDouble(m.group(2));
    double gain0 = Double.parseDouble(m.group(3));
    double gain1 = Double.parseDouble(m.group(4));
    double return0 = Double.parseDouble(m.group(5));
    // the saved policy is the one solve measured; four significant digits printed
    assertThat(exploitability).isCloseTo(solved, within(1e-3 * solved));
    assertThat(nashConv).isCloseTo(2 * exploitability, within(1e-3 * nashConv));
    assertThat(gain0 + gain1).isCloseTo(nashConv, within(1e-3 * nashConv));
    double value = -1.0 / 18;
    assertThat(return0).isBetween(value - gain0 - 1e-8, value + gain1 + 1e-8);
  }

  /** A small figure in fixed-point notation with four significant digits (or more). */
  private static final String SMALL_FIXED = "-?0\\.0*[1-9]\\d{3,}";

  @Test
  void agentModeReportsProgressAndTheSameFiguresAsPolicyMode(@TempDir Path dir) {
    Path f = dir.resolve("u.json");
    Cli r = Cli.run("exploitability", "kuhn_poker", "--agent", "uniform", "--runs", "1", "--seeds", "2", "--out", f.toString(),
        "--progress-interval", "0");
    assertThat(r.exit).as(r.err).isZero();
    assertThat(r.err).contains("exploitability: tabularizing uniform (1 run per information state, 2 seeds): 24/24"
        + " information states (100%)");
    // the game tree's size is not known while it is built: a count and the elapsed time
    assertThat(r.err).containsPattern("exploitability: building the game tree of kuhn_poker \\(at most 5000000\\): 58"
        + " histories so far, 0:0\\d elapsed");
    // hand calculation (uniform Kuhn): gains 3/8 and 13/24, NashConv 11/12, value 1/8 to player 0
    assertThat(r.out).contains("seed 0: kuhn_poker: NashConv 0.91666667, exploitability 0.45833333 (NashConv / 2);"
        + " best-response gains per player [0.37500000, 0.54166667]; expected returns [0.12500000, -0.12500000]")
        .contains("tabularized policy of seed 0 saved to " + f);
    Cli q = Cli.run("exploitability", "kuhn_poker", "--policy", f.toString(), "--no-progress");
    assertThat(q.out).contains("kuhn_poker: NashConv 0.91666667, exploitability 0.45833333 (NashConv / 2);"
        + " best-response gains per player [0.37500000, 0.54166667]; expected returns [0.12500000, -0.12500000]");
    Cli quiet = Cli.run("exploitability", "kuhn_poker", "--agent", "uniform", "--runs", "1", "--no-progress");
    assertThat(quiet.err).isEmpty();
    // a quick task prints no progress at the default interval
    Cli quick = Cli.run("exploitability", "kuhn_poker", "--agent", "uniform", "--runs", "1");
    assertThat(quick.err).isEmpty();
  }

  /** The exploitability column of solve's table, one entry per printed iteration. */
  private static java.util.List<String> column(Cli r) {
    assertThat(r.exit).as(r.err).isZero();
    return r.out.lines().filter(l -> l.matches("\\s+\\d+\\s+\\S+\\s+\\S+")).map(l -> l.trim().split("\\s+")[1]).toList();
  }

  @Test
  void discountedCfrAndOutcomeSamplingParametersAreOptions() {
    // Linear CFR is DCFR(1, 1, 1) (Brown & Sandholm 2019)
    Cli lcfr = Cli.run("solve", "leduc_poker", "--algo", "lcfr", "--iterations", "30", "--every", "10");
    Cli dcfr111 = Cli.run("solve", "leduc_poker", "--algo", "dcfr", "--alpha", "1", "--beta", "1", "--gamma", "1",
        "--iterations", "30", "--every", "10");
    assertThat(column(dcfr111)).hasSize(3).isEqualTo(column(lcfr));
    assertThat(dcfr111.out).contains("Discounted CFR (α 1, β 1, γ 1)");
    Cli dcfr = Cli.run("solve", "leduc_poker", "--algo", "dcfr", "--iterations", "30", "--every", "10");
    Cli dcfrDefaults = Cli.run("solve", "leduc_poker", "--algo", "dcfr", "--alpha", "1.5", "--beta", "0", "--gamma", "2",
        "--iterations", "30", "--every", "10");
    assertThat(column(dcfrDefaults)).isEqualTo(column(dcfr)).isNotEqualTo(column(lcfr));
    Cli os = Cli.run("solve", "kuhn_poker", "--algo", "mccfr-os", "--iterations", "300", "--every", "100");
    assertThat(column(Cli.run("solve", "kuhn_poker", "--algo", "mccfr-os", "--epsilon", "0.6", "--iterations", "300", "--every", "100")))
        .isEqualTo(column(os));
    assertThat(column(Cli.run("solve", "kuhn_poker", "--algo", "mccfr-os", "--epsilon", "1", "--iterations", "300", "--every", "100")))
        .isNotEqualTo(column(os));
    assertThat(oneLine(Cli.run("solve", "kuhn_poker", "--algo", "dcfr", "--alpha", "11")))
        .isEqualTo("ponder: --alpha must be in 0..10, got 11");
    assertThat(oneLine(Cli.run("solve", "kuhn_poker", "--algo", "mccfr-os", "--epsilon", "1.5")))
        .isEqualTo("ponder: --epsilon must be in (0, 1], got 1.5");
    // epsilon 0 never samples an action of probability 0: outcome sampling's guarantee is void
    assertThat(oneLine(Cli.run("solve", "kuhn_poker", "--algo", "mccfr-os", "--epsilon", "0")))
        .isEqualTo("ponder: --epsilon must be in (0, 1], got 0");
    assertThat(oneLine(Cli.run("solve", "kuhn_poker", "--algo", "mccfr-os", "--epsilon", "-0.1")))
        .isEqualTo("ponder: --epsilon must be in (0, 1], got -0.1");
    assertThat(oneLine(Cli.run("solve", "kuhn_poker", "--algo", "cfr+", "--gamma", "1")))
        .isEqualTo("ponder: --gamma goes with --algo dcfr, not cfr+");
    assertThat(oneLine(Cli.run("solve", "kuhn_poker", "--algo", "mccfr-es", "--epsilon", "0.5")))
        .isEqualTo("ponder: --epsilon goes with --algo mccfr-os, not mccfr-es");
  }
}
