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

  /** Messages echo a boolean parameter as users type it (true), not as Game.spec() prints it (True). */
  @Test
  void messagesEchoBooleansInLowerCase(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
    java.nio.file.Path leduc = dir.resolve("leduc.json");
    Cli saved = Cli.run("solve", "leduc_poker", "--iterations", "1", "--out", leduc.toString());
    assertThat(saved.exit).as(saved.err).isZero();
    Cli e = Cli.run("exploitability", "leduc_poker(suit_isomorphism=true)", "--policy", leduc.toString());
    assertThat(e.exit).isEqualTo(2);
    assertThat(e.err).contains("was saved for leduc_poker, not leduc_poker(suit_isomorphism=true) (suit_isomorphism: false"
        + " in the policy, true here); measure it on leduc_poker or give a policy saved for leduc_poker(suit_isomorphism=true)")
        .doesNotContain("True");
    Cli p = Cli.run("play", "leduc_poker(suit_isomorphism=true)", "--players", "tabular(file=" + leduc + "),random");
    assertThat(p.exit).isEqualTo(2);
    assertThat(p.err).contains("not leduc_poker(suit_isomorphism=true)").contains("play it on leduc_poker").doesNotContain("True");
    Cli g = Cli.run("solve", "goofspiel(num_cards=3,imp_info=true,returns_type=total_points)");
    assertThat(g.err).startsWith("ponder: goofspiel(num_cards=3,imp_info=true,returns_type=total_points) is general-sum");
    Cli s = Cli.run("solve", "leduc_poker(suit_isomorphism=True)", "--iterations", "1");
    assertThat(s.out).startsWith("leduc_poker(suit_isomorphism=true): ");
    assertThat(GameTree.echo("turn_based_simultaneous_game(game=goofspiel(imp_info=True,num_cards=3))"))
        .isEqualTo("turn_based_simultaneous_game(game=goofspiel(imp_info=true,num_cards=3))");
    assertThat(GameTree.echo("kuhn_poker")).isEqualTo("kuhn_poker");
  }
}
