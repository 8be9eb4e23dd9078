package dev.ponder.search.mcts;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * Open-addressing map from 64-bit keys to non-negative {@code int} values (linear probing, no
 * removal, load factor ≤ 1/2). Key 0 is stored as a reserved substitute so that 0 can mark empty
 * slots.
 *
 * <p>Concurrency: {@link #get} is lock-free; concurrent inserts use {@link #putRelease} under an
 * external lock, which stores the value before publishing the key; {@link #grow} must not run
 * concurrently with anything.
 */
final class LongIntMap {
  private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);
  private static final long ZERO_SUBSTITUTE = 0x5DEECE66DL;

  private long[] keys;
  private int[] values;
  private int mask;
  private int count;

  LongIntMap(int expected) {
    int cap = Integer.highestOneBit(Math.max(16, expected * 2 - 1)) << 1;
    keys = new long[cap];
    values = new int[cap];
    mask = cap - 1;
  }

  private static long fix(long key) {
    return key == 0 ? ZERO_SUBSTITUTE : key;
  }

  private static int slot(long key, int mask) {
    long h = key * 0x9E3779B97F4A7C15L;
    return (int) (h ^ (h >>> 32)) & mask;
  }

  /** The value under {@code key}, or −1. */
  int get(long key) {
    long k = fix(key);
    int i = slot(k, mask);
    long[] ks = keys;
    while (true) {
      long cur = (long) LONGS.getAcquire(ks, i);
      if (cur == 0) {
        return -1;
      }
      if (cur == k) {
        return values[i];
      }
      i = (i + 1) & mask;
    }
  }

  /** Inserts or replaces (single writer). */
  void put(long key, int value) {
    long k = fix(key);
    int i = slot(k, mask);
    while (keys[i] != 0 && keys[i] != k) {
      i = (i + 1) & mask;
    }
    if (keys[i] == 0) {
      count++;
    }
    values[i] = value;
    keys[i] = k;
  }

  /** Inserts an absent key, publishing it after its value (callers hold a lock against other writers). */
  void putRelease(long key, int value) {
    long k = fix(key);
    int i = slot(k, mask);
    while (keys[i] != 0 && keys[i] != k) {
      i = (i + 1) & mask;
    }
    if (keys[i] == 0) {
      count++;
    }
    values[i] = value;
    LONGS.setRelease(keys, i, k);
  }

  boolean needsGrowth() {
    return (count + 64) * 2 > keys.length;
  }

  int capacity() {
    return keys.length;
  }

  int size() {
    return count;
  }

  void clear() {
    Arrays.fill(keys, 0L);
    count = 0;
  }

  /** Doubles the slots (must not run concurrently with anything). */
  void grow() {
    rehash(keys.length * 2);
  }

  /**
   * Slots for {@code keys} keys in all without a growth ({@link #needsGrowth} stays false until
   * more are stored): a power of 2, at least 16.
   */
  static int slotsFor(long keys) {
    long need = 2 * (Math.max(0, keys) + 64);
    return (int) Math.min(1 << 30, Math.max(16, Long.highestOneBit(need - 1) << 1));
  }

  /**
   * Makes room for {@code more} keys beyond those stored without a growth: if they do not fit,
   * the slots grow once, to {@link #slotsFor} of the sum (never shrink). Must not run
   * concurrently with anything.
   *
   * @param more keys to make room for (≥ 0)
   * @return whether the slots grew
   */
  boolean ensureRoom(long more) {
    int slots = slotsFor(count + Math.max(0, more));
    if (slots <= keys.length) {
      return false;
    }
    rehash(slots);
    return true;
  }

  private void rehash(int slots) {
    long[] oldKeys = keys;
    int[] oldValues = values;
    keys = new long[slots];
    values = new int[slots];
    mask = keys.length - 1;
    count = 0;
    for (int i = 0; i < oldKeys.length; i++) {
      if (oldKeys[i] != 0) {
        long k = oldKeys[i];
        int j = slot(k, mask);
        while (keys[j] != 0) {
          j = (j + 1) & mask;
        }
        keys[j] = k;
        values[j] = oldValues[i];
        count++;
      }
    }
  }
}
