package dev.ponder.arena;

import dev.ponder.rating.AlphaRank;
import dev.ponder.rating.Sco;

/**
 * Options of the statistics.
 *
 * @param resamples bootstrap resamples for score intervals (default 10,000)
 * @param eloResamples bootstrap resamples for Elo intervals (default 1,000)
 * @param scoResamples bootstrap resamples for SCO intervals (default 200); each resample
 *     recomputes every game's α-Rank ballot and refits SCO
 * @param level confidence level (default 0.95)
 * @param seed seed of every bootstrap
 * @param alphaRank α-Rank options (default α → ∞, m = 50)
 * @param sco SCO options (default τ = 1, lr = 0.01, 1000 iterations, [0, 1000])
 * @param reference reference agent string for amplification (empty: none)
 * @param rawPrior raw-prior agent string for improvement (empty: none)
 */
public record AnalysisOptions(int resamples, int eloResamples, int scoResamples, double level, long seed,
    AlphaRank.Options alphaRank, Sco.Options sco, String reference, String rawPrior) {

  /** Default number of SCO bootstrap resamples. */
  public static final int DEFAULT_SCO_RESAMPLES = 200;

  /** The options with the default number of SCO resamples ({@link #DEFAULT_SCO_RESAMPLES}). */
  public AnalysisOptions(int resamples, int eloResamples, double level, long seed,
      AlphaRank.Options alphaRank, Sco.Options sco, String reference, String rawPrior) {
    this(resamples, eloResamples, DEFAULT_SCO_RESAMPLES, level, seed, alphaRank, sco, reference, rawPrior);
  }

  public static AnalysisOptions defaults() {
    return new AnalysisOptions(10_000, 1_000, DEFAULT_SCO_RESAMPLES, 0.95, 1, AlphaRank.Options.infinite(), Sco.Options.defaults(), "", "");
  }
}
