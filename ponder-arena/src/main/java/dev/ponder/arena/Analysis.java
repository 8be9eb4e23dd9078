package dev.ponder.arena;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.ponder.rating.AlphaRank;
import dev.ponder.rating.Elo;
import dev.ponder.rating.Intervals;
import dev.ponder.rating.Sco;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * Statistics of a stored tournament: per game the mean score matrix with paired-bootstrap
 * intervals over seeds, win/draw/loss counts with bootstrap intervals of the win rate, α-Rank; across games SCO
 * ratings from the per-game α-Rank ballots with bootstrap intervals, ballot win rates, Elo with bootstrap intervals, and
 * amplification / improvement when a reference and a raw-prior agent are named. See
 * docs/arena.md for the definitions.
 */
public final class Analysis {
  private Analysis() {}

  /**
   * Per-game results. Matrices are K × K over agents ({@code NaN} where no data).
   *
   * @param mean mean return of row agent in matches with the column agent, averaged per seed
   *     index over every seat order, then over seed indices
   * @param low lower bound of the paired-bootstrap interval of {@code mean}
   * @param high upper bound
   * @param wins matches in which the row agent's return exceeded the column agent's
   * @param draws equal returns
   * @param losses lower returns
   * @param winLow lower bound of the win rate wins / (wins + draws + losses), percentile bootstrap
   *     over seed indices ({@link #winRateBootstrap}); NaN with one seed index or no comparison
   * @param winHigh upper bound
   * @param agentMean mean return of each agent over all its matches of the game (per seed, then
   *     over seeds); {@code NaN} if it did not play
   * @param agentLow bootstrap lower bound
   * @param agentHigh bootstrap upper bound
   * @param mass α-Rank mass per agent (or NaN where the ballot uses mean return)
   * @param ballot the ballot scores: the number of agents ranked below (by α-Rank mass, ties
   *     broken by mean return), or the mean return for the benchmark schedule; NaN = not on the
   *     ballot
   * @param msPerDecision mean wall time per decision of each agent in milliseconds (NaN if it
   *     made none)
   * @param decisions number of decisions each agent made in this game's stored matches (error
   *     matches and those left out for seat balance included)
   * @param method how the ballot was made ({@code alpharank-single}: one population, 2 players;
   *     {@code alpharank-multi}: one population per seat, 3 or more players, or 2 with {@link
   *     AnalysisOptions.Populations#MULTI}; {@code mean-return}; {@code none}: no ballot)
   * @param massLow lower bound of each agent's α-Rank mass: the (1 − level)/2 percentile of the
   *     mass over the bootstrap resamples of the game's seed indices ({@link #scoBootstrap}: the
   *     score matrix's draws, payoff table and α-Rank recomputed); NaN without α-Rank, with one
   *     seed index or no resample
   * @param massHigh upper bound
   * @param massTop fraction of those resamples in which the agent has the largest mass (rounded
   *     to 10⁻⁶ as the ballot compares masses; agents tied at the top each count), in [0, 1]; NaN
   *     as for {@code massLow}
   * @param leftOut matches among {@code matches} that did not end in an error but are left out of
   *     every statistic for seat balance: another match of their group (the same agent multiset:
   *     the pairing {i, j} for 2 players, its every seating for n ≥ 3) in the same seed index ended
   *     in an error blamed on no seat ({@link #leftOutForBalance}); ≥ 0
   * @param seatMean mean return of each seat (length {@code players}; seat 0 moves first) over the
   *     game's scored matches, every agent: per seed index the mean of the seat's returns, then the
   *     mean over seed indices; NaN when nothing was scored
   * @param seatLow lower bound of its percentile-bootstrap interval over seed indices (the
   *     score-matrix bootstrap's draws); NaN with one seed index
   * @param seatHigh upper bound
   * @param utilitySum the constant sum of the returns of every terminal state for a zero- or
   *     constant-sum game ({@link dev.ponder.game.Game#utilitySum}), NaN for a general-sum or
   *     identical-interest game (or when the sum is unknown)
   * @param errorMatches per agent, the game's analysed matches that ended in an error it is
   *     blamed for: its own call failed ({@link ArenaStore.StoredMatch#failedSeat}); each is scored
   *     as its forfeit ({@link #forfeitReturns}); an error that names no seat (the game's own
   *     fault) is blamed on no agent and not scored; ≥ 0
   */
  public record GameResult(String game, int players, int matches, int errors, int overruns, int seeds,
      double minUtility, double maxUtility,
      double[][] mean, double[][] low, double[][] high,
      long[][] wins, long[][] draws, long[][] losses, double[][] winLow, double[][] winHigh,
      double[] agentMean, double[] agentLow, double[] agentHigh,
      double[] mass, double[] ballot, String method, String note, double[] msPerDecision, long[] decisions,
      double[] massLow, double[] massHigh, double[] massTop, int leftOut, double[] seatMean, double[] seatLow,
      double[] seatHigh, double utilitySum, int[] errorMatches) {

    /** A result with no error match blamed on any agent. */
    public GameResult(String game, int players, int matches, int errors, int overruns, int seeds,
        double minUtility, double maxUtility,
        double[][] mean, double[][] low, double[][] high,
        long[][] wins, long[][] draws, long[][] losses, double[][] winLow, double[][] winHigh,
        double[] agentMean, double[] agentLow, double[] agentHigh,
        double[] mass, double[] ballot, String method, String note, double[] msPerDecision, long[] decisions,
        double[] massLow, double[] massHigh, double[] massTop, int leftOut, double[] seatMean, double[] seatLow,
        double[] seatHigh, double utilitySum) {
      this(game, players, matches, errors, overruns, seeds, minUtility, maxUtility, mean, low, high, wins, draws, losses,
          winLow, winHigh, agentMean, agentLow, agentHigh, mass, ballot, method, note, msPerDecision, decisions, massLow,
          massHigh, massTop, leftOut, seatMean, seatLow, seatHigh, utilitySum, new int[mass.length]);
    }

    /**
     * A result without α-Rank mass intervals (all NaN), left-out matches (0), per-seat means (NaN)
     * or utility sum (NaN).
     */
    public GameResult(String game, int players, int matches, int errors, int overruns, int seeds,
        double minUtility, double maxUtility,
        double[][] mean, double[][] low, double[][] high,
        long[][] wins, long[][] draws, long[][] losses, double[][] winLow, double[][] winHigh,
        double[] agentMean, double[] agentLow, double[] agentHigh,
        double[] mass, double[] ballot, String method, String note, double[] msPerDecision, long[] decisions) {
      this(game, players, matches, errors, overruns, seeds, minUtility, maxUtility, mean, low, high, wins, draws, losses,
          winLow, winHigh, agentMean, agentLow, agentHigh, mass, ballot, method, note, msPerDecision, decisions,
          nans(mass.length), nans(mass.length), nans(mass.length), 0, nans(players), nans(players), nans(players),
          Double.NaN);
    }

    /** This result with the given α-Rank mass intervals and top frequencies. */
    GameResult withMassBootstrap(double[] low, double[] high, double[] top) {
      return new GameResult(game, players, matches, errors, overruns, seeds, minUtility, maxUtility, mean, this.low,
          this.high, wins, draws, losses, winLow, winHigh, agentMean, agentLow, agentHigh, mass, ballot, method, note,
          msPerDecision, decisions, low, high, top, leftOut, seatMean, seatLow, seatHigh, utilitySum, errorMatches);
    }
  }

  private static double[] nans(int k) {
    double[] x = new double[k];
    Arrays.fill(x, Double.NaN);
    return x;
  }

  /**
   * How the statistics run: worker threads for the per-game and SCO bootstraps (their results do
   * not depend on the number: every resample's draws are made in order before they are spread
   * over the threads), and the progress shown for each step.
   *
   * @param threads worker threads ≥ 1
   * @param progress progress of the steps (score bootstraps per game, Elo bootstrap, SCO and
   *     α-Rank bootstrap)
   */
  public record Execution(int threads, Progress.Factory progress) {
    /** @throws IllegalArgumentException if {@code threads} &lt; 1 */
    public Execution {
      if (threads < 1) {
        throw new IllegalArgumentException("threads must be at least 1, got " + threads);
      }
    }

    /** The machine's cores, no progress. */
    public static Execution defaults() {
      return new Execution(Runtime.getRuntime().availableProcessors(), Progress.Factory.NONE);
    }
  }

  /**
   * Whole-tournament results.
   *
   * @param sco SCO rating per agent on [lower, upper] ({@code NaN} = on no ballot)
   * @param scoLow lower bound of the SCO rating's bootstrap interval (seed indices resampled
   *     within each game, every game's ballot recomputed, SCO refitted); NaN when the agent is on
   *     no ballot or no game has two seed indices
   * @param scoHigh upper bound
   * @param ballotWinRate F(A≻B): fraction of the games with a ballot whose ballot ranks A strictly
   *     above B, over the ballots holding both (in a round robin without the game's own errors
   *     every ballot holds every agent and this is SPEC §1.4's fraction of games; the benchmark
   *     agent is on none, NaN)
   * @param elo Elo per agent (minimum 0), pooled over all games' pairwise outcomes (a forfeit a
   *     loss of each seat of the failing agent); NaN for an agent with no scored comparison (each of its matches
   *     ended in the game's own error or was left out with one)
   * @param eloLow bootstrap lower bound (resampling seed indices within each game); NaN when no
   *     game has two seed indices (nothing to resample)
   * @param eloHigh upper bound
   * @param amp interquartile mean over games of the amplification of each agent against the
   *     reference (NaN if not requested or not applicable)
   * @param imp same for improvement over the raw prior
   * @param ampPerGame per game and agent
   * @param impPerGame per game and agent
   * @param firstError the first stored match that ended in an error (lowest game, then seed
   *     index, then seats; analysed or not, like {@code errorsStored}), as {@code game, seed index
   *     i, A vs B: message}; empty if none
   * @param timeMs each agent's time budget per decision in ms (its stored {@code time_ms}
   *     parameter; 0 = not timed)
   * @param decisions number of decisions each agent made over all stored matches (error
   *     matches included)
   * @param overrunDecisions number of those decisions that took more than
   *     {@link MatchRunner#OVERRUN_FACTOR} × {@code time_ms} (0 for agents that are not timed)
   * @param rankLow best rank of each agent's 95% rank interval over the SCO bootstrap resamples
   *     (ranks as in the table, ties sharing a rank); null = no rating or no bootstrap
   * @param rankHigh worst rank of that interval
   * @param scoAtLeast K × K: fraction of SCO bootstrap resamples in which the row agent is rated
   *     at least as high as the column agent, in [0, 1]; NaN = no rating or no bootstrap
   * @param matchesStored matches stored for the tournament (≥ {@code matches}, which counts only
   *     the analysed ones)
   * @param matchesScheduled matches the tournament schedules (every seed index of every game)
   * @param completeSeeds seed indices all of whose scheduled matches (over all games) are stored:
   *     the only ones analysed, so that every agent sits in every seat equally often; the others
   *     wait for the tournament to be resumed. 0 = nothing is analysed: every rating, score and
   *     interval is NaN (null for ranks) and the reports say so instead of showing tables
   * @param errorsStored matches that ended in an error among the {@code matchesStored} (≥ {@code
   *     errors}, which counts those among the analysed {@code matches})
   * @param builds the builds of Ponder that played the {@code matchesStored} matches ({@link
   *     Analysis#builds(List, Map)}): one entry per stretch of runs of one build, in run order; empty
   *     when no match is stored
   */
  // the derived properties last, in a fixed order (Jackson's order of methods beyond the
  // components follows reflection, which differs between runs: report.json must not)
  @JsonPropertyOrder({"tournament", "config", "agents", "games", "matches", "errors", "sco", "scoLow",
      "scoHigh", "ballotWinRate", "elo", "eloLow", "eloHigh", "amp", "imp", "ampPerGame", "impPerGame",
      "options", "firstError", "timeMs", "decisions", "overrunDecisions", "rankLow", "rankHigh",
      "scoAtLeast", "matchesStored", "matchesScheduled", "completeSeeds", "errorsStored", "builds",
      "analysed", "rank",
      "scoAboveNext", "scoTiedNext", "leftOut", "scoOutside", "mixedBuilds"})
  public record Result(long tournament, TournamentConfig config, List<String> agents, List<GameResult> games,
      int matches, int errors, double[] sco, double[] scoLow, double[] scoHigh, double[][] ballotWinRate, double[] elo, double[] eloLow, double[] eloHigh,
      double[] amp, double[] imp, double[][] ampPerGame, double[][] impPerGame, AnalysisOptions options,
      String firstError, double[] timeMs, long[] decisions, long[] overrunDecisions, Integer[] rankLow, Integer[] rankHigh,
      double[][] scoAtLeast, int matchesStored, int matchesScheduled, int completeSeeds, int errorsStored,
      List<BuildShare> builds) {

    /** A result whose builds are not known ({@code builds} empty). */
    public Result(long tournament, TournamentConfig config, List<String> agents, List<GameResult> games,
        int matches, int errors, double[] sco, double[] scoLow, double[] scoHigh, double[][] ballotWinRate, double[] elo,
        double[] eloLow, double[] eloHigh, double[] amp, double[] imp, double[][] ampPerGame, double[][] impPerGame,
        AnalysisOptions options, String firstError, double[] timeMs, long[] decisions, long[] overrunDecisions,
        Integer[] rankLow, Integer[] rankHigh, double[][] scoAtLeast, int matchesStored, int matchesScheduled,
        int completeSeeds, int errorsStored) {
      this(tournament, config, agents, games, matches, errors, sco, scoLow, scoHigh, ballotWinRate, elo, eloLow, eloHigh,
          amp, imp, ampPerGame, impPerGame, options, firstError, timeMs, decisions, overrunDecisions, rankLow, rankHigh,
          scoAtLeast, matchesStored, matchesScheduled, completeSeeds, errorsStored, List.of());
    }

    /**
     * Whether the stored matches may come from more than one build: two builds, or a recorded one
     * beside matches whose build is not recorded. Written to {@code report.json} as {@code
     * mixedBuilds}; the reports then carry a warning ({@link Report#buildWarning}).
     */
    @JsonProperty("mixedBuilds")
    public boolean mixedBuilds() {
      return builds.stream().map(BuildShare::build).distinct().count() > 1;
    }

    /** A result of a complete tournament: every scheduled match stored and analysed. */
    public Result(long tournament, TournamentConfig config, List<String> agents, List<GameResult> games,
        int matches, int errors, double[] sco, double[] scoLow, double[] scoHigh, double[][] ballotWinRate, double[] elo,
        double[] eloLow, double[] eloHigh, double[] amp, double[] imp, double[][] ampPerGame, double[][] impPerGame,
        AnalysisOptions options, String firstError, double[] timeMs, long[] decisions, long[] overrunDecisions,
        Integer[] rankLow, Integer[] rankHigh, double[][] scoAtLeast) {
      this(tournament, config, agents, games, matches, errors, sco, scoLow, scoHigh, ballotWinRate, elo, eloLow, eloHigh,
          amp, imp, ampPerGame, impPerGame, options, firstError, timeMs, decisions, overrunDecisions, rankLow, rankHigh,
          scoAtLeast, matches, matches, config.seedsPerPairing(), errors);
    }

    /**
     * Whether anything is analysed: some seed index is complete. Written to {@code report.json}
     * as {@code analysed}; when false every rating, score and interval is NaN.
     */
    @JsonProperty("analysed")
    public boolean analysed() {
      return completeSeeds > 0;
    }

    /**
     * Matches among the analysed {@code matches} that did not end in an error but are left out of
     * the statistics for seat balance (the sum of the games' {@link GameResult#leftOut}): another
     * seat order of their pairing or agent multiset in the same seed index ended in an error blamed
     * on no seat (the game's own).
     * Written to {@code report.json} as {@code leftOut}.
     */
    @JsonProperty("leftOut")
    public int leftOut() {
      int n = 0;
      for (GameResult g : games) {
        n += g.leftOut();
      }
      return n;
    }

    /** Matches scheduled per seed index, over all games (every pairing and seat order). */
    int matchesPerSeed() {
      return matchesScheduled / Math.max(1, config.seedsPerPairing());
    }

    /** Whether some scheduled matches are not stored yet (or not analysed: their seed index is incomplete). */
    public boolean partial() {
      return matchesStored < matchesScheduled;
    }

    /**
     * For each agent, the chance that it is rated above the agent listed after it in the rankings
     * table ({@link Report#order}) over the SCO bootstrap, ties counting half: {@code P(> next) +
     * ½·P(= next)} ({@link Analysis#above}), written to {@code report.json} as {@code
     * scoAboveNext} and shown as the {@code P(above next)} column. Two agents the data cannot
     * tell apart get about 0.5, whatever share of the resamples rates them equal. Null for the
     * last rated agent, an agent with no rating, or when there is no SCO bootstrap.
     */
    @JsonProperty("scoAboveNext")
    public Double[] scoAboveNext() {
      Double[] out = new Double[agents.size()];
      List<Integer> order = Report.order(this);
      for (int i = 0; i + 1 < order.size(); i++) {
        int a = order.get(i);
        int b = order.get(i + 1);
        double p = above(scoAtLeast, a, b);
        out[a] = Double.isNaN(p) ? null : p;
      }
      return out;
    }

    /**
     * For each agent, the fraction of SCO bootstrap resamples in which it and the agent listed
     * after it are rated equal (within {@link Analysis#RANK_TOLERANCE}; {@link Analysis#tied}),
     * written to {@code report.json} as {@code scoTiedNext}; null where {@link #scoAboveNext} is.
     */
    @JsonProperty("scoTiedNext")
    public Double[] scoTiedNext() {
      Double[] out = new Double[agents.size()];
      List<Integer> order = Report.order(this);
      for (int i = 0; i + 1 < order.size(); i++) {
        int a = order.get(i);
        int b = order.get(i + 1);
        double p = tied(scoAtLeast, a, b);
        out[a] = Double.isNaN(p) ? null : p;
      }
      return out;
    }

    /**
     * For each agent, whether its SCO rating lies outside its own bootstrap interval
     * ({@link Analysis#outside}; marked § in the reports), written to {@code report.json} as
     * {@code scoOutside}; null for an agent with no rating or no interval.
     */
    @JsonProperty("scoOutside")
    public Boolean[] scoOutside() {
      Boolean[] out = new Boolean[agents.size()];
      for (int a = 0; a < out.length; a++) {
        if (!Double.isNaN(sco[a]) && !Double.isNaN(scoLow[a])) {
          out[a] = outside(sco[a], scoLow[a], scoHigh[a]);
        }
      }
      return out;
    }

    /**
     * Each agent's rank by SCO rating ({@link Analysis#ranks}), written to {@code report.json} as
     * {@code rank}: 1 = best, tied agents share the rank, {@code null} for an agent with no rating.
     */
    @JsonProperty("rank")
    public Integer[] rank() {
      int[] rk = ranks(sco);
      Integer[] out = new Integer[rk.length];
      for (int a = 0; a < rk.length; a++) {
        out[a] = rk[a] == 0 ? null : rk[a];
      }
      return out;
    }
  }

  /**
   * Relative tolerance under which two SCO ratings count as equal when ranking: ratings a and b
   * tie when {@code |a − b| ≤ RANK_TOLERANCE · max(1, |a|, |b|)}. Agents with the same ballots
   * get the same rating up to floating-point rounding of the fit (differences near 10⁻¹³ on the
   * default [0, 1000] scale), far below any difference the ballots can make.
   */
  public static final double RANK_TOLERANCE = 1e-9;

  /**
   * Fewest seed indices per game for which the reports print a percentile-bootstrap interval
   * without the few-seeds mark: below it such intervals cover the true value less often than
   * their nominal level (about 88% instead of 95% at 8 seeds for a balanced cell, far less when
   * one agent nearly always wins).
   */
  public static final int FEW_SEEDS = 20;

  /**
   * Whether an estimate lies outside its bootstrap interval [lo, hi] by more than rounding
   * (relative 10⁻⁹ of the largest magnitude, at least absolute 10⁻⁹). A percentile interval
   * contains its estimate exactly when between 2.5% and 97.5% of the resamples fall below it; the
   * bias-corrected percentile interval (Efron 1987) and the basic interval contain it under the
   * same condition, so no choice among them avoids this; the reports mark such intervals instead
   * (docs/arena.md). False when any value is NaN.
   */
  static boolean outside(double estimate, double lo, double hi) {
    if (Double.isNaN(estimate) || Double.isNaN(lo) || Double.isNaN(hi)) {
      return false;
    }
    double tol = 1e-9 * Math.max(1, Math.max(Math.abs(estimate), Math.max(Math.abs(lo), Math.abs(hi))));
    return estimate < lo - tol || estimate > hi + tol;
  }

  /** Whether two SCO ratings are equal up to {@link #RANK_TOLERANCE}. */
  static boolean sameRating(double a, double b) {
    return Math.abs(a - b) <= RANK_TOLERANCE * Math.max(1, Math.max(Math.abs(a), Math.abs(b)));
  }

  /**
   * Competition ranks ("1, 1, 3") of agents by SCO rating, best first. Agents are taken in order
   * of decreasing rating; an agent whose rating equals, within {@link #RANK_TOLERANCE}, that of
   * the first agent of the current group of tied agents joins the group and shares its rank; the
   * next group's rank is 1 + the number of agents ranked before it.
   *
   * @param sco SCO rating per agent ({@code NaN} = no rating)
   * @return rank per agent (1 = best), 0 for an agent with no rating
   */
  public static int[] ranks(double[] sco) {
    int k = sco.length;
    List<Integer> rated = new ArrayList<>();
    for (int a = 0; a < k; a++) {
      if (!Double.isNaN(sco[a])) {
        rated.add(a);
      }
    }
    rated.sort(java.util.Comparator.<Integer>comparingDouble(a -> -sco[a]).thenComparingInt(a -> a));
    int[] rank = new int[k];
    int leader = -1;
    for (int i = 0; i < rated.size(); i++) {
      int a = rated.get(i);
      if (leader >= 0 && sameRating(sco[leader], sco[a])) {
        rank[a] = rank[leader];
      } else {
        leader = a;
        rank[a] = i + 1;
      }
    }
    return rank;
  }

  /**
   * Analyses the stored tournament {@code id}.
   *
   * @throws IllegalArgumentException if the store holds no tournament {@code id}, or the options'
   *     {@link AnalysisOptions#reference()} or {@link AnalysisOptions#rawPrior()} is not empty and
   *     not one of its agents (as stored); checked before anything is computed
   */
  public static Result analyse(ArenaStore store, long id, AnalysisOptions o) {
    return analyse(store, id, o, store.matches(id, true));
  }

  /**
   * Analyses the given matches of stored tournament {@code id} (a snapshot read with
   * {@code store.matches(id, true)}, so that statistics and {@code matches.csv} describe the same
   * matches while a tournament is still writing), on the machine's cores without progress
   * ({@link Execution#defaults()}).
   *
   * @throws IllegalArgumentException as {@link #analyse(ArenaStore, long, AnalysisOptions)}
   */
  public static Result analyse(ArenaStore store, long id, AnalysisOptions o, List<ArenaStore.StoredMatch> all) {
    return analyse(store, id, o, all, Execution.defaults());
  }

  /**
   * Analyses the given matches of stored tournament {@code id} (see
   * {@link #analyse(ArenaStore, long, AnalysisOptions, List)}) on {@code ex.threads()} threads,
   * showing progress through {@code ex.progress()}.
   *
   * @throws NullPointerException if {@code o} is null
   * @throws IllegalArgumentException as {@link #analyse(ArenaStore, long, AnalysisOptions)},
   *     checked in the calling thread before anything is computed
   * @throws IllegalStateException if the calling thread is interrupted while the statistics run
   */
  public static Result analyse(ArenaStore store, long id, AnalysisOptions o, List<ArenaStore.StoredMatch> all,
      Execution ex) {
    // checked here, in the calling thread, so the caller gets the exception itself (not one
    // rebuilt by the pool around its message) and nothing is computed for a bad call
    java.util.Objects.requireNonNull(o, "options");
    if (store.tournaments().stream().noneMatch(t -> t.id() == id)) {
      throw new IllegalArgumentException("no tournament " + id + " in the store");
    }
    o.requireAgentsOf(store.agents(id).stream().map(ArenaStore.AgentInfo::spec).toList());
    java.util.concurrent.ForkJoinPool pool = new java.util.concurrent.ForkJoinPool(ex.threads());
    try {
      return pool.submit(() -> analyseIn(store, id, o, all, ex)).get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("statistics interrupted", e);
    } catch (java.util.concurrent.ExecutionException e) {
      if (e.getCause() instanceof RuntimeException re) {
        throw re;
      }
      if (e.getCause() instanceof Error er) {
        throw er;
      }
      throw new IllegalStateException(e.getCause());
    } finally {
      pool.shutdown();
    }
  }

  /** The analysis, run inside the pool whose threads its parallel streams use. */
  private static Result analyseIn(ArenaStore store, long id, AnalysisOptions o, List<ArenaStore.StoredMatch> all,
      Execution ex) {
    ArenaStore.TournamentInfo info = store.tournaments().stream().filter(t -> t.id() == id).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no tournament " + id + " in the store"));
    TournamentConfig config = store.config(info);
    List<String> agents = new ArrayList<>();
    List<ArenaStore.AgentInfo> agentInfos = store.agents(id);
    double[] timeMs = new double[agentInfos.size()];
    for (ArenaStore.AgentInfo a : agentInfos) {
      agents.add(a.spec());
      timeMs[agents.size() - 1] = storedTimeMs(a.params());
    }
    List<ArenaStore.GameInfo> games = store.games(id);
    int stored = all.size();
    int perSeed = 0;
    for (ArenaStore.GameInfo gi : games) {
      perSeed += Schedule.seatings(gi.numPlayers(), agents, config.schedule(), config.selfPlay(), config.seatOrders()).size();
    }
    int scheduled = perSeed * config.seedsPerPairing();
    Map<Integer, Integer> perSeedStored = new HashMap<>();
    for (ArenaStore.StoredMatch m : all) {
      perSeedStored.merge(m.seedIndex(), 1, Integer::sum);
    }
    java.util.Set<Integer> complete = new java.util.HashSet<>();
    for (Map.Entry<Integer, Integer> e : perSeedStored.entrySet()) {
      if (e.getValue() >= perSeed) {
        complete.add(e.getKey());
      }
    }
    int errorsStored = (int) all.stream().filter(m -> m.status() == MatchResult.Status.ERROR).count();
    // the first error among every stored match, analysed or not: the exit-1 line counts the
    // errors of every stored match (errorsStored) and must name one of them
    String firstErrorText = firstErrorText(all, agents, games);
    List<BuildShare> builds = builds(all, store.runs()); // every stored match, analysed or not
    if (complete.isEmpty()) {
      return nothingAnalysed(id, config, agents, games, o, timeMs, stored, scheduled, errorsStored, firstErrorText,
          builds);
    }
    if (complete.size() < perSeedStored.size()) {
      // a seed index with only some of its matches stored (an interrupted or running tournament)
      // would seat some agents more often than others: it waits for the resume
      all = all.stream().filter(m -> complete.contains(m.seedIndex())).toList();
    }
    List<List<ArenaStore.StoredMatch>> byGame = new ArrayList<>();
    for (int g = 0; g < games.size(); g++) {
      byGame.add(new ArrayList<>());
    }
    for (ArenaStore.StoredMatch m : all) {
      byGame.get(m.game()).add(m);
    }
    int k = agents.size();
    boolean benchmark = config.schedule().equals(TournamentConfig.BENCHMARK);
    GameAnalysis[] analyses = new GameAnalysis[games.size()];
    try (Progress progress = ex.progress().start("report: score bootstraps", "games", games.size())) {
      java.util.stream.IntStream.range(0, games.size()).parallel().forEach(g -> {
        analyses[g] = analyseGameWithRows(games.get(g), byGame.get(g), k, benchmark, o, gameSeed(o, g), agents);
        progress.step();
      });
    }
    GameResult[] results = new GameResult[games.size()];
    List<SeedRows> rows = new ArrayList<>();
    for (int g = 0; g < games.size(); g++) {
      results[g] = analyses[g].result();
      rows.add(analyses[g].rows());
    }
    List<GameResult> gameResults = Arrays.asList(results);
    int errors = 0;
    for (GameResult r : gameResults) {
      errors += r.errors();
    }
    List<Sco.Ballot> ballots = scoBallots(gameResults.stream().map(GameResult::ballot).toList());
    double[] sco = Sco.fit(k, ballots, o.sco());
    for (int a = 0; a < k; a++) {
      boolean onBallot = false;
      for (Sco.Ballot b : ballots) {
        onBallot |= !Double.isNaN(b.scores()[a]);
      }
      if (!onBallot) {
        // e.g. the benchmark agent of a benchmark schedule: SCO would leave it at the starting
        // value and rank it among agents that beat it; it has no rating
        sco[a] = Double.NaN;
      }
    }
    ScoBootstrap scoInt = scoBootstrap(rows, gameResults.stream().map(GameResult::ballot).toList(), sco, o, ex.progress());
    for (int g = 0; g < results.length; g++) {
      results[g] = results[g].withMassBootstrap(scoInt.massLow()[g], scoInt.massHigh()[g], scoInt.massTop()[g]);
    }
    double[][] f = Sco.ballotWinRates(k, ballots);
    double[][] eloInt;
    List<List<ArenaStore.StoredMatch>> scoredByGame = new ArrayList<>();
    for (int g = 0; g < games.size(); g++) {
      scoredByGame.add(withForfeitReturns(games.get(g), byGame.get(g)));
    }
    try (Progress progress = ex.progress().start("report: Elo bootstrap", "resamples", o.eloResamples())) {
      eloInt = elo(scoredByGame, k, o, progress);
    }
    if (gameResults.stream().allMatch(g -> g.seeds() == 0)) {
      // every analysed match ended in the game's own error: no agent has an Elo (not a rating of 0 each)
      for (double[] v : eloInt) {
        Arrays.fill(v, Double.NaN);
      }
    }
    double[][][] ai = amplification(gameResults, agents, o);
    double[] amp = new double[k];
    double[] imp = new double[k];
    for (int a = 0; a < k; a++) {
      double[] ac = new double[gameResults.size()];
      double[] ic = new double[gameResults.size()];
      for (int g = 0; g < gameResults.size(); g++) {
        ac[g] = ai[0][g][a];
        ic[g] = ai[1][g][a];
      }
      amp[a] = Intervals.iqm(ac);
      imp[a] = Intervals.iqm(ic);
    }
    long[] decisions = new long[k];
    long[] overrunDecisions = new long[k];
    for (GameResult g : gameResults) {
      for (int a = 0; a < k; a++) {
        decisions[a] += g.decisions()[a];
      }
    }
    for (ArenaStore.StoredMatch m : all) {
      int[] ov = ArenaStore.splitInts(m.overruns());
      for (int p = 0; p < ov.length && p < m.seats().length; p++) {
        overrunDecisions[m.seats()[p]] += ov[p];
      }
    }
    return new Result(id, config, agents, gameResults, all.size(), errors, sco, scoInt.low(), scoInt.high(), f, eloInt[0], eloInt[1], eloInt[2],
        amp, imp, ai[0], ai[1], o, firstErrorText, timeMs, decisions, overrunDecisions, scoInt.rankLow(), scoInt.rankHigh(),
        scoInt.atLeast(), stored, scheduled, complete.size(), errorsStored, builds);
  }

  /**
   * A stretch of a tournament's stored matches played by one build of Ponder.
   *
   * @param build the build as {@code ponder -V} printed it ({@code ponder 0.1.0-SNAPSHOT (commit 1a2b3c4)}); null when not
   *     recorded (matches stored by a build before runs were recorded, or through the API without
   *     {@link Tournament#build})
   * @param started when the stretch's first run stored its first match (ISO-8601 UTC); null when
   *     the build is not recorded
   * @param runs the runs of the stretch ({@code ponder arena} starting or resuming the tournament
   *     and storing matches); 0 when the build is not recorded
   * @param first the number of the stretch's first match, counting the tournament's stored
   *     matches from 1 in run order (matches of an unknown build first)
   * @param last the number of its last match; {@code last - first + 1} matches
   */
  public record BuildShare(String build, String started, int runs, int first, int last) {

    /** The number of matches in the stretch. */
    public int matches() {
      return last - first + 1;
    }
  }

  /**
   * The builds that played {@code matches} (a tournament's stored matches): each match counted
   * under its run, runs taken in id order (the order they started; matches whose run is not
   * recorded first), consecutive runs of one build merged into one {@link BuildShare}.
   *
   * @param runs the store's runs ({@link ArenaStore#runs}), for each run's start
   */
  public static List<BuildShare> builds(List<ArenaStore.StoredMatch> matches, Map<Long, ArenaStore.RunInfo> runs) {
    java.util.TreeMap<Long, Integer> perRun = new java.util.TreeMap<>();
    Map<Long, String> buildOf = new HashMap<>();
    for (ArenaStore.StoredMatch m : matches) {
      long run = m.build() == null ? 0 : m.run();
      perRun.merge(run, 1, Integer::sum);
      buildOf.putIfAbsent(run, m.build());
    }
    List<BuildShare> out = new ArrayList<>();
    int next = 1;
    for (Map.Entry<Long, Integer> e : perRun.entrySet()) {
      String build = buildOf.get(e.getKey());
      int last = next + e.getValue() - 1;
      BuildShare prev = out.isEmpty() ? null : out.get(out.size() - 1);
      if (prev != null && java.util.Objects.equals(prev.build(), build)) {
        out.set(out.size() - 1, new BuildShare(build, prev.started(), prev.runs() + 1, prev.first(), last));
      } else {
        ArenaStore.RunInfo info = runs.get(e.getKey());
        out.add(new BuildShare(build, build == null || info == null ? null : info.started(), build == null ? 0 : 1,
            next, last));
      }
      next = last + 1;
    }
    return out;
  }

  /**
   * The first match that ended in an error (lowest game, then seed index, then seating) as {@code
   * game, seed index N, seats: message}, or "" when none did.
   */
  private static String firstErrorText(List<ArenaStore.StoredMatch> all, List<String> agents,
      List<ArenaStore.GameInfo> games) {
    ArenaStore.StoredMatch firstError = null;
    for (ArenaStore.StoredMatch m : all) {
      if (m.status() == MatchResult.Status.ERROR && (firstError == null || MATCH_ORDER.compare(m, firstError) < 0)) {
        firstError = m;
      }
    }
    if (firstError == null) {
      return "";
    }
    StringBuilder seats = new StringBuilder();
    for (int a : firstError.seats()) {
      seats.append(seats.length() == 0 ? "" : " vs ").append(agents.get(a));
    }
    return games.get(firstError.game()).spec() + ", seed index " + firstError.seedIndex() + ", " + seats + ": "
        + firstError.message();
  }

  /**
   * The result when no seed index is complete (a tournament interrupted, or read while it runs,
   * before its first seed index is stored in full): nothing is analysed, since a partial seed
   * index seats some agents more often than others. Every rating, score, mass and interval is
   * NaN, every count of the analysed matches 0, every rank null; each game's ballot method is
   * {@code none}.
   */
  private static Result nothingAnalysed(long id, TournamentConfig config, List<String> agents,
      List<ArenaStore.GameInfo> games, AnalysisOptions o, double[] timeMs, int stored, int scheduled, int errorsStored,
      String firstError, List<BuildShare> builds) {
    int k = agents.size();
    List<GameResult> gameResults = new ArrayList<>();
    double[][] ampPerGame = new double[games.size()][];
    double[][] impPerGame = new double[games.size()][];
    for (int g = 0; g < games.size(); g++) {
      ArenaStore.GameInfo gi = games.get(g);
      gameResults.add(new GameResult(gi.spec(), gi.numPlayers(), 0, 0, 0, 0, gi.minUtility(), gi.maxUtility(),
          nanMatrix(k), nanMatrix(k), nanMatrix(k), new long[k][k], new long[k][k], new long[k][k], nanMatrix(k),
          nanMatrix(k), nans(k), nans(k), nans(k), nans(k), nans(k), "none", "no complete seed index: nothing analysed",
          nans(k), new long[k]));
      ampPerGame[g] = nans(k);
      impPerGame[g] = nans(k);
    }
    return new Result(id, config, agents, gameResults, 0, 0, nans(k), nans(k), nans(k), nanMatrix(k), nans(k), nans(k),
        nans(k), nans(k), nans(k), ampPerGame, impPerGame, o, firstError, timeMs, new long[k], new long[k], new Integer[k],
        new Integer[k], nanMatrix(k), stored, scheduled, 0, errorsStored, builds);
  }

  private static double[][] nanMatrix(int k) {
    double[][] x = new double[k][];
    for (int i = 0; i < k; i++) {
      x[i] = nans(k);
    }
    return x;
  }

  /**
   * Seed of game {@code g}'s bootstrap: the score-matrix bootstrap of the game and the game's part
   * of the SCO bootstrap both draw from a {@link SplittableRandom} with this seed, so resample b
   * of both draws the same seed indices.
   */
  static long gameSeed(AnalysisOptions o, int g) {
    return o.seed() + 7919L * g;
  }

  /** Resamples drawn at a time before they are evaluated in parallel (bounds the memory used). */
  private static final int SCO_CHUNK = 256;

  /**
   * Percentile intervals of the SCO ratings by a paired bootstrap over seeds within each game:
   * every resample draws, in each game with at least two seed indices, as many seed indices with
   * replacement as the game has (the same draws as the game's score-matrix bootstrap, from
   * {@link #gameSeed}), recomputes the game's mean score matrix and mean returns from the drawn
   * seeds, its α-Rank ballot exactly as the point estimate does ({@link #gameBallot}), and refits
   * SCO on all games' ballots. Games with one seed index keep their ballot.
   *
   * @param pointBallots each game's ballot (kept by games with one seed index)
   * @param sco the point estimate ({@code NaN} = on no ballot: that agent's bounds are NaN too)
   * @return [0] lower bounds, [1] upper bounds per agent; all NaN when no game has two seed
   *     indices (nothing to resample) or {@code o.scoResamples() < 1}
   */
  static double[][] scoIntervals(List<SeedRows> rows, List<double[]> pointBallots, double[] sco, AnalysisOptions o) {
    ScoBootstrap b = scoBootstrap(rows, pointBallots, sco, o);
    return new double[][] {b.low(), b.high()};
  }

  /**
   * What the SCO bootstrap gives ({@link #scoBootstrap}).
   *
   * @param low lower bound of each agent's SCO rating interval (NaN: none)
   * @param high upper bound
   * @param rankLow best rank (smallest number) of each agent's rank interval: the lower
   *     percentile point ((1 − level)/2) of the agent's competition rank ({@link #ranks}, ties
   *     sharing a rank as in the table) over the resamples, rounded down; null = no interval
   * @param rankHigh worst rank of the interval: the upper percentile point, rounded up
   * @param atLeast {@code atLeast[a][b]}: fraction of resamples in which agent a's SCO rating is
   *     at least agent b's (equal within {@link #RANK_TOLERANCE} counts), in [0, 1]; NaN when
   *     there is no bootstrap or either agent has no rating; the diagonal is 1
   */
  record ScoBootstrap(double[] low, double[] high, Integer[] rankLow, Integer[] rankHigh, double[][] atLeast,
      double[][] massLow, double[][] massHigh, double[][] massTop) {}

  /**
   * The chance that agent {@code a} is rated above agent {@code c} over the SCO bootstrap, ties
   * counting half: {@code P(a > c) + ½·P(a = c)}, from the "at least as high" frequencies of
   * {@link ScoBootstrap#atLeast} ({@code P(a > c) = 1 − atLeast[c][a]} and {@code P(a = c) =
   * atLeast[a][c] + atLeast[c][a] − 1}), which simplifies to {@code (1 + atLeast[a][c] −
   * atLeast[c][a]) / 2}. In [0, 1]; {@code above(a, c) + above(c, a) = 1}; 0.5 for an agent and
   * itself; NaN when either frequency is NaN.
   */
  static double above(double[][] atLeast, int a, int c) {
    return (1 + atLeast[a][c] - atLeast[c][a]) / 2;
  }

  /**
   * The fraction of SCO bootstrap resamples in which agents {@code a} and {@code c} are rated
   * equal (within {@link #RANK_TOLERANCE}): {@code atLeast[a][c] + atLeast[c][a] − 1}, in [0, 1];
   * NaN when either frequency is NaN.
   */
  static double tied(double[][] atLeast, int a, int c) {
    return Math.max(0, atLeast[a][c] + atLeast[c][a] - 1);
  }

  /**
   * The SCO bootstrap ({@link #scoIntervals}) with, besides the rating intervals, each agent's
   * rank interval and the pairwise frequencies with which one agent is rated at least as high as
   * another over the same resamples.
   */
  static ScoBootstrap scoBootstrap(List<SeedRows> rows, List<double[]> pointBallots, double[] sco, AnalysisOptions o) {
    return scoBootstrap(rows, pointBallots, sco, o, Progress.Factory.NONE);
  }

  /**
   * About the most memory the α-Rank results remembered by the bootstrap may take, shared evenly
   * by the games ({@link AlphaRank.Memo}); the SCO fits remembered may take as much again.
   */
  static final long MEMO_BYTES = 64L << 20;

  /**
   * The SCO bootstrap with, besides the SCO intervals, the α-Rank mass intervals of every game:
   * resample b (b &lt; max(scoResamples, alphaRankResamples)) draws each game's seed indices once
   * ({@link #drawTimes} from {@link #gameSeed}, the score-matrix bootstrap's draws) and
   * recomputes every game's α-Rank and ballot; SCO is refitted for b &lt; scoResamples, masses are
   * recorded for b &lt; alphaRankResamples. Two shortcuts that leave every number unchanged:
   * α → ∞ α-Rank is looked up by response graph ({@link AlphaRank.Memo}), and SCO by the
   * resample's pair weights (the fit reads nothing else). One progress step per resample.
   */
  static ScoBootstrap scoBootstrap(List<SeedRows> rows, List<double[]> pointBallots, double[] sco, AnalysisOptions o,
      Progress.Factory progressFactory) {
    int k = sco.length;
    int numGames = rows.size();
    double[] lo = nans(k);
    double[] hi = nans(k);
    Integer[] rankLo = new Integer[k];
    Integer[] rankHi = new Integer[k];
    double[][] atLeast = new double[k][k];
    for (double[] x : atLeast) {
      Arrays.fill(x, Double.NaN);
    }
    double[][] massLo = new double[numGames][];
    double[][] massHi = new double[numGames][];
    double[][] massTop = new double[numGames][];
    for (int g = 0; g < numGames; g++) {
      massLo[g] = nans(k);
      massHi[g] = nans(k);
      massTop[g] = nans(k);
    }
    int scoResamples = Math.max(0, o.scoResamples());
    int massResamples = Math.max(0, o.alphaRankResamples());
    int resamples = Math.max(scoResamples, massResamples);
    boolean anyVariation = false;
    for (SeedRows r : rows) {
      anyVariation |= r.cells().length >= 2;
    }
    if (!anyVariation || resamples < 1) {
      return new ScoBootstrap(lo, hi, rankLo, rankHi, atLeast, massLo, massHi, massTop);
    }
    SplittableRandom[] rng = new SplittableRandom[numGames];
    AlphaRank.Memo[] memo = new AlphaRank.Memo[numGames];
    for (int g = 0; g < numGames; g++) {
      rng[g] = new SplittableRandom(gameSeed(o, g));
      memo[g] = new AlphaRank.Memo(MEMO_BYTES / numGames);
    }
    java.util.concurrent.ConcurrentHashMap<WeightsKey, double[]> scoMemo = new java.util.concurrent.ConcurrentHashMap<>();
    long scoMemoEntries = MEMO_BYTES / (8L * (k * k + k) + 64);
    double[][] boot = new double[k][scoResamples];
    // per game and agent, the mass in each resample (null: the game has no α-Rank or one seed)
    double[][][] massBoot = new double[numGames][][];
    for (int g = 0; g < numGames; g++) {
      if (rows.get(g).cells().length >= 2 && massResamples > 0) {
        massBoot[g] = new double[k][massResamples];
      }
    }
    try (Progress progress = progressFactory.start("report: SCO and alpha-rank bootstrap", "resamples", resamples)) {
      for (int start = 0; start < resamples; start += SCO_CHUNK) {
        int count = Math.min(SCO_CHUNK, resamples - start);
        // draws first, in order, so the result does not depend on how the resamples are scheduled
        int[][][] times = new int[count][numGames][];
        for (int b = 0; b < count; b++) {
          for (int g = 0; g < numGames; g++) {
            int n = rows.get(g).cells().length;
            if (n < 2) {
              continue;
            }
            times[b][g] = drawTimes(rng[g], new int[n]);
          }
        }
        final int first = start;
        java.util.stream.IntStream.range(0, count).parallel().forEach(b -> {
          int index = first + b;
          List<double[]> gameBallots = new ArrayList<>();
          for (int g = 0; g < numGames; g++) {
            if (times[b][g] == null) {
              gameBallots.add(pointBallots.get(g));
              continue;
            }
            GameBallot gb = resampledGameBallot(rows.get(g), times[b][g], o, memo[g]);
            gameBallots.add(gb.ballot());
            if (index < massResamples) {
              for (int a = 0; a < k; a++) {
                massBoot[g][a][index] = gb.mass()[a];
              }
            }
          }
          if (index < scoResamples) {
            List<Sco.Ballot> ballots = scoBallots(gameBallots);
            double[][] w = Sco.pairWeights(k, ballots);
            double totalWeight = 0;
            for (Sco.Ballot ballot : ballots) {
              totalWeight += ballot.weight();
            }
            WeightsKey key = new WeightsKey(w, totalWeight);
            double[] r = scoMemo.get(key);
            if (r == null) {
              r = Sco.fit(w, totalWeight, o.sco());
              if (scoMemo.size() < scoMemoEntries) {
                scoMemo.putIfAbsent(key, r);
              }
            }
            for (int a = 0; a < k; a++) {
              boot[a][index] = r[a];
            }
          }
          progress.step();
        });
      }
    }
    massIntervals(massBoot, o.level(), massLo, massHi, massTop);
    if (scoResamples < 1) {
      return new ScoBootstrap(lo, hi, rankLo, rankHi, atLeast, massLo, massHi, massTop);
    }
    resamples = scoResamples;
    double alpha = (1 - o.level()) / 2;
    // ranks and pairwise order in each resample, among the agents with a rating
    double[][] rankBoot = new double[k][resamples];
    long[][] atLeastCount = new long[k][k];
    double[] one = new double[k];
    for (int b = 0; b < resamples; b++) {
      for (int a = 0; a < k; a++) {
        one[a] = Double.isNaN(sco[a]) ? Double.NaN : boot[a][b];
      }
      int[] rk = ranks(one);
      for (int a = 0; a < k; a++) {
        rankBoot[a][b] = rk[a];
        for (int c = 0; c < k; c++) {
          if (one[a] > one[c] || sameRating(one[a], one[c])) {
            atLeastCount[a][c]++;
          }
        }
      }
    }
    for (int a = 0; a < k; a++) {
      if (Double.isNaN(sco[a])) {
        continue;
      }
      Arrays.sort(boot[a]);
      lo[a] = Intervals.quantileSorted(boot[a], alpha);
      hi[a] = Intervals.quantileSorted(boot[a], 1 - alpha);
      Arrays.sort(rankBoot[a]);
      rankLo[a] = (int) Math.floor(Intervals.quantileSorted(rankBoot[a], alpha) + 1e-9);
      rankHi[a] = (int) Math.ceil(Intervals.quantileSorted(rankBoot[a], 1 - alpha) - 1e-9);
      for (int c = 0; c < k; c++) {
        if (!Double.isNaN(sco[c])) {
          atLeast[a][c] = (double) atLeastCount[a][c] / resamples;
        }
      }
    }
    return new ScoBootstrap(lo, hi, rankLo, rankHi, atLeast, massLo, massHi, massTop);
  }

  /**
   * SCO pair weights and total ballot weight of one resample, compared exactly (the key under which
   * the SCO bootstrap remembers a fit).
   */
  private static final class WeightsKey {
    private final double[] w;
    private final double n;
    private final int hash;

    WeightsKey(double[][] weights, double n) {
      int k = weights.length;
      this.w = new double[k * k];
      for (int a = 0; a < k; a++) {
        System.arraycopy(weights[a], 0, w, a * k, k);
      }
      this.n = n;
      this.hash = 31 * Arrays.hashCode(w) + Double.hashCode(n);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof WeightsKey x && x.hash == hash && Double.compare(x.n, n) == 0 && Arrays.equals(x.w, w);
    }

    @Override
    public int hashCode() {
      return hash;
    }
  }

  /**
   * Percentile intervals of each game's α-Rank masses and how often each agent has the largest
   * (rounded, {@link #massLevel}) mass, from the masses of the bootstrap resamples. An agent left
   * out of a game's α-Rank (NaN mass: no scored match, or left out for error matches) gets no
   * interval and no P(top) (NaN) there; the other agents get theirs, P(top) counted over all the
   * resamples.
   *
   * @param massBoot per game, K × resamples masses; null: no interval for the game; NaN masses:
   *     none for that agent
   */
  static void massIntervals(double[][][] massBoot, double level, double[][] lo, double[][] hi, double[][] top) {
    double alpha = (1 - level) / 2;
    for (int g = 0; g < massBoot.length; g++) {
      double[][] m = massBoot[g];
      if (m == null || m.length == 0) {
        continue;
      }
      int k = m.length;
      int n = m[0].length;
      long[] topCount = new long[k];
      boolean[] any = new boolean[k];
      for (int b = 0; b < n; b++) {
        double best = Double.NEGATIVE_INFINITY;
        for (int a = 0; a < k; a++) {
          if (!Double.isNaN(m[a][b])) {
            best = Math.max(best, massLevel(m[a][b]));
            any[a] = true;
          }
        }
        for (int a = 0; a < k; a++) {
          if (massLevel(m[a][b]) == best) {
            topCount[a]++;
          }
        }
      }
      for (int a = 0; a < k; a++) {
        if (!any[a]) {
          continue;
        }
        double[] sorted = Arrays.stream(m[a]).filter(x -> !Double.isNaN(x)).sorted().toArray();
        lo[g][a] = Intervals.quantileSorted(sorted, alpha);
        hi[g][a] = Intervals.quantileSorted(sorted, 1 - alpha);
        top[g][a] = (double) topCount[a] / n;
      }
    }
  }

  /**
   * The SCO ballots of the games: each game's ballot with weight 1, leaving out games whose
   * ballot ranks no agent (all NaN). Used for the point estimate and every bootstrap resample.
   */
  static List<Sco.Ballot> scoBallots(List<double[]> gameBallots) {
    List<Sco.Ballot> out = new ArrayList<>();
    for (double[] ballot : gameBallots) {
      boolean any = false;
      for (double v : ballot) {
        any |= !Double.isNaN(v);
      }
      if (any) {
        out.add(new Sco.Ballot(ballot, 1.0));
      }
    }
    return out;
  }

  /**
   * One bootstrap resample of n = {@code times.length} rows: how many times each row is drawn
   * (n draws with replacement). The score-matrix bootstrap and the SCO bootstrap of a game both
   * draw through here from generators with the same seed, so their resamples pair up.
   *
   * @return {@code times}, overwritten
   */
  static int[] drawTimes(SplittableRandom rng, int[] times) {
    int n = times.length;
    Arrays.fill(times, 0);
    for (int i = 0; i < n; i++) {
      times[rng.nextInt(n)]++;
    }
    return times;
  }

  /** A game's ballot recomputed from its seed rows, row r counted {@code times[r]} times. */
  static double[] resampledBallot(SeedRows rows, int[] times, AnalysisOptions o) {
    return resampledGameBallot(rows, times, o, null).ballot();
  }

  /**
   * A game's ballot and α-Rank mass recomputed from its seed rows, row r counted
   * {@code times[r]} times.
   *
   * @param memo α-Rank results by response graph (null: none)
   */
  static GameBallot resampledGameBallot(SeedRows rows, int[] times, AnalysisOptions o, AlphaRank.Memo memo) {
    int k = rows.k();
    int cells = k * k + k;
    double[] s = new double[cells];
    double[] c = new double[cells];
    Map<String, double[]> msSum = new HashMap<>();
    Map<String, double[]> msCount = new HashMap<>();
    for (int r = 0; r < times.length; r++) {
      int t = times[r];
      if (t == 0) {
        continue;
      }
      double[] x = rows.cells()[r];
      for (int i = 0; i < cells; i++) {
        if (!Double.isNaN(x[i])) {
          s[i] += t * x[i];
          c[i] += t;
        }
      }
      addTimes(msSum, rows.multisetSum().get(r), t, k);
      addTimes(msCount, rows.multisetCount().get(r), t, k);
    }
    double[][] meanM = new double[k][k];
    double[] agentMean = new double[k];
    for (int a = 0; a < k; a++) {
      for (int b = 0; b < k; b++) {
        int i = a * k + b;
        meanM[a][b] = c[i] > 0 ? s[i] / c[i] : Double.NaN;
      }
      int i = k * k + a;
      agentMean[a] = c[i] > 0 ? s[i] / c[i] : Double.NaN;
    }
    return gameBallot(rows.game(), k, rows.benchmark(), meanM, agentMean, msSum, msCount, o, memo,
        rows.errorOut());
  }

  private static void addTimes(Map<String, double[]> to, Map<String, double[]> from, int t, int k) {
    for (Map.Entry<String, double[]> e : from.entrySet()) {
      double[] d = to.computeIfAbsent(e.getKey(), x -> new double[k]);
      double[] v = e.getValue();
      for (int a = 0; a < k; a++) {
        d[a] += t * v[a];
      }
    }
  }

  /** Game, then seed index, then seats (agent indices in seat order). */
  private static final java.util.Comparator<ArenaStore.StoredMatch> MATCH_ORDER =
      java.util.Comparator.<ArenaStore.StoredMatch>comparingInt(ArenaStore.StoredMatch::game)
          .thenComparingInt(ArenaStore.StoredMatch::seedIndex)
          .thenComparing(ArenaStore.StoredMatch::seats, Arrays::compare);

  /**
   * The {@code time_ms} of an agent's stored resolved parameters (JSON object), 0 if it has none
   * or the text is not such an object.
   */
  static double storedTimeMs(String paramsJson) {
    try {
      com.fasterxml.jackson.databind.JsonNode t = JSON.readTree(paramsJson).get("time_ms");
      return t != null && t.isNumber() ? Math.max(0, t.asDouble()) : 0;
    } catch (com.fasterxml.jackson.core.JsonProcessingException | RuntimeException e) {
      return 0;
    }
  }

  private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();

  static GameResult analyseGame(ArenaStore.GameInfo gi, List<ArenaStore.StoredMatch> ms, int k, boolean benchmark,
      AnalysisOptions o, long seed) {
    return analyseGameWithRows(gi, ms, k, benchmark, o, seed, null).result();
  }

  /** A game's results and the per-seed rows they came from (for the SCO bootstrap). */
  record GameAnalysis(GameResult result, SeedRows rows) {}

  /**
   * The per-seed data of one game that its ballot is computed from.
   *
   * @param cells n rows (one per seed index that has scored matches, in seed-index order) of
   *     k·k + k values: the per-seed mean score matrix, row-major, then each agent's per-seed mean
   *     return ({@code NaN} = absent)
   * @param multisetSum per row, the summed returns of each agent per agent multiset (key: sorted
   *     agent indices), games of three or more players only
   * @param multisetCount per row, the matching numbers of returns
   * @param errorOut per agent, whether it is left out of the game's α-Rank and ballot for the
   *     game's own error matches ({@link #leftOutForErrors}), decided once on the whole game so
   *     that every bootstrap resample ranks the same agents; null: none
   */
  record SeedRows(ArenaStore.GameInfo game, int k, boolean benchmark, double[][] cells,
      List<Map<String, double[]>> multisetSum, List<Map<String, double[]>> multisetCount, boolean[] errorOut) {
    /** Rows with no agent left out for error matches. */
    SeedRows(ArenaStore.GameInfo game, int k, boolean benchmark, double[][] cells,
        List<Map<String, double[]>> multisetSum, List<Map<String, double[]>> multisetCount) {
      this(game, k, benchmark, cells, multisetSum, multisetCount, null);
    }
  }

  /**
   * A game's results and per-seed rows.
   *
   * @param ms the game's analysed matches as stored (a forfeit's returns are filled in here,
   *     {@link #withForfeitReturns})
   * @param agents the agent strings, for the notes (null: "agent 0", "agent 1", …)
   */
  static GameAnalysis analyseGameWithRows(ArenaStore.GameInfo gi, List<ArenaStore.StoredMatch> ms, int k,
      boolean benchmark, AnalysisOptions o, long seed, List<String> agents) {
    ms = withForfeitReturns(gi, ms);
    int cells = k * k + k;
    TreeMap<Integer, double[]> sums = new TreeMap<>();
    TreeMap<Integer, double[]> counts = new TreeMap<>();
    // per seed index: wins and comparisons (wins + draws + losses) of row against column
    TreeMap<Integer, double[]> seedWins = new TreeMap<>();
    TreeMap<Integer, double[]> seedComparisons = new TreeMap<>();
    long[][] wins = new long[k][k];
    long[][] draws = new long[k][k];
    long[][] losses = new long[k][k];
    int errors = 0;
    int overruns = 0;
    Map<String, double[]> multisetSum = new HashMap<>();
    Map<String, double[]> multisetCount = new HashMap<>();
    TreeMap<Integer, Map<String, double[]>> seedMultisetSum = new TreeMap<>();
    TreeMap<Integer, Map<String, double[]>> seedMultisetCount = new TreeMap<>();
    double[] decisionMicros = new double[k];
    long[] decisions = new long[k];
    int players = gi.numPlayers();
    // per seed index: each seat's summed returns, then their count (one per scored match)
    TreeMap<Integer, double[]> seatSums = new TreeMap<>();
    java.util.Set<ArenaStore.StoredMatch> leftOut = leftOutForBalance(ms);
    double utilitySum = utilitySum(gi, ms);
    int leftOutPlayed = 0; // the left-out matches that did not end in an error (those count as errors)
    for (ArenaStore.StoredMatch m : ms) {
      addDecisionTimes(m, decisionMicros, decisions);
      errors += m.status() == MatchResult.Status.ERROR ? 1 : 0;
      if (!scored(m) || leftOut.contains(m)) {
        leftOutPlayed += leftOut.contains(m) && m.status() != MatchResult.Status.ERROR ? 1 : 0;
        continue;
      }
      if (m.status() == MatchResult.Status.OVERRUN) {
        overruns++;
      }
      double[] seat = seatSums.computeIfAbsent(m.seedIndex(), x -> new double[2 * players]);
      for (int p = 0; p < players && p < m.returns().length; p++) {
        seat[p] += m.returns()[p];
        seat[players + p] += 1;
      }
      double[] s = sums.computeIfAbsent(m.seedIndex(), x -> new double[cells]);
      double[] c = counts.computeIfAbsent(m.seedIndex(), x -> new double[cells]);
      double[] sw = seedWins.computeIfAbsent(m.seedIndex(), x -> new double[k * k]);
      double[] sn = seedComparisons.computeIfAbsent(m.seedIndex(), x -> new double[k * k]);
      int[] seats = m.seats();
      double[] ret = m.returns();
      for (int p = 0; p < seats.length; p++) {
        int a = seats[p];
        s[k * k + a] += ret[p];
        c[k * k + a] += 1;
        for (int q = 0; q < seats.length; q++) {
          int b = seats[q];
          if (q == p || (a == b && seats.length > 2)) {
            continue;
          }
          s[a * k + b] += ret[p];
          c[a * k + b] += 1;
          if (a != b) {
            sn[a * k + b]++;
            if (ret[p] > ret[q]) {
              wins[a][b]++;
              sw[a * k + b]++;
            } else if (ret[p] == ret[q]) {
              draws[a][b]++;
            } else {
              losses[a][b]++;
            }
          }
        }
      }
      if (seats.length > 2) {
        int[] sorted = seats.clone();
        Arrays.sort(sorted);
        String key = Arrays.toString(sorted);
        double[] ms2 = multisetSum.computeIfAbsent(key, x -> new double[k]);
        double[] mc = multisetCount.computeIfAbsent(key, x -> new double[k]);
        double[] ss = seedMultisetSum.computeIfAbsent(m.seedIndex(), x -> new HashMap<>())
            .computeIfAbsent(key, x -> new double[k]);
        double[] sc = seedMultisetCount.computeIfAbsent(m.seedIndex(), x -> new HashMap<>())
            .computeIfAbsent(key, x -> new double[k]);
        for (int p = 0; p < seats.length; p++) {
          ms2[seats[p]] += ret[p];
          mc[seats[p]] += 1;
          ss[seats[p]] += ret[p];
          sc[seats[p]] += 1;
        }
      }
    }
    // Per-seed cell values (NaN = absent).
    int n = sums.size();
    double[][] v = new double[n][];
    List<Map<String, double[]>> rowMultisetSum = new ArrayList<>();
    List<Map<String, double[]>> rowMultisetCount = new ArrayList<>();
    int row = 0;
    for (Map.Entry<Integer, double[]> e : sums.entrySet()) {
      rowMultisetSum.add(seedMultisetSum.getOrDefault(e.getKey(), Map.of()));
      rowMultisetCount.add(seedMultisetCount.getOrDefault(e.getKey(), Map.of()));
      double[] s = e.getValue();
      double[] c = counts.get(e.getKey());
      double[] x = new double[cells];
      for (int i = 0; i < cells; i++) {
        x[i] = c[i] > 0 ? s[i] / c[i] : Double.NaN;
      }
      v[row++] = x;
    }
    double[] mean = new double[cells];
    double[] lo = new double[cells];
    double[] hi = new double[cells];
    bootstrap(v, cells, o.resamples(), o.level(), seed, mean, lo, hi);
    double[][] meanM = new double[k][k];
    double[][] loM = new double[k][k];
    double[][] hiM = new double[k][k];
    double[][] wl = new double[k][k];
    double[][] wh = new double[k][k];
    for (int a = 0; a < k; a++) {
      for (int b = 0; b < k; b++) {
        meanM[a][b] = mean[a * k + b];
        loM[a][b] = lo[a * k + b];
        hiM[a][b] = hi[a * k + b];
      }
    }
    winRateBootstrap(new ArrayList<>(seedWins.values()), new ArrayList<>(seedComparisons.values()), k, o.resamples(), o.level(),
        seed, wl, wh);
    double[] agentMean = Arrays.copyOfRange(mean, k * k, cells);
    double[] agentLow = Arrays.copyOfRange(lo, k * k, cells);
    double[] agentHigh = Arrays.copyOfRange(hi, k * k, cells);
    ErrorLeftOut errorLeftOut = benchmark ? null : leftOutForErrors(ms, leftOut, k, agents);
    boolean[] errorOut = errorLeftOut == null || errorLeftOut.note().isEmpty() ? null : errorLeftOut.out();
    GameBallot gb = gameBallot(gi, k, benchmark, meanM, agentMean, multisetSum, multisetCount, o, null,
        errorOut);
    String note = errorOut == null ? gb.note() : gb.note().isEmpty() ? errorLeftOut.note() : gb.note() + "; " + errorLeftOut.note();
    double[] msPer = new double[k];
    for (int a = 0; a < k; a++) {
      msPer[a] = decisions[a] > 0 ? decisionMicros[a] / decisions[a] / 1000.0 : Double.NaN;
    }
    // per-seat means: per seed index, then over seed indices, with the score matrix's draws
    double[][] seatRows = new double[seatSums.size()][players];
    int sr = 0;
    for (double[] x : seatSums.values()) {
      for (int p = 0; p < players; p++) {
        seatRows[sr][p] = x[players + p] > 0 ? x[p] / x[players + p] : Double.NaN;
      }
      sr++;
    }
    double[] seatMean = new double[players];
    double[] seatLow = new double[players];
    double[] seatHigh = new double[players];
    bootstrap(seatRows, players, o.resamples(), o.level(), seed, seatMean, seatLow, seatHigh);
    if (seatRows.length < 2) { // one seed index: no interval (as for every other figure)
      Arrays.fill(seatLow, Double.NaN);
      Arrays.fill(seatHigh, Double.NaN);
    }
    GameResult result = new GameResult(gi.spec(), gi.numPlayers(), ms.size(), errors, overruns, n, gi.minUtility(),
        gi.maxUtility(), meanM, loM, hiM, wins, draws, losses, wl, wh, agentMean, agentLow, agentHigh, gb.mass(),
        gb.ballot(), gb.method(), note, msPer, decisions, nans(k), nans(k), nans(k), leftOutPlayed, seatMean,
        seatLow, seatHigh, utilitySum, errorMatches(ms, k));
    return new GameAnalysis(result, new SeedRows(gi, k, benchmark, v, rowMultisetSum, rowMultisetCount, errorOut));
  }

  /**
   * Whether a match that ended in an error is scored as a forfeit: its error is blamed on a seat
   * ({@link ArenaStore.StoredMatch#failedSeat}: that seat's agent's creation, {@code selectAction}
   * or {@code informAction} threw, or it chose an illegal action). An error that names no seat is
   * the game's own (its code threw, even inside an agent's search, it broke the API's contract or
   * exceeded its maximum length): blamed on no agent, and not scored.
   */
  static boolean forfeit(ArenaStore.StoredMatch m) {
    return m.status() == MatchResult.Status.ERROR && m.failedSeat() >= 0 && m.failedSeat() < m.seats().length;
  }

  /**
   * Whether a match counts in the statistics (unless left out for seat balance, {@link
   * #leftOutForBalance}): it finished ({@code ok} or {@code overrun}), or it is a {@link #forfeit}.
   */
  static boolean scored(ArenaStore.StoredMatch m) {
    return m.status() != MatchResult.Status.ERROR || forfeit(m);
  }

  /**
   * The returns a forfeit is scored with, the rule of game-playing competitions: every seat held by
   * the failing seat's agent gets the game's minimum utility (in a game of 3 or more players that
   * agent may hold several seats, and its other seats must not collect the winners' share of its
   * own failure); each seat of the other agents gets the game's maximum in a two-player game and in
   * a general-sum or identical-interest one, and in a zero- or constant-sum game of n ≥ 3 players an
   * equal share of what the failing agent's k seats leave of the sum, (C − k·min)/(n − k), kept
   * within [min, max] (the maximum when the sum is unknown). When the failing agent holds every seat
   * (self-play) of a zero- or constant-sum game, only the failing seat gets the minimum and the
   * others share the rest, (C − min)/(n − 1): no other agent is there to be credited, and the
   * agent's return pooled over its seats is C/n however the match ends; in a general-sum game (or
   * one whose sum is unknown) every seat gets the minimum, since the maximum in the other seats would
   * pool to more than playing on gives (hearts: (0 + 3·36)/4 = 27, where a hand without its bonus
   * options pools to at most 19.5). So a failure scores no better for the failing agent than any
   * outcome the game allows, and a match that ends in one counts as its loss against every other
   * agent in it.
   *
   * @param gi the game (players, utility type and range)
   * @param seats the agent index of each seat, one per player
   * @param failedSeat the seat whose agent failed, in [0, players)
   * @param utilitySum the game's constant sum ({@link #utilitySum}; NaN: general-sum or unknown)
   * @return one return per seat
   */
  static double[] forfeitReturns(ArenaStore.GameInfo gi, int[] seats, int failedSeat, double utilitySum) {
    int n = gi.numPlayers();
    int failing = seats[failedSeat];
    int k = 0;
    for (int a : seats) {
      k += a == failing ? 1 : 0;
    }
    // self-play of a zero- or constant-sum game: the failing seat alone loses, the pooled return is
    // C/n anyway; in a general-sum one every seat loses, as every seat of a failing agent does
    boolean shareInSelfPlay = k == n && !Double.isNaN(utilitySum);
    int losers = shareInSelfPlay ? 1 : k;
    double other = gi.maxUtility();
    if (n >= 3 && !Double.isNaN(utilitySum)) {
      other = Math.max(gi.minUtility(), Math.min(gi.maxUtility(), (utilitySum - losers * gi.minUtility()) / (n - losers)));
    }
    double[] ret = new double[n];
    for (int p = 0; p < n; p++) {
      ret[p] = p == failedSeat || (!shareInSelfPlay && seats[p] == failing) ? gi.minUtility() : other;
    }
    return ret;
  }

  /**
   * A game's matches with each {@link #forfeit}'s returns filled in ({@link #forfeitReturns});
   * every other match as it is. The stored rows are not changed: forfeits are scored by the
   * analysis only.
   */
  static List<ArenaStore.StoredMatch> withForfeitReturns(ArenaStore.GameInfo gi, List<ArenaStore.StoredMatch> ms) {
    if (ms.stream().noneMatch(Analysis::forfeit)) {
      return ms;
    }
    double utilitySum = utilitySum(gi, ms);
    List<ArenaStore.StoredMatch> out = new ArrayList<>(ms.size());
    for (ArenaStore.StoredMatch m : ms) {
      if (!forfeit(m)) { // a stored row has one seat per player (ArenaStore checks it)
        out.add(m);
        continue;
      }
      int s = m.failedSeat();
      out.add(new ArenaStore.StoredMatch(m.game(), m.seats(), m.seedIndex(), m.seed(), m.status(),
          forfeitReturns(gi, m.seats(), s, utilitySum), m.length(), m.moveMicros(), m.overruns(), m.message(),
          m.actions(), s));
    }
    return out;
  }

  /**
   * Per agent, the error matches among {@code ms} blamed on it ({@link GameResult#errorMatches}):
   * the agent of the seat whose call failed, each a {@link #forfeit}. An error that names no seat
   * is the game's own and is blamed on no agent.
   */
  static int[] errorMatches(List<ArenaStore.StoredMatch> ms, int k) {
    int[] out = new int[k];
    for (ArenaStore.StoredMatch m : ms) {
      if (forfeit(m)) {
        out[m.seats()[m.failedSeat()]]++;
      }
    }
    return out;
  }

  /**
   * The matches of one game left out of the statistics for seat balance: the scored ones ({@link
   * #scored}: finished, or forfeits) that share their seed index and their group with a match
   * that ended in an error blamed on no seat (the game's own, not scored). A match's group is the
   * multiset of its agents (its seats sorted): for 2 players the pairing {i, j}, whose two seat
   * orders (i, j) and (j, i) share the seed; for n ≥ 3 every seating of the same agents; for the
   * benchmark schedule an agent with the benchmark agent in the other seats. Without this, a group
   * with an unscored match would be counted in some of its seat orders only, and which ones
   * survive would depend on where the game's fault struck: after it, every group counted in a seed
   * index is counted in all the seat orders stored for it. A forfeit keeps its group whole.
   *
   * @param ms the game's matches of the analysed seed indices, errors included
   * @return the left-out matches (compared by identity), none of them unscored
   */
  static java.util.Set<ArenaStore.StoredMatch> leftOutForBalance(List<ArenaStore.StoredMatch> ms) {
    java.util.Set<String> broken = new java.util.HashSet<>();
    for (ArenaStore.StoredMatch m : ms) {
      if (!scored(m)) {
        broken.add(groupKey(m));
      }
    }
    java.util.Set<ArenaStore.StoredMatch> out = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    if (broken.isEmpty()) {
      return out;
    }
    for (ArenaStore.StoredMatch m : ms) {
      if (scored(m) && broken.contains(groupKey(m))) {
        out.add(m);
      }
    }
    return out;
  }

  /**
   * The agents left out of a game's α-Rank and ballot for the game's own error matches, and the
   * note naming them.
   *
   * @param out per agent, whether it is left out
   * @param note one line naming each left-out agent and the group it has no scored match in; ""
   *     when none is left out
   */
  record ErrorLeftOut(boolean[] out, String note) {}

  /**
   * The agents to leave out of a game's α-Rank and ballot because of the game's own error matches
   * (blamed on no seat, so not scored: {@link #scored}). A group (the agent multiset of a match:
   * the pairing {i, j} for 2 players, every seating of the same agents for n ≥ 3) is
   * <em>failing</em> when it has no scored match in the game (every one of its analysed matches
   * ended in such an error or was left out with one for seat balance) and at least one such error.
   * α-Rank would fill its missing payoffs as a tie (2 players) or 0 (n players), a score the game
   * never gave; every agent of such a group's error matches is left out instead, and none is
   * ranked last for it (the game failed, not the agent). An error blamed on a seat is no reason
   * here: it is scored as that seat's forfeit ({@link #forfeitReturns}). Each failing group then
   * holds a left-out agent, so the remaining agents' payoff table has no profile missing because
   * of an error; a profile missing for another reason (not stored) keeps the fill rule. A failing
   * group with an agent that has no scored match at all in the game blames no one: that agent is
   * left out already ({@link #gameBallot}), and the group with it.
   *
   * @param ms the game's analysed matches, errors included
   * @param leftOut those of them left out for seat balance ({@link #leftOutForBalance})
   * @param k number of agents
   * @param agents agent strings for the note (null: "agent i")
   * @return the agents left out (none: an empty note)
   */
  static ErrorLeftOut leftOutForErrors(List<ArenaStore.StoredMatch> ms, java.util.Set<ArenaStore.StoredMatch> leftOut,
      int k, List<String> agents) {
    java.util.Set<String> scoredGroups = new java.util.HashSet<>();
    boolean[] hasScored = new boolean[k];
    TreeMap<String, int[]> errorGroups = new TreeMap<>();
    for (ArenaStore.StoredMatch m : ms) {
      int[] sorted = m.seats().clone();
      Arrays.sort(sorted);
      String key = Arrays.toString(sorted);
      if (!scored(m)) {
        errorGroups.putIfAbsent(key, sorted);
      } else if (!leftOut.contains(m)) {
        scoredGroups.add(key);
        for (int a : sorted) {
          hasScored[a] = true;
        }
      }
    }
    boolean[] out = new boolean[k];
    // per left-out agent: the first failing group it is in, and how many groups
    String[] firstGroup = new String[k];
    int[] groups = new int[k];
    for (Map.Entry<String, int[]> e : errorGroups.entrySet()) {
      int[] group = e.getValue();
      if (scoredGroups.contains(e.getKey()) || !allScored(group, hasScored)) {
        continue; // scored; or with an agent that has no scored match at all, left out with it already
      }
      for (int i = 0; i < group.length; i++) {
        int a = group[i];
        if (i > 0 && group[i - 1] == a) {
          continue; // an agent seated twice counts its group once
        }
        out[a] = true;
        if (groups[a]++ == 0) {
          firstGroup[a] = groupText(group, a, agents);
        }
      }
    }
    StringBuilder note = new StringBuilder();
    for (int a = 0; a < k; a++) {
      if (out[a]) {
        note.append(note.length() == 0 ? "" : "; ").append(agentName(agents, a)).append(" (no scored match ")
            .append(firstGroup[a]).append(groups[a] > 1 ? " and " + (groups[a] - 1) + " more" : "").append(')');
      }
    }
    if (note.length() > 0) {
      boolean pairs = ms.get(0).seats().length == 2;
      note.insert(0, "left out of the alpha-rank for the game's own error matches, which rank no agent last ("
          + (pairs ? "a missing pairing would count as a tie" : "a missing agent set would count as 0") + "): ");
    }
    return new ErrorLeftOut(out, note.toString());
  }

  private static boolean allScored(int[] seats, boolean[] hasScored) {
    for (int a : seats) {
      if (!hasScored[a]) {
        return false;
      }
    }
    return true;
  }

  /** "against B" (2 players, agent a's opponent) or "in the agent set {A, B, B}" (n ≥ 3). */
  private static String groupText(int[] group, int a, List<String> agents) {
    if (group.length == 2) {
      return "against " + agentName(agents, group[0] == a ? group[1] : group[0]);
    }
    StringBuilder sb = new StringBuilder("in the agent set {");
    for (int i = 0; i < group.length; i++) {
      sb.append(i == 0 ? "" : ", ").append(agentName(agents, group[i]));
    }
    return sb.append('}').toString();
  }

  private static String agentName(List<String> agents, int a) {
    return agents == null ? "agent " + a : agents.get(a);
  }

  /** A match's game, seed index and agent multiset (its seats sorted), as one key. */
  private static String groupKey(ArenaStore.StoredMatch m) {
    int[] sorted = m.seats().clone();
    Arrays.sort(sorted);
    return m.game() + "|" + m.seedIndex() + "|" + Arrays.toString(sorted);
  }

  /**
   * The constant sum of a game's returns: 0 for a zero-sum game; for a constant-sum game the
   * game's own {@link dev.ponder.game.Game#utilitySum} when its spec loads here, else the sum of
   * the returns of a stored scored match (every terminal state's returns add up to it); NaN for a
   * general-sum or identical-interest game, or a constant-sum one with neither.
   */
  static double utilitySum(ArenaStore.GameInfo gi, List<ArenaStore.StoredMatch> ms) {
    if (gi.utility().equals("ZERO_SUM")) {
      return 0;
    }
    if (!gi.utility().equals("CONSTANT_SUM")) {
      return Double.NaN;
    }
    try {
      return dev.ponder.game.GameRegistry.load(gi.spec()).utilitySum();
    } catch (RuntimeException notLoadableHere) {
      // the game's jar is not on this class path (a report read elsewhere): read it off a match
    }
    for (ArenaStore.StoredMatch m : ms) {
      if (m.status() != MatchResult.Status.ERROR && m.returns().length > 0) {
        double sum = 0;
        for (double r : m.returns()) {
          sum += r;
        }
        return sum;
      }
    }
    return Double.NaN;
  }

  /** A game's ballot with the α-Rank mass it came from and how it was made. */
  record GameBallot(double[] mass, double[] ballot, String method, String note) {}

  /**
   * The ballot of a game from its mean score matrix, per-agent mean returns and (games of three
   * or more players) the pooled returns per agent multiset: by mean return for the benchmark
   * schedule, else by α-Rank, ties broken by mean return ({@link #ballot}): a 2-player game by
   * single-population α-Rank on the score matrix, or with {@link AnalysisOptions.Populations#MULTI}
   * by two-population α-Rank on the payoff table the score matrix makes symmetric (profile (a, b):
   * a gets cell (a, b), b gets cell (b, a)); a game of three or more players by multi-population
   * α-Rank. Used for the point estimate and for every SCO bootstrap resample alike, with α-Rank
   * looked up in {@code memo} (null: none; the result is the same either way) and the agents
   * marked in {@code errorOut} (null: none) left out of the α-Rank and ballot for error matches
   * ({@link #leftOutForErrors}), as agents without a scored match are.
   */
  static GameBallot gameBallot(ArenaStore.GameInfo gi, int k, boolean benchmark, double[][] meanM, double[] agentMean,
      Map<String, double[]> multisetSum, Map<String, double[]> multisetCount, AnalysisOptions o,
      AlphaRank.Memo memo, boolean[] errorOut) {
    AlphaRank.Options alphaRank = o.alphaRank();
    if (!benchmark) {
      int scored = 0;
      int present = 0;
      for (int a = 0; a < k; a++) {
        boolean played = !Double.isNaN(agentMean[a]);
        scored += played ? 1 : 0;
        present += played && (errorOut == null || !errorOut[a]) ? 1 : 0;
      }
      if (present < k && present >= 1) {
        return withoutAbsentAgents(gi, k, meanM, agentMean, multisetSum, multisetCount, o, memo, present,
            errorOut);
      }
      if (scored == 0) { // every analysed match ended in the game's own error: nothing to rank, no mass to give
        return new GameBallot(nans(k), nans(k), "none", "no analysed match was scored (every one ended in the game's own error or was left out with one for seat balance):"
            + " no ballot");
      }
      if (present == 0) {
        return new GameBallot(nans(k), nans(k), "none", "every agent with a scored match is left out for the game's own error matches:"
            + " no ballot");
      }
    }
    double[] mass = new double[k];
    Arrays.fill(mass, Double.NaN);
    double[] ballot;
    String method;
    String note = "";
    if (benchmark) {
      double[] mean = agentMean.clone();
      mean[k - 1] = Double.NaN;
      ballot = meanBallot(mean);
      method = "mean-return";
    } else if (gi.numPlayers() == 2) {
      // an agent against itself (not played without --self-play) gets half the utility sum by
      // symmetry in a zero- or constant-sum game; unknown in a general-sum game
      double selfPayoff = selfPairPayoff(gi, k, meanM);
      boolean selfMissing = false;
      for (int a = 0; a < k; a++) {
        selfMissing |= !Double.isNaN(agentMean[a]) && Double.isNaN(meanM[a][a]);
      }
      // single-population α-Rank reads only the cells off the diagonal (the payoff gain M[r][s] −
      // M[s][r]) unless its model is the full Fermi process at a finite α; two populations read
      // the profiles (a, a) too
      boolean needsDiagonal = o.alphaRankTwoPlayer() != AnalysisOptions.Populations.SINGLE
          || !Double.isInfinite(alphaRank.alpha()) && alphaRank.model() == AlphaRank.Model.FULL;
      if (selfMissing && Double.isNaN(selfPayoff) && needsDiagonal) {
        ballot = meanBallot(agentMean);
        method = "mean-return";
        note = (gi.utility().equals("CONSTANT_SUM") ? "no pairing played both ways yet"
            : utilityLabel(gi) + " game without analysed self-play matches") + ": alpha-rank needs each agent's"
            + " payoff against itself (run with --self-play; matches that ended in the game's own error do not count);"
            + " ballot by mean return";
      } else {
        double[][] pay = new double[k][k];
        boolean missing = false;
        for (int a = 0; a < k; a++) {
          for (int b = 0; b < k; b++) {
            // a pairing not played counts as a tie; an unknown diagonal (general-sum, not read by
            // the model in use) as 0
            pay[a][b] = !Double.isNaN(meanM[a][b]) ? meanM[a][b] : tiePayoff(selfPayoff);
            missing |= a != b && Double.isNaN(meanM[a][b]);
          }
        }
        if (missing) {
          note = "some pairings have no analysed match (none stored, no error among them); treated as ties in alpha-rank";
        }
        if (selfMissing && selfPayoff != 0 && !Double.isNaN(selfPayoff)) {
          note = (note.isEmpty() ? "" : note + "; ") + "an agent against itself gets the utility sum / players ("
              + fmtSum(selfPayoff) + ")";
        }
        if (o.alphaRankTwoPlayer() == AnalysisOptions.Populations.SINGLE) {
          mass = AlphaRank.singlePopulation(pay, alphaRank, memo);
          ballot = ballot(mass, agentMean);
          method = "alpharank-single";
        } else if (k * k > AlphaRank.MAX_STATES) {
          ballot = meanBallot(agentMean);
          method = "mean-return";
          note = k + "^2 profiles exceed the alpha-rank limit (" + AlphaRank.MAX_STATES
              + ") of two-population alpha-rank (--alpharank-two-player multi); ballot by mean return";
        } else {
          // seed 000's model: the symmetric payoff table of two populations (seats), agent a in
          // population 0 and b in population 1 getting the seat-averaged cells (a, b) and (b, a)
          double[][] profile = new double[k * k][2];
          for (int a = 0; a < k; a++) {
            for (int b = 0; b < k; b++) {
              profile[a * k + b][0] = pay[a][b];
              profile[a * k + b][1] = pay[b][a];
            }
          }
          double[] pi = AlphaRank.multiPopulation(new int[] {k, k}, profile, alphaRank, memo);
          mass = AlphaRank.marginalMass(pi, k, 2);
          ballot = ballot(mass, agentMean);
          method = "alpharank-multi";
        }
      }
    } else {
      int pops = gi.numPlayers();
      double profiles = Math.pow(k, pops);
      // the pooled payoff of an agent against copies of itself: sum/n by symmetry in a zero- or
      // constant-sum game; unknown in a general-sum game unless those matches were played
      double selfPayoff = selfProfilePayoff(gi, pops, multisetSum, multisetCount);
      boolean selfMissing = false;
      for (int a = 0; a < k; a++) {
        if (Double.isNaN(agentMean[a])) {
          continue;
        }
        int[] same = new int[pops];
        Arrays.fill(same, a);
        selfMissing |= !multisetSum.containsKey(Arrays.toString(same));
      }
      if (profiles > AlphaRank.MAX_STATES) {
        ballot = meanBallot(agentMean);
        method = "mean-return";
        note = k + "^" + pops + " profiles exceed the alpha-rank limit (" + AlphaRank.MAX_STATES
            + "); ballot by mean return";
      } else if (selfMissing && Double.isNaN(selfPayoff)) {
        ballot = meanBallot(agentMean);
        method = "mean-return";
        note = utilityLabel(gi) + " game without analysed self-play matches: alpha-rank needs each agent's payoff"
            + " against copies of itself (run with --self-play; matches that ended in the game's own error do not count);"
            + " ballot by mean return";
      } else {
        int np = (int) profiles;
        double[][] pay = new double[np][pops];
        boolean missing = false;
        boolean imputed = false;
        int[] prof = new int[pops];
        for (int s = 0; s < np; s++) {
          int x = s;
          for (int p = pops - 1; p >= 0; p--) {
            prof[p] = x % k;
            x /= k;
          }
          int[] sorted = prof.clone();
          Arrays.sort(sorted);
          String key = Arrays.toString(sorted);
          double[] msum = multisetSum.get(key);
          double[] mcnt = multisetCount.get(key);
          boolean single = sorted[0] == sorted[pops - 1];
          for (int p = 0; p < pops; p++) {
            if (msum == null && single) {
              // an agent against copies of itself (not played without --self-play): in a zero-
              // or constant-sum game its return pooled over its seats is sum/n
              pay[s][p] = selfPayoff;
              imputed = true;
            } else if (msum == null || mcnt[prof[p]] == 0) {
              // not played: a tie, every seat the utility sum / n in a constant-sum game (0 when
              // the sum is unknown), as a 2-player pairing not played gets half the sum
              pay[s][p] = tiePayoff(selfPayoff);
              missing = true;
            } else {
              pay[s][p] = msum[prof[p]] / mcnt[prof[p]];
            }
          }
        }
        if (missing) {
          note = "some agent multisets have no analysed match (none stored, no error among them); their payoffs"
              + " are taken as " + (tiePayoff(selfPayoff) == 0 ? "0" : "the utility sum / players ("
              + fmtSum(selfPayoff) + ")") + " in alpha-rank";
        } else if (imputed && !gi.utility().equals("ZERO_SUM")) {
          note = "no self-play matches: an agent against copies of itself gets the utility sum / players ("
              + fmtSum(selfPayoff) + ", exact by symmetry in a constant-sum game)";
        }
        int[] ks = new int[pops];
        Arrays.fill(ks, k);
        double[] pi = AlphaRank.multiPopulation(ks, pay, alphaRank, memo);
        mass = AlphaRank.marginalMass(pi, k, pops);
        ballot = ballot(mass, agentMean);
        method = "alpharank-multi";
      }
    }
    return new GameBallot(mass, ballot, method, note);
  }

  /**
   * The ballot of a game in which some agents have no scored match (every one of their matches
   * ended in the game's own error or was left out with one), or are left out for the game's own
   * error matches ({@code errorOut}, {@link #leftOutForErrors}): α-Rank over the other agents,
   * these left out (mass and ballot NaN: unranked in this game); the note counts the agents
   * without a scored match (the caller names those left out for errors). Counting their missing
   * pairings as ties would give them a score the game never gave.
   */
  private static GameBallot withoutAbsentAgents(ArenaStore.GameInfo gi, int k, double[][] meanM, double[] agentMean,
      Map<String, double[]> multisetSum, Map<String, double[]> multisetCount, AnalysisOptions o,
      AlphaRank.Memo memo, int present, boolean[] errorOut) {
    int[] keep = new int[present];
    int[] newIndex = new int[k];
    Arrays.fill(newIndex, -1);
    int j = 0;
    int absent = 0;
    for (int a = 0; a < k; a++) {
      absent += Double.isNaN(agentMean[a]) ? 1 : 0;
      if (!Double.isNaN(agentMean[a]) && (errorOut == null || !errorOut[a])) {
        newIndex[a] = j;
        keep[j++] = a;
      }
    }
    double[][] subM = new double[present][present];
    double[] subMean = new double[present];
    for (int x = 0; x < present; x++) {
      subMean[x] = agentMean[keep[x]];
      for (int y = 0; y < present; y++) {
        subM[x][y] = meanM[keep[x]][keep[y]];
      }
    }
    Map<String, double[]> subSum = new java.util.HashMap<>();
    Map<String, double[]> subCount = new java.util.HashMap<>();
    for (Map.Entry<String, double[]> e : multisetSum.entrySet()) {
      String body = e.getKey().substring(1, e.getKey().length() - 1);
      String[] parts = body.split(", ");
      int[] mapped = new int[parts.length];
      boolean dropped = false;
      for (int i = 0; i < parts.length; i++) {
        mapped[i] = newIndex[Integer.parseInt(parts[i])];
        dropped |= mapped[i] < 0;
      }
      if (dropped) {
        continue; // an agent left out: its agent sets leave the payoff table with it
      }
      Arrays.sort(mapped);
      double[] sum = new double[present];
      double[] count = new double[present];
      double[] c = multisetCount.get(e.getKey());
      for (int x = 0; x < present; x++) {
        sum[x] = e.getValue()[keep[x]];
        count[x] = c[keep[x]];
      }
      subSum.put(Arrays.toString(mapped), sum);
      subCount.put(Arrays.toString(mapped), count);
    }
    GameBallot sub = gameBallot(gi, present, false, subM, subMean, subSum, subCount, o, memo, null);
    double[] mass = new double[k];
    double[] ballot = new double[k];
    Arrays.fill(mass, Double.NaN);
    Arrays.fill(ballot, Double.NaN);
    for (int x = 0; x < present; x++) {
      mass[keep[x]] = sub.mass()[x];
      ballot[keep[x]] = sub.ballot()[x];
    }
    if (absent == 0) {
      return new GameBallot(mass, ballot, sub.method(), sub.note());
    }
    String left = absent + " agent" + (absent == 1 ? "" : "s")
        + " with no scored match (every one ended in the game's own error or was left out with one for seat balance) left out of the alpha-rank";
    return new GameBallot(mass, ballot, sub.method(), sub.note().isEmpty() ? left : sub.note() + "; " + left);
  }

  /**
   * Expected return of an agent against copies of itself, pooled over its seats, when that follows
   * from the game type: 0 in a zero-sum game, the utility sum / {@code players} in a constant-sum
   * game (the sum read off the stored matches, whose returns all add up to it); NaN otherwise
   * (general-sum, identical-interest, or no stored match to read the sum from).
   */
  static double selfProfilePayoff(ArenaStore.GameInfo gi, int players, Map<String, double[]> multisetSum,
      Map<String, double[]> multisetCount) {
    if (gi.utility().equals("ZERO_SUM")) {
      return 0;
    }
    if (!gi.utility().equals("CONSTANT_SUM")) {
      return Double.NaN;
    }
    for (Map.Entry<String, double[]> e : new TreeMap<>(multisetSum).entrySet()) {
      double sum = 0;
      double count = 0;
      double[] c = multisetCount.get(e.getKey());
      for (int a = 0; a < c.length; a++) {
        sum += e.getValue()[a];
        count += c[a];
      }
      if (count > 0) {
        // count seats = count / players matches, each with returns summing to the utility sum
        return sum / count;
      }
    }
    return Double.NaN;
  }

  /**
   * The seat-averaged payoff of an agent against itself in a 2-player game: 0 in a zero-sum game,
   * half the utility sum in a constant-sum one (read off a played pair: M[a][b] + M[b][a] is the
   * sum), NaN in a general-sum game or when no pair has been played both ways.
   */
  static double selfPairPayoff(ArenaStore.GameInfo gi, int k, double[][] meanM) {
    if (gi.utility().equals("ZERO_SUM")) {
      return 0;
    }
    if (!gi.utility().equals("CONSTANT_SUM")) {
      return Double.NaN;
    }
    for (int a = 0; a < k; a++) {
      for (int b = a + 1; b < k; b++) {
        if (!Double.isNaN(meanM[a][b]) && !Double.isNaN(meanM[b][a])) {
          return (meanM[a][b] + meanM[b][a]) / 2;
        }
      }
    }
    return Double.NaN;
  }

  /** A pairing not played yet counts as a tie: half the utility sum (0 when it is unknown). */
  private static double tiePayoff(double selfPayoff) {
    return Double.isNaN(selfPayoff) ? 0 : selfPayoff;
  }

  /** "general-sum" or "identical-interest", for notes. */
  private static String utilityLabel(ArenaStore.GameInfo gi) {
    return gi.utility().equals("IDENTICAL") ? "identical-interest" : "general-sum";
  }

  private static String fmtSum(double v) {
    return String.format(java.util.Locale.ROOT, "%.4g", v);
  }

  /** Adds the decision times of a match ("seat:micros,...") to its agents' totals. */
  private static void addDecisionTimes(ArenaStore.StoredMatch m, double[] micros, long[] count) {
    String t = m.moveMicros();
    int i = 0;
    int n = t.length();
    while (i < n) {
      int seat = 0;
      while (i < n && t.charAt(i) != ':') {
        seat = seat * 10 + (t.charAt(i++) - '0');
      }
      i++;
      long us = 0;
      while (i < n && t.charAt(i) != ',') {
        us = us * 10 + (t.charAt(i++) - '0');
      }
      i++;
      if (seat < m.seats().length) {
        int a = m.seats()[seat];
        micros[a] += us;
        count[a]++;
      }
    }
  }

  /**
   * Whether two mean returns are equal up to rounding (relative 10⁻⁹, absolute below 1), as the
   * ballot's tie-break compares them: means formed as Σ t·x / Σ t over per-seed cells that are
   * themselves sum/count differ by ±10⁻¹⁷ where they are equal in exact arithmetic, and ordering
   * agents by that would break an exact tie by floating-point noise. Symmetric in its arguments.
   */
  static boolean sameMean(double a, double b) {
    return Math.abs(a - b) <= MEAN_TOLERANCE * Math.max(1, Math.max(Math.abs(a), Math.abs(b)));
  }

  /** Relative tolerance of {@link #sameMean}. */
  static final double MEAN_TOLERANCE = 1e-9;

  /** An α-Rank mass rounded to 10⁻⁶, as the ballot compares masses ({@link #ballot}). */
  static double massLevel(double mass) {
    return Math.round(mass * 1e6) / 1e6;
  }

  /**
   * The ballot of a game: agents ordered by α-Rank mass (rounded to 10⁻⁶), ties broken by mean
   * return in the game (equal within {@link #sameMean}: then the two agents tie); returned as scores (higher = better, equal = tied; NaN = did not play).
   * Without the tie-break every agent outside the sink components would tie at mass 0 under
   * α → ∞, and the ballot would say nothing about them.
   */
  static double[] ballot(double[] mass, double[] agentMean) {
    int k = mass.length;
    double[] q = new double[k];
    for (int i = 0; i < k; i++) {
      q[i] = massLevel(mass[i]);
    }
    double[] score = new double[k];
    for (int i = 0; i < k; i++) {
      if (Double.isNaN(agentMean[i])) {
        score[i] = Double.NaN;
        continue;
      }
      // score = number of playing agents strictly below i in (mass, mean return) order
      int below = 0;
      for (int j = 0; j < k; j++) {
        if (j == i || Double.isNaN(agentMean[j])) {
          continue;
        }
        if (q[i] > q[j] || (q[i] == q[j] && agentMean[i] > agentMean[j] && !sameMean(agentMean[i], agentMean[j]))) {
          below++;
        }
      }
      score[i] = below;
    }
    return score;
  }

  /**
   * The ballot of a game ranked by mean return: agents ordered by their mean return, two whose
   * means are equal within {@link #sameMean} tied (the α-Rank ballot's tie-break, without the
   * masses), so that means equal in exact arithmetic do not get an order from rounding noise.
   *
   * @param agentMean per agent (NaN: not on the ballot)
   * @return scores as {@link #ballot} gives them
   */
  static double[] meanBallot(double[] agentMean) {
    return ballot(new double[agentMean.length], agentMean);
  }

  /**
   * Bootstrap over seed rows: every resample draws n rows with replacement (the same rows for
   * all cells, so paired structure is kept) and takes, per cell, the mean of the present values.
   * With one row (one seed index) there is nothing to resample: {@code lo} and {@code hi} are NaN
   * (no interval), as for every other figure.
   */
  static void bootstrap(double[][] v, int cells, int resamples, double level, long seed,
      double[] mean, double[] lo, double[] hi) {
    int n = v.length;
    double[] sum = new double[cells];
    double[] cnt = new double[cells];
    for (double[] x : v) {
      for (int i = 0; i < cells; i++) {
        if (!Double.isNaN(x[i])) {
          sum[i] += x[i];
          cnt[i]++;
        }
      }
    }
    for (int i = 0; i < cells; i++) {
      mean[i] = cnt[i] > 0 ? sum[i] / cnt[i] : Double.NaN;
    }
    if (n < 2 || resamples < 1) { // no interval from one seed index (or no resample)
      Arrays.fill(lo, 0, cells, Double.NaN);
      Arrays.fill(hi, 0, cells, Double.NaN);
      return;
    }
    // Replace NaN by 0 with a presence indicator so the inner loop is branch-free.
    double[][] val = new double[n][cells];
    double[][] pres = new double[n][cells];
    for (int r = 0; r < n; r++) {
      for (int i = 0; i < cells; i++) {
        boolean p = !Double.isNaN(v[r][i]);
        val[r][i] = p ? v[r][i] : 0;
        pres[r][i] = p ? 1 : 0;
      }
    }
    double[][] boot = ratioBootstrap(val, pres, cells, resamples, seed);
    double alpha = (1 - level) / 2;
    for (int i = 0; i < cells; i++) {
      if (Double.isNaN(mean[i])) {
        lo[i] = Double.NaN;
        hi[i] = Double.NaN;
        continue;
      }
      double[] d = Arrays.stream(boot[i]).filter(x -> !Double.isNaN(x)).sorted().toArray();
      lo[i] = Intervals.quantileSorted(d, alpha);
      hi[i] = Intervals.quantileSorted(d, 1 - alpha);
    }
  }

  /**
   * The resampled ratios of a bootstrap over rows (seed indices): resample b draws the n rows with
   * replacement ({@link #drawTimes} from a generator seeded with {@code seed}, the same draws for
   * every cell) and gives, per cell i, Σ num[r][i] / Σ den[r][i] over the drawn rows (NaN where the
   * denominator is 0).
   *
   * @return cells × resamples ratios
   */
  static double[][] ratioBootstrap(double[][] num, double[][] den, int cells, int resamples, long seed) {
    int n = num.length;
    double[][] boot = new double[cells][resamples];
    SplittableRandom rng = new SplittableRandom(seed);
    int[] times = new int[n];
    double[] s = new double[cells];
    double[] c = new double[cells];
    for (int b = 0; b < resamples; b++) {
      drawTimes(rng, times);
      Arrays.fill(s, 0);
      Arrays.fill(c, 0);
      for (int r = 0; r < n; r++) {
        int t = times[r];
        if (t == 0) {
          continue;
        }
        double[] nr = num[r];
        double[] dr = den[r];
        for (int i = 0; i < cells; i++) {
          s[i] += t * nr[i];
          c[i] += t * dr[i];
        }
      }
      for (int i = 0; i < cells; i++) {
        boot[i][b] = c[i] > 0 ? s[i] / c[i] : Double.NaN;
      }
    }
    return boot;
  }

  /**
   * Percentile intervals of the win rates W / (W + D + L) by a bootstrap over seed indices: every
   * resample draws the game's seed indices with replacement (the same draws as the game's
   * score-matrix bootstrap: a generator with the same seed, drawn through {@link #drawTimes}) and
   * takes, per pair, the drawn seeds' wins over their comparisons. All matches of a seed index
   * stay together, so the seat-swapped matches sharing a seed, and the several comparisons one
   * n-player match gives a pair, are not treated as independent.
   *
   * @param wins per seed index, K × K wins of row over column (flattened, row-major)
   * @param comparisons per seed index, K × K comparisons (wins + draws + losses)
   * @param low out: lower bounds (NaN where the pair has no comparison or the game has one seed
   *     index)
   * @param high out: upper bounds
   */
  static void winRateBootstrap(List<double[]> wins, List<double[]> comparisons, int k, int resamples, double level, long seed,
      double[][] low, double[][] high) {
    int n = wins.size();
    for (int a = 0; a < k; a++) {
      Arrays.fill(low[a], Double.NaN);
      Arrays.fill(high[a], Double.NaN);
    }
    if (n < 2 || resamples < 1) {
      return;
    }
    int cells = k * k;
    double[][] boot = ratioBootstrap(wins.toArray(double[][]::new), comparisons.toArray(double[][]::new), cells,
        resamples, seed);
    double alpha = (1 - level) / 2;
    double[] total = new double[cells];
    for (double[] cr : comparisons) {
      for (int i = 0; i < cells; i++) {
        total[i] += cr[i];
      }
    }
    for (int i = 0; i < cells; i++) {
      if (total[i] == 0) {
        continue;
      }
      double[] d = Arrays.stream(boot[i]).filter(x -> !Double.isNaN(x)).sorted().toArray();
      low[i / k][i % k] = Intervals.quantileSorted(d, alpha);
      high[i / k][i % k] = Intervals.quantileSorted(d, 1 - alpha);
    }
  }

  /**
   * Elo from all pairwise outcomes, with a bootstrap over seed indices within each game.
   *
   * @param byGame per game, its analysed matches with the forfeits' returns filled in ({@link
   *     #withForfeitReturns})
   */
  static double[][] elo(List<List<ArenaStore.StoredMatch>> byGame, int k, AnalysisOptions o) {
    return elo(byGame, k, o, Progress.none());
  }

  /** {@link #elo(List, int, AnalysisOptions)}, one progress step per resample. */
  static double[][] elo(List<List<ArenaStore.StoredMatch>> byGame, int k, AnalysisOptions o, Progress progress) {
    List<double[][]> units = new ArrayList<>();
    List<Integer> gameOf = new ArrayList<>();
    for (int g = 0; g < byGame.size(); g++) {
      TreeMap<Integer, double[][]> perSeed = new TreeMap<>();
      java.util.Set<ArenaStore.StoredMatch> leftOut = leftOutForBalance(byGame.get(g));
      for (ArenaStore.StoredMatch m : byGame.get(g)) {
        if (!scored(m) || leftOut.contains(m)) {
          continue;
        }
        double[][] w = perSeed.computeIfAbsent(m.seedIndex(), x -> new double[k][k]);
        int[] seats = m.seats();
        double[] ret = m.returns();
        for (int p = 0; p < seats.length; p++) {
          for (int q = 0; q < seats.length; q++) {
            if (p == q || seats[p] == seats[q]) {
              continue;
            }
            if (ret[p] > ret[q]) {
              w[seats[p]][seats[q]] += 1;
            } else if (ret[p] == ret[q]) {
              w[seats[p]][seats[q]] += 0.5;
            }
          }
        }
      }
      for (double[][] w : perSeed.values()) {
        units.add(w);
        gameOf.add(g);
      }
    }
    double[][] total = new double[k][k];
    for (double[][] w : units) {
      add(total, w, 1);
    }
    // agents with no scored comparison (every match of theirs ended in the game's own error or was
    // left out with one) have no Elo: fitted without them, the smoothing would rate them level with all
    int[] rated = rated(total);
    double[] est = fitRated(total, rated);
    double[] lo = new double[k];
    double[] hi = new double[k];
    int resamples = o.eloResamples();
    // Group unit indices by game; resample within each game.
    List<List<Integer>> groups = new ArrayList<>();
    for (int g = 0; g < byGame.size(); g++) {
      groups.add(new ArrayList<>());
    }
    for (int u = 0; u < units.size(); u++) {
      groups.get(gameOf.get(u)).add(u);
    }
    boolean anyVariation = false;
    for (List<Integer> grp : groups) {
      anyVariation |= grp.size() >= 2;
    }
    if (!anyVariation || resamples < 1) {
      // one seed per game: a bootstrap over seeds has nothing to resample, so no interval
      double[] none = new double[k];
      Arrays.fill(none, Double.NaN);
      return new double[][] {est, none, none.clone()};
    }
    double[][] boot = new double[k][resamples];
    SplittableRandom rng = new SplittableRandom(o.seed() ^ 0x5EEDL);
    double[][] w = new double[k][k];
    for (int b = 0; b < resamples; b++) {
      for (double[] r : w) {
        Arrays.fill(r, 0);
      }
      for (List<Integer> grp : groups) {
        for (int i = 0; i < grp.size(); i++) {
          add(w, units.get(grp.get(rng.nextInt(grp.size()))), 1);
        }
      }
      double[] r = fitRated(w, rated);
      for (int a = 0; a < k; a++) {
        boot[a][b] = r[a];
      }
      progress.step();
    }
    double alpha = (1 - o.level()) / 2;
    for (int a = 0; a < k; a++) {
      if (Double.isNaN(est[a])) {
        lo[a] = Double.NaN;
        hi[a] = Double.NaN;
        continue;
      }
      Arrays.sort(boot[a]);
      lo[a] = Intervals.quantileSorted(boot[a], alpha);
      hi[a] = Intervals.quantileSorted(boot[a], 1 - alpha);
    }
    return new double[][] {est, lo, hi};
  }

  /**
   * The agents that have at least one scored comparison with another agent in {@code total}
   * (wins plus half draws of row over column, summed over every unit), in index order.
   */
  private static int[] rated(double[][] total) {
    int k = total.length;
    return java.util.stream.IntStream.range(0, k).filter(a -> {
      for (int b = 0; b < k; b++) {
        if (b != a && total[a][b] + total[b][a] > 0) {
          return true;
        }
      }
      return false;
    }).toArray();
  }

  /**
   * Elo of the {@code rated} agents fitted on their part of {@code wins} (the lowest of them 0),
   * NaN for the others; with fewer than two rated agents, every agent gets the plain fit.
   */
  private static double[] fitRated(double[][] wins, int[] rated) {
    int k = wins.length;
    if (rated.length == k || rated.length < 2) {
      return Elo.fit(wins);
    }
    double[][] sub = new double[rated.length][rated.length];
    for (int i = 0; i < rated.length; i++) {
      for (int j = 0; j < rated.length; j++) {
        sub[i][j] = wins[rated[i]][rated[j]];
      }
    }
    double[] r = Elo.fit(sub);
    double[] out = nans(k);
    for (int i = 0; i < rated.length; i++) {
      out[rated[i]] = r[i];
    }
    return out;
  }

  private static void add(double[][] to, double[][] w, double f) {
    for (int i = 0; i < to.length; i++) {
      for (int j = 0; j < to.length; j++) {
        to[i][j] += f * w[i][j];
      }
    }
  }

  /**
   * Amplification and improvement (seed 000, SPEC §1.4): per game,
   * {@code Amp(m) = clamp((F(m) − F(ref)) / (Umax − F(ref) + ε), −1, 1)} and Imp likewise with
   * the raw prior, where F(x) is the mean over a common opponent set O of x's mean return
   * against o (O = the agents other than m, the reference and the raw prior; if empty, every
   * agent other than x), Umax the game's maximum utility and ε = 1e-9.
   *
   * @return [0] amplification per game and agent, [1] improvement (NaN where not defined)
   */
  static double[][][] amplification(List<GameResult> games, List<String> agents, AnalysisOptions o) {
    int k = agents.size();
    int ref = agents.indexOf(o.reference());
    int raw = agents.indexOf(o.rawPrior());
    double[][] amp = new double[games.size()][k];
    double[][] imp = new double[games.size()][k];
    for (double[] r : amp) {
      Arrays.fill(r, Double.NaN);
    }
    for (double[] r : imp) {
      Arrays.fill(r, Double.NaN);
    }
    for (int g = 0; g < games.size(); g++) {
      GameResult gr = games.get(g);
      for (int m = 0; m < k; m++) {
        if (m == ref || m == raw) {
          continue;
        }
        List<Integer> opp = new ArrayList<>();
        for (int x = 0; x < k; x++) {
          if (x != m && x != ref && x != raw) {
            opp.add(x);
          }
        }
        double fm = f(gr, m, opp);
        if (ref >= 0) {
          double fr = f(gr, ref, opp);
          amp[g][m] = clamp((fm - fr) / (gr.maxUtility() - fr + 1e-9));
        }
        if (raw >= 0) {
          double fp = f(gr, raw, opp);
          imp[g][m] = clamp((fm - fp) / (gr.maxUtility() - fp + 1e-9));
        }
      }
    }
    return new double[][][] {amp, imp};
  }

  private static double f(GameResult gr, int x, List<Integer> opponents) {
    double s = 0;
    int n = 0;
    List<Integer> opp = opponents;
    if (opp.isEmpty()) {
      opp = new ArrayList<>();
      for (int y = 0; y < gr.mean().length; y++) {
        if (y != x) {
          opp.add(y);
        }
      }
    }
    for (int y : opp) {
      double v = gr.mean()[x][y];
      if (!Double.isNaN(v)) {
        s += v;
        n++;
      }
    }
    return n > 0 ? s / n : Double.NaN;
  }

  private static double clamp(double x) {
    return Double.isNaN(x) ? Double.NaN : Math.max(-1, Math.min(1, x));
  }
}
