package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.GameRegistry;
import dev.ponder.solve.GameTree;
import dev.ponder.solve.PolicyEvaluation;
import dev.ponder.solve.TabularPolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SolveCommandTest {
  @Test
  void solvesKuhnSavesPolicyAndChart(@TempDir Path dir) throws Exception {
    // output directories that do not exist yet are created
    Path policy = dir.resolve("out/kuhn.json");
    Path chart = dir.resolve("out/charts/conv.svg");
    Cli r = Cli.run("solve", "kuhn_poker", "--algo", "cfr", "--iterations", "100", "--every", "50",
        "--out", policy.toString(), "--chart", chart.toString());
    assertThat(r.exit).as(r.err).isZero();
    // seed 000 Table 4: CFR after 100 iterations, 0.0082
    assertThat(r.out).contains("NashConv / 2").containsPattern("\\n\\s+100\\s+0\\.0082");
    String svg = Files.readString(chart);
    assertThat(svg).startsWith("<?xml").contains("<svg");
    assertThat(ChartSvg.linePoints(svg)).hasSizeGreaterThanOrEqualTo(2);
    assertThat(ChartSvg.texts(svg)).contains("iterations", "exploitability (NashConv / n)");
    TabularPolicy p = TabularPolicy.read(policy);
    GameTree t = GameTree.build(GameRegistry.load("kuhn_poker"));
    assertThat(PolicyEvaluation.exploitability(t, p.toSlots(t))).isBetween(0.0081, 0.0083);
    // and the saved policy measures the same through the exploitability command
    Cli e = Cli.run("exploitability", "kuhn_poker", "--policy", policy.toString());
    assertThat(e.exit).as(e.err).isZero();
    assertThat(e.out).contains("exploitability 0.0082");
  }

  @Test
  void everyAlgorithmRuns() {
    for (String a : new String[] {"cfr-sim", "cfr+", "lcfr", "dcfr", "mccfr-es", "mccfr-os"}) {
      Cli r = Cli.run("solve", "kuhn_poker", "--algo", a, "--iterations", "20", "--every", "10");
      assertThat(r.exit).as(a + ": " + r.err).isZero();
      assertThat(r.out).contains("iterations per second");
    }
  }

  /**
   * A Monte Carlo solver's figures depend on its seed, so the algorithm line names it, the default
   * 0 too: the printed output alone says how to reproduce it. Before, only --json and --out did.
   */
  @Test
  void theAlgorithmLineNamesTheMonteCarloSolversSeed() {
    Cli es = Cli.run("solve", "kuhn_poker", "--algo", "mccfr-es", "--iterations", "20", "--no-progress");
    assertThat(es.exit).as(es.err).isZero();
    assertThat(es.out).contains("algorithm MCCFR, external sampling, seed 0; exploitability");
    Cli os = Cli.run("solve", "kuhn_poker", "--algo", "mccfr-os", "--seed", "7", "--iterations", "20", "--no-progress");
    assertThat(os.exit).as(os.err).isZero();
    assertThat(os.out).contains("algorithm MCCFR, outcome sampling (epsilon 0.6), seed 7; exploitability");
    // the deterministic solvers take no seed and name none
    Cli cfr = Cli.run("solve", "kuhn_poker", "--algo", "cfr", "--iterations", "20", "--no-progress");
    assertThat(cfr.out).contains("algorithm CFR (vanilla, alternating updates); exploitability").doesNotContain("seed");
  }

  @Test
  void aGameWithoutPerfectRecallIsSolvedWithAWarning() {
    // leduc_poker(action_mapping=true) keeps OpenSpiel's strings, where two actions meet in one
    // information state; the default leduc_poker gives perfect recall
    Cli forgetful = Cli.run("solve", "leduc_poker(action_mapping=true)", "--iterations", "2", "--every", "2");
    assertThat(forgetful.exit).as(forgetful.err).isZero();
    assertThat(forgetful.err).contains("without perfect recall").contains("no such guarantee");
    Cli recall = Cli.run("solve", "leduc_poker", "--iterations", "2", "--every", "2");
    assertThat(recall.exit).as(recall.err).isZero();
    assertThat(recall.err).doesNotContain("perfect recall");
  }

  @Test
  void badInputIsAUsageError() {
    Cli r = Cli.run("solve", "kuhn_poker", "--algo", "foo");
    assertThat(r.exit).isEqualTo(2);
    assertThat(r.err).contains("valid: cfr, cfr-sim, cfr+");
    assertThat(Cli.run("solve", "no_such_game").exit).isEqualTo(2);
    Cli big = Cli.run("solve", "tic_tac_toe", "--iterations", "1", "--max-histories", "1000");
    assertThat(big.exit).isEqualTo(2);
    assertThat(big.err).contains("too large for exact game-tree solving");
  }

  @Test
  void pigIsRefusedQuicklyByTheDefaultLimit() {
    // pig's tree is astronomically large and its histories long: both commands must refuse it
    // in one line within seconds, not walk it until memory runs out
    org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(10), () -> {
      for (String[] args : new String[][] {{"solve", "pig", "--iterations", "2"}, {"exploitability", "pig", "--agent", "uniform"}}) {
        Cli r = Cli.run(args);
        assertThat(r.exit).as(r.err).isEqualTo(2);
        assertThat(r.err.lines()).as(r.err).singleElement().asString()
            .isEqualTo("ponder: pig has more than 5000000 histories: too large for exact game-tree solving;"
                + " try smaller parameters (horizon, winscore, diceoutcomes) or a larger --max-histories"
                + " (memory grows with it)");
      }
    });
  }

  @Test
  void unwritableOutputPathsAreRefusedBeforeSolving(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("plain");
    Files.writeString(file, "x");
    String[][] bad = {
        {"--out", file.resolve("x.json").toString()},              // a parent is a regular file
        {"--chart", file.resolve("c.svg").toString()},
        {"--out", dir.toString()},                                  // a directory
    };
    for (String[] opt : bad) {
      Cli r = Cli.run("solve", "kuhn_poker", "--iterations", "10", opt[0], opt[1]);
      assertThat(r.exit).as(r.err).isEqualTo(2);
      // refused before the first iteration, in one line naming the option, the path and a reason
      assertThat(r.out).doesNotContain("iteration");
      assertThat(r.err.lines()).as(r.err).singleElement().asString()
          .startsWith("ponder: cannot write " + opt[0] + " " + opt[1] + ": ").doesNotEndWith(opt[1]);
    }
    assertThat(Files.readString(file)).isEqualTo("x");
  }

  /**
   * The saved policy's "run" object records the parameters that shaped it, the ones --json lists
   * under "algorithm_parameters" (DCFR's α, β, γ; outcome sampling's ε), so a file says how to
   * reproduce it. Before, it recorded "dcfr" alone, whatever the exponents.
   */
  @Test
  void theSavedPolicyRecordsTheAlgorithmsParameters(@TempDir Path dir) throws Exception {
    Path d = dir.resolve("d.json");
    Cli r = Cli.run("solve", "kuhn_poker", "--algo", "dcfr", "--alpha", "2", "--beta", "-0.5", "--gamma", "3",
        "--iterations", "10", "--out", d.toString(), "--no-progress");
    assertThat(r.exit).as(r.err).isZero();
    assertThat(TabularPolicy.read(d).run()).containsEntry("algorithm", "dcfr").containsEntry("alpha", 2.0)
        .containsEntry("beta", -0.5).containsEntry("gamma", 3.0).doesNotContainKey("epsilon");
    Path o = dir.resolve("o.json");
    r = Cli.run("solve", "kuhn_poker", "--algo", "mccfr-os", "--epsilon", "0.3", "--seed", "4", "--iterations", "10",
        "--out", o.toString(), "--no-progress");
    assertThat(r.exit).as(r.err).isZero();
    assertThat(TabularPolicy.read(o).run()).containsEntry("algorithm", "mccfr-os").containsEntry("epsilon", 0.3)
        .containsEntry("seed", 4L).doesNotContainKey("alpha");
    Path c = dir.resolve("c.json");
    r = Cli.run("solve", "kuhn_poker", "--algo", "dcfr", "--iterations", "10", "--out", c.toString(), "--no-progress");
    assertThat(r.exit).as(r.err).isZero();
    assertThat(TabularPolicy.read(c).run()).containsEntry("alpha", 1.5).containsEntry("beta", 0.0).containsEntry("gamma", 2.0);
    Path p = dir.resolve("p.json");
    r = Cli.run("solve", "kuhn_poker", "--algo", "cfr+", "--iterations", "10", "--out", p.toString(), "--no-progress");
    assertThat(r.exit).as(r.err).isZero();
    assertThat(TabularPolicy.read(p).run()).containsOnlyKeys("command", "algorithm", "iterations", "iterations_requested",
        "interrupted");
  }

  /**
   * With three or more players CFR gives no Nash guarantee: solve says so in one note on stderr
   * (before, only --help and the docs did); a two-player game gets no note.
   */
  @Test
  void threeOrMorePlayersGetANoteOnStderr() {
    Cli r = Cli.run("solve", "kuhn_poker(players=3)", "--algo", "cfr", "--iterations", "4", "--no-progress");
    assertThat(r.exit).as(r.err).isZero();
    assertThat(r.err).isEqualTo("note: with 3 players the average policy carries no Nash-equilibrium guarantee (CFR's"
        + " regret bound gives a coarse correlated equilibrium); the exploitability printed measures how far it is from a Nash equilibrium\n");
    Cli es = Cli.run("solve", "kuhn_poker(players=4)", "--algo", "mccfr-es", "--iterations", "4", "--no-progress");
    assertThat(es.exit).as(es.err).isZero();
    assertThat(es.err.strip()).startsWith("note: with 4 players").endsWith(", and mccfr-es's average may drift away:"
        + " prefer cfr or cfr+").doesNotContain("\n");
    Cli two = Cli.run("solve", "kuhn_poker", "--algo", "cfr", "--iterations", "4", "--no-progress");
    assertThat(two.err).isEmpty();
  }
}
