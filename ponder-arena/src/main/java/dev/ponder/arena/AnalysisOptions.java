package dev.ponder.arena;

import dev.ponder.rating.AlphaRank;
import dev.ponder.rating.Sco;

/**
 * Options of the statistics. The values are checked when the options are built (every
 * constructor): a value out of its range throws {@link IllegalArgumentException} naming the field,
 * the value and the valid range. {@link #reference()} and {@link #rawPrior()} can only be checked
 * against a tournament: {@link Analysis#analyse(ArenaStore, long, AnalysisOptions)} refuses a name
 * that is not one of its agents before computing anything.
 *
 * @param resamples bootstrap resamples for score intervals, {@link #MIN_RESAMPLES} to {@link
 *     #MAX_RESAMPLES} (default 10,000)
 * @param eloResamples bootstrap resamples for Elo intervals, same range (default 1,000)
 * @param scoResamples bootstrap resamples for SCO intervals, same range (default 2,000); each
 *     resample recomputes every game's α-Rank ballot and refits SCO
 * @param level confidence level of every interval, strictly between 0 and 1 (default 0.95)
 * @param seed seed of every bootstrap
 * @param alphaRank α-Rank options (default α → ∞, m = 50), not null
 * @param sco SCO options (default τ = 1, lr = 1, 1000 iterations, ratings in [0, 1000]: {@link
 *     Sco.Options#defaults()}, whose Javadoc says why lr is 100 times OpenSpiel's 0.01), not null
 * @param reference reference agent string for amplification, as stored in the tournament (empty:
 *     none), not null
 * @param rawPrior raw-prior agent string for improvement, as stored (empty: none), not null
 * @param alphaRankResamples bootstrap resamples for the intervals of each game's α-Rank masses,
 *     {@link #MIN_RESAMPLES} to {@link #MAX_RESAMPLES} (default 1,000); resample b is the SCO
 *     bootstrap's resample b (the same seed-index draws), so up to {@code scoResamples} they cost
 *     nothing more; beyond it each costs one α-Rank per game
 * @param alphaRankTwoPlayer how α-Rank ranks a 2-player game of a round robin, not null (default
 *     {@link Populations#SINGLE}; games of three or more players always use multi-population
 *     α-Rank)
 */
public record AnalysisOptions(int resamples, int eloResamples, int scoResamples, double level, long seed,
    AlphaRank.Options alphaRank, Sco.Options sco, String reference, String rawPrior, int alphaRankResamples,
    Populations alphaRankTwoPlayer) {

  /**
   * The α-Rank model of a 2-player game (Omidshafiei et al. 2019; ALGORITHMS.md §8.1; the
   * reasons and an example where the two differ: docs/arena.md, α-Rank).
   */
  public enum Populations {
    /**
     * Single population: the agents are the strategies of one population playing the symmetric
     * game whose payoff to a against b is the seat-averaged mean score cell (a, b) (seat balancing
     * makes the game symmetric), as the α-Rank paper treats symmetric games. The default.
     */
    SINGLE,
    /**
     * Two populations, one per seat: states are profiles (a, b), and the payoff table is the
     * symmetric one the score matrix gives (a gets cell (a, b), b gets cell (b, a)); an agent's mass
     * is {@code m_a = (1/2) Σ_p Σ_{s: s_p = a} π(s)}, as for three or more players. Seed 000's
     * model (App. H.1). At most 31 agents (31² ≤ {@link AlphaRank#MAX_STATES} profiles); with
     * more, the game's ballot is its mean return.
     */
    MULTI
  }

  /**
   * Fewest bootstrap resamples accepted (also by the CLI's {@code --resamples} and the like): the
   * intervals are percentile intervals, and at 95% each 2.5% tail holds B·0.025 resamples, so at
   * least 40 are needed for every tail to hold one (fewer give intervals that collapse onto the
   * extreme resamples; 0 gives a zero-width interval).
   */
  public static final int MIN_RESAMPLES = 40;

  /** Most bootstrap resamples accepted (the score bootstrap keeps cells × resamples doubles). */
  public static final int MAX_RESAMPLES = 1_000_000;

  /**
   * Checks every field (the other constructors and {@link #defaults()} come through here).
   *
   * @throws IllegalArgumentException if a resample count is outside [{@link #MIN_RESAMPLES}, {@link
   *     #MAX_RESAMPLES}] or {@code level} is not in (0, 1) (the message names the field, its value
   *     and the valid range)
   * @throws NullPointerException if an object field is null (the message names it)
   */
  public AnalysisOptions {
    checkResamples("resamples", resamples);
    checkResamples("eloResamples", eloResamples);
    checkResamples("scoResamples", scoResamples);
    checkResamples("alphaRankResamples", alphaRankResamples);
    if (!(level > 0 && level < 1)) {
      throw new IllegalArgumentException("level must be strictly between 0 and 1 (a confidence level such as 0.95), got "
          + level);
    }
    java.util.Objects.requireNonNull(alphaRank, "alphaRank");
    java.util.Objects.requireNonNull(sco, "sco");
    java.util.Objects.requireNonNull(reference, "reference (empty for none)");
    java.util.Objects.requireNonNull(rawPrior, "rawPrior (empty for none)");
    java.util.Objects.requireNonNull(alphaRankTwoPlayer, "alphaRankTwoPlayer");
  }

  /** The options with single-population α-Rank for 2-player games ({@link Populations#SINGLE}). */
  public AnalysisOptions(int resamples, int eloResamples, int scoResamples, double level, long seed,
      AlphaRank.Options alphaRank, Sco.Options sco, String reference, String rawPrior, int alphaRankResamples) {
    this(resamples, eloResamples, scoResamples, level, seed, alphaRank, sco, reference, rawPrior, alphaRankResamples,
        Populations.SINGLE);
  }

  /** These options with 2-player games ranked by {@code model}. */
  public AnalysisOptions withAlphaRankTwoPlayer(Populations model) {
    return new AnalysisOptions(resamples, eloResamples, scoResamples, level, seed, alphaRank, sco, reference, rawPrior,
        alphaRankResamples, model);
  }

  private static void checkResamples(String field, int n) {
    if (n < MIN_RESAMPLES || n > MAX_RESAMPLES) {
      throw new IllegalArgumentException(field + " must be " + MIN_RESAMPLES + " to " + MAX_RESAMPLES
          + " (bootstrap resamples of a percentile interval), got " + n);
    }
  }

  /**
   * Checks {@link #reference()} and {@link #rawPrior()} against the agents of a tournament.
   *
   * @param agents the tournament's agent strings, as stored
   * @throws IllegalArgumentException if a non-empty name is not one of {@code agents} (the message
   *     names the field, the value and the agents)
   */
  public void requireAgentsOf(java.util.List<String> agents) {
    requireAgent("reference", reference, agents);
    requireAgent("rawPrior", rawPrior, agents);
  }

  private static void requireAgent(String field, String name, java.util.List<String> agents) {
    if (!name.isEmpty() && !agents.contains(name)) {
      throw new IllegalArgumentException(field + ": '" + name + "' is not an agent of this tournament; agents: "
          + String.join(", ", agents) + dev.ponder.spec.Suggestions.didYouMean(name, agents));
    }
  }

  /** Default number of α-Rank mass bootstrap resamples. */
  public static final int DEFAULT_ALPHARANK_RESAMPLES = 1_000;

  /** The options with the default number of α-Rank resamples ({@link #DEFAULT_ALPHARANK_RESAMPLES}). */
  public AnalysisOptions(int resamples, int eloResamples, int scoResamples, double level, long seed,
      AlphaRank.Options alphaRank, Sco.Options sco, String reference, String rawPrior) {
    this(resamples, eloResamples, scoResamples, level, seed, alphaRank, sco, reference, rawPrior,
        DEFAULT_ALPHARANK_RESAMPLES);
  }

  /**
   * Default number of SCO bootstrap resamples. The bootstrap distribution of a rating is lumpy
   * (few distinct sets of ballots), so at a few hundred resamples a bound can jump by several
   * rating points with the stats seed; see docs/arena.md for the measured cost and spread.
   */
  public static final int DEFAULT_SCO_RESAMPLES = 2_000;

  /** The options with the default number of SCO resamples ({@link #DEFAULT_SCO_RESAMPLES}). */
  public AnalysisOptions(int resamples, int eloResamples, double level, long seed,
      AlphaRank.Options alphaRank, Sco.Options sco, String reference, String rawPrior) {
    this(resamples, eloResamples, DEFAULT_SCO_RESAMPLES, level, seed, alphaRank, sco, reference, rawPrior);
  }

  /**
   * The default options: 10,000 score, 1,000 Elo, {@value #DEFAULT_SCO_RESAMPLES} SCO and {@value
   * #DEFAULT_ALPHARANK_RESAMPLES} α-Rank resamples, 95% intervals, bootstrap seed 1, α-Rank with α →
   * ∞ ({@link AlphaRank.Options#infinite()}), {@link Sco.Options#defaults()}, no reference or
   * raw-prior agent, single-population α-Rank for 2-player games.
   */
  public static AnalysisOptions defaults() {
    return new AnalysisOptions(10_000, 1_000, DEFAULT_SCO_RESAMPLES, 0.95, 1, AlphaRank.Options.infinite(), Sco.Options.defaults(), "", "",
        DEFAULT_ALPHARANK_RESAMPLES);
  }
}
