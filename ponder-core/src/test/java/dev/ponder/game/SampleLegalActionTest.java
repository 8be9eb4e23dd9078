package dev.ponder.game;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.game.check.ConformanceKitTest;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The default {@link State#sampleLegalAction}: legal[rng.nextInt(n)], decision nodes only. */
class SampleLegalActionTest {
  private final Game game = ConformanceKitTest.toyRace();

  @Test
  void theDefaultIsTheListedActionAtOneDrawOfNextInt() {
    // toy_race's first player may add 1 (action 0) or 2 (action 1): two legal actions
    State s = game.newInitialState();
    int[] buf = new int[2];
    int[] seen = new int[2];
    for (long seed = 0; seed < 100; seed++) {
      SplittableRandom rng = new SplittableRandom(seed);
      SplittableRandom twin = new SplittableRandom(seed);
      int expected = twin.nextInt(2);
      int a = s.sampleLegalAction(rng, buf);
      assertThat(a).isEqualTo(expected);
      assertThat(rng.nextLong()).isEqualTo(twin.nextLong());
      seen[a]++;
    }
    assertThat(seen[0]).isPositive();
    assertThat(seen[1]).isPositive();
    assertThat(s.historySize()).isZero();
  }

  @Test
  void terminalStatesAreRefused() {
    RandomPlayout runner = new RandomPlayout(game);
    runner.run(game.newInitialState(), new SplittableRandom(2));
    assertThatThrownBy(() -> runner.state().sampleLegalAction(new SplittableRandom(1), new int[2]))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("sampleLegalAction needs a decision node; toy_race is at a terminal state");
  }
}
