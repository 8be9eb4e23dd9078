package dev.ponder.solve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Java API measures only what is the policy's own: {@link TabularPolicy#toSlots(GameTree)}
 * refuses another game's policy and an incomplete one (as the command line does); policy files
 * with broken JSON are refused in words; games whose information-state strings are shared by two
 * players are keyed by player.
 */
class PolicyApiTest {
  private static final Game KUHN = GameRegistry.load("kuhn_poker");
  private static final GameTree KUHN_TREE = GameTree.build(KUHN);

  /** Lookups by string alone: the entry without a player, else the only player's, else null; two players' is refused. */
  @Test
  void lookupByStringFindsTheOnlyPlayersEntryAndRefusesTwo() {
    TabularPolicy p = new TabularPolicy("kuhn_poker");
    p.put(0, "a", new int[] {0, 1}, new double[] {0.25, 0.75});
    p.put(0, "shared", new int[] {0, 1}, new double[] {1, 0});
    p.put(1, "shared", new int[] {0, 1}, new double[] {0, 1});
    p.put(0, "a", new int[] {0, 1}, new double[] {0.5, 0.5}); // replaces player 0's entry
    assertThat(p.actions("a")).containsExactly(0, 1);
    assertThat(p.probabilities("a")).containsExactly(0.5, 0.5);
    assertThat(p.probability("a", 1)).isEqualTo(0.5);
    assertThat(p.actions("missing")).isNull();
    assertThat(p.probabilities("missing")).isNull();
    assertThatThrownBy(() -> p.actions("shared")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("information state 'shared' has entries for players 0 and 1; name the player");
    assertThatThrownBy(() -> p.probabilities("shared")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> p.probability("shared", 0)).isInstanceOf(IllegalArgumentException.class);
    assertThat(p.probabilities(1, "shared")).containsExactly(0.0, 1.0);
    // an entry without a player answers for the string
    p.put("shared", new int[] {0, 1}, new double[] {0.5, 0.5});
    assertThat(p.probabilities("shared")).containsExactly(0.5, 0.5);
    assertThat(p.size()).isEqualTo(4);
  }

  @Test
  void anotherGamesPolicyIsRefused() {
    GameTree k3 = GameTree.build(GameRegistry.load("kuhn_poker(players=3)"));
    TabularPolicy p3 = TabularPolicy.uniform(k3);
    assertThatThrownBy(() -> p3.toSlots(KUHN_TREE)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the policy was saved for kuhn_poker(players=3), not kuhn_poker (players: 3 in the policy, 2 here);"
            + " measure it on kuhn_poker(players=3)"
            + " or give a policy saved for kuhn_poker");
    assertThatThrownBy(() -> p3.toSlotsFillUniform(KUHN_TREE)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("saved for kuhn_poker(players=3), not kuhn_poker");
    TabularPolicy leduc = new TabularPolicy("leduc_poker");
    leduc.put("x", new int[] {0}, new double[] {1});
    assertThatThrownBy(() -> leduc.toSlots(KUHN_TREE)).hasMessageContaining("saved for leduc_poker, not kuhn_poker");
    TabularPolicy unknown = new TabularPolicy("nonsense_game");
    assertThatThrownBy(() -> unknown.toSlots(KUHN_TREE))
        .hasMessage("the policy was saved for nonsense_game, which is not a registered game; give a policy saved for kuhn_poker");
    // the same game spelled with its defaults is the same game
    TabularPolicy same = new TabularPolicy("kuhn_poker(players=2)");
    for (int i = 0; i < KUHN_TREE.numInfosets(); i++) {
      same.put(KUHN_TREE.infosetKey(i), new int[] {0, 1}, new double[] {0.5, 0.5});
    }
    assertThat(PolicyEvaluation.exploitability(KUHN_TREE, same.toSlots(KUHN_TREE))).isCloseTo(11.0 / 24, within(1e-12));
  }

  @Test
  void anIncompletePolicyIsRefusedUnlessFilledExplicitly() {
    TabularPolicy p = new TabularPolicy("kuhn_poker");
    p.put("1p", new int[] {0, 1}, new double[] {0.5, 0.5});
    p.put("1p ", new int[] {0, 1}, new double[] {0.5, 0.5}); // a near miss
    assertThatThrownBy(() -> p.toSlots(KUHN_TREE)).isInstanceOf(TabularPolicy.IncompletePolicyException.class)
        .hasMessage("the policy lacks 11 of the 12 information states of kuhn_poker (e.g. '0'); it has 1 information state"
            + " the game does not have (e.g. '1p ')");
    TabularPolicy.Coverage c = p.coverage(KUHN_TREE);
    assertThat(c.total()).isEqualTo(12);
    assertThat(c.missing()).isEqualTo(11);
    assertThat(c.extra()).isEqualTo(1);
    // filled uniformly, it is the uniform policy: 11/24 (hand calculation: NashConv 11/12)
    assertThat(PolicyEvaluation.exploitability(KUHN_TREE, p.toSlotsFillUniform(KUHN_TREE))).isCloseTo(11.0 / 24, within(1e-12));
    TabularPolicy none = new TabularPolicy("kuhn_poker");
    none.put("zz", new int[] {0}, new double[] {1});
    assertThatThrownBy(() -> none.toSlotsFillUniform(KUHN_TREE)).isInstanceOf(TabularPolicy.IncompletePolicyException.class)
        .hasMessageStartingWith("the policy has none of the 12 information states of kuhn_poker");
  }

  @Test
  void aPolicyReadFromAFileIsNamedInRefusals(@TempDir Path dir) throws IOException {
    Path f = dir.resolve("k.json");
    TabularPolicy.uniform(GameTree.build(GameRegistry.load("leduc_poker"))).write(f);
    assertThatThrownBy(() -> TabularPolicy.read(f).toSlots(KUHN_TREE))
        .hasMessageStartingWith("policy " + f + " was saved for leduc_poker, not kuhn_poker");
  }

  @Test
  void goofspielAndItsTurnBasedSpellingShareAPolicy(@TempDir Path dir) throws IOException {
    GameTree plain = GameTree.build(GameRegistry.load("goofspiel(num_cards=3,points_order=descending)"));
    GameTree wrapped = GameTree.build(GameRegistry.load(
        "turn_based_simultaneous_game(game=goofspiel(num_cards=3,points_order=descending))"));
    CfrSolver s = new CfrSolver(plain, CfrSolver.Variant.CFR_PLUS);
    s.run(20);
    Path f = dir.resolve("g.json");
    TabularPolicy.fromSlots(plain, s.averagePolicy()).write(f);
    double e = PolicyEvaluation.exploitability(plain, s.averagePolicy());
    assertThat(PolicyEvaluation.exploitability(wrapped, TabularPolicy.read(f).toSlots(wrapped))).isEqualTo(e);
    // another parameter value is another game
    GameTree other = GameTree.build(GameRegistry.load(
        "turn_based_simultaneous_game(game=goofspiel(num_cards=3,points_order=ascending))"));
    assertThatThrownBy(() -> TabularPolicy.read(f).toSlots(other)).hasMessageContaining("was saved for goofspiel(")
        .hasMessageContaining("(points_order: descending in the policy, ascending here)");
  }

  @Test
  void brokenJsonIsRefusedInWordsWithItsPlace(@TempDir Path dir) throws IOException {
    String good = "{\"game\": \"kuhn_poker\", \"policy\": {\"1pb\": {\"0\": 0.5, \"1\": 0.5}}}";
    String[][] cases = {
        {"{\"game\": \"kuhn_poker\", \"policy\": {\"1pb\": {\"0\": NaN, \"1\": 0.5}}}",
            "policy at '1pb': probability of action 0 is NaN"},
        {good.substring(0, good.length() - 3), "line 1, column " + (good.length() - 2)
            + ": the file ends before the JSON is complete (truncated?)"},
        {"{\"game\": \"kuhn_poker\", \"policy\": {\"1pb\": {\"0\": 0.5, \"1\": 0.5},\n \"1pb\": {\"0\": 1, \"1\": 0}}}",
            "line 2, column 7: key '1pb' appears twice in one object"},
        {good + "\n" + good, "line 2, column 1: content after the end of the policy object"},
        {"", "the file is empty"},
        {"{\"game\": \"kuhn_poker\", // c\n \"policy\": {}}", "line 1, column 24: comments are not allowed in JSON"},
        {"{\"game\": \"kuhn_poker\", /* c */ \"policy\": {}}", "line 1, column 24: comments are not allowed in JSON"},
    };
    for (String[] c : cases) {
      Path f = dir.resolve("bad.json");
      Files.writeString(f, c[0]);
      assertThatThrownBy(() -> TabularPolicy.read(f)).as(c[0]).isInstanceOf(IOException.class)
          .hasMessageContaining(f.toString()).hasMessageContaining(c[1])
          .hasMessageNotContaining("\n").hasMessageNotContaining("Source").hasMessageNotContaining("Feature")
          .hasMessageNotContaining("REDACTED");
    }
  }

  /** Matching pennies as two decisions with one information-state string ("blind") for both players. */
  @Test
  void aStringSharedByTwoPlayersNamesTwoInformationSets(@TempDir Path dir) throws IOException {
    GameTree t = GameTree.build(new LongLineGame(0, true));
    assertThat(t.hasSharedKeys()).isTrue();
    assertThat(t.numInfosets()).isEqualTo(2);
    assertThat(t.infosetPlayer(t.infosetOf(0, "blind"))).isZero();
    assertThat(t.infosetPlayer(t.infosetOf(1, "blind"))).isOne();
    assertThatThrownBy(() -> t.infosetOf("blind")).hasMessageContaining("belongs to players 0 and 1");
    assertThat(GameTree.build(new LongLineGame(0)).hasSharedKeys()).isFalse();
    // player 0 plays 0, player 1 plays 1: player 0 gets -1; deviating to 1 gets +1 (gain 2),
    // player 1 already best-responds (gain 0): NashConv 2, exploitability 1 (hand calculation)
    TabularPolicy p = new TabularPolicy(t.game().spec());
    p.put(0, "blind", new int[] {0, 1}, new double[] {1, 0});
    p.put(1, "blind", new int[] {0, 1}, new double[] {0, 1});
    assertThat(PolicyEvaluation.gains(t, p.toSlots(t))).containsExactly(2.0, 0.0);
    Path f = dir.resolve("shared.json");
    p.write(f);
    assertThat(Files.readString(f)).contains("\"policies_by_player\"").doesNotContain("\"policy\"");
    TabularPolicy back = TabularPolicy.read(f);
    assertThat(back.toSlots(t)).containsExactly(p.toSlots(t));
    assertThat(back.probabilities(1, "blind")).containsExactly(0.0, 1.0);
    // a string-keyed entry (OpenSpiel's form) applies to both players
    TabularPolicy any = new TabularPolicy(t.game().spec());
    any.put("blind", new int[] {0, 1}, new double[] {0.5, 0.5});
    assertThat(PolicyEvaluation.exploitability(t, any.toSlots(t))).isCloseTo(0.25, within(1e-12));
    // CFR solves it: the equilibrium plays 0 with probability 2/5 and is worth 1/5 to player 0
    // (bimatrix [[2, -1], [-1, 1]], hand calculation)
    CfrSolver s = new CfrSolver(t, CfrSolver.Variant.CFR_PLUS);
    s.run(2000);
    TabularPolicy solved = TabularPolicy.fromSlots(t, s.averagePolicy());
    assertThat(solved.probabilities(0, "blind")[0]).isCloseTo(0.4, within(1e-3));
    assertThat(solved.probabilities(1, "blind")[0]).isCloseTo(0.4, within(1e-3));
    assertThat(PolicyEvaluation.expectedReturns(t, s.averagePolicy())[0]).isCloseTo(0.2, within(1e-3));
    // and the tabularizer keys such a game by player too
    TabularPolicy tab = Tabularizer.tabularize(t.game(), seed -> new UniformPolicyAgent(t.game(), seed), 1, 0);
    assertThat(tab.size()).isEqualTo(2);
    assertThat(PolicyEvaluation.exploitability(t, tab.toSlots(t))).isCloseTo(0.25, within(1e-12));
  }

  @Test
  void buildProgressIsReportedEveryMillionHistories() {
    List<Long> calls = new ArrayList<>();
    GameTree t = GameTree.build(new LongLineGame(GameTree.PROGRESS_EVERY), 2 * GameTree.PROGRESS_EVERY, calls::add);
    assertThat(t.numNodes()).isEqualTo(GameTree.PROGRESS_EVERY + 7);
    assertThat(calls).containsExactly((long) GameTree.PROGRESS_EVERY);
    assertThatThrownBy(() -> GameTree.build(KUHN, 0)).hasMessageContaining("at least 1, got 0");
  }
}
