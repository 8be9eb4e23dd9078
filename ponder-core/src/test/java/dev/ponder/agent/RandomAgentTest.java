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
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("no legal action: the state is terminal");
  }
}
