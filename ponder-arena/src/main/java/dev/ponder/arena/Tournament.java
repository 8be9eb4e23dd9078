package dev.ponder.arena;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/**
 * Runs a tournament into an {@link ArenaStore}: resumable and idempotent. The tournament is
 * found by its configuration (a stored one with fewer seeds per pairing and otherwise the same
 * configuration is extended); matches already stored are skipped, the others are played by
 * {@code parallel} worker threads, each stored in its own transaction as soon as it finishes.
 * Because every match is a pure function of its key, a resumed tournament stores exactly what an
 * uninterrupted one would. For the same reason a scheduled match that another tournament of the
 * store already played identically (same full game string, the same agents by seat by their stored
 * resolved parameters, match seed; no timing-dependent agent; status ok) is copied from it instead of played
 * again ({@link #reuse(boolean)}, {@link MatchReuse}).
 */
public final class Tournament {
  private final TournamentConfig config;
  private final boolean seatOrdersGiven;
  private final List<Game> games = new ArrayList<>();
  private final int[] players;
  /** Whether scheduled matches stored by another tournament of the store are copied ({@link #reuse(boolean)}). */
  private boolean reuse = true;
  /** Told what {@link #run} found to copy ({@link #onReuse}); may be null. */
  private Consumer<Reuse> onReuse;
  /** The build that plays the matches ({@link #build(String)}). */
  private String build = dev.ponder.spi.PonderVersion.LINE;

  /**
   * Applies the budget ({@link TournamentConfig#withBudgetApplied()}: {@link #config()} is the
   * configuration stored and played), loads the games and validates the agents: each agent string
   * is resolved and built once for every game (so out-of-range values and options a game does not
   * allow fail here). Two agents that are the same agent once the budget and the defaults are
   * filled in, and a benchmark agent that is also one of the agents, are refused ({@link
   * AgentKey#requireDistinctAgents}, {@link AgentKey#requireBenchmarkNotAnAgent}; the messages of
   * {@code ponder arena}, which goes through here).
   *
   * <p>Every game needs at least 2 players: the arena pits agents against each other, and a
   * one-player game (e.g. {@code 2048}) has no opponent — a round robin would schedule no match
   * for it, and a benchmark or self-play schedule would play each agent alone with no one to rank
   * it against. Such a game is refused here, before anything is stored or played.
   *
   * @throws dev.ponder.spec.SpecException on an unknown or invalid game or agent string, a
   *     malformed budget or one no agent declares, the same agent listed twice, or the same game
   *     listed twice ({@link #requireDistinctGames})
   * @throws IllegalArgumentException if a game has fewer than 2 players (the message names the
   *     game), or there are fewer than two agents without self-play
   */
  public Tournament(TournamentConfig config) {
    this(config, true);
  }

  /**
   * As {@link #Tournament(TournamentConfig)}; with {@code seatOrdersGiven} false the run continues
   * a stored tournament that differs from {@code config} only by its seat orders (and perhaps its
   * seeds per pairing) with the stored seat orders — a tournament stored before seat orders were
   * part of the configuration resumes as it was played — and otherwise starts {@code config}. With
   * it true a stored tournament with other seat orders is refused ({@link
   * ArenaStore.SeatOrdersChangedException}), unless the seat orders change none of its matches (no
   * game of 3 or more players, or the benchmark schedule).
   */
  public Tournament(TournamentConfig config, boolean seatOrdersGiven) {
    TournamentConfig given = config;
    config = given.withBudgetApplied(); // as ponder arena does: the configuration stored is the one played
    AgentKey.requireDistinctAgents(given.agents(), config.agents(), config.budget());
    if (config.schedule().equals(TournamentConfig.BENCHMARK)) {
      AgentKey.requireBenchmarkNotAnAgent(given.agents(), config.agents(), given.benchmark(), config.benchmark(),
          config.budget());
    }
    this.config = config;
    this.seatOrdersGiven = seatOrdersGiven;
    players = new int[config.games().size()];
    for (int g = 0; g < players.length; g++) {
      Game game = GameRegistry.load(config.games().get(g));
      if (game.numPlayers() < 2) {
        throw new IllegalArgumentException(onePlayerMessage(config.games().get(g), game.numPlayers()));
      }
      games.add(game);
      players[g] = game.numPlayers();
    }
    requireDistinctGames(config.games(), games);
    for (String a : config.allAgents()) {
      dev.ponder.agent.AgentRegistry.resolve(a);
      // values are checked when an agent is built for a game (ranges, keying for the game's
      // information type): build each agent once per game now, so a bad string fails here
      // instead of storing an error for every match
      for (Game game : games) {
        try {
          dev.ponder.agent.AgentRegistry.create(a, game, 0L).close();
        } catch (dev.ponder.spec.SpecException e) {
          throw e;
        } catch (IllegalArgumentException e) {
          throw new dev.ponder.spec.SpecException("agent '" + a + "' cannot play " + game.name() + ": " + e.getMessage());
        }
      }
    }
    if (config.allAgents().size() < 2 && !config.selfPlay()) {
      throw new IllegalArgumentException("a tournament needs at least two agents (or self-play)");
    }
  }

  /**
   * Refuses two entries of a tournament's games that are one game: the same family with the same
   * value for every parameter once the defaults are filled in ({@link
   * dev.ponder.game.MatchRecord#fullGameString}), e.g. {@code kalah} and {@code mancala} (an alias),
   * {@code tic_tac_toe} and {@code tic_tac_toe()}, or {@code hex} and {@code hex(board_size=11)}.
   * Each entry gets a ballot of its own, so a game listed twice would weigh twice in the rankings.
   * Game strings are stored as spelled, so duplicates are refused rather than merged.
   *
   * @param specs the game strings as given
   * @param games the same, loaded
   * @throws dev.ponder.spec.SpecException one line naming both spellings and the game they are
   */
  static void requireDistinctGames(List<String> specs, List<Game> games) {
    java.util.Map<String, Integer> seen = new java.util.HashMap<>();
    for (int j = 0; j < games.size(); j++) {
      String full = dev.ponder.game.MatchRecord.fullGameString(games.get(j));
      Integer i = seen.putIfAbsent(full, j);
      if (i == null) {
        continue;
      }
      String a = specs.get(i);
      String b = specs.get(j);
      if (a.equals(b)) {
        throw new dev.ponder.spec.SpecException("--games lists '" + a + "' twice; each entry must be different");
      }
      throw new dev.ponder.spec.SpecException("--games lists the same game twice: '" + a + "' and '" + b
          + "' are one game (" + full + "); each entry gets a ballot of its own, so list it once");
    }
  }

  /**
   * The one-line refusal of a schedule with more matches than a run can count ({@link
   * Integer#MAX_VALUE}): the count and the options that shrink it.
   */
  public static String tooManyMatchesMessage(java.math.BigInteger matches) {
    return "the schedule has " + matches + " matches, more than one run can hold (" + Integer.MAX_VALUE
        + "); lower --seeds-per-pairing, give fewer agents, or use --seat-orders rotations for games of 3 or more players";
  }

  /** The one-line refusal of a game with fewer than 2 players. */
  static String onePlayerMessage(String gameString, int numPlayers) {
    return "game '" + gameString + "' has " + numPlayers + (numPlayers == 1 ? " player" : " players")
        + ": the arena pits agents against each other, and a one-player game has no opponent; use games with 2 or"
        + " more players ('ponder games' lists each game's players)";
  }

  /**
   * The configuration stored and played: the one given with the budget applied ({@link
   * TournamentConfig#withBudgetApplied()}).
   */
  public TournamentConfig config() {
    return config;
  }

  /**
   * Whether {@link #run} copies the scheduled matches that another tournament of the store has
   * already played identically instead of playing them (default true; see {@link MatchReuse}):
   * the same full game string, the same agents in the same seats (an agent of this tournament is a
   * stored one when it has exactly the resolved parameters and fingerprints stored with it and
   * plays as the same agent, however either is spelled: {@link AgentKey}'s notion), the same match
   * seed, no agent with a time budget or several search threads, and status {@code ok}. False plays
   * every match afresh. {@link #onReuse} hears what was found; the {@code notices} of {@link #run}
   * carry nothing about reuse.
   *
   * @return this tournament
   */
  public Tournament reuse(boolean on) {
    this.reuse = on;
    return this;
  }

  /**
   * Sets who hears, in each {@link #run}, which scheduled matches it found played by other
   * tournaments of the store: told once, after the tournament is opened ({@code onOpened}) and
   * before anything is copied or played, also when nothing was found or reuse is off.
   *
   * @param listener may be null (nobody is told)
   * @return this tournament
   */
  public Tournament onReuse(Consumer<Reuse> listener) {
    this.onReuse = listener;
    return this;
  }

  /** The build this tournament's runs record ({@link #build(String)}). */
  public String build() {
    return build;
  }

  /**
   * Names the build of Ponder that plays this tournament's matches, as {@code ponder -V} prints it
   * (default: this build, {@link dev.ponder.spi.PonderVersion#LINE}, e.g. {@code ponder 0.1.0-SNAPSHOT (commit 1a2b3c4)});
   * each {@link #run} that stores a match records it as a run of that build ({@link
   * ArenaStore#beginRun}), so a report can say which build played which matches. Another value is
   * for a program that embeds the arena and names its own build.
   *
   * @param ponderVersion the build's version line; not blank
   * @return this tournament
   * @throws IllegalArgumentException if {@code ponderVersion} is blank
   */
  public Tournament build(String ponderVersion) {
    if (ponderVersion == null || ponderVersion.isBlank()) {
      throw new IllegalArgumentException("ponderVersion must not be blank");
    }
    this.build = ponderVersion.strip();
    return this;
  }

  /**
   * The loaded games, one per entry of {@link #config()}'s games and in that order (index g is game
   * g of the schedule and the store); the tournament's own list, not to be modified.
   */
  public List<Game> games() {
    return games;
  }

  /** Every scheduled match of {@link #config()}. */
  public List<Schedule.Entry> schedule() {
    return Schedule.entries(config, players);
  }

  /**
   * Whether the seat orders change the schedule: a round robin with a game of 3 or more players
   * (two-player games and the benchmark schedule seat agents alike under every seat orders).
   */
  public boolean seatOrdersMatter() {
    if (!config.schedule().equals(TournamentConfig.ROUND_ROBIN)) {
      return false;
    }
    for (int p : players) {
      if (p >= 3) {
        return true;
      }
    }
    return false;
  }

  /**
   * Counts of a run.
   *
   * @param extendedFrom seeds per pairing the stored tournament had before this run extended it,
   *     or 0 if the run did not extend a tournament
   * @param reused matches this run copied from other tournaments of the store instead of playing
   *     them ({@link #reuse(boolean)}); not counted in {@code played}
   * @param reusedFrom the number of those copied from each tournament, by tournament id (ascending)
   */
  public record RunSummary(long tournamentId, int total, int alreadyStored, int played, int errors, double seconds,
      int extendedFrom, int reused, java.util.SortedMap<Long, Integer> reusedFrom) {

    /** A run that reused nothing. */
    public RunSummary(long tournamentId, int total, int alreadyStored, int played, int errors, double seconds,
        int extendedFrom) {
      this(tournamentId, total, alreadyStored, played, errors, seconds, extendedFrom, 0, java.util.Collections.emptySortedMap());
    }

    /** {@code 8640 matches reused from tournament 1} (or {@code … from tournaments 1 (6000), 3 (2640)}), or "" if none. */
    public String reusedLabel() {
      return MatchReuse.label(reused, reusedFrom);
    }
  }

  /**
   * The matches a run found already played by other tournaments of the store, told before any is
   * copied or played ({@link #onReuse}).
   *
   * @param total the tournament's scheduled matches
   * @param stored those already stored in it before this run
   * @param matches those this run copies instead of playing (0 when reuse is off or none is found)
   * @param from the number copied from each tournament, by tournament id (ascending)
   * @param unchecked the other tournaments of the store whose matches could not be looked at
   *     although they share a game string and an agent with this one: their games were stored
   *     before the store kept games' parameters ({@code games.params}), so the defaults they were
   *     played with are unknown. Running such a tournament's own configuration once more records
   *     them ({@link ArenaStore#open}); after that its identical matches are reused. Empty when
   *     there is none or reuse is off (ascending ids)
   */
  public record Reuse(int total, int stored, int matches, java.util.SortedMap<Long, Integer> from,
      java.util.SortedSet<Long> unchecked) {

    /** What a run found when no tournament of the store was left unchecked. */
    public Reuse(int total, int stored, int matches, java.util.SortedMap<Long, Integer> from) {
      this(total, stored, matches, from, java.util.Collections.emptySortedSet());
    }

    /** {@code 8640 matches reused from tournament 1}, or "" if none. */
    public String label() {
      return MatchReuse.label(matches, from);
    }
  }

  /**
   * Plays every match not yet in the store.
   *
   * @param parallel number of worker threads (≥ 1)
   * @param progressFactory given (already stored, total), returns the progress sink; not null
   *     ({@code (done, total) -> Progress.none()} for none)
   * @param onStored called after each stored match with the number stored by this run so far
   *     (tests use it; may be null)
   * @throws NullPointerException if {@code store} or {@code progressFactory} is null, and
   *     {@link IllegalArgumentException} if {@code parallel} &lt; 1: checked before the store is
   *     touched, so a bad call leaves it as it was
   */
  public RunSummary run(ArenaStore store, int parallel, java.util.function.BiFunction<Integer, Integer, Progress> progressFactory,
      LongConsumer onStored) {
    return run(store, parallel, progressFactory, onStored, null);
  }

  /**
   * Plays every match not yet in the store, extending a stored tournament that differs only by
   * fewer seeds per pairing (see {@link ArenaStore#open}).
   *
   * @param parallel number of worker threads (≥ 1)
   * @param progressFactory given (already stored, total), returns the progress sink; not null
   * @param onStored called after each stored match with the number stored by this run so far
   *     (tests use it; may be null)
   * @param notices receives one line before any match is played when the run extends a stored
   *     tournament ({@code extending tournament 1 from 4 to 6 seeds per pairing}), and one when it
   *     continues a stored tournament with other seat orders than {@link #config()} names (seat
   *     orders not given, {@link #Tournament(TournamentConfig, boolean)}): plain sentences, without
   *     the {@code arena:} prefix {@code ponder arena} adds when it prints them. What the run
   *     reuses from other tournaments is told to {@link #onReuse}, not here (may be null)
   * @throws NullPointerException if {@code store} or {@code progressFactory} is null, and
   *     {@link IllegalArgumentException} if {@code parallel} &lt; 1: checked before the store is
   *     touched ({@link ArenaStore#open} records a larger size), so a bad call leaves it as it was
   * @throws ArenaStore.SmallerThanStoredException if the store holds this tournament with more
   *     seeds per pairing than requested; nothing is played or changed
   * @throws ArenaStore.GameChangedException if the stored tournament to resume or extend was played
   *     on a game that now loads otherwise (players, utility, a parameter's value with defaults
   *     filled in); nothing is played or changed
   * @throws ArenaStore.ParamsChangedException if an agent of that tournament now resolves to other
   *     parameters; nothing is played or changed
   * @throws ArenaStore.SeatOrdersChangedException if the seat orders were given and the store
   *     holds this tournament with other seat orders (see {@link #Tournament(TournamentConfig,
   *     boolean)}); nothing is played or changed
   * @throws VirtualMachineError such as {@link OutOfMemoryError} thrown while a match was played:
   *     the workers stop after their current match, every match finished before is stored
   */
  public RunSummary run(ArenaStore store, int parallel, java.util.function.BiFunction<Integer, Integer, Progress> progressFactory,
      LongConsumer onStored, Consumer<String> notices) {
    return run(store, parallel, progressFactory, onStored, notices, null);
  }

  /**
   * As {@link #run(ArenaStore, int, java.util.function.BiFunction, LongConsumer, Consumer)}, and
   * tells {@code onOpened} (may be null) which tournament the run continues or created, before any
   * match is played (e.g. to warn that a new tournament starts beside stored ones: {@link
   * ArenaStore.Opened#othersStored}).
   */
  public RunSummary run(ArenaStore store, int parallel, java.util.function.BiFunction<Integer, Integer, Progress> progressFactory,
      LongConsumer onStored, Consumer<String> notices, Consumer<ArenaStore.Opened> onOpened) {
    // every argument is checked before store.open, which records the tournament (or its larger size)
    java.util.Objects.requireNonNull(store, "store");
    java.util.Objects.requireNonNull(progressFactory, "progressFactory (use (done, total) -> Progress.none() for none)");
    if (parallel < 1) {
      throw new IllegalArgumentException("parallel must be at least 1, got " + parallel);
    }
    ArenaStore.Opened opened = store.open(config, games, !seatOrdersGiven || !seatOrdersMatter());
    long id = opened.id();
    store.beginRun(id, build); // its row comes with the first match stored: a run that stores none leaves none
    TournamentConfig config = opened.config(); // the seat orders of the tournament continued
    if (onOpened != null) {
      onOpened.accept(opened);
    }
    if (notices != null && seatOrdersMatter() && !config.seatOrders().equals(this.config.seatOrders())) {
      notices.accept("tournament " + id + " continues with its stored seat orders: "
          + TournamentConfig.seatOrdersLabel(config.seatOrders()));
    }
    if (opened.extendedFrom() > 0 && notices != null) {
      notices.accept("extending tournament " + id + " from " + opened.extendedFrom() + " to "
          + config.seedsPerPairing() + " seeds per pairing");
    }
    // the schedule by position, and the stored matches as one bit per position: memory grows with
    // the seatings of one seed index, not with the number of matches
    java.math.BigInteger count = Schedule.count(config, players);
    if (count.compareTo(java.math.BigInteger.valueOf(Integer.MAX_VALUE)) > 0) {
      throw new IllegalArgumentException(tooManyMatchesMessage(count));
    }
    Schedule.Plan plan = Schedule.plan(config, players);
    int total = (int) plan.size();
    java.util.BitSet done = new java.util.BitSet(total);
    store.forEachStoredKey(id, (g, seats, k) -> {
      long i = plan.indexOf(g, seats, k);
      if (i >= 0) {
        done.set((int) i);
      }
    });
    int already = done.cardinality();
    long t0 = System.nanoTime(); // the run's time includes looking up and copying stored matches
    MatchReuse.Plan reusePlan = copyStored(store, id, config, total, already, () -> (g, seats, k) -> {
      long i = plan.indexOf(g, seats, k);
      return i >= 0 && !done.get((int) i) ? plan.get(i) : null;
    });
    int reused = reusePlan.copies().size();
    for (ArenaStore.MatchCopy c : reusePlan.copies()) {
      done.set((int) plan.indexOf(c.to().game(), c.to().seatsKey(), c.to().seedIndex()));
    }
    int todo = total - already - reused;
    java.util.concurrent.atomic.AtomicLong next = new java.util.concurrent.atomic.AtomicLong(); // past total without overflow
    AtomicInteger played = new AtomicInteger();
    AtomicInteger errors = new AtomicInteger();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    List<String> agents = config.allAgents();
    try (Progress progress = progressFactory.apply(already + reused, total)) {
      Runnable worker = () -> {
        long i;
        List<String> seats = new ArrayList<>();
        while (failure.get() == null && (i = next.getAndIncrement()) < total) {
          if (done.get((int) i)) {
            continue; // stored by an earlier run, or copied from another tournament
          }
          Schedule.Entry e = plan.get(i);
          seats.clear();
          for (int a : e.seats()) {
            seats.add(agents.get(a));
          }
          long seed = Seeds.matchSeed(config.seed(), config.games().get(e.game()), e.seedIndex());
          try {
            MatchResult r = MatchRunner.play(games.get(e.game()), seats, seed);
            if (r.status() == MatchResult.Status.ERROR) {
              errors.incrementAndGet();
            }
            store.insert(id, e, seed, r);
            int n = played.incrementAndGet();
            progress.step();
            if (onStored != null) {
              onStored.accept(n);
            }
          } catch (Throwable ex) {
            // the store failing, or the JVM (MatchRunner keeps every other Error in its match):
            // the other workers stop after their current match, and run() rethrows it
            failure.compareAndSet(null, ex);
            return;
          }
        }
      };
      List<Thread> threads = new ArrayList<>();
      for (int t = 0; t < Math.min(parallel, Math.max(1, todo)); t++) {
        Thread th = new Thread(worker, "arena-worker-" + t);
        th.start();
        threads.add(th);
      }
      for (Thread th : threads) {
        th.join();
      }
    } catch (InterruptedException ex) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("tournament interrupted", ex);
    }
    Throwable f = failure.get();
    if (f instanceof RuntimeException re) {
      throw re;
    }
    if (f instanceof Error err) {
      throw err;
    }
    if (f != null) {
      throw new IllegalStateException(f);
    }
    return new RunSummary(id, total, already, played.get(), errors.get(), (System.nanoTime() - t0) / 1e9,
        opened.extendedFrom(), reused, reusePlan.from());
  }

  /**
   * Looks up the scheduled matches not stored yet among the other tournaments of the store
   * (unless reuse is off), tells {@link #onReuse} what was found, and copies those matches into
   * tournament {@code id} in one transaction.
   *
   * @param total the tournament's scheduled matches
   * @param already those stored before this run
   * @param pending the look-up of the scheduled matches not stored yet (asked only when needed)
   * @return what was copied
   */
  private MatchReuse.Plan copyStored(ArenaStore store, long id, TournamentConfig config, int total, int already,
      java.util.function.Supplier<MatchReuse.Pending> pending) {
    MatchReuse.Plan plan = !reuse || already >= total ? MatchReuse.Plan.NONE
        : MatchReuse.plan(store, id, config, games, pending);
    if (onReuse != null) {
      onReuse.accept(new Reuse(total, already, plan.copies().size(), plan.from(), plan.unchecked()));
    }
    store.copyMatches(id, plan.copies()); // a row another process stored meanwhile is kept: either way it is done
    return plan;
  }
}
