package dev.ponder.games.hearts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.GameRegistry;
import dev.ponder.games.hearts.Hearts.HeartsState;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The resampler's constrained deal keeps its completion counts between draws into one target:
 * draws whose inputs differ only in the voids, the capacities or the seats (the unknown cards
 * alike) must each be the draw a target with fresh buffers makes from the same seed, and respect
 * their own voids.
 */
class HeartsResamplerCountsTest {

  @Test
  void reusedBuffersDrawAsFreshOnesWhenOnlyVoidsCapacitiesOrSeatsChange() {
    HeartsState s = (HeartsState) GameRegistry.load("hearts").newInitialState();
    HeartsResampler.Buffers reused = new HeartsResampler.Buffers(s);
    // 30 unknown cards: all but the first 22
    long unknown = Hearts.ALL & ~((1L << 22) - 1);
    int[][] others = {{1, 2, 3}, {1, 2, 3}, {0, 2, 3}, {1, 2, 3}};
    int[][] caps = {{10, 10, 10}, {10, 10, 10}, {10, 10, 10}, {8, 10, 12}};
    int heartsVoid = 1 << 2;
    int[][] voids = {{0, 0, 0, 0}, {0, heartsVoid, 0, 0}, {0, heartsVoid, 0, 0}, {0, 0, heartsVoid, 0}};
    for (int i = 0; i < 200; i++) {
      int k = i % 4 == 3 ? (i / 4) % 4 : i % 4;
      long[] got = new long[3];
      long[] expected = new long[3];
      boolean ok = HeartsResampler.drawConstrained(unknown, others[k], caps[k], voids[k], new SplittableRandom(i),
          reused, got);
      boolean okFresh = HeartsResampler.drawConstrained(unknown, others[k], caps[k], voids[k],
          new SplittableRandom(i), new HeartsResampler.Buffers(s), expected);
      assertThat(ok).as("draw %d", i).isEqualTo(okFresh).isTrue();
      assertThat(got).as("draw %d (inputs %d)", i, k).containsExactly(expected);
      for (int j = 0; j < 3; j++) {
        assertThat(Long.bitCount(got[j])).isEqualTo(caps[k][j]);
        if ((voids[k][others[k][j]] & heartsVoid) != 0) {
          assertThat(got[j] & Hearts.SUIT[2]).as("draw %d: seat %d is void in hearts", i, others[k][j]).isZero();
        }
      }
      assertThat(got[0] | got[1] | got[2]).isEqualTo(unknown);
    }
  }
}
