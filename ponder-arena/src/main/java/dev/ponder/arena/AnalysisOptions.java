package dev.ponder.arena;

import dev.ponder.rating.AlphaRank;
import dev.ponder.rating.Sco;

/**
 * Options of the statistics.
 *
 * @param resamples bootstrap resamples for score intervals (default 10,000)
 * @param eloResamples bootstrap resamples for Elo intervals (default 1,000)
 * @param scoResamples bootstrap resamples for SCO intervals (default 2,000); each resample
 *     recomputes every game's α-Rank ballot and refits SCO
 * @param level confidence level (default 0.95)
 * @param seed seed of every bootstrap
 * @param alphaRank α-Rank options (default α → ∞, m = 50)
 * @param sco SCO options (default τ = 1, lr = 0.01, 1000 iterations, [0, 1000])
 * @param reference reference agent string for amplification (empty: none)
 * @param rawPrior raw-prior agent string for improvement (empty: none)
 * @param alphaRankResamples bootstrap resamples for the intervals of each game's α-Rank masses
 *     (default 1,000); resample b is the SCO bootstrap's resample b (the same seed-index draws), so
 *     up to {@code scoResamples} they cost nothing more; beyond it each costs one α-Rank per game
 */
public record AnalysisOptions(int resamples, int eloResamples, int scoResamples, double level, long seed,
    AlphaRank.Options alphaRank, Sco.Options sco, String reference, String rawPrior, int alphaRankResamples) {

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

  public static AnalysisOptions defaults() {
    return new AnalysisOptions(10_000, 1_000, DEFAULT_SCO_RESAMPLES, 0.95, 1, AlphaRank.Options.infinite(), Sco.Options.defaults(), "", "",
        DEFAULT_ALPHARANK_RESAMPLES);
  }
}
