package dev.ponder.games;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class BitsetsTest {

  /** The k-th set bit by walking the bits one by one (the definition). */
  private static int naiveSelect(long[] words, int k) {
    int seen = 0;
    for (int i = 0; i < 64 * words.length; i++) {
      if ((words[i >>> 6] >>> i & 1L) != 0) {
        if (seen++ == k) {
          return i;
        }
      }
    }
    throw new AssertionError("rank " + k + " out of range");
  }

  @Test
  void selectInAWordOnHandPicked() {
    // 0b1011_0100: set bits at 2, 4, 5, 7
    assertThat(Bitsets.select(0b1011_0100L, 0)).isEqualTo(2);
    assertThat(Bitsets.select(0b1011_0100L, 1)).isEqualTo(4);
    assertThat(Bitsets.select(0b1011_0100L, 2)).isEqualTo(5);
    assertThat(Bitsets.select(0b1011_0100L, 3)).isEqualTo(7);
    assertThat(Bitsets.select(Long.MIN_VALUE, 0)).isEqualTo(63);
    assertThat(Bitsets.select(-1L, 0)).isZero();
    assertThat(Bitsets.select(-1L, 63)).isEqualTo(63);
    assertThat(Bitsets.select(1L, 0)).isZero();
    // bits 31 and 32 straddle the first halving
    assertThat(Bitsets.select(3L << 31, 1)).isEqualTo(32);
  }

  @Test
  void selectAgreesWithTheBitByBitWalkOnRandomBitsets() {
    SplittableRandom rng = new SplittableRandom(5);
    for (int t = 0; t < 2000; t++) {
      long[] words = new long[1 + rng.nextInt(6)];
      for (int w = 0; w < words.length; w++) {
        // sparse, dense and uniform words
        long x = rng.nextLong();
        int kind = rng.nextInt(4);
        words[w] = kind == 0 ? x & rng.nextLong() & rng.nextLong() : kind == 1 ? x | rng.nextLong() : kind == 2 ? 0 : x;
      }
      int card = 0;
      for (long w : words) {
        card += Long.bitCount(w);
      }
      for (int k = 0; k < card; k++) {
        assertThat(Bitsets.select(words, k)).as("rank %d, trial %d", k, t).isEqualTo(naiveSelect(words, k));
      }
      int c = card;
      assertThatThrownBy(() -> Bitsets.select(words, c)).isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("cardinality " + c);
    }
    assertThatThrownBy(() -> Bitsets.select(new long[] {1}, -1)).isInstanceOf(IllegalArgumentException.class);
  }
}
