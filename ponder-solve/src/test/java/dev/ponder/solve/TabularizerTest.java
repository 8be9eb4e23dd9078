package dev.ponder.solve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.ponder.agent.PolicyAgent;
import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TabularizerTest {
  private final Game kuhn = GameRegistry.load("kuhn_poker");

  /** Plays and reports a one-hot policy on a random legal action; records where it was asked. */
  static final class SamplingAgent implements PolicyAgent {
    final SplittableRandom rng;
    final List<String> asked = new ArrayList<>();

    SamplingAgent(long seed) {
      rng = new SplittableRandom(seed);
    }

    @Override
    public int selectAction(State state) {
      int[] legal = state.legalActions();
      return legal[rng.nextInt(legal.length)];
    }

    @Override
    public double[] policy(State state) {
      asked.add(state.historyString());
      double[] p = new double[state.legalActions().length];
      p[rng.nextInt(p.length)] = 1.0;
      return p;
    }
  }

  @Test
  void uniformAgentTabularizesToUniformRandomExploitability() {
    TabularPolicy p = Tabularizer.tabularize(kuhn, seed -> new UniformPolicyAgent(kuhn, seed), 3, 0);
    assertThat(p.size()).isEqualTo(12);
    GameTree t = GameTree.build(kuhn);
    assertThat(p.coverage(t).missing()).isZero();
    double[] slots = p.toSlots(t);
    assertThat(PolicyEvaluation.exploitability(t, slots)).isCloseTo(0.458333, within(5e-7));
  }

  /** A fixed policy's runs agree; a sampling agent's do not (by policy and by moves). */
  @Test
  void measureSaysWhetherTheRunsAgreed() {
    Tabularizer.Tabularized fixed = Tabularizer.measure(kuhn, seed -> new UniformPolicyAgent(kuhn, seed), 5, 0, null, false);
    assertThat(fixed.runsAgreed()).isTrue();
    assertThat(fixed.runs()).isEqualTo(5);
    assertThat(fixed.policy().size()).isEqualTo(12);
    assertThat(Tabularizer.measure(kuhn, seed -> new FixedPolicy(0.25, 0.75), 4, 0, null, true).runsAgreed()).isTrue();
    assertThat(Tabularizer.measure(kuhn, SamplingAgent::new, 5, 0, null, false).runsAgreed()).isFalse();
    assertThat(Tabularizer.measure(kuhn, SamplingAgent::new, 5, 0, null, true).runsAgreed()).isFalse();
    assertThat(Tabularizer.measure(kuhn, SamplingAgent::new, 1, 0, null, false).runsAgreed()).isTrue();
  }

  /** Reports the same fixed entries at every information state (two legal actions in kuhn). */
  record FixedPolicy(double a, double b) implements PolicyAgent {
    @Override
    public int selectAction(State state) {
      return state.legalActions()[0];
    }

    @Override
    public double[] policy(State state) {
      return new double[] {a, b};
    }
  }

  @Test
  void aPolicyThatIsNotADistributionIsRefusedNotRescaled() {
    // [0.9, 0.9] was divided by its sum: measured as the uniform agent
    assertThatThrownBy(() -> Tabularizer.tabularize(kuhn, seed -> new FixedPolicy(0.9, 0.9), 2, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("agent's policy at information state '0' (player 0): probabilities sum to 1.8, not 1 (within 1.0E-6)");
    assertThatThrownBy(() -> Tabularizer.tabularize(kuhn, seed -> new FixedPolicy(1.5, -0.5), 1, 0))
        .hasMessage("agent's policy at information state '0' (player 0): probability of action 0 is 1.5; probabilities"
            + " are finite numbers in [0, 1]");
    assertThatThrownBy(() -> Tabularizer.tabularize(kuhn, seed -> new FixedPolicy(Double.NaN, 1), 1, 0))
        .hasMessageContaining("probability of action 0 is NaN");
    // within the tolerance: accepted, and the average sums to 1 exactly enough for the evaluation
    TabularPolicy p = Tabularizer.tabularize(kuhn, seed -> new FixedPolicy(0.5 + 4e-7, 0.5), 2, 0);
    GameTree t = GameTree.build(kuhn);
    assertThat(PolicyEvaluation.exploitability(t, p.toSlots(t))).isCloseTo(0.458333, within(1e-5));
  }

  @Test
  void asksEachInformationStateMTimesAtItsFirstHistory() {
    List<List<SamplingAgent>> agents = new ArrayList<>();
    for (int r = 0; r < 4; r++) {
      agents.add(List.of(new SamplingAgent(2 * r), new SamplingAgent(2 * r + 1)));
    }
    TabularPolicy p = Tabularizer.tabularize(kuhn, agents);
    for (List<SamplingAgent> run : agents) {
      // 12 information states, each asked once per run, 6 of each player by that player's agent
      assertThat(run.get(0).asked).hasSize(6);
      assertThat(run.get(1).asked).hasSize(6);
      // depth-first, ascending actions: information state "0" is first reached by deal (0, 1),
      // "1" by deal (1, 0), "0p" (player 1 holding 0) by deal (1, 0) then pass
      assertThat(run.get(0).asked.get(0)).isEqualTo("0, 1");
      assertThat(run.get(0).asked).contains("1, 0").doesNotContain("1, 0, 0", "2, 1");
      assertThat(run.get(1).asked).contains("1, 0, 0").doesNotContain("0, 1", "2, 1");
    }
    assertThatThrownBy(() -> Tabularizer.tabularize(kuhn, List.of(List.of(new SamplingAgent(0)))))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("each run needs one agent per player (2), got 1");
    for (String key : p.infoStates()) {
      for (double x : p.probabilities(key)) {
        // an average of 4 one-hot vectors
        assertThat(x * 4).isCloseTo(Math.rint(x * 4), within(1e-12));
      }
    }
  }

  @Test
  void deterministicInTheSeed() {
    TabularPolicy a = Tabularizer.tabularize(kuhn, SamplingAgent::new, 20, 11);
    TabularPolicy b = Tabularizer.tabularize(kuhn, SamplingAgent::new, 20, 11);
    TabularPolicy c = Tabularizer.tabularize(kuhn, SamplingAgent::new, 20, 12);
    boolean differs = false;
    for (String k : a.infoStates()) {
      assertThat(a.probabilities(k)).containsExactly(b.probabilities(k));
      differs |= !java.util.Arrays.equals(a.probabilities(k), c.probabilities(k));
    }
    assertThat(differs).isTrue();
  }

  @Test
  void policyJsonRoundTrips(@TempDir Path dir) throws Exception {
    GameTree t = GameTree.build(kuhn);
    CfrSolver s = new CfrSolver(t, CfrSolver.Variant.CFR_PLUS);
    s.run(50);
    TabularPolicy p = TabularPolicy.fromSlots(t, s.averagePolicy());
    Path f = dir.resolve("p.json");
    p.write(f);
    assertThat(Files.readString(f)).contains("\"game\" : \"kuhn_poker\"").contains("\"1pb\"");
    TabularPolicy q = TabularPolicy.read(f);
    assertThat(q.toSlots(t)).containsExactly(s.averagePolicy());
  }

  @Test
  void malformedPolicyFileIsRejectedWithOneLine(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("bad.json");
    Files.writeString(f, "{\"game\": \"kuhn_poker\", \"policy\": {\"1\": {\"0\": 0.7, \"1\": 0.7}}}");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> TabularPolicy.read(f))
        .isInstanceOf(java.io.IOException.class).hasMessageContaining("sum to");
  }

  /**
   * A probability that is not a finite non-negative number is refused in one line naming the
   * information state, the action and the value (a string was once read as 0 and reported as a
   * wrong sum).
   */
  @Test
  void nonNumericNegativeAndInfiniteProbabilitiesAreRefused(@TempDir Path dir) throws Exception {
    String[][] cases = {
        {"\"abc\"", "probability of action 0 at information state '1pb' is \"abc\", not a number"},
        {"true", "probability of action 0 at information state '1pb' is true, not a number"},
        {"null", "probability of action 0 at information state '1pb' is null, not a number"},
        {"-0.5", "policy at '1pb': probability of action 0 is negative (-0.5)"},
        {"1e400", "policy at '1pb': probability of action 0 is infinite (Infinity)"},
    };
    for (String[] c : cases) {
      Path f = dir.resolve("bad.json");
      Files.writeString(f, "{\"game\": \"kuhn_poker\", \"policy\": {\"1pb\": {\"0\": " + c[0] + ", \"1\": 1.5}}}");
      org.assertj.core.api.Assertions.assertThatThrownBy(() -> TabularPolicy.read(f))
          .as(c[0]).isInstanceOf(java.io.IOException.class).hasMessageContaining(c[1])
          .hasMessageNotContaining("\n").hasMessageNotContaining("sum to");
    }
    // NaN cannot be written in JSON, but put refuses it too
    TabularPolicy p = new TabularPolicy("kuhn_poker");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> p.put("0", new int[] {0, 1}, new double[] {Double.NaN, 1}))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("policy at '0': probability of action 0 is NaN");
  }

  /** A file without the game string (OpenSpiel-style) is read, with the game unknown. */
  @Test
  void aPolicyWithoutAGameStringIsRead(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("old.json");
    Files.writeString(f, "{\"policy\": {\"0\": {\"1\": 0.25, \"0\": 0.75}}}");
    TabularPolicy p = TabularPolicy.read(f);
    assertThat(p.game()).isNull();
    assertThat(p.actions("0")).containsExactly(0, 1);
    assertThat(p.probabilities("0")).containsExactly(0.75, 0.25);
    Path back = dir.resolve("back.json");
    p.write(back);
    assertThat(Files.readString(back)).doesNotContain("\"game\"");
    assertThat(TabularPolicy.read(back).probabilities("0")).containsExactly(0.75, 0.25);
  }

  /**
   * An agent whose answer depends on what it was asked before (as a search that keeps its tree or
   * tunes itself across searches): its n-th query (from 1) reports a one-hot policy on legal
   * action n mod 2; it records every player it was asked for.
   */
  static final class CountingAgent implements PolicyAgent {
    final java.util.Set<Integer> players = new java.util.TreeSet<>();
    int queries;

    @Override
    public int selectAction(State state) {
      throw new AssertionError("not asked for moves");
    }

    @Override
    public double[] policy(State state) {
      players.add(state.currentPlayer());
      double[] p = new double[state.legalActions().length];
      p[++queries % 2] = 1;
      return p;
    }
  }

  /**
   * Each player is answered by an agent of its own, so what an agent carries from search to search
   * never comes from another player's decisions, which were searched in worlds holding that
   * player's private card. With one agent per run for both players, player 1's first information
   * state in walk order ("1p": holding the Queen after a pass, reached by deal (0, 1)) was the
   * agent's second query, after player 0's "0" (holding the Jack), and so its answer followed
   * player 0's query; now it is player 1's agent's first query.
   */
  @Test
  void eachPlayerIsAnsweredByItsOwnAgent() {
    List<CountingAgent> made = new ArrayList<>();
    TabularPolicy p = Tabularizer.tabularize(kuhn, sd -> {
      CountingAgent a = new CountingAgent();
      made.add(a);
      return a;
    }, 3, 0);
    assertThat(made).hasSize(6);
    for (int i = 0; i < made.size(); i++) {
      assertThat(made.get(i).players).as("agent %d", i).containsExactly(i % 2);
      assertThat(made.get(i).queries).as("agent %d", i).isEqualTo(6);
    }
    // first queries of each player's agent: legal action 1 (bet)
    assertThat(p.probabilities("0")).containsExactly(0.0, 1.0);
    assertThat(p.probabilities("1p")).containsExactly(0.0, 1.0);
  }

  /** Plays action 0 under an even seed and action 1 under an odd one, and asks nothing else. */
  static final class ParityAgent implements dev.ponder.agent.Agent {
    final long seed;
    final List<String> asked = new ArrayList<>();
    final java.util.Set<Integer> players = new java.util.TreeSet<>();

    ParityAgent(long seed) {
      this.seed = seed;
    }

    @Override
    public int selectAction(State state) {
      asked.add(state.informationStateString(state.currentPlayer()));
      players.add(state.currentPlayer());
      return (int) (seed % 2);
    }
  }

  /**
   * Moves are counted per information state over the runs, run r's agent for player p made with
   * seed {@code seed + r + p·2³²}: seeds 10..13 play 0, 1, 0, 1 (frequencies 1/2 each), seeds
   * 10..12 play 0, 1, 0 (2/3 and 1/3); each agent is asked once at each of its player's
   * information states (6 of each player in Kuhn poker) and never for the other player.
   */
  @Test
  void movesAreCountedOverTheRunsWithTheRunSeeds() {
    List<ParityAgent> made = new ArrayList<>();
    TabularPolicy four = Tabularizer.tabularizeMoves(kuhn, sd -> {
      ParityAgent a = new ParityAgent(sd);
      made.add(a);
      return a;
    }, 4, 10, null);
    assertThat(four.size()).isEqualTo(12);
    long p1 = 1L << 32;
    assertThat(made).extracting(a -> a.seed)
        .containsExactly(10L, 10 + p1, 11L, 11 + p1, 12L, 12 + p1, 13L, 13 + p1);
    for (int i = 0; i < made.size(); i++) {
      assertThat(made.get(i).asked).hasSize(6).doesNotHaveDuplicates();
      assertThat(made.get(i).players).containsExactly(i % 2);
    }
    for (String key : four.infoStates()) {
      assertThat(four.probabilities(key)).containsExactly(0.5, 0.5);
    }
    TabularPolicy three = Tabularizer.tabularizeMoves(kuhn, ParityAgent::new, 3, 10, null);
    assertThat(three.probabilities("2pb")).containsExactly(new double[] {2.0 / 3, 1.0 / 3}, within(1e-15));
  }

  @Test
  void anIllegalMoveIsRefusedNamingTheInformationState() {
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> Tabularizer.tabularizeMoves(kuhn, sd -> state -> 7, 1, 0, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("agent selected action 7, which is not legal at '0' (legal: [0, 1])");
  }
}
