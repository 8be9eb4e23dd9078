package dev.ponder.game;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.ponder.game.check.ConformanceKitTest;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RandomPlayoutTest {
  private final Game game = ConformanceKitTest.toyRace();

  @Test
  void playsToTheEndWithoutTouchingTheStart() {
    State start = game.newInitialState();
    start.applyAction(1);
    String before = start.toString();
    RandomPlayout runner = new RandomPlayout(game);
    int n = runner.run(start, new SplittableRandom(3));
    assertThat(runner.state().isTerminal()).isTrue();
    assertThat(runner.state().historySize()).isEqualTo(1 + n);
    assertThat(runner.state().historyAt(0)).isEqualTo(1);
    assertThat(start.toString()).isEqualTo(before);
    assertThat(start.historySize()).isEqualTo(1);
  }

  @Test
  void seededAndCapped() {
    RandomPlayout a = new RandomPlayout(game);
    RandomPlayout b = new RandomPlayout(game);
    State root = game.newInitialState();
    for (int i = 0; i < 50; i++) {
      a.run(root, new SplittableRandom(i));
      b.run(root, new SplittableRandom(i));
      assertThat(a.state().history()).isEqualTo(b.state().history());
    }
    assertThat(a.run(root, new SplittableRandom(1), 3)).isEqualTo(3);
    assertThat(a.state().historySize()).isEqualTo(3);
  }

  @Test
  void chanceOutcomesDrawnWithTheirProbabilities() {
    // the toy game's first chance node gives bonus 0 or 1 with probability 1/2 each
    RandomPlayout runner = new RandomPlayout(game);
    State root = game.newInitialState();
    root.applyAction(0);
    SplittableRandom rng = new SplittableRandom(5);
    int ones = 0;
    int n = 20_000;
    for (int i = 0; i < n; i++) {
      runner.run(root, rng, 1);
      ones += runner.state().historyAt(1);
    }
    assertThat((double) ones / n).isCloseTo(0.5, within(0.015));
  }
}
