package dev.ponder.arena;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
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
 *       multisets only with self-play), each in every distinct permutation of the seats, or in its
 *       distinct cyclic rotations only ({@link TournamentConfig#seatOrders}; see {@link
 *       #seatings}).
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
   * <p>For a round robin of 3 or more players the agent multisets are enumerated in order (each
   * multiset as its sorted agent indices, lexicographically), and each is seated by {@code
   * seatOrders}:
   *
   * <ul>
   *   <li>{@link TournamentConfig#PERMUTATIONS}: every distinct permutation, in lexicographic order
   *       of the agent indices (ABC: 6 seatings, AAB: 3, AABB: 6, ABCD: 24), so every agent sits in
   *       every seat equally often and every ordered choice of neighbours occurs;
   *   <li>{@link TournamentConfig#ROTATIONS}: the distinct cyclic rotations of the multiset listed
   *       in the order of the agent strings ({@code agents}, ties by index), so the same agents get
   *       the same seatings (as strings) whatever order they are listed in; one orientation per
   *       multiset (ABC: 3 seatings, never A-C-B);
   *   <li>{@link TournamentConfig#LISTED_ROTATIONS}: the distinct cyclic rotations of the multiset
   *       listed by agent index (the schedule of tournaments stored before seat orders were part
   *       of the configuration; its orientation follows the order of the agents).
   * </ul>
   *
   * <p>Two-player round robins play every ordered pair and the benchmark schedule seats each agent
   * in each seat, whatever {@code seatOrders} says.
   *
   * @param players number of players of the game, at least 2 (a one-player game has no opponent)
   * @param agents the agent strings, the benchmark agent last for {@code benchmark} (only their
   *     number and, for {@link TournamentConfig#ROTATIONS}, their order as strings matter)
   * @param schedule {@link TournamentConfig#ROUND_ROBIN} or {@link TournamentConfig#BENCHMARK}
   * @param selfPlay round robin: also seat every agent alone (single-agent multisets, the diagonal)
   * @param seatOrders {@link TournamentConfig#PERMUTATIONS}, {@link TournamentConfig#ROTATIONS} or
   *     {@link TournamentConfig#LISTED_ROTATIONS}
   * @throws IllegalArgumentException if {@code players < 2} or {@code seatOrders} is none of those
   */
  public static List<int[]> seatings(int players, List<String> agents, String schedule, boolean selfPlay,
      String seatOrders) {
    if (players < 2) {
      throw new IllegalArgumentException("a tournament game needs at least 2 players (agents play against each other), got "
          + players);
    }
    int numAgents = agents.size();
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
    Comparator<Integer> order;
    if (seatOrders.equals(TournamentConfig.ROTATIONS)) {
      order = Comparator.<Integer, String>comparing(agents::get).thenComparing(Comparator.naturalOrder());
    } else if (seatOrders.equals(TournamentConfig.PERMUTATIONS) || seatOrders.equals(TournamentConfig.LISTED_ROTATIONS)) {
      order = Comparator.naturalOrder();
    } else {
      throw new IllegalArgumentException("unknown seat orders '" + seatOrders + "'; valid: permutations, rotations");
    }
    int[] ms = new int[players];
    multisets(ms, 0, 0, numAgents, selfPlay, seatOrders.equals(TournamentConfig.PERMUTATIONS), order, out);
    return out;
  }

  private static void multisets(int[] ms, int pos, int from, int k, boolean selfPlay, boolean permutations,
      Comparator<Integer> order, List<int[]> out) {
    if (pos == ms.length) {
      boolean single = true;
      for (int v : ms) {
        single &= v == ms[0];
      }
      if (single && !selfPlay) {
        return;
      }
      if (permutations) {
        permutations(ms.clone(), out);
      } else {
        rotations(ms, order, out);
      }
      return;
    }
    for (int a = from; a < k; a++) {
      ms[pos] = a;
      multisets(ms, pos + 1, a, k, selfPlay, permutations, order, out);
    }
  }

  /** Every distinct permutation of {@code s} (sorted ascending on entry), in lexicographic order. */
  private static void permutations(int[] s, List<int[]> out) {
    while (true) {
      out.add(s.clone());
      // next permutation in lexicographic order (repeated values give each distinct one once)
      int i = s.length - 2;
      while (i >= 0 && s[i] >= s[i + 1]) {
        i--;
      }
      if (i < 0) {
        return;
      }
      int j = s.length - 1;
      while (s[j] <= s[i]) {
        j--;
      }
      int t = s[i];
      s[i] = s[j];
      s[j] = t;
      for (int a = i + 1, b = s.length - 1; a < b; a++, b--) {
        t = s[a];
        s[a] = s[b];
        s[b] = t;
      }
    }
  }

  /** The distinct cyclic rotations of the multiset {@code ms} listed in {@code order}. */
  private static void rotations(int[] ms, Comparator<Integer> order, List<int[]> out) {
    List<Integer> listed = new ArrayList<>();
    for (int v : ms) {
      listed.add(v);
    }
    listed.sort(order);
    Set<String> seen = new HashSet<>();
    int n = ms.length;
    for (int r = 0; r < n; r++) {
      int[] s = new int[n];
      for (int p = 0; p < n; p++) {
        s[p] = listed.get((p + r) % n);
      }
      if (seen.add(Arrays.toString(s))) {
        out.add(s);
      }
    }
  }

  /**
   * Every match of a tournament.
   *
   * @param playersPerGame number of players of each game, in game order
   */
  public static List<Entry> entries(TournamentConfig config, int[] playersPerGame) {
    List<List<int[]>> perGame = new ArrayList<>();
    for (int players : playersPerGame) {
      perGame.add(seatings(players, config.allAgents(), config.schedule(), config.selfPlay(), config.seatOrders()));
    }
    List<Entry> out = new ArrayList<>();
    for (int k = 0; k < config.seedsPerPairing(); k++) {
      for (int g = 0; g < playersPerGame.length; g++) {
        for (int[] s : perGame.get(g)) {
          out.add(new Entry(g, s, k));
        }
      }
    }
    return out;
  }
}
