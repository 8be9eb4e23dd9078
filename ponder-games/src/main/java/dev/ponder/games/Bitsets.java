package dev.ponder.games;

/**
 * Rank-select on bitsets kept as {@code long[]} words (bit {@code i % 64} of word {@code i / 64}
 * is element i), for drawing the k-th empty cell of a board without listing the empty cells.
 */
public final class Bitsets {
  private Bitsets() {}

  /**
   * Position of the k-th set bit of {@code word}, counting from the least significant bit (k = 0
   * is the lowest set bit): a binary search by population counts, six halvings.
   *
   * @param word the bits
   * @param k rank, in {@code [0, Long.bitCount(word))}
   * @return the bit's position in {@code [0, 64)}; unspecified if k is out of range
   */
  public static int select(long word, int k) {
    long x = word;
    int pos = 0;
    int c = Long.bitCount(x & 0xFFFF_FFFFL);
    if (k >= c) {
      k -= c;
      x >>>= 32;
      pos += 32;
    }
    c = Long.bitCount(x & 0xFFFFL);
    if (k >= c) {
      k -= c;
      x >>>= 16;
      pos += 16;
    }
    c = Long.bitCount(x & 0xFFL);
    if (k >= c) {
      k -= c;
      x >>>= 8;
      pos += 8;
    }
    c = Long.bitCount(x & 0xFL);
    if (k >= c) {
      k -= c;
      x >>>= 4;
      pos += 4;
    }
    c = Long.bitCount(x & 0x3L);
    if (k >= c) {
      k -= c;
      x >>>= 2;
      pos += 2;
    }
    if (k >= (int) (x & 1L)) {
      pos += 1;
    }
    return pos;
  }

  /**
   * Index of the k-th set bit of the bitset {@code words} in ascending order (k = 0 is the
   * smallest element): skips whole words by population count, then {@link #select(long, int)}.
   * Costs O(words) popcounts; allocates nothing.
   *
   * @param words the bitset
   * @param k rank, in {@code [0, cardinality)}
   * @return the element, {@code 64 * word + bit}
   * @throws IllegalArgumentException if k is negative or not below the cardinality
   */
  public static int select(long[] words, int k) {
    if (k < 0) {
      throw new IllegalArgumentException("rank " + k + " < 0");
    }
    int r = k;
    for (int w = 0; w < words.length; w++) {
      int c = Long.bitCount(words[w]);
      if (r < c) {
        return (w << 6) + select(words[w], r);
      }
      r -= c;
    }
    throw new IllegalArgumentException("rank " + k + " not below the bitset's cardinality " + (k - r));
  }
}
