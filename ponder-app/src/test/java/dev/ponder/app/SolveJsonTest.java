package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ponder solve --json}, {@code --log-points} and {@code ponder exploitability --json}. */
class SolveJsonTest {
  /** Parses standard output as exactly one JSON document (trailing text fails). */
  static JsonNode parse(Cli r) throws Exception {
    assertThat(r.exit).as(r.err).isZero();
    assertThat(r.out).startsWith("{");
    return new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).readTree(r.out);
  }

  @Test
  void solveJsonIsOneDocumentWithTheRunAndItsResult(@TempDir Path dir) throws Exception {
    Path policy = dir.resolve("k.json");
    Cli r = Cli.run("solve", "kuhn_poker", "--algo", "cfr", "--iterations", "100", "--every", "50", "--json",
        "--out", policy.toString());
    JsonNode j = parse(r);
    assertThat(j.get("game").asText()).isEqualTo("kuhn_poker");
    assertThat(j.get("game_parameters").get("players").asInt()).isEqualTo(2);
    assertThat(j.get("algorithm").asText()).isEqualTo("cfr");
    assertThat(j.get("algorithm_parameters").size()).isZero();
    assertThat(j.get("iterations").asInt()).isEqualTo(100);
    assertThat(j.get("seed").isNull()).isTrue(); // CFR is deterministic
    assertThat(j.get("every").asInt()).isEqualTo(50);
    assertThat(j.get("log_points").isNull()).isTrue();
    // Kuhn poker: 58 histories, 12 information states (6 per player: 3 cards x 2 decision points)
    assertThat(j.get("histories").asInt()).isEqualTo(58);
    assertThat(j.get("information_states").asInt()).isEqualTo(12);
    JsonNode conv = j.get("convergence");
    assertThat(conv).hasSize(2);
    assertThat(conv.get(0).get("iteration").asInt()).isEqualTo(50);
    assertThat(conv.get(1).get("iteration").asInt()).isEqualTo(100);
    for (JsonNode c : conv) {
      assertThat(c.get("nash_conv").asDouble()).isEqualTo(2 * c.get("exploitability").asDouble());
      assertThat(c.get("elapsed_ms").asDouble()).isGreaterThanOrEqualTo(c.get("solver_ms").asDouble());
    }
    // seed 000 Table 4: vanilla CFR after 100 iterations, 0.0082
    assertThat(j.get("exploitability").asDouble()).isBetween(0.0081, 0.0083);
    assertThat(j.get("exploitability").asDouble()).isEqualTo(conv.get(1).get("exploitability").asDouble());
    double[] v = doubles(j.get("expected_returns"));
    double[] br = doubles(j.get("best_response_values"));
    double[] g = doubles(j.get("gains"));
    assertThat(v[0] + v[1]).isCloseTo(0, within(1e-12)); // zero-sum
    assertThat(g[0] + g[1]).isCloseTo(j.get("nash_conv").asDouble(), within(1e-12));
    for (int p = 0; p < 2; p++) {
      assertThat(br[p] - v[p]).isCloseTo(g[p], within(1e-12));
      assertThat(g[p]).isGreaterThanOrEqualTo(-1e-12);
    }
    assertThat(j.get("policy_out").asText()).isEqualTo(policy.toString());
    assertThat(j.get("chart").isNull()).isTrue();
    assertThat(Files.exists(policy)).isTrue();
    // the JSON holds the same numbers the text prints
    Cli text = Cli.run("solve", "kuhn_poker", "--algo", "cfr", "--iterations", "100", "--every", "50");
    assertThat(text.out).contains(SolveOutput.number(conv.get(0).get("exploitability").asDouble()),
        SolveOutput.number(j.get("exploitability").asDouble()), SolveOutput.number(v[0]));
  }

  @Test
  void solveJsonGameValueIsKuhnsAndSeedAndParametersAreNamed() throws Exception {
    // REFERENCE.md: the game value of Kuhn poker for player 0 is -1/18
    JsonNode j = parse(Cli.run("solve", "kuhn_poker", "--algo", "cfr+", "--iterations", "1000", "--json"));
    assertThat(j.get("expected_returns").get(0).asDouble()).isCloseTo(-1.0 / 18, within(5e-4));
    assertThat(j.get("exploitability").asDouble()).isLessThan(2e-4);
    JsonNode mc = parse(Cli.run("solve", "kuhn_poker", "--algo", "mccfr-os", "--iterations", "20", "--seed", "3",
        "--epsilon", "0.5", "--json"));
    assertThat(mc.get("seed").asLong()).isEqualTo(3);
    assertThat(mc.get("algorithm_parameters").get("epsilon").asDouble()).isEqualTo(0.5);
    JsonNode d = parse(Cli.run("solve", "kuhn_poker", "--algo", "dcfr", "--iterations", "10", "--alpha", "1", "--json"));
    assertThat(d.get("algorithm_parameters").get("alpha").asDouble()).isEqualTo(1.0);
    assertThat(d.get("algorithm_parameters").get("beta").asDouble()).isEqualTo(0.0);
    assertThat(d.get("algorithm_parameters").get("gamma").asDouble()).isEqualTo(2.0);
  }

  @Test
  void errorsWithJsonLeaveStandardOutputEmpty() {
    Cli r = Cli.run("solve", "kuhn_poker", "--algo", "foo", "--json");
    assertThat(r.exit).isEqualTo(2);
    assertThat(r.out).isEmpty();
    assertThat(r.err.lines()).hasSize(1);
  }

  @Test
  void logPointsAreGeometricFromOneToTheLast() {
    int[] p = SolveCommand.reportPoints(1000, null, 20);
    assertThat(p).hasSize(20);
    assertThat(p[0]).isEqualTo(1);
    assertThat(p[19]).isEqualTo(1000);
    double ratio = Math.pow(1000, 1.0 / 19);
    for (int i = 1; i < p.length; i++) {
      assertThat(p[i]).isGreaterThan(p[i - 1]);
      if (p[i] >= 20) {
        // past the first few (where rounding to integers dominates) each step is about the ratio
        assertThat((double) p[i] / p[i - 1]).isCloseTo(ratio, within(0.1));
      }
    }
    assertThat(SolveCommand.reportPoints(1000, null, 4)).containsExactly(1, 10, 100, 1000);
    assertThat(SolveCommand.reportPoints(5, null, 20)).containsExactly(1, 2, 3, 4, 5);
    assertThat(SolveCommand.reportPoints(1000, null, 1)).containsExactly(1000);
    assertThat(SolveCommand.reportPoints(1, null, 5)).containsExactly(1);
    assertThat(SolveCommand.reportPoints(7, 3, null)).containsExactly(3, 6, 7);
    assertThat(SolveCommand.reportPoints(25, null, null)).containsExactly(2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 25);
    assertThatThrownBy(() -> SolveCommand.reportPoints(10, 2, 3)).isInstanceOf(UsageException.class);
    assertThatThrownBy(() -> SolveCommand.reportPoints(10, null, 0)).isInstanceOf(UsageException.class);
  }

  @Test
  void logPointsAndEveryTogetherIsAOneLineError() {
    Cli r = Cli.run("solve", "kuhn_poker", "--every", "10", "--log-points", "5");
    assertThat(r.exit).isEqualTo(2);
    assertThat(r.err.lines()).as(r.err).singleElement().asString()
        .isEqualTo("ponder: --every and --log-points both set the report points; give one (--every k: every k iterations;"
            + " --log-points K: K points spaced geometrically)");
    Cli z = Cli.run("solve", "kuhn_poker", "--log-points", "0");
    assertThat(z.exit).isEqualTo(2);
    assertThat(z.err.lines()).singleElement().asString().isEqualTo("ponder: --log-points must be at least 1, got 0");
  }

  @Test
  void reportPointsDoNotChangeTheRun() throws Exception {
    // the solver runs the same iterations whichever points are reported: the last values are equal, bit for bit
    for (String algo : new String[] {"cfr", "mccfr-es", "mccfr-os"}) {
      JsonNode a = parse(Cli.run("solve", "kuhn_poker", "--algo", algo, "--iterations", "200", "--every", "7", "--json"));
      JsonNode b = parse(Cli.run("solve", "kuhn_poker", "--algo", algo, "--iterations", "200", "--log-points", "9", "--json"));
      assertThat(b.get("log_points").asInt()).isEqualTo(9);
      assertThat(b.get("every").isNull()).isTrue();
      assertThat(b.get("convergence")).hasSize(9);
      assertThat(b.get("convergence").get(0).get("iteration").asInt()).isEqualTo(1);
      assertThat(b.get("exploitability").asDouble()).as(algo).isEqualTo(a.get("exploitability").asDouble());
      assertThat(b.get("expected_returns")).as(algo).isEqualTo(a.get("expected_returns"));
    }
  }

  @Test
  void logPointsChartIsEvenlySpacedOnItsLogAxis(@TempDir Path dir) throws Exception {
    Path chart = dir.resolve("c.svg");
    Cli r = Cli.run("solve", "kuhn_poker", "--algo", "cfr+", "--iterations", "1000", "--log-points", "4",
        "--chart", chart.toString());
    assertThat(r.exit).as(r.err).isZero();
    assertThat(r.out).containsPattern("\\n\\s+1\\s").containsPattern("\\n\\s+10\\s").containsPattern("\\n\\s+100\\s")
        .containsPattern("\\n\\s+1000\\s");
    String svg = Files.readString(chart);
    List<double[]> pts = ChartSvg.linePoints(svg);
    assertThat(pts).hasSize(4);
    // 1, 10, 100, 1000 iterations: one decade apart, so equally spaced on the log x axis
    double dx = pts.get(1)[0] - pts.get(0)[0];
    assertThat(dx).isGreaterThan(0);
    assertThat(pts.get(2)[0] - pts.get(1)[0]).isCloseTo(dx, within(0.2));
    assertThat(pts.get(3)[0] - pts.get(2)[0]).isCloseTo(dx, within(0.2));
    assertThat(ChartSvg.texts(svg)).contains("1e0", "1e3");
  }

  @Test
  void exploitabilityJsonOfAnAgentHasTheMeanAndItsStandardError() throws Exception {
    JsonNode j = parse(Cli.run("exploitability", "kuhn_poker", "--agent", "uniform", "--runs", "1", "--seeds", "2", "--json"));
    // REFERENCE.md: uniform random on Kuhn poker, NashConv 11/12, exploitability 0.4583
    assertThat(j.get("exploitability").asDouble()).isCloseTo(11.0 / 24, within(1e-12));
    assertThat(j.get("nash_conv").asDouble()).isCloseTo(11.0 / 12, within(1e-12));
    assertThat(j.get("standard_error").asDouble()).isEqualTo(0.0); // the uniform agent is the same for every seed
    assertThat(j.get("agent").asText()).isEqualTo("uniform");
    assertThat(j.get("runs").asInt()).isEqualTo(1);
    assertThat(j.get("seeds").asInt()).isEqualTo(2);
    assertThat(j.get("policy").isNull()).isTrue();
    assertThat(j.get("measurements")).hasSize(2);
    assertThat(j.get("measurements").get(1).get("seed").asInt()).isEqualTo(1);
    JsonNode m = j.get("measurements").get(0);
    double[] br = doubles(m.get("best_response_values"));
    double[] v = doubles(m.get("expected_returns"));
    double[] g = doubles(m.get("gains"));
    // zero-sum: the returns sum to 0, so the best-response values sum to NashConv
    assertThat(v[0] + v[1]).isCloseTo(0, within(1e-12));
    assertThat(br[0] + br[1]).isCloseTo(11.0 / 12, within(1e-12));
    for (int p = 0; p < 2; p++) {
      assertThat(g[p]).isCloseTo(br[p] - v[p], within(1e-12));
    }
    JsonNode one = parse(Cli.run("exploitability", "kuhn_poker", "--agent", "uniform", "--runs", "1", "--json"));
    assertThat(one.get("standard_error").isNull()).isTrue();
  }

  @Test
  void exploitabilityJsonOfAPolicyFile(@TempDir Path dir) throws Exception {
    Path policy = dir.resolve("k.json");
    JsonNode s = parse(Cli.run("solve", "kuhn_poker", "--algo", "cfr", "--iterations", "100", "--json", "--out",
        policy.toString()));
    JsonNode j = parse(Cli.run("exploitability", "kuhn_poker", "--policy", policy.toString(), "--json"));
    assertThat(j.get("policy").asText()).isEqualTo(policy.toString());
    assertThat(j.get("agent").isNull()).isTrue();
    assertThat(j.get("standard_error").isNull()).isTrue();
    assertThat(j.get("measurements")).hasSize(1);
    assertThat(j.get("measurements").get(0).get("seed").isNull()).isTrue();
    // the saved policy holds doubles as written: the same measures as at the end of the solve
    assertThat(j.get("exploitability").asDouble()).isCloseTo(s.get("exploitability").asDouble(), within(1e-12));
    assertThat(j.get("nash_conv").asDouble()).isCloseTo(s.get("nash_conv").asDouble(), within(1e-12));
    for (int p = 0; p < 2; p++) {
      assertThat(j.get("best_response_values").get(p).asDouble())
          .isCloseTo(s.get("best_response_values").get(p).asDouble(), within(1e-12));
    }
  }

  static double[] doubles(JsonNode a) {
    double[] x = new double[a.size()];
    for (int i = 0; i < x.length; i++) {
      x[i] = a.get(i).asDouble();
    }
    return x;
  }
}
