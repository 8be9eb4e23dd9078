package dev.ponder.arena;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * What defines a tournament; two runs with equal configurations are the same tournament (the
 * second continues the first). A run whose configuration differs from a stored one only by a
 * larger {@code matchesPerPairing} extends that tournament ({@link ArenaStore#open}).
 *
 * @param games game strings
 * @param agents agent strings after the budget was applied (see {@link Budget})
 * @param budget the budget text as given ({@code sims=400}, {@code time_ms=50}, or empty)
 * @param matchesPerPairing number of seed indices per pairing (each seed index plays every
 *     seating the schedule gives the pairing or agent multiset)
 * @param seed tournament seed
 * @param schedule {@code round-robin} or {@code benchmark}
 * @param benchmark benchmark agent string (schedule {@code benchmark}), else empty
 * @param selfPlay also schedule every agent against itself (the diagonal)
 * @param seatOrders the seatings of each agent multiset in a round robin of a game with 3 or more
 *     players ({@link Schedule}): {@link #PERMUTATIONS} (every distinct permutation),
 *     {@link #ROTATIONS} (the distinct cyclic rotations of the multiset in the order of the agent
 *     strings), or {@link #LISTED_ROTATIONS} (empty: the distinct cyclic rotations in the order
 *     the agents are listed — the schedule of tournaments stored before this field existed, whose
 *     stored configuration has no {@code seatOrders}; it is written without the field, so such a
 *     configuration reads and writes back unchanged). {@code null} reads as {@link
 *     #LISTED_ROTATIONS}
 */
public record TournamentConfig(
    List<String> games,
    List<String> agents,
    String budget,
    int matchesPerPairing,
    long seed,
    String schedule,
    String benchmark,
    boolean selfPlay,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String seatOrders) {

  public static final String ROUND_ROBIN = "round-robin";
  public static final String BENCHMARK = "benchmark";
  /** Every distinct permutation of each agent multiset (the default of new tournaments). */
  public static final String PERMUTATIONS = "permutations";
  /** The distinct cyclic rotations of each agent multiset, in the order of the agent strings. */
  public static final String ROTATIONS = "rotations";
  /**
   * The distinct cyclic rotations of each agent multiset in the order the agents are listed: the
   * schedule of a tournament stored before seat orders were part of the configuration.
   */
  public static final String LISTED_ROTATIONS = "";

  public TournamentConfig {
    games = List.copyOf(games);
    agents = List.copyOf(agents);
    if (seatOrders == null) {
      seatOrders = LISTED_ROTATIONS;
    }
    if (games.isEmpty()) {
      throw new IllegalArgumentException("no games");
    }
    if (matchesPerPairing < 1) {
      throw new IllegalArgumentException("matches per pairing must be >= 1, got " + matchesPerPairing);
    }
    if (!schedule.equals(ROUND_ROBIN) && !schedule.equals(BENCHMARK)) {
      throw new IllegalArgumentException("unknown schedule '" + schedule + "'; valid: round-robin, benchmark");
    }
    if (schedule.equals(BENCHMARK) && benchmark.isEmpty()) {
      throw new IllegalArgumentException("schedule benchmark needs a benchmark agent");
    }
    if (!seatOrders.equals(PERMUTATIONS) && !seatOrders.equals(ROTATIONS) && !seatOrders.equals(LISTED_ROTATIONS)) {
      throw new IllegalArgumentException("unknown seat orders '" + seatOrders + "'; valid: permutations, rotations");
    }
  }

  /** A configuration with the default seat orders, {@link #PERMUTATIONS}. */
  public TournamentConfig(List<String> games, List<String> agents, String budget, int matchesPerPairing, long seed,
      String schedule, String benchmark, boolean selfPlay) {
    this(games, agents, budget, matchesPerPairing, seed, schedule, benchmark, selfPlay, PERMUTATIONS);
  }

  /**
   * This configuration with another number of seed indices per pairing (≥ 1): the configuration
   * a stored tournament is extended to, see {@link ArenaStore#open}.
   *
   * @throws IllegalArgumentException if {@code matches} &lt; 1
   */
  public TournamentConfig withMatchesPerPairing(int matches) {
    return new TournamentConfig(games, agents, budget, matches, seed, schedule, benchmark, selfPlay, seatOrders);
  }

  /**
   * This configuration with other seat orders ({@link #PERMUTATIONS}, {@link #ROTATIONS} or
   * {@link #LISTED_ROTATIONS}).
   *
   * @throws IllegalArgumentException on another value
   */
  public TournamentConfig withSeatOrders(String orders) {
    return new TournamentConfig(games, agents, budget, matchesPerPairing, seed, schedule, benchmark, selfPlay, orders);
  }

  /**
   * How the seat orders read in messages and reports: {@code permutations}, {@code rotations}, or
   * for {@link #LISTED_ROTATIONS} {@code rotations in the listed agent order (stored before
   * --seat-orders)}.
   */
  public static String seatOrdersLabel(String orders) {
    return orders.equals(LISTED_ROTATIONS) ? "rotations in the listed agent order (stored before --seat-orders)" : orders;
  }

  /** All agents of the tournament: the agents, then the benchmark agent if any. */
  public List<String> allAgents() {
    if (schedule.equals(BENCHMARK)) {
      java.util.ArrayList<String> all = new java.util.ArrayList<>(agents);
      all.add(benchmark);
      return all;
    }
    return agents;
  }
}
