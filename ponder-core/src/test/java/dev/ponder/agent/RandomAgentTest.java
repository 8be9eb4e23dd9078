package dev.ponder.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.game.Game;
import dev.ponder.game.RandomPlayout;
import dev.ponder.game.State;
import dev.ponder.game.check.ConformanceKitTest;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@code random}: legal[nextInt(n)] of its own seeded generator, repeatable after restart. */
class RandomAgentTest {
  private final Game game = ConformanceKitTest.toyRace();

  @Test
  void drawsTheListedActionAtEachNextIntOfItsSeed() {
    RandomAgent agent = new RandomAgent(game, 42);
    SplittableRandom twin = new SplittableRandom(42);
    State s = game.newInitialState();
    int[] legal = new int[game.maxActionsPerState()];
    int decisions = 0;
    SplittableRandom chance = new SplittableRandom(7);
    while (!s.isTerminal()) {
      if (s.isChanceNode()) {
        int[] a = new int[Math.max(1, game.maxChanceOutcomes())];
        int k = s.chanceOutcomes(a, new double[a.length]);
        s.applyAction(a[chance.nextInt(k)]);
        continue;
      }
      int n = s.legalActions(legal);
      int expected = legal[twin.nextInt(n)];
      assertThat(agent.selectAction(s)).isEqualTo(expected);
      s.applyAction(expected);
      decisions++;
    }
    assertThat(decisions).isPositive();
  }

  @Test
  void restartRepeatsAndTerminalStatesAreRefused() {
    RandomAgent agent = new RandomAgent(game, 3);
    State s = game.newInitialState();
    int[] first = new int[20];
    for (int i = 0; i < first.length; i++) {
      first[i] = agent.selectAction(s);
    }
    agent.restart();
    for (int i = 0; i < first.length; i++) {
      assertThat(agent.selectAction(s)).isEqualTo(first[i]);
    }
    RandomPlayout runner = new RandomPlayout(game);
    runner.run(game.newInitialState(), new SplittableRandom(2));
    assertThatThrownBy(() -> agent.selectAction(runner.state()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("an agent acts at a decision node; " + game.name() + " is at a terminal state");
    assertThatThrownBy(() -> agent.policy(runner.state())).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void chanceNodesAreRefusedNotDrawnUniformly() {
    RandomAgent agent = new RandomAgent(game, 5);
    State s = game.newInitialState();
    SplittableRandom rng = new SplittableRandom(1);
    int[] a = new int[Math.max(game.maxActionsPerState(), game.maxChanceOutcomes())];
    while (!s.isChanceNode()) {
      assertThat(s.isTerminal()).as("toyRace reaches a chance node").isFalse();
      s.applyAction(s.sampleLegalAction(rng, a));
    }
    State chanceNode = s;
    assertThatThrownBy(() -> agent.selectAction(chanceNode)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("an agent acts at a decision node; " + game.name() + " is at a chance node");
    assertThatThrownBy(() -> agent.policy(chanceNode)).isInstanceOf(IllegalArgumentException.class);
  }
}
