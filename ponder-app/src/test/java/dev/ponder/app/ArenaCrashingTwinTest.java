package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ponder.game.GameRegistry;
import dev.ponder.solve.GameTree;
import dev.ponder.solve.TabularPolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * An agent that crashes whenever an opponent bets, in Kuhn poker with 2 and 3 players, against
 * its sound twin and an always-bet agent: every match of the crashing agent with the always-bet
 * agent ends in an error, so that pairing (agent set, for 3 players) has no scored match. Filling
 * it as a tie (or 0) ranked the crashing agent above its twin; it is left out of the game's
 * α-Rank and ballot instead, and named in the note.
 *
 * <p>Policies (written here): {@code pass} always passes, {@code bet} always bets, {@code tp} is
 * {@code pass} without the information states that contain a bet (it plays as {@code pass} and
 * fails where it would have to answer a bet). α-Rank over the remaining two agents, by hand
 * (α → ∞: all mass on the sink of the response graph):
 *
 * <ul>
 *   <li>2 players: the pass agent folds to every bet, so bet wins +1 in both seat orders whatever
 *       the cards: bet invades pass and not the reverse; mass bet 1, pass 0.
 *   <li>3 players, pooled payoffs per agent set (the passers fold, the bettors share a showdown):
 *       {pass, pass, bet}: bet +2, pass −1; {pass, bet, bet}: bet +0.5 (its two seats' returns add
 *       up to +1 in every deal), pass −1; the agent sets of one agent 0 (zero-sum, by symmetry).
 *       From (p, p, p) a deviation to bet gains (+2 > 0), from (b, p, p) a passer's deviation gains
 *       (+0.5 > −1), from (b, b, p) too (0 > −1), and (b, b, b) has no gaining deviation (−1 &lt;
 *       0): the sink is (b, b, b), mass bet 1, pass 0.
 * </ul>
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
  void theCrashingTwinIsLastAndNamed(String game, int seed) throws Exception {
    Path[] f = policies(game);
    String tp = "tabular(file=" + f[0] + ")";
    String pass = "tabular(file=" + f[1] + ")";
    String bet = "tabular(file=" + f[2] + ")";
    Path report = dir.resolve("rep");
    String[] common = {"arena", "--games", game, "--agents", tp + "," + pass + "," + bet, "--seeds-per-pairing", "3",
        "--seed", Integer.toString(seed), "--db", dir.resolve("t.db").toString(), "--report", report.toString()};
    String[] args = new String[common.length + FAST.length];
    System.arraycopy(common, 0, args, 0, common.length);
    System.arraycopy(FAST, 0, args, common.length, FAST.length);
    Cli r = Cli.run(args);
    assertThat(r.exit).as(r.err).isEqualTo(1); // error matches: reported, exit 1

    JsonNode json = new ObjectMapper().readTree(report.resolve("report.json").toFile());
    JsonNode g = json.get("games").get(0);
    assertThat(g.get("errors").asInt()).isPositive();
    // tp has no mass and is last on the game's ballot; pass and bet have the masses of alpha-rank over the two
    assertThat(g.get("mass").get(0).isNull()).as(g.toString()).isTrue();
    assertThat(g.get("ballot").get(0).isNull()).isTrue();
    assertThat(g.get("mass").get(1).asDouble()).isCloseTo(0, within(1e-6));
    assertThat(g.get("mass").get(2).asDouble()).isCloseTo(1, within(1e-6));
    assertThat(g.get("lastForErrors").get(0).asBoolean()).isTrue();
    assertThat(g.get("errorMatches").get(0).asInt()).isPositive();
    assertThat(g.get("errorMatches").get(1).asInt()).isZero();
    assertThat(json.get("sco").get(0).asDouble()).isLessThan(json.get("sco").get(1).asDouble())
        .isLessThan(json.get("sco").get(2).asDouble());
    // it played like pass where it finished: its mean return is still reported
    assertThat(g.get("agentMean").get(0).isNull()).isFalse();

    String why = tp + " (no scored match " + (game.contains("players=3") ? "in the agent set {" : "against " + bet);
    String note = g.get("note").asText();
    assertThat(note).startsWith("left out of the alpha-rank for error matches, last on the ballot").contains(why)
        .contains(": its own call failed)").doesNotContain(pass + " (").doesNotContain(bet + " (");
    assertThat(r.out).contains("    note: " + note + "\n");
    assertThat(Files.readString(report.resolve("report.md"))).contains("(" + note + ")");
  }

  /** A user's report: masses were tp 0.333 above pass 0.111 in 2-player Kuhn; tp is now below pass in the ranking table. */
  @Test
  void theRankingTableDoesNotRankTheCrashingTwinAbovePass() throws Exception {
    Path[] f = policies("kuhn_poker");
    String tp = "tabular(file=" + f[0] + ")";
    String pass = "tabular(file=" + f[1] + ")";
    String bet = "tabular(file=" + f[2] + ")";
    String[] common = {"arena", "--games", "kuhn_poker", "--agents", tp + "," + pass + "," + bet, "--seeds-per-pairing",
        "2", "--seed", "3", "--db", dir.resolve("r.db").toString(), "--report", dir.resolve("r").toString()};
    String[] args = new String[common.length + FAST.length];
    System.arraycopy(common, 0, args, 0, common.length);
    System.arraycopy(FAST, 0, args, common.length, FAST.length);
    Cli r = Cli.run(args);
    assertThat(r.exit).as(r.err).isEqualTo(1);
    // the overall table: bet, pass ranked 1 and 2, tp last and marked below them (a user's run had tp 2nd)
    JsonNode json = new ObjectMapper().readTree(dir.resolve("r/report.json").toFile());
    assertThat(json.get("sco").get(0).asDouble()).isLessThan(json.get("sco").get(1).asDouble());
    assertThat(json.get("sco").get(2).asDouble()).isGreaterThan(json.get("sco").get(1).asDouble());
    String[] lines = r.out.split("\n");
    int header = 0;
    while (!lines[header].startsWith("rank agent")) {
      header++;
    }
    assertThat(lines[header + 1]).startsWith("1 ");
    assertThat(lines[header + 2]).startsWith("2 ");
    assertThat(lines[header + 3]).startsWith("3!   tabular(file=");
  }
}
