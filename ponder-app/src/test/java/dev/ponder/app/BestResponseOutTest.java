package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ponder exploitability --best-response-out DIR}: the saved best responses are checked by
 * an expectation walk written here, over the {@code State} API and the policy files' JSON (not
 * the game tree or {@code PolicyEvaluation}).
 */
class BestResponseOutTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * Expected return of {@code player} when every player acts by {@code policy(state, action)}:
   * a walk over every history, chance outcomes weighted by their probabilities.
   */
  static double expectation(State s, int player, BiFunction<State, Integer, Double> policy) {
    if (s.isTerminal()) {
      return s.playerReturn(player);
    }
    double v = 0;
    if (s.isChanceNode()) {
      for (var o : s.chanceOutcomes()) {
        State c = s.copy();
        c.applyAction(o.action());
        v += o.probability() * expectation(c, player, policy);
      }
      return v;
    }
    for (int a : s.legalActions()) {
      double p = policy.apply(s, a);
      if (p > 0) {
        State c = s.copy();
        c.applyAction(a);
        v += p * expectation(c, player, policy);
      }
    }
    return v;
  }

  /** The probability of {@code action} at the mover's information state, from a policy file's JSON. */
  static double fromFile(JsonNode policyFile, State s, int action) {
    JsonNode at = policyFile.get("policy").get(s.informationStateString(s.currentPlayer()));
    JsonNode p = at == null ? null : at.get(Integer.toString(action));
    return p == null ? 0.0 : p.asDouble();
  }

  /** Every information state of {@code player}, in the order a depth-first walk meets them. */
  static void infoStates(State s, int player, Set<String> out) {
    if (s.isTerminal()) {
      return;
    }
    if (!s.isChanceNode() && s.currentPlayer() == player) {
      out.add(s.informationStateString(player));
    }
    for (int a : s.legalActions()) {
      State c = s.copy();
      c.applyAction(a);
      infoStates(c, player, out);
    }
  }

  @Test
  void savedBestResponsesAreBestAndWorthThePrintedValues(@TempDir Path dir) throws Exception {
    Path policy = dir.resolve("k.json");
    Cli solve = Cli.run("solve", "kuhn_poker", "--algo", "cfr", "--iterations", "30", "--out", policy.toString());
    assertThat(solve.exit).as(solve.err).isZero();
    Path brDir = dir.resolve("br");
    Cli r = Cli.run("exploitability", "kuhn_poker", "--policy", policy.toString(), "--best-response-out", brDir.toString(),
        "--json");
    JsonNode j = SolveJsonTest.parse(r);
    Game game = GameRegistry.load("kuhn_poker");
    JsonNode measured = JSON.readTree(policy.toFile());
    assertThat(j.get("best_response_files")).hasSize(2);
    for (int i = 0; i < 2; i++) {
      int responder = i;
      Path file = brDir.resolve("best_response_player_" + i + ".json");
      assertThat(j.get("best_response_files").get(i).asText()).isEqualTo(file.toString());
      JsonNode br = JSON.readTree(file.toFile());
      assertThat(br.get("game").asText()).isEqualTo("kuhn_poker");
      double printed = j.get("best_response_values").get(i).asDouble();
      // the best response's value against the policy is the printed best-response value
      double value = expectation(game.newInitialState(), i, (s, a) -> fromFile(br, s, a));
      assertThat(value).isCloseTo(printed, within(1e-12));
      // pure for the responder, the measured policy for the others
      Set<String> own = new LinkedHashSet<>();
      infoStates(game.newInitialState(), i, own);
      assertThat(own).hasSize(6);
      for (Map.Entry<String, JsonNode> e : br.get("policy").properties()) {
        JsonNode row = e.getValue();
        if (own.contains(e.getKey())) {
          assertThat(row.get("0").asDouble() * row.get("1").asDouble()).isZero();
          assertThat(row.get("0").asDouble() + row.get("1").asDouble()).isEqualTo(1.0);
        } else {
          assertThat(row).isEqualTo(measured.get("policy").get(e.getKey()));
        }
      }
      // and it is a best response: no pure strategy of the responder (2^6 in Kuhn poker) does better
      List<String> keys = new ArrayList<>(own);
      double best = Double.NEGATIVE_INFINITY;
      for (int mask = 0; mask < 1 << keys.size(); mask++) {
        int m = mask;
        double v = expectation(game.newInitialState(), i, (s, a) -> {
          if (s.currentPlayer() != responder) {
            return fromFile(measured, s, a);
          }
          int bit = keys.indexOf(s.informationStateString(responder));
          return ((m >> bit) & 1) == a ? 1.0 : 0.0;
        });
        best = Math.max(best, v);
      }
      assertThat(printed).isCloseTo(best, within(1e-12));
      // loaded back with --policy: the responder's expected return is the value, and it gains nothing
      JsonNode back = SolveJsonTest.parse(Cli.run("exploitability", "kuhn_poker", "--policy", file.toString(), "--json"));
      assertThat(back.get("expected_returns").get(i).asDouble()).isCloseTo(printed, within(1e-12));
      assertThat(back.get("gains").get(i).asDouble()).isCloseTo(0, within(1e-12));
    }
    // the text form names each file and its value
    Cli text = Cli.run("exploitability", "kuhn_poker", "--policy", policy.toString(), "--best-response-out", brDir.toString());
    assertThat(text.exit).as(text.err).isZero();
    assertThat(text.out).contains("best response of player 0 (value " + SolveOutput.number(j.get("best_response_values")
        .get(0).asDouble()) + "; the other players play the measured policy) saved to "
        + brDir.resolve("best_response_player_0.json"));
  }

  @Test
  void threePlayerBestResponsesOfATabularizedAgent(@TempDir Path dir) throws Exception {
    Path brDir = dir.resolve("br3");
    JsonNode j = SolveJsonTest.parse(Cli.run("exploitability", "kuhn_poker(players=3)", "--agent", "uniform", "--runs", "1",
        "--best-response-out", brDir.toString(), "--json"));
    Game game = GameRegistry.load("kuhn_poker(players=3)");
    // ThreePlayerKuhnTest's brute force: uniform play, NashConv 2.0625
    assertThat(j.get("nash_conv").asDouble()).isCloseTo(2.0625, within(1e-12));
    for (int i = 0; i < 3; i++) {
      JsonNode br = JSON.readTree(brDir.resolve("best_response_player_" + i + ".json").toFile());
      double value = expectation(game.newInitialState(), i, (s, a) -> fromFile(br, s, a));
      assertThat(value).isCloseTo(j.get("best_response_values").get(i).asDouble(), within(1e-12));
    }
  }

  @Test
  void unusablePathsAreOneLineErrorsBeforeAnyWork(@TempDir Path dir) throws Exception {
    Path policy = dir.resolve("k.json");
    assertThat(Cli.run("solve", "kuhn_poker", "--iterations", "5", "--out", policy.toString()).exit).isZero();
    Path file = dir.resolve("plain");
    Files.writeString(file, "x");
    Cli f = Cli.run("exploitability", "kuhn_poker", "--policy", policy.toString(), "--best-response-out", file.toString());
    assertThat(f.exit).isEqualTo(2);
    assertThat(f.out).isEmpty();
    assertThat(f.err.lines()).as(f.err).singleElement().asString().isEqualTo("ponder: cannot write --best-response-out "
        + file + ": it is a file, not a directory; give a directory (it receives best_response_player_<i>.json for each player i)");
    Cli under = Cli.run("exploitability", "kuhn_poker", "--policy", policy.toString(), "--best-response-out",
        file.resolve("sub").toString(), "--json");
    assertThat(under.exit).isEqualTo(2);
    assertThat(under.out).isEmpty();
    assertThat(under.err.lines()).as(under.err).singleElement().asString().startsWith("ponder: cannot write --best-response-out ");
    Cli proc = Cli.run("exploitability", "kuhn_poker", "--policy", policy.toString(), "--best-response-out", "/proc/br");
    assertThat(proc.exit).isEqualTo(2);
    assertThat(proc.err.lines()).as(proc.err).singleElement().asString().startsWith("ponder: cannot write --best-response-out ");
    Path same = dir.resolve("d");
    Cli clash = Cli.run("exploitability", "kuhn_poker", "--agent", "uniform", "--runs", "1", "--out",
        same.resolve("best_response_player_1.json").toString(), "--best-response-out", same.toString());
    assertThat(clash.exit).isEqualTo(2);
    assertThat(clash.err.lines()).as(clash.err).singleElement().asString().contains("name the same file");
    Cli empty = Cli.run("exploitability", "kuhn_poker", "--policy", policy.toString(), "--best-response-out", "");
    assertThat(empty.exit).isEqualTo(2);
    assertThat(empty.err.lines()).singleElement().asString()
        .isEqualTo("ponder: --best-response-out needs a directory name; the path is empty");
  }
}
