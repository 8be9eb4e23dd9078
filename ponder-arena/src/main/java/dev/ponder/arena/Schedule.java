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
   * Every match of a tournament, as a list (the order of {@link Plan#get}). It holds one entry per
   * match: for large schedules use {@link #plan}, which holds one seating per pairing instead.
   *
   * @param playersPerGame number of players of each game, in game order
   * @throws IllegalArgumentException if the schedule has more than {@link Integer#MAX_VALUE} matches
   */
  public static List<Entry> entries(TournamentConfig config, int[] playersPerGame) {
    Plan plan = plan(config, playersPerGame);
    if (plan.size() > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("a schedule of " + plan.size() + " matches cannot be listed");
    }
    List<Entry> out = new ArrayList<>((int) plan.size());
    for (long i = 0; i < plan.size(); i++) {
      out.add(plan.get(i));
    }
    return out;
  }

  /**
   * The number of matches of a tournament, from closed forms (nothing is enumerated, so any size
   * can be asked): per seed index and game of n players with k agents (the benchmark among them),
   * the benchmark schedule has (k − 1)·n seatings; a two-player round robin k² − k (k² with
   * self-play); every seat order (permutations) k^n − k (k^n), since each sequence of n agents is
   * one distinct permutation of its multiset; cyclic rotations n·(C(k + n − 1, n) − k) (plus k),
   * since a multiset of at least two different agents, listed sorted, has n distinct rotations.
   *
   * @param games the tournament's games, in order (each of at least 2 players)
   */
  public static java.math.BigInteger count(TournamentConfig config, List<dev.ponder.game.Game> games) {
    return count(config, games.stream().mapToInt(dev.ponder.game.Game::numPlayers).toArray());
  }

  /**
   * {@link #count(TournamentConfig, List)} from the games' numbers of players.
   *
   * @param playersPerGame number of players of each game, in game order (each at least 2)
   */
  public static java.math.BigInteger count(TournamentConfig config, int[] playersPerGame) {
    java.math.BigInteger k = java.math.BigInteger.valueOf(config.allAgents().size());
    java.math.BigInteger perSeed = java.math.BigInteger.ZERO;
    for (int n : playersPerGame) {
      java.math.BigInteger bn = java.math.BigInteger.valueOf(n);
      java.math.BigInteger c;
      if (config.schedule().equals(TournamentConfig.BENCHMARK)) {
        c = k.subtract(java.math.BigInteger.ONE).multiply(bn);
      } else if (n == 2 || !config.seatOrders().equals(TournamentConfig.ROTATIONS)
          && !config.seatOrders().equals(TournamentConfig.LISTED_ROTATIONS)) {
        c = k.pow(n).subtract(config.selfPlay() ? java.math.BigInteger.ZERO : k);
      } else {
        // multisets of size n from k agents: C(k + n - 1, n)
        java.math.BigInteger multisets = java.math.BigInteger.ONE;
        for (int i = 1; i <= n; i++) {
          multisets = multisets.multiply(k.add(java.math.BigInteger.valueOf(i - 1))).divide(java.math.BigInteger.valueOf(i));
        }
        c = multisets.subtract(k).multiply(bn).add(config.selfPlay() ? k : java.math.BigInteger.ZERO);
      }
      perSeed = perSeed.add(c);
    }
    return perSeed.multiply(java.math.BigInteger.valueOf(config.seedsPerPairing()));
  }

  /**
   * The matches of a tournament by position, computed on demand: the seatings of one seed index
   * per game are held (one {@code int[]} per seating), never one entry per match, so its memory
   * does not grow with the seeds per pairing. Position {@code i} is seed index {@code i / perSeed},
   * then the games in order, then each game's seatings in {@link #seatings} order — the order of
   * {@link #entries}.
   *
   * @param playersPerGame number of players of each game, in game order
   */
  public static Plan plan(TournamentConfig config, int[] playersPerGame) {
    List<List<int[]>> perGame = new ArrayList<>();
    for (int players : playersPerGame) {
      perGame.add(seatings(players, config.allAgents(), config.schedule(), config.selfPlay(), config.seatOrders()));
    }
    return new Plan(perGame, config.seedsPerPairing());
  }

  /** A schedule by position ({@link #plan}); immutable, safe to read from several threads. */
  public static final class Plan {
    private final List<List<int[]>> perGame;
    /** Position of each game's first seating within a seed index; last entry: seatings per seed index. */
    private final long[] start;
    private final int seeds;
    private volatile List<java.util.Map<String, Integer>> positions;

    private Plan(List<List<int[]>> perGame, int seeds) {
      this.perGame = perGame;
      this.seeds = seeds;
      start = new long[perGame.size() + 1];
      for (int g = 0; g < perGame.size(); g++) {
        start[g + 1] = start[g] + perGame.get(g).size();
      }
    }

    /** Matches per seed index (every game's seatings). */
    public long perSeed() {
      return start[start.length - 1];
    }

    /** Number of matches: {@link #perSeed()} × seeds per pairing. */
    public long size() {
      return perSeed() * seeds;
    }

    /**
     * The match at {@code position}; a new {@link Entry} whose seats array is shared with every
     * other entry of that seating (do not modify it).
     *
     * @param position 0 ≤ position &lt; {@link #size()}
     * @throws IndexOutOfBoundsException otherwise
     */
    public Entry get(long position) {
      if (position < 0 || position >= size()) {
        throw new IndexOutOfBoundsException("match " + position + " of a schedule of " + size());
      }
      long per = perSeed();
      int seedIndex = (int) (position / per);
      long r = position % per;
      int g = 0;
      while (r >= start[g + 1]) {
        g++;
      }
      return new Entry(g, perGame.get(g).get((int) (r - start[g])), seedIndex);
    }

    /**
     * The position of a stored match ({@link Entry#seatsKey} form of its seats), or -1 if this
     * schedule has no such match (a game, seating or seed index outside it).
     */
    public long indexOf(int game, String seats, int seedIndex) {
      if (game < 0 || game >= perGame.size() || seedIndex < 0 || seedIndex >= seeds) {
        return -1;
      }
      List<java.util.Map<String, Integer>> pos = positions;
      if (pos == null) {
        pos = new ArrayList<>();
        for (List<int[]> seatings : perGame) {
          java.util.Map<String, Integer> m = new java.util.HashMap<>();
          for (int i = 0; i < seatings.size(); i++) {
            m.put(new Entry(0, seatings.get(i), 0).seatsKey(), i);
          }
          pos.add(m);
        }
        positions = pos;
      }
      Integer i = pos.get(game).get(seats);
      return i == null ? -1 : seedIndex * perSeed() + start[game] + i;
    }
  }
}
