package dev.ponder.arena;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * What defines a tournament; two runs with equal configurations are the same tournament (the
 * second continues the first). A run whose configuration differs from a stored one only by a
 * larger {@code seedsPerPairing} extends that tournament ({@link ArenaStore#open}).
 *
 * <p>The agents may be given as typed: {@link Tournament} applies the budget ({@link
 * #withBudgetApplied()}) and stores and plays that configuration, as {@code ponder arena} does.
 *
 * @param games game strings
 * @param agents agent strings; after {@link Tournament} (its {@link Tournament#config()}) with the
 *     budget applied (see {@link Budget})
 * @param budget the budget text as given ({@code sims=400}, {@code time_ms=50}, or empty)
 * @param seedsPerPairing number of seed indices per pairing, ≥ 1 (each seed index plays every
 *     seating the schedule gives the pairing or agent multiset: a pairing of two agents in a
 *     two-player game plays 2 matches per seed index); {@code ponder arena --seeds-per-pairing}.
 *     Written as {@code seedsPerPairing} in the configuration's JSON; a tournament stored under
 *     the older name {@code matchesPerPairing} is read, resumed, extended and matched as before
 *     ({@link ArenaStore#open})
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
    @com.fasterxml.jackson.annotation.JsonProperty("seedsPerPairing")
    @com.fasterxml.jackson.annotation.JsonAlias(TournamentConfig.LEGACY_SEEDS_KEY) int seedsPerPairing,
    long seed,
    String schedule,
    String benchmark,
    boolean selfPlay,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String seatOrders) {

  /**
   * The key under which tournaments stored before the rename keep {@link #seedsPerPairing()} in
   * their configuration's JSON; read as {@code seedsPerPairing} ({@link ArenaStore} keeps each
   * stored tournament's spelling).
   */
  static final String LEGACY_SEEDS_KEY = "matchesPerPairing";

  /** The tournament seed of {@link #roundRobin} and {@link #againstBenchmark}: {@code ponder arena}'s default. */
  public static final long DEFAULT_SEED = 1L;

  /**
   * Schedule: every ordered pair of agents (two players), or every agent multiset in the seatings
   * of {@code seatOrders} (three or more); {@link Schedule#seatings}.
   */
  public static final String ROUND_ROBIN = "round-robin";
  /**
   * Schedule: each agent in each seat in turn, every other seat the {@code benchmark} agent;
   * {@link Schedule#seatings}.
   */
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

  /**
   * Copies the lists and checks the fields; a null {@code seatOrders} reads as {@link
   * #LISTED_ROTATIONS}.
   *
   * @throws IllegalArgumentException if {@code games} is empty, {@code seedsPerPairing} &lt; 1, the
   *     schedule or the seat orders are not one of the names above (the message lists the valid
   *     ones), or the schedule is {@code benchmark} with an empty benchmark agent
   * @throws NullPointerException if {@code games}, {@code agents} (or one of their strings) or
   *     {@code schedule} is null
   */
  public TournamentConfig {
    games = List.copyOf(games);
    agents = List.copyOf(agents);
    if (seatOrders == null) {
      seatOrders = LISTED_ROTATIONS;
    }
    if (games.isEmpty()) {
      throw new IllegalArgumentException("no games");
    }
    if (seedsPerPairing < 1) {
      throw new IllegalArgumentException("seeds per pairing must be at least 1, got " + seedsPerPairing);
    }
    if (!schedule.equals(ROUND_ROBIN) && !schedule.equals(BENCHMARK)) {
      throw new IllegalArgumentException("unknown schedule '" + schedule + "'; valid: round-robin, benchmark"
          + dev.ponder.spec.Suggestions.didYouMean(schedule, java.util.List.of(ROUND_ROBIN, BENCHMARK)));
    }
    if (schedule.equals(BENCHMARK) && benchmark.isEmpty()) {
      throw new IllegalArgumentException("schedule benchmark needs a benchmark agent");
    }
    if (!seatOrders.equals(PERMUTATIONS) && !seatOrders.equals(ROTATIONS) && !seatOrders.equals(LISTED_ROTATIONS)) {
      throw new IllegalArgumentException("unknown seat orders '" + seatOrders + "'; valid: permutations, rotations"
          + dev.ponder.spec.Suggestions.didYouMean(seatOrders, java.util.List.of(PERMUTATIONS, ROTATIONS)));
    }
  }

  /** A configuration with the default seat orders, {@link #PERMUTATIONS}. */
  public TournamentConfig(List<String> games, List<String> agents, String budget, int seedsPerPairing, long seed,
      String schedule, String benchmark, boolean selfPlay) {
    this(games, agents, budget, seedsPerPairing, seed, schedule, benchmark, selfPlay, PERMUTATIONS);
  }

  /**
   * A round robin with the defaults of {@code ponder arena}: no budget, tournament seed 1, no
   * self-play, every permutation of each agent multiset as its seatings ({@link #PERMUTATIONS}).
   * Change them with {@link #withBudget}, {@link #withSeed}, {@link #withSelfPlay} and {@link
   * #withSeatOrders}.
   *
   * @param games game strings, at least one
   * @param agents agent strings as typed
   * @param seedsPerPairing seed indices per pairing, ≥ 1
   * @throws IllegalArgumentException if {@code games} is empty or {@code seedsPerPairing} &lt; 1
   * @throws NullPointerException if a list or one of its strings is null
   */
  public static TournamentConfig roundRobin(List<String> games, List<String> agents, int seedsPerPairing) {
    return new TournamentConfig(games, agents, "", seedsPerPairing, DEFAULT_SEED, ROUND_ROBIN, "", false, PERMUTATIONS);
  }

  /**
   * A {@link #BENCHMARK} schedule with the defaults of {@code ponder arena} (no budget, tournament
   * seed 1): each agent in each seat in turn, {@code benchmarkAgent} in every other seat.
   *
   * @param games game strings, at least one
   * @param agents agent strings as typed
   * @param benchmarkAgent the fixed opponent's agent string, not empty
   * @param seedsPerPairing seed indices per pairing, ≥ 1
   * @throws IllegalArgumentException if {@code games} is empty, {@code seedsPerPairing} &lt; 1 or
   *     {@code benchmarkAgent} is empty
   * @throws NullPointerException if a list, one of its strings or {@code benchmarkAgent} is null
   */
  public static TournamentConfig againstBenchmark(List<String> games, List<String> agents, String benchmarkAgent,
      int seedsPerPairing) {
    return new TournamentConfig(games, agents, "", seedsPerPairing, DEFAULT_SEED, BENCHMARK,
        java.util.Objects.requireNonNull(benchmarkAgent, "benchmarkAgent"), false, PERMUTATIONS);
  }

  /**
   * This configuration with another budget text, as {@code ponder arena --budget} takes it
   * ({@code sims=400}, {@code time_ms=50}, or empty for none); {@link Tournament} applies it.
   *
   * @throws NullPointerException if {@code budget} is null
   */
  public TournamentConfig withBudget(String budget) {
    return new TournamentConfig(games, agents, java.util.Objects.requireNonNull(budget, "budget"), seedsPerPairing,
        seed, schedule, benchmark, selfPlay, seatOrders);
  }

  /** This configuration with another tournament seed (any {@code long}). */
  public TournamentConfig withSeed(long seed) {
    return new TournamentConfig(games, agents, budget, seedsPerPairing, seed, schedule, benchmark, selfPlay, seatOrders);
  }

  /**
   * This configuration with or without every agent also scheduled against itself (round robin
   * only: the {@link #BENCHMARK} schedule ignores it, as {@code ponder arena} ignores {@code
   * --self-play} there with a warning).
   */
  public TournamentConfig withSelfPlay(boolean selfPlay) {
    return new TournamentConfig(games, agents, budget, seedsPerPairing, seed, schedule, benchmark, selfPlay, seatOrders);
  }

  /**
   * This configuration with another number of seed indices per pairing (≥ 1): the configuration
   * a stored tournament is extended to, see {@link ArenaStore#open}.
   *
   * @throws IllegalArgumentException if {@code seeds} &lt; 1
   */
  public TournamentConfig withSeedsPerPairing(int seeds) {
    return new TournamentConfig(games, agents, budget, seeds, seed, schedule, benchmark, selfPlay, seatOrders);
  }

  /**
   * The older name of {@link #seedsPerPairing()}: a number of seed indices, not of matches.
   *
   * @deprecated use {@link #seedsPerPairing()}
   */
  @Deprecated
  public int matchesPerPairing() {
    return seedsPerPairing;
  }

  /**
   * The older name of {@link #withSeedsPerPairing(int)}.
   *
   * @deprecated use {@link #withSeedsPerPairing(int)}
   */
  @Deprecated
  public TournamentConfig withMatchesPerPairing(int seeds) {
    return withSeedsPerPairing(seeds);
  }

  /**
   * This configuration with other seat orders ({@link #PERMUTATIONS}, {@link #ROTATIONS} or
   * {@link #LISTED_ROTATIONS}).
   *
   * @throws IllegalArgumentException on another value
   */
  public TournamentConfig withSeatOrders(String orders) {
    return new TournamentConfig(games, agents, budget, seedsPerPairing, seed, schedule, benchmark, selfPlay, orders);
  }

  /**
   * How the seat orders read in messages and reports: {@code permutations}, {@code rotations}, or
   * for {@link #LISTED_ROTATIONS} {@code rotations in the listed agent order (stored before
   * --seat-orders)}.
   */
  public static String seatOrdersLabel(String orders) {
    return orders.equals(LISTED_ROTATIONS) ? "rotations in the listed agent order (stored before --seat-orders)" : orders;
  }

  /**
   * This configuration with its budget applied, as {@code ponder arena --budget} does: every
   * agent string (and the benchmark) after {@link Budget#apply} with {@link Budget#parse}({@link
   * #budget()}), checked with {@link Budget#checkDeclared}. Applying it to a configuration whose
   * agents already carry the budget changes nothing (an agent that names a budget of its own keeps
   * it), so it may be applied twice. {@link Tournament} applies it to the configuration it is
   * given: the stored configuration is the one played.
   *
   * @throws dev.ponder.spec.SpecException on a malformed budget, a key that is a parameter of none
   *     of the agents, or an agent string the budget makes invalid
   */
  public TournamentConfig withBudgetApplied() {
    java.util.Map<String, String> b = Budget.parse(budget);
    if (!b.isEmpty()) {
      Budget.checkDeclared(b, allAgents());
    }
    List<String> applied = new java.util.ArrayList<>();
    for (String a : agents) {
      applied.add(Budget.apply(a, b));
    }
    String bench = benchmark.isEmpty() ? "" : Budget.apply(benchmark, b);
    return new TournamentConfig(games, applied, budget, seedsPerPairing, seed, schedule, bench, selfPlay, seatOrders);
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
