package dev.ponder.arena;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The matches of a tournament. Seed indices form the outer loop (every pairing plays seed index
 * 0 before any plays 1), so a partial tournament stays balanced.
 *
 * <ul>
 *   <li>Round robin, 2 players: every ordered pair (i, j), i ≠ j — so each pair plays both seat
 *       orders with the same match seed (common random numbers); with self-play also (i, i).
 *   <li>Round robin, n ≥ 3 players: every multiset of n agents (repetition allowed; single-agent
 *       multisets only with self-play), each in every distinct cyclic rotation of seats.
 *   <li>Benchmark: each agent in each seat in turn, the benchmark agent in all other seats.
 * </ul>
 */
public final class Schedule {
  private Schedule() {}

  /** One scheduled match: game index, agent index per seat, seed index. */
  public record Entry(int game, int[] seats, int seedIndex) {
    /** Seats as stored: agent indices joined by commas. */
    public String seatsKey() {
      StringBuilder sb = new StringBuilder();
      for (int i = 0; i < seats.length; i++) {
        if (i > 0) {
          sb.append(',');
        }
        sb.append(seats[i]);
      }
      return sb.toString();
    }

    /** The unique key of the match within its tournament. */
    public String key() {
      return key(game, seatsKey(), seedIndex);
    }

    /** Key built from stored columns. */
    public static String key(int game, String seats, int seedIndex) {
      return game + "|" + seats + "|" + seedIndex;
    }
  }

  /**
   * Seatings (agent index per seat) of one game with {@code players} players.
   *
   * @param players number of players of the game, at least 2 (a one-player game has no opponent)
   * @param numAgents number of agents, the benchmark agent last for {@code benchmark}
   * @throws IllegalArgumentException if {@code players < 2}
   */
  public static List<int[]> seatings(int players, int numAgents, String schedule, boolean selfPlay) {
    if (players < 2) {
      throw new IllegalArgumentException("a tournament game needs at least 2 players (agents play against each other), got "
          + players);
    }
    List<int[]> out = new ArrayList<>();
    if (schedule.equals(TournamentConfig.BENCHMARK)) {
      int bench = numAgents - 1;
      for (int a = 0; a < bench; a++) {
        for (int p = 0; p < players; p++) {
          int[] s = new int[players];
          Arrays.fill(s, bench);
          s[p] = a;
          out.add(s);
        }
      }
      return out;
    }
    if (players == 2) {
      for (int i = 0; i < numAgents; i++) {
        for (int j = 0; j < numAgents; j++) {
          if (i != j || selfPlay) {
            out.add(new int[] {i, j});
          }
        }
      }
      return out;
    }
    Set<String> seen = new LinkedHashSet<>();
    int[] ms = new int[players];
    multisets(ms, 0, 0, numAgents, selfPlay, seen, out);
    return out;
  }

  private static void multisets(int[] ms, int pos, int from, int k, boolean selfPlay, Set<String> seen, List<int[]> out) {
    if (pos == ms.length) {
      boolean single = true;
      for (int v : ms) {
        single &= v == ms[0];
      }
      if (single && !selfPlay) {
        return;
      }
      for (int r = 0; r < ms.length; r++) {
        int[] s = new int[ms.length];
        for (int p = 0; p < ms.length; p++) {
          s[p] = ms[(p + r) % ms.length];
        }
        if (seen.add(Arrays.toString(s))) {
          out.add(s);
        }
      }
      return;
    }
    for (int a = from; a < k; a++) {
      ms[pos] = a;
      multisets(ms, pos + 1, a, k, selfPlay, seen, out);
    }
  }

  /**
   * Every match of a tournament.
   *
   * @param playersPerGame number of players of each game, in game order
   */
  public static List<Entry> entries(TournamentConfig config, int[] playersPerGame) {
    int numAgents = config.allAgents().size();
    List<List<int[]>> perGame = new ArrayList<>();
    for (int players : playersPerGame) {
      perGame.add(seatings(players, numAgents, config.schedule(), config.selfPlay()));
    }
    List<Entry> out = new ArrayList<>();
    for (int k = 0; k < config.matchesPerPairing(); k++) {
      for (int g = 0; g < playersPerGame.length; g++) {
        for (int[] s : perGame.get(g)) {
          out.add(new Entry(g, s, k));
        }
      }
    }
    return out;
  }
}
