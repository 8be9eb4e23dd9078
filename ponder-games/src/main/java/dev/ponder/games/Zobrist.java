package dev.ponder.games;

import dev.ponder.game.State;

/** Fixed pseudo-random 64-bit keys for Zobrist hashing, reproducible across runs. */
public final class Zobrist {
  private Zobrist() {}

  /**
   * {@code count} keys derived from {@code salt} with SplitMix64; the same salt always gives the
   * same keys.
   */
  public static long[] keys(long salt, int count) {
    long[] k = new long[count];
    long x = salt * 0x9E3779B97F4A7C15L + 0x7F4A7C159E3779B9L;
    for (int i = 0; i < count; i++) {
      x += 0x9E3779B97F4A7C15L;
      k[i] = State.mix64(x);
    }
    return k;
  }
}
