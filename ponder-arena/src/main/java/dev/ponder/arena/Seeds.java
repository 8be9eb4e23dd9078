package dev.ponder.arena;

import dev.ponder.game.State;
import java.nio.charset.StandardCharsets;

/**
 * Seed derivation for tournaments and matches. Every random choice of a match flows from its
 * match seed: the chance RNG and each seat's agent seed are derived from it, so a match is a pure
 * function of (game, seats, match seed).
 *
 * <p>The match seed depends only on the tournament seed, the game string and the seed index —
 * not on which agents sit where — so the two seat orders of a pairing (and indeed every pairing
 * of the game) share it: common random numbers.
 */
public final class Seeds {
  private static final long GOLDEN = 0x9E3779B97F4A7C15L;

  private Seeds() {}

  /** A stable 64-bit hash of a string (FNV-1a over UTF-8, then mixed). */
  public static long hash(String s) {
    long h = 0xcbf29ce484222325L;
    for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
      h ^= b & 0xff;
      h *= 0x100000001b3L;
    }
    return State.mix64(h);
  }

  /** Seed of the matches with seed index {@code seedIndex} of game {@code game}. */
  public static long matchSeed(long tournamentSeed, String game, int seedIndex) {
    return State.mix64(State.mix64(tournamentSeed ^ hash(game)) + GOLDEN * (seedIndex + 1L));
  }

  /** Seed of the agent sitting in {@code seat} (0-based). */
  public static long agentSeed(long matchSeed, int seat) {
    return State.mix64(matchSeed + GOLDEN * (seat + 1L) * 0x632BE59BD9B4E019L);
  }

  /** Seed of the RNG that samples chance outcomes. */
  public static long chanceSeed(long matchSeed) {
    return State.mix64(matchSeed ^ 0xD1B54A32D192ED03L);
  }
}
