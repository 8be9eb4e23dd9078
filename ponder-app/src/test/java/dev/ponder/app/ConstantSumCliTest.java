package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.fixtures.HiddenGuessGame;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * solve and exploitability on games whose answers are known in closed form: the constant-sum
 * hidden_guess (returns summing to 1; values worked out by hand in its class comment) and two
 * members of Kuhn's (1950) equilibrium family of kuhn_poker (α = 0 and 1/3: NashConv 0, value −1/18
 * to player 0).
 */
class ConstantSumCliTest {
  @TempDir Path dir;

  @BeforeAll
  static void registerTheTestGame() {
    GameRegistry.register(new HiddenGuessGame.Factory());
  }

  private static JsonNode json(Cli c) throws Exception {
    assertThat(c.exit).as(c.err).isZero();
    return new ObjectMapper().readTree(c.out);
  }

  @Test
  void solveFindsTheEquilibriumOfAConstantSumGame() throws Exception {
    Path out = dir.resolve("g.json");
    JsonNode j = json(Cli.run("solve", "hidden_guess", "--algo", "cfr+", "--iterations", "2000", "--out", out.toString(),
        "--json", "--no-progress"));
    assertThat(j.get("nash_conv").asDouble()).isBetween(0.0, 2e-3);
    assertThat(j.get("expected_returns").get(0).asDouble()).isCloseTo(2.0 / 3, within(0.01));
    assertThat(j.get("expected_returns").get(1).asDouble()).isCloseTo(1.0 / 3, within(0.01));
    JsonNode pol = new ObjectMapper().readTree(out.toFile()).get("policy");
    assertThat(pol.get("to hide").get("0").asDouble()).isCloseTo(1.0 / 3, within(0.01));
    assertThat(pol.get("to guess").get("0").asDouble()).isCloseTo(1.0 / 3, within(0.01));
  }

  @Test
  void exploitabilityOfUniformPlayInAConstantSumGameIsTheHandComputedValue() throws Exception {
    Path p = dir.resolve("u.json");
    Files.writeString(p, "{\"game\": \"hidden_guess\", \"policy\": {\"to hide\": {\"0\": 0.5, \"1\": 0.5},"
        + " \"to guess\": {\"0\": 0.5, \"1\": 0.5}}}");
    JsonNode j = json(Cli.run("exploitability", "hidden_guess", "--policy", p.toString(), "--json"));
    assertThat(j.get("nash_conv").asDouble()).isCloseTo(0.25, within(1e-12));
    assertThat(j.get("exploitability").asDouble()).isCloseTo(0.125, within(1e-12));
    assertThat(j.get("expected_returns").get(0).asDouble()).isCloseTo(0.625, within(1e-12));
    assertThat(j.get("expected_returns").get(1).asDouble()).isCloseTo(0.375, within(1e-12));
  }

  /** Kuhn's family (see IndependentReferenceTest in ponder-solve) written as policy files. */
  @Test
  void kuhnsEquilibriaMeasureZero() throws Exception {
    for (double a : new double[] {0, 1.0 / 3}) {
      Path p = dir.resolve("nash" + (a == 0 ? "0" : "13") + ".json");
      double[][] byCard = {{a, 0, 0, 1.0 / 3}, {0, a + 1.0 / 3, 1.0 / 3, 0}, {3 * a, 1, 1, 1}};
      String[] after = {"", "pb", "b", "p"};
      StringBuilder sb = new StringBuilder("{\"game\": \"kuhn_poker\", \"policy\": {");
      for (int card = 0; card < 3; card++) {
        for (int h = 0; h < 4; h++) {
          double bet = byCard[card][h];
          sb.append(card + h == 0 ? "" : ", ").append('"').append(card).append(after[h]).append("\": {\"0\": ")
              .append(1 - bet).append(", \"1\": ").append(bet).append('}');
        }
      }
      Files.writeString(p, sb.append("}}").toString());
      JsonNode j = json(Cli.run("exploitability", "kuhn_poker", "--policy", p.toString(), "--json"));
      assertThat(j.get("nash_conv").asDouble()).as("alpha %s", a).isCloseTo(0, within(1e-12));
      assertThat(j.get("expected_returns").get(0).asDouble()).as("alpha %s", a).isCloseTo(-1.0 / 18, within(1e-12));
    }
  }
}
