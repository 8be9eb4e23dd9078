package dev.ponder.solve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.agent.Agent;
import dev.ponder.agent.AgentRegistry;
import dev.ponder.agent.PolicyAgent;
import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.spec.SpecException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TabularPolicyAgentTest {
  @TempDir static Path dir;
  static Game kuhn;
  static GameTree tree;
  static double[] avg;
  static Path file;

  @BeforeAll
  static void solve() throws Exception {
    kuhn = GameRegistry.load("kuhn_poker");
    tree = GameTree.build(kuhn);
    CfrSolver solver = new CfrSolver(tree, CfrSolver.Variant.CFR_PLUS);
    solver.run(50);
    avg = solver.averagePolicy();
    file = dir.resolve("kuhn.json");
    TabularPolicy.fromSlots(tree, avg).write(file);
  }

  private static String spec(Path f) {
    return "tabular(file=" + f + ")";
  }

  @Test
  void reportsTheFilesDistributionAtEveryInformationState() throws Exception {
    PolicyAgent a = (PolicyAgent) AgentRegistry.create(spec(file), kuhn, 3);
    TabularPolicy saved = TabularPolicy.read(file);
    // tabularizing the agent gives back the file's policy, so both measure the same exploitability
    TabularPolicy tab = Tabularizer.tabularize(kuhn, s -> (PolicyAgent) AgentRegistry.create(spec(file), kuhn, s), 1, 0L);
    double[] slots = tab.toSlots(tree);
    double[] fromFile = saved.toSlots(tree);
    assertThat(slots).containsExactly(fromFile, org.assertj.core.data.Offset.offset(1e-12));
    assertThat(PolicyEvaluation.exploitability(tree, slots))
        .isCloseTo(PolicyEvaluation.exploitability(tree, avg), org.assertj.core.data.Offset.offset(1e-12));
    // a hand-checked state: player 0 holding the Jack (card 0) at the start, information state "0"
    State s = kuhn.newInitialState();
    s.applyAction(0);
    s.applyAction(1);
    assertThat(s.informationStateString(0)).isEqualTo("0");
    assertThat(a.policy(s)).containsExactly(saved.probabilities("0"), org.assertj.core.data.Offset.offset(1e-15));
  }

  @Test
  void samplesFromTheDistributionDeterministicallyPerSeed() {
    State s = kuhn.newInitialState();
    s.applyAction(0);
    s.applyAction(1); // player 0 holds the Jack: the equilibrium bets (bluffs) it with probability in (0, 1/3]
    TabularPolicy saved = TabularPolicy.fromSlots(tree, avg);
    double pBet = saved.probability("0", 1);
    assertThat(pBet).isBetween(0.01, 0.99);
    int n = 20000;
    int bets = 0;
    Agent a = AgentRegistry.create(spec(file), kuhn, 7);
    Agent b = AgentRegistry.create(spec(file), kuhn, 7);
    Agent c = AgentRegistry.create(spec(file), kuhn, 8);
    int[] first = new int[200];
    boolean differs = false;
    for (int i = 0; i < n; i++) {
      int x = a.selectAction(s);
      assertThat(b.selectAction(s)).isEqualTo(x);
      if (i < first.length) {
        first[i] = x;
        differs |= c.selectAction(s) != x;
      }
      bets += x;
    }
    assertThat(differs).as("another seed gives other draws").isTrue();
    // binomial standard error sqrt(p(1-p)/n) <= 0.0036; 5 of them
    assertThat(bets / (double) n).isCloseTo(pBet, org.assertj.core.data.Offset.offset(0.018));
    a.restart();
    for (int i = 0; i < first.length; i++) {
      assertThat(a.selectAction(s)).as("after restart, decision %d", i).isEqualTo(first[i]);
    }
  }

  @Test
  void playsLegalActionsOverManySeededGamesAndScoresItsExpectedReturn() throws Exception {
    // player 1 always bets or calls (action 1), saved as a tabular policy of its own; Kuhn's
    // information states of player 0 have odd length ("1", "1pb"), player 1's even ("1p", "1b")
    TabularPolicy saved = TabularPolicy.read(file);
    TabularPolicy alwaysBet = new TabularPolicy("kuhn_poker");
    TabularPolicy versus = new TabularPolicy("kuhn_poker");
    TabularPolicy uniformVersus = new TabularPolicy("kuhn_poker");
    for (String info : saved.infoStates()) {
      int[] legal = saved.actions(info);
      boolean player0 = info.length() % 2 == 1;
      if (!player0) {
        alwaysBet.put(info, legal, new double[] {0, 1});
      }
      versus.put(info, legal, player0 ? saved.probabilities(info) : new double[] {0, 1});
      uniformVersus.put(info, legal, player0 ? new double[] {0.5, 0.5} : new double[] {0, 1});
    }
    Path betFile = dir.resolve("always-bet.json");
    alwaysBet.write(betFile);
    double expected = PolicyEvaluation.expectedReturns(tree, versus.toSlots(tree))[0];
    double uniformExpected = PolicyEvaluation.expectedReturns(tree, uniformVersus.toSlots(tree))[0];
    // returns lie in [-2, 2]: the standard error of a mean of 2,000 games is at most 0.045; the
    // test allows 4 of them, and uniform play by player 0 would score outside that
    double tolerance = 0.18;
    assertThat(Math.abs(expected - uniformExpected)).isGreaterThan(2 * tolerance);
    SplittableRandom chance = new SplittableRandom(1);
    double sum = 0;
    int games = 2000;
    for (int g = 0; g < games; g++) {
      Agent[] seats = {AgentRegistry.create(spec(file), kuhn, g), AgentRegistry.create(spec(betFile), kuhn, 1000 + g)};
      State s = kuhn.newInitialState();
      while (!s.isTerminal()) {
        if (s.isChanceNode()) {
          int[] cards = s.legalActions(); // Kuhn's deal is uniform over the cards left
          s.applyAction(cards[chance.nextInt(cards.length)]);
        } else {
          s.applyAction(seats[s.currentPlayer()].selectAction(s)); // applyAction refuses an illegal action
        }
      }
      sum += s.returns()[0];
    }
    assertThat(sum / games).isCloseTo(expected, org.assertj.core.data.Offset.offset(tolerance));
  }

  @Test
  void aMissingInformationStateIsAnErrorNamingItUnlessFillUniform() throws Exception {
    TabularPolicy part = new TabularPolicy("kuhn_poker");
    part.put("0", new int[] {0, 1}, new double[] {1, 0});
    Path f = dir.resolve("part.json");
    part.write(f);
    State s = kuhn.newInitialState();
    s.applyAction(1);
    s.applyAction(0); // player 0 holds the Queen: "1" is not in the file
    PolicyAgent strict = (PolicyAgent) AgentRegistry.create(spec(f), kuhn, 0);
    assertThatThrownBy(() -> strict.selectAction(s)).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("has no entry for information state '1' of player 0").hasMessageContaining("fill_uniform=true");
    PolicyAgent lenient = (PolicyAgent) AgentRegistry.create("tabular(file=" + f + ",fill_uniform=true)", kuhn, 0);
    assertThat(lenient.policy(s)).containsExactly(0.5, 0.5);
    State j = kuhn.newInitialState();
    j.applyAction(0);
    j.applyAction(1);
    assertThat(lenient.policy(j)).containsExactly(1.0, 0.0);
    for (int i = 0; i < 50; i++) {
      assertThat(lenient.selectAction(j)).isZero();
    }
  }

  @Test
  void badFilesAndOtherGamesAreRefusedInOneLine() throws Exception {
    Path junk = dir.resolve("junk.json");
    Files.writeString(junk, "not json");
    Game leduc = GameRegistry.load("leduc_poker");
    assertOneLine(() -> AgentRegistry.create(spec(junk), kuhn, 0), "cannot read policy " + junk);
    assertOneLine(() -> AgentRegistry.create(spec(dir.resolve("none.json")), kuhn, 0), "cannot read policy");
    assertOneLine(() -> AgentRegistry.create(spec(file), leduc, 0), "was saved for kuhn_poker, not leduc_poker");
    assertOneLine(() -> AgentRegistry.create("tabular", kuhn, 0), "tabular needs file=PATH");
  }

  /**
   * A policy holding none of the game's information states is refused when the agent is created,
   * fill_uniform or not, as {@code exploitability --policy F --fill-uniform} refuses it: with
   * fill_uniform it would otherwise play uniformly at random everywhere, under the policy's name.
   */
  @Test
  void aPolicyWithNoneOfTheGamesInformationStatesIsRefusedAtCreation() throws Exception {
    TabularPolicy bogus = new TabularPolicy("leduc_poker");
    bogus.put("bogus", new int[] {0}, new double[] {1});
    Path f = dir.resolve("bogus.json");
    bogus.write(f);
    Game leduc = GameRegistry.load("leduc_poker");
    GameTree leducTree = GameTree.build(leduc);
    // the count is the tree's (an independent enumeration of the information sets)
    String expected = "tabular: policy " + f + " has none of the " + leducTree.numInfosets()
        + " information states of leduc_poker; give a policy saved for leduc_poker (fill_uniform=true fills the states"
        + " a policy lacks, not a policy that has none)";
    assertThat(leducTree.numInfosets()).isEqualTo(936);
    assertThatThrownBy(() -> AgentRegistry.create("tabular(file=" + f + ",fill_uniform=true)", leduc, 0))
        .isInstanceOf(SpecException.class).hasMessage(expected);
    assertThatThrownBy(() -> AgentRegistry.create(spec(f), leduc, 0)).isInstanceOf(SpecException.class).hasMessage(expected);
    // a file naming no game is checked the same way
    Path nogame = dir.resolve("nogame-bogus.json");
    Files.writeString(nogame, "{\"policy\": {\"bogus\": {\"0\": 1.0}}}");
    assertThatThrownBy(() -> AgentRegistry.create("tabular(file=" + nogame + ",fill_uniform=true)", kuhn, 0))
        .isInstanceOf(SpecException.class).hasMessageContaining("has none of the 12 information states of kuhn_poker");
    // one covered state is enough (the rest is filled uniformly): the partial policy is accepted
    TabularPolicy one = new TabularPolicy("leduc_poker");
    State s = leduc.newInitialState();
    s.applyAction(0);
    s.applyAction(1);
    one.put(s.informationStateString(0), new int[] {1, 2}, new double[] {0.5, 0.5});
    Path g = dir.resolve("one.json");
    one.write(g);
    PolicyAgent a = (PolicyAgent) AgentRegistry.create("tabular(file=" + g + ",fill_uniform=true)", leduc, 0);
    assertThat(a.policy(s)).containsExactly(0.5, 0.5);
  }

  /** A policy saved for another player count, loaded as an agent, is to be played (not measured) on its own game. */
  @Test
  void anotherPlayerCountSaysPlayItOn() throws Exception {
    GameTree k3 = GameTree.build(GameRegistry.load("kuhn_poker(players=3)"));
    Path f = dir.resolve("k3.json");
    TabularPolicy.uniform(k3).write(f);
    assertThatThrownBy(() -> AgentRegistry.create(spec(f), kuhn, 0)).isInstanceOf(SpecException.class)
        .hasMessage("tabular: policy " + f + " was saved for kuhn_poker(players=3), not kuhn_poker (players: 3 in the policy,"
            + " 2 here); play it on kuhn_poker(players=3) or give a policy saved for kuhn_poker");
  }

  private static void assertOneLine(org.assertj.core.api.ThrowableAssert.ThrowingCallable call, String part) {
    assertThatThrownBy(call).isInstanceOf(SpecException.class).hasMessageContaining(part)
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }
  /**
   * The agent's warnings (printed once by the commands): nothing for a complete file saved for the
   * game; the missing states counted on the game's tree; in a game larger than the walk's limit,
   * the states met in its first histories, said so.
   */
  @Test
  void warningsNameWhatTheFileLacks() throws Exception {
    assertThat(AgentRegistry.warnings(spec(file), kuhn)).isEmpty();
    TabularPolicy saved = TabularPolicy.read(file);
    TabularPolicy nogame = new TabularPolicy((String) null);
    // the three first decisions of player 0 (strings "0", "1", "2") are left out
    for (String info : saved.infoStates()) {
      if (info.length() > 1) {
        nogame.put(info, saved.actions(info), saved.probabilities(info));
      }
    }
    Path f = dir.resolve("nogame-partial.json");
    nogame.write(f);
    assertThat(AgentRegistry.warnings(spec(f), kuhn)).containsExactly(
        "policy " + f + " does not say which game it was saved for; playing it in kuhn_poker",
        "3 of the 12 information states of kuhn_poker are missing from policy " + f
            + " (e.g. '0'); a decision at one of them is an error (fill_uniform=true plays uniformly at random there)");
    // liars_dice has more than 200,000 histories: its first ones are walked
    java.util.List<String> large = AgentRegistry.warnings("tabular(file=" + f + ",fill_uniform=true)", GameRegistry.load("liars_dice"));
    assertThat(large).hasSize(2);
    // the kuhn strings left in the file are no liars_dice information state: none of those met is covered
    assertThat(large.get(1)).matches("none of the \\d+ information states of liars_dice met in its first 200000 histories \\(the whole"
        + " game is larger\\) is in policy .* \\(e\\.g\\. '.*' is not\\); the agent plays uniformly at random there \\(fill_uniform=true\\)");
  }
}
