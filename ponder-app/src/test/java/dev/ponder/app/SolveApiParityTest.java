package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.game.GameRegistry;
import dev.ponder.solve.CfrSolver;
import dev.ponder.solve.GameTree;
import dev.ponder.solve.MccfrSolver;
import dev.ponder.solve.PolicyEvaluation;
import org.junit.jupiter.api.Test;

/** The command line and the Java API accept the same DCFR exponents and refuse the same games, with one message. */
class SolveApiParityTest {
  private static final GameTree KUHN = GameTree.build(GameRegistry.load("kuhn_poker"));

  private static boolean apiAccepts(double a, double b, double g) {
    try {
      new CfrSolver(KUHN, CfrSolver.Variant.DISCOUNTED, true, a, b, g);
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  private static boolean cliAccepts(double a, double b, double g) {
    Cli r = Cli.run("solve", "kuhn_poker", "--algo", "dcfr", "--iterations", "2", "--alpha", Double.toString(a), "--beta",
        Double.toString(b), "--gamma", Double.toString(g));
    assertThat(r.exit).as(r.err).isIn(0, 2);
    return r.exit == 0;
  }

  @Test
  void dcfrExponentRangesAreTheSame() {
    double[][] cases = {
        {0, -10, 0}, {10, 10, 10}, {1.5, 0, 2}, {0.5, -1, 3}, // accepted by both
        {-0.5, 0, 2}, {10.5, 0, 2}, {1.5, -10.5, 2}, {1.5, 10.5, 2}, {1.5, 0, -1}, {1.5, 0, 10.5}, {-30, 0, 2}, {1.5, 0, 30}};
    for (int i = 0; i < cases.length; i++) {
      double[] c = cases[i];
      boolean api = apiAccepts(c[0], c[1], c[2]);
      assertThat(cliAccepts(c[0], c[1], c[2])).as("α %s β %s γ %s", c[0], c[1], c[2]).isEqualTo(api);
      assertThat(api).as("α %s β %s γ %s", c[0], c[1], c[2]).isEqualTo(i < 4);
    }
  }

  @Test
  void generalSumGamesGetTheCommandLinesMessageFromTheApi() {
    String game = "goofspiel(num_cards=3,returns_type=total_points)";
    Cli cli = Cli.run("solve", game);
    assertThat(cli.exit).isEqualTo(2);
    GameTree g = GameTree.build(GameRegistry.load(game));
    String apiMessage = null;
    try {
      new MccfrSolver(g, MccfrSolver.Sampling.EXTERNAL, 0);
    } catch (IllegalArgumentException e) {
      apiMessage = e.getMessage();
    }
    assertThat(apiMessage).isNotNull();
    assertThat(cli.err.strip()).isEqualTo("ponder: " + apiMessage.replace("MccfrSolver supports", "solve supports"));
    assertThatThrownBy(() -> PolicyEvaluation.exploitability(g, g.uniformSlots())).hasMessageContaining("general-sum");
  }
}
