package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ponder.game.GameRegistry;
import dev.ponder.solve.GameTree;
import dev.ponder.solve.TabularPolicy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * An agent that crashes where it is weak must not rank above its sound twin: its failures are
 * scored as its forfeits (each seat of the failing agent gets the game's minimum, the other agents'
 * seats the maximum, or in a zero-sum game of 3 players an equal share of what it loses), which count
 * like any scored match.
 *
 * <p>Kuhn poker with 2 and 3 players: an agent that crashes whenever an opponent bets, against its
 * sound twin and an always-bet agent. Before, every match of the crashing agent with the always-bet
 * agent ended in an error and that pairing (agent set, for 3 players) had no scored match; filling
 * it as a tie (or 0) ranked the crashing agent above its twin, and leaving it out of the α-Rank
 * took a rule of its own. Policies (written here): {@code pass} always passes, {@code bet} always
 * bets, {@code tp} is {@code pass} without the information states that contain a bet (it plays as
 * {@code pass} and fails where it would have to answer a bet). By hand, 2 players: pass folds to
 * every bet, −1; tp forfeits, −2 (Kuhn's minimum; bet +2); tp and pass, who never bet, split every
 * seed's seat-swapped pair of showdowns, 0. α → ∞: bet invades both and nothing invades bet (mass
 * 1); pass and tp tie, and the ballot's tie-break, the mean return (pass −1/2, tp −1), puts tp
 * last.
 *
 * <p>And a user's report: a CFR+ policy and its copy without two of the information states where
 * it folds (holding the lowest card facing a bet) ranked the copy first, above its twin: its
 * losing deals were left out with its errors.
 */
class ArenaCrashingTwinTest {
  @TempDir Path dir;

  private static final String[] FAST = {"--no-progress", "--resamples", "40", "--elo-resamples", "40", "--sco-resamples",
      "40", "--alpharank-resamples", "40", "--parallel", "1"};

  /** Writes pass, bet and tp for {@code game}; returns their files. */
  private Path[] policies(String game) throws Exception {
    GameTree tree = GameTree.build(GameRegistry.load(game));
    TabularPolicy pass = new TabularPolicy(game);
    TabularPolicy bet = new TabularPolicy(game);
    TabularPolicy tp = new TabularPolicy(game);
    int tpStates = 0;
    for (int i = 0; i < tree.numInfosets(); i++) {
      String key = tree.infosetKey(i);
      int n = tree.numActions(i);
      int[] legal = new int[n];
      for (int j = 0; j < n; j++) {
        legal[j] = tree.slotAction(tree.slotStart(i) + j);
      }
      assertThat(legal).containsExactly(0, 1); // pass (0), bet (1)
      pass.put(key, legal, new double[] {1, 0});
      bet.put(key, legal, new double[] {0, 1});
      if (key.indexOf('b') < 0) { // the own card (a digit), then the betting letters
        tp.put(key, legal, new double[] {1, 0});
        tpStates++;
      }
    }
    assertThat(tpStates).isPositive().isLessThan(tree.numInfosets());
    String tag = game.replaceAll("\\W", "");
    Path[] files = {dir.resolve(tag + "-tp.json"), dir.resolve(tag + "-pass.json"), dir.resolve(tag + "-bet.json")};
    tp.write(files[0]);
    pass.write(files[1]);
    bet.write(files[2]);
    return files;
  }

  @ParameterizedTest
  @CsvSource({"kuhn_poker, 1", "kuhn_poker, 7", "kuhn_poker(players=3), 1", "kuhn_poker(players=3), 7"})
  void theCrashingTwinForfeitsAndRanksBelowItsTwin(String game, int seed) throws Exception {
    Path[] f = policies(game);
    String tp = "tabular(file=" + f[0] + ")";
    String pass = "tabular(file=" + f[1] + ")";
    String bet = "tabular(file=" + f[2] + ")";
    Path report = dir.resolve("rep");
    Cli r = arena(game, tp + "," + pass + "," + bet, "3", Integer.toString(seed), dir.resolve("t.db"), report);
    assertThat(r.exit).as(r.err).isEqualTo(1); // error matches: reported, exit 1

    JsonNode json = new ObjectMapper().readTree(report.resolve("report.json").toFile());
    JsonNode g = json.get("games").get(0);
    assertThat(g.get("errors").asInt()).isPositive();
    assertThat(g.get("errorMatches").get(0).asInt()).isEqualTo(g.get("errors").asInt());
    assertThat(g.get("errorMatches").get(1).asInt()).isZero();
    assertThat(g.get("leftOut").asInt()).isZero();
    assertThat(g.has("lastForErrors")).isFalse();
    // every agent is scored and on the ballot; bet takes all the mass, tp is last, below its twin
    for (int a = 0; a < 3; a++) {
      assertThat(g.get("mass").get(a).isNull()).as(g.toString()).isFalse();
    }
    assertThat(g.get("mass").get(2).asDouble()).isCloseTo(1, within(1e-6));
    assertThat(g.get("ballot").get(0).asDouble()).isZero();
    assertThat(g.get("agentMean").get(0).asDouble()).isLessThan(g.get("agentMean").get(1).asDouble());
    assertThat(json.get("sco").get(0).asDouble()).isLessThan(json.get("sco").get(1).asDouble())
        .isLessThan(json.get("sco").get(2).asDouble());
    assertThat(g.get("note").asText()).isEmpty();
    if (!game.contains("players=3")) {
      JsonNode mean = g.get("mean");
      assertThat(mean.get(0).get(2).asDouble()).isEqualTo(-2); // tp's forfeits: Kuhn's minimum
      assertThat(mean.get(2).get(0).asDouble()).isEqualTo(2);
      assertThat(mean.get(1).get(2).asDouble()).isEqualTo(-1); // pass folds
      assertThat(mean.get(0).get(1).asDouble()).isZero(); // tp and pass split their showdowns
      assertThat(g.get("agentMean").get(0).asDouble()).isEqualTo(-1);
      assertThat(g.get("agentMean").get(1).asDouble()).isEqualTo(-0.5);
      assertThat(g.get("ballot").get(1).asDouble()).isEqualTo(1);
    }
    assertThat(r.out).contains("\n3!   tabular(file=").contains("\n!: error matches (scored as forfeits; see matches.csv):"
        + " tabular(file=");
  }

  /**
   * The user's report, as run: a CFR+ Kuhn policy (300 iterations) and its copy without the
   * information states {@code 0b} and {@code 0pb}, with uct and random, 100 seeds, seed 4. The
   * copy was ranked first (SCO 509.6 above its twin's 503.1, mean return 0.082 against 0.058); with
   * its failures scored as forfeits it is below its twin in mean return and in the ranking.
   */
  @Test
  void aPolicyThatCrashesInItsLosingDealsRanksBelowItsTwin() throws Exception {
    Path kuhn = dir.resolve("kuhn.json");
    Cli solve = Cli.run("solve", "kuhn_poker", "--algo", "cfr+", "--iterations", "300", "--out", kuhn.toString());
    assertThat(solve.exit).as(solve.err).isZero();
    ObjectMapper om = new ObjectMapper();
    com.fasterxml.jackson.databind.node.ObjectNode sore = (com.fasterxml.jackson.databind.node.ObjectNode) om.readTree(
        kuhn.toFile());
    com.fasterxml.jackson.databind.node.ObjectNode states = (com.fasterxml.jackson.databind.node.ObjectNode) sore.get("policy");
    assertThat(states.remove("0b")).isNotNull();
    assertThat(states.remove("0pb")).isNotNull();
    Path sorePath = dir.resolve("sore.json");
    om.writeValue(sorePath.toFile(), sore);
    String twin = "tabular(file=" + kuhn + ")";
    String loser = "tabular(file=" + sorePath + ")";
    Path report = dir.resolve("sore-rep");
    Cli r = arena("kuhn_poker", twin + "," + loser + ",uct,random", "100", "4", dir.resolve("sore.db"), report,
        "--budget", "sims=100");
    assertThat(r.exit).as(r.err).isEqualTo(1);
    JsonNode json = om.readTree(report.resolve("report.json").toFile());
    JsonNode g = json.get("games").get(0);
    assertThat(g.get("errorMatches").get(1).asInt()).isPositive();
    assertThat(g.get("agentMean").get(1).asDouble()).isLessThan(g.get("agentMean").get(0).asDouble());
    assertThat(json.get("sco").get(1).asDouble()).isLessThan(json.get("sco").get(0).asDouble());
    assertThat(json.get("rank").get(1).asInt()).isGreaterThan(json.get("rank").get(0).asInt());
  }

  private Cli arena(String game, String agents, String seeds, String seed, Path db, Path report, String... more) {
    List<String> args = new ArrayList<>(List.of("arena", "--games", game, "--agents", agents, "--seeds-per-pairing", seeds,
        "--seed", seed, "--db", db.toString(), "--report", report.toString()));
    args.addAll(List.of(more));
    args.addAll(List.of(FAST));
    return Cli.run(args.toArray(new String[0]));
  }
}
