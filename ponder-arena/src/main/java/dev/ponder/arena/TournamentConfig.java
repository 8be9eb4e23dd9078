package dev.ponder.arena;

import java.util.List;

/**
 * What defines a tournament; two runs with equal configurations are the same tournament (the
 * second continues the first). A run whose configuration differs from a stored one only by a
 * larger {@code matchesPerPairing} extends that tournament ({@link ArenaStore#open}).
 *
 * @param games game strings
 * @param agents agent strings after the budget was applied (see {@link Budget})
 * @param budget the budget text as given ({@code sims=400}, {@code time_ms=50}, or empty)
 * @param matchesPerPairing number of seed indices per pairing (each seed index plays every seat
 *     order of the pairing)
 * @param seed tournament seed
 * @param schedule {@code round-robin} or {@code benchmark}
 * @param benchmark benchmark agent string (schedule {@code benchmark}), else empty
 * @param selfPlay also schedule every agent against itself (the diagonal)
 */
public record TournamentConfig(
    List<String> games,
    List<String> agents,
    String budget,
    int matchesPerPairing,
    long seed,
    String schedule,
    String benchmark,
    boolean selfPlay) {

  public static final String ROUND_ROBIN = "round-robin";
  public static final String BENCHMARK = "benchmark";

  public TournamentConfig {
    games = List.copyOf(games);
    agents = List.copyOf(agents);
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
  }

  /**
   * This configuration with another number of seed indices per pairing (≥ 1): the configuration
   * a stored tournament is extended to, see {@link ArenaStore#open}.
   *
   * @throws IllegalArgumentException if {@code matches} &lt; 1
   */
  public TournamentConfig withMatchesPerPairing(int matches) {
    return new TournamentConfig(games, agents, budget, matches, seed, schedule, benchmark, selfPlay);
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
