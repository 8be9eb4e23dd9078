package dev.ponder.solve.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.ponder.agent.AgentRegistry;
import dev.ponder.agent.PolicyAgent;
import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.solve.CfrSolver;
import dev.ponder.solve.GameTree;
import dev.ponder.solve.PolicyEvaluation;
import dev.ponder.solve.TabularPolicy;
import dev.ponder.solve.Tabularizer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Java snippets of docs/solve.md, compiled and run: each appears verbatim (up to white space)
 * in this file ({@link #everySnippetOfTheDocIsInThisFile}).
 */
class SolveDocExamplesTest {

  @Test
  void solvingAndMeasuring(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("kuhn.json");
    // ---- docs/solve.md, "Solving and measuring"
    Game game = GameRegistry.load("kuhn_poker");
    GameTree tree = GameTree.build(game);                    // every history; IllegalArgumentException if too large
    CfrSolver solver = new CfrSolver(tree, CfrSolver.Variant.CFR_PLUS);
    solver.run(1000);
    double[] avg = solver.averagePolicy();                   // one probability per (information set, action) slot
    double e = PolicyEvaluation.exploitability(tree, avg);   // NashConv / number of players
    double[] gains = PolicyEvaluation.gains(tree, avg);      // best-response gain of each player
    double[] returns = PolicyEvaluation.expectedReturns(tree, avg);
    TabularPolicy.fromSlots(tree, avg).write(file);
    // ----
    // exploitability is NashConv / 2, and CFR+ is far below 1e-4 after 1,000 iterations
    assertThat(gains[0]).isGreaterThanOrEqualTo(0);
    assertThat(gains[1]).isGreaterThanOrEqualTo(0);
    assertThat(gains[0] + gains[1]).isCloseTo(2 * e, within(1e-15));
    assertThat(e).isPositive().isLessThan(1e-4);
    // Kuhn poker's value to player 0 is -1/18 (Kuhn 1950; REFERENCE.md). A best response of
    // player 0 earns at least the value and one of player 1 concedes at most it, so
    // value - gains[0] <= returns[0] <= value + gains[1]
    double value = -1.0 / 18;
    assertThat(returns[0]).isBetween(value - gains[0] - 1e-12, value + gains[1] + 1e-12);
    assertThat(returns[0] + returns[1]).isCloseTo(0, within(1e-12));
    assertThat(Files.readString(file)).contains("\"game\" : \"kuhn_poker\"");
  }

  /**
   * CFR+'s average policy on Kuhn poker: exploitability falls from each power of ten of
   * iterations to the next (10, 100, 1,000, 10,000), toward the equilibrium's 0.
   */
  @Test
  void cfrPlusExploitabilityDecreases() {
    GameTree tree = GameTree.build(GameRegistry.load("kuhn_poker"));
    CfrSolver solver = new CfrSolver(tree, CfrSolver.Variant.CFR_PLUS);
    double previous = Double.POSITIVE_INFINITY;
    int done = 0;
    for (int target = 10; target <= 10_000; target *= 10) {
      solver.run(target - done);
      done = target;
      double e = PolicyEvaluation.exploitability(tree, solver.averagePolicy());
      assertThat(e).as("after %d iterations", target).isPositive().isLessThan(previous);
      previous = e;
    }
  }

  @Test
  void measuringASavedPolicy(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("partial.json");
    Files.writeString(file, "{\"game\": \"kuhn_poker\", \"policy\": {\"0\": {\"0\": 1, \"1\": 0}}}");
    // ---- docs/solve.md, "Measuring a saved policy"
    TabularPolicy policy = TabularPolicy.read(file);         // IOException (one line) if unreadable or malformed
    GameTree tree = GameTree.build(GameRegistry.load("kuhn_poker"));
    TabularPolicy.Coverage c = policy.coverage(tree);        // information states: total, missing, extra
    if (c.missing() == 0) {
      double e = PolicyEvaluation.exploitability(tree, policy.toSlots(tree));
    } else {
      // toSlots(tree) refuses it (IncompletePolicyException); say so, or fill the gaps knowingly:
      double e = PolicyEvaluation.exploitability(tree, policy.toSlotsFillUniform(tree));
    }
    // ----
    assertThat(c.total()).isEqualTo(12);
    assertThat(c.missing()).isEqualTo(11);
    assertThatThrownBy(() -> policy.toSlots(tree)).isInstanceOf(TabularPolicy.IncompletePolicyException.class)
        .hasMessageContaining("lacks 11 of the 12 information states of kuhn_poker");
    // another game's policy is refused too
    GameTree leduc = GameTree.build(GameRegistry.load("leduc_poker"));
    assertThatThrownBy(() -> policy.toSlotsFillUniform(leduc)).hasMessageContaining("was saved for kuhn_poker, not leduc_poker");
  }

  @Test
  void tabularizingAnAgent() {
    Game game = GameRegistry.load("kuhn_poker");
    GameTree tree = GameTree.build(game);
    // ---- docs/solve.md, "Tabularizing an agent"
    TabularPolicy tab = Tabularizer.tabularize(game,
        seed -> (PolicyAgent) AgentRegistry.create("puct(sims=100)", game, seed), 20, 0L);
    double e = PolicyEvaluation.exploitability(tree, tab.toSlots(tree));
    // ----
    // less exploitable than uniform random play (11/24), more than an equilibrium
    assertThat(e).isGreaterThan(0.0).isLessThan(11.0 / 24);
  }

  @Test
  void bestResponses(@TempDir Path dir) throws IOException {
    GameTree tree = GameTree.build(GameRegistry.load("kuhn_poker"));
    double[] slots = tree.uniformSlots();
    Path file = dir.resolve("br0.json");
    // ---- docs/solve.md, "Best responses"
    double[] br0 = PolicyEvaluation.bestResponsePolicy(tree, slots, 0); // player 0 best-responds, the others play slots
    double v = PolicyEvaluation.expectedReturns(tree, br0)[0];          // = new BestResponse(tree, slots, 0).value()
    TabularPolicy.fromSlots(tree, br0).write(file);                     // what exploitability --best-response-out saves
    // ----
    assertThat(v).isCloseTo(new PolicyEvaluation.BestResponse(tree, slots, 0).value(), within(1e-12));
    // against uniform play, player 0 gains its share of NashConv 11/12 (REFERENCE.md) over the uniform return
    double gain0 = v - PolicyEvaluation.expectedReturns(tree, slots)[0];
    double gain1 = new PolicyEvaluation.BestResponse(tree, slots, 1).value() - PolicyEvaluation.expectedReturns(tree, slots)[1];
    assertThat(gain0 + gain1).isCloseTo(11.0 / 12, within(1e-12));
    assertThat(PolicyEvaluation.exploitability(tree, TabularPolicy.read(file).toSlots(tree)))
        .isCloseTo(PolicyEvaluation.exploitability(tree, br0), within(1e-15));
  }

  @Test
  void everySnippetOfTheDocIsInThisFile() throws IOException {
    Path root = Path.of("").toAbsolutePath();
    while (root != null && !Files.isRegularFile(root.resolve("docs/solve.md"))) {
      root = root.getParent();
    }
    assertThat(root).as("docs/solve.md above the working directory").isNotNull();
    String doc = Files.readString(root.resolve("docs/solve.md"));
    Path self = root.resolve("ponder-solve/src/test/java/dev/ponder/solve/docs/SolveDocExamplesTest.java");
    String haystack = normalize(Files.readString(self));
    List<String> snippets = new ArrayList<>();
    int i = 0;
    while ((i = doc.indexOf("```java\n", i)) >= 0) {
      int start = i + "```java\n".length();
      int end = doc.indexOf("\n```", start);
      snippets.add(doc.substring(start, end));
      i = end + 4;
    }
    assertThat(snippets).hasSize(5);
    for (String snippet : snippets) {
      assertThat(haystack).as("a snippet of docs/solve.md is not in %s:%n%s", self, snippet).contains(normalize(snippet));
    }
  }

  private static String normalize(String s) {
    return s.replaceAll("\\s+", " ").trim();
  }
}
