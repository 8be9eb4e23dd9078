package dev.ponder.app;

import dev.ponder.arena.AnalysisOptions;
import dev.ponder.rating.AlphaRank;
import dev.ponder.rating.Sco;
import picocli.CommandLine.Option;

/** Statistics options shared by {@code ponder arena} and {@code ponder report}. */
public final class StatsOptions {
  /** Fewest bootstrap resamples accepted: {@link AnalysisOptions#MIN_RESAMPLES} (why 40: its Javadoc). */
  static final int MIN_RESAMPLES = AnalysisOptions.MIN_RESAMPLES;
  /** Most bootstrap resamples accepted: {@link AnalysisOptions#MAX_RESAMPLES}. */
  static final int MAX_RESAMPLES = AnalysisOptions.MAX_RESAMPLES;

  /** The range of the resample counts, {@link #MIN_RESAMPLES}..{@link #MAX_RESAMPLES}, for a number beyond {@code int} too. */
  static final class ResamplesRange extends Ponder.IntRange {
    ResamplesRange() {
      super(MIN_RESAMPLES, MAX_RESAMPLES);
    }
  }

  /** The range of {@code --population-size}, 2..{@link AlphaRank.Options#MAX_POPULATION}, for a number beyond {@code int} too. */
  static final class PopulationRange extends Ponder.IntRange {
    PopulationRange() {
      super(2, AlphaRank.Options.MAX_POPULATION);
    }
  }

  @Option(names = "--resamples", paramLabel = "N", converter = ResamplesRange.class, defaultValue = "10000", description = "Bootstrap resamples for score intervals, "
      + MIN_RESAMPLES + " to " + MAX_RESAMPLES + " (default: ${DEFAULT-VALUE}).")
  int resamples;

  @Option(names = "--elo-resamples", paramLabel = "N", converter = ResamplesRange.class, defaultValue = "1000", description = "Bootstrap resamples for Elo intervals, "
      + MIN_RESAMPLES + " to " + MAX_RESAMPLES + " (default: ${DEFAULT-VALUE}).")
  int eloResamples;

  @Option(names = "--sco-resamples", paramLabel = "N", converter = ResamplesRange.class, defaultValue = "" + AnalysisOptions.DEFAULT_SCO_RESAMPLES, description = "Bootstrap"
      + " resamples for SCO intervals, " + MIN_RESAMPLES + " to " + MAX_RESAMPLES + "; each recomputes every game's"
      + " alpha-rank ballot and refits SCO, so it costs far more than an Elo resample (default: ${DEFAULT-VALUE}).")
  int scoResamples;

  @Option(names = "--alpharank-resamples", paramLabel = "N", converter = ResamplesRange.class, defaultValue = "" + AnalysisOptions.DEFAULT_ALPHARANK_RESAMPLES,
      description = "Bootstrap resamples for the intervals of each game's alpha-rank masses, " + MIN_RESAMPLES + " to "
      + MAX_RESAMPLES + "; the first --sco-resamples of them are the SCO bootstrap's own, so up to that number they cost"
      + " nothing more (default: ${DEFAULT-VALUE}).")
  int alphaRankResamples;

  @Option(names = "--stats-seed", paramLabel = "SEED", defaultValue = "1", description = "Seed of the bootstraps (default: ${DEFAULT-VALUE}).")
  long statsSeed;

  @Option(names = "--alpha", paramLabel = "ALPHA", defaultValue = "inf", description = "alpha-rank selection intensity: a positive number up to 1e100,"
      + " or 'inf' (default: ${DEFAULT-VALUE}). 'inf' is the perturbed response graph, where a mutant that ties the resident"
      + " fixes with probability 1/2; at a large finite alpha a tie fixes with 1/m (--population-size), so with tied"
      + " payoffs, or with several sink components (two populations or 3+ players), 'inf' is not the limit of large"
      + " alpha and the masses can differ (docs/arena.md, alpha-Rank).")
  String alpha;

  @Option(names = "--alpharank-two-player", defaultValue = "single", paramLabel = "MODEL", description = "How"
      + " alpha-rank ranks a 2-player game: 'single' (one population on the seat-averaged score matrix, the symmetric"
      + " game seat balancing makes; default) or 'multi' (two populations, one per seat, on the symmetric payoff table"
      + " of the same scores, as games of 3 or more players always are; at most 31 agents). Without a 2-player game,"
      + " or with --schedule benchmark, it changes nothing (a warning says so). docs/arena.md compares the two.")
  String alphaRankTwoPlayer;

  @Option(names = "--population-size", paramLabel = "M", converter = PopulationRange.class, defaultValue = "50", description = "alpha-rank population size m for finite alpha, 2..1000000 (default: ${DEFAULT-VALUE}).")
  int populationSize;

  @Option(names = "--sco-iterations", paramLabel = "N", converter = Ponder.AtLeastOne.class, defaultValue = "1000", description = "SCO gradient steps, at least 1 (default: ${DEFAULT-VALUE}).")
  int scoIterations;

  @Option(names = "--sco-lr", paramLabel = "LR", defaultValue = "1", description = "SCO learning rate (default: ${DEFAULT-VALUE}).")
  double scoLr;

  @Option(names = "--sco-tau", paramLabel = "TAU", defaultValue = "1", description = "SCO sigmoid temperature tau (default: ${DEFAULT-VALUE}).")
  double scoTau;

  @Option(names = "--reference", paramLabel = "AGENT", defaultValue = "", description = "Reference agent string (as stored) for amplification Amp.")
  String reference;

  @Option(names = "--raw-prior", paramLabel = "AGENT", defaultValue = "", description = "Raw-prior agent string (as stored) for improvement Imp.")
  String rawPrior;

  /**
   * The options, with --reference and --raw-prior resolved against the tournament's agents: an
   * exact agent string, or the string after applying the budget ({@code puct} becomes
   * {@code puct(sims=400)} under {@code --budget sims=400}).
   *
   * @throws UsageException if a named agent is not in the tournament
   */
  AnalysisOptions toOptions(java.util.List<String> agents, java.util.Map<String, String> budget) {
    AnalysisOptions o = toOptions();
    return new AnalysisOptions(o.resamples(), o.eloResamples(), o.scoResamples(), o.level(), o.seed(), o.alphaRank(), o.sco(),
        find("--reference", reference, agents, budget), find("--raw-prior", rawPrior, agents, budget), o.alphaRankResamples(),
        o.alphaRankTwoPlayer());
  }

  private static String find(String option, String name, java.util.List<String> agents, java.util.Map<String, String> budget) {
    if (name.isEmpty() || agents.contains(name)) {
      return name;
    }
    if (!budget.isEmpty()) {
      try {
        String withBudget = dev.ponder.arena.Budget.apply(name, budget);
        if (agents.contains(withBudget)) {
          return withBudget;
        }
      } catch (dev.ponder.spec.SpecException e) {
        // not a valid agent string at all: reported below as not in the tournament
      }
    }
    throw new UsageException(option + ": '" + name + "' is not an agent of this tournament; agents: " + String.join(", ", agents)
        + dev.ponder.spec.Suggestions.didYouMean(name, agents));
  }

  private static void checkResamples(String option, int n) {
    if (n < MIN_RESAMPLES || n > MAX_RESAMPLES) {
      throw UsageException.inRange(option, MIN_RESAMPLES + ".." + MAX_RESAMPLES, n);
    }
  }

  /**
   * The options without agent names resolved; also checks every statistics option.
   *
   * @throws UsageException on a value out of its range (one line naming the valid range)
   */
  AnalysisOptions toOptions() {
    double a;
    if (alpha.equalsIgnoreCase("inf") || alpha.equalsIgnoreCase("infinity")) {
      a = Double.POSITIVE_INFINITY;
    } else {
      try {
        a = Ponder.decimal(alpha); // finite decimal notation, as every number option (not 0x1p3, 1f, 1e400)
      } catch (picocli.CommandLine.TypeConversionException e) {
        throw new UsageException("--alpha: '" + alpha + "' is not a finite decimal number; valid: a positive number up to 1e100, or inf");
      }
    }
    if (!(a > 0)) {
      throw UsageException.greaterThan("--alpha", "0 (or inf)", alpha);
    }
    if (a > dev.ponder.rating.AlphaRank.Options.MAX_FINITE_ALPHA && a != Double.POSITIVE_INFINITY) {
      throw new UsageException("--alpha must be at most 1e100 or inf, got " + alpha + " (larger finite values overflow"
          + " the fixation probabilities; for the limit use inf)");
    }
    if (populationSize < 2 || populationSize > dev.ponder.rating.AlphaRank.Options.MAX_POPULATION) {
      throw UsageException.inRange("--population-size", "2.." + dev.ponder.rating.AlphaRank.Options.MAX_POPULATION,
          populationSize);
    }
    checkResamples("--resamples", resamples);
    checkResamples("--elo-resamples", eloResamples);
    checkResamples("--sco-resamples", scoResamples);
    checkResamples("--alpharank-resamples", alphaRankResamples);
    AnalysisOptions.Populations twoPlayer = switch (alphaRankTwoPlayer.toLowerCase(java.util.Locale.ROOT)) {
      case "single" -> AnalysisOptions.Populations.SINGLE;
      case "multi" -> AnalysisOptions.Populations.MULTI;
      default -> throw UsageException.notValid("--alpharank-two-player", alphaRankTwoPlayer, java.util.List.of("single", "multi"),
          dev.ponder.spec.Suggestions.didYouMean(alphaRankTwoPlayer, java.util.List.of("single", "multi")));
    };
    if (!(scoTau > 0)) {
      throw UsageException.greaterThan("--sco-tau", 0, number(scoTau));
    }
    if (!(scoLr > 0)) {
      throw UsageException.greaterThan("--sco-lr", 0, number(scoLr));
    }
    if (scoIterations < 1) {
      // 0 steps leave every agent at the starting point: all tied, a ranking that says nothing
      throw UsageException.atLeast("--sco-iterations", 1, scoIterations);
    }
    return new AnalysisOptions(resamples, eloResamples, scoResamples, 0.95, statsSeed,
        new AlphaRank.Options(a, populationSize, AlphaRank.Model.LOCAL), new Sco.Options(scoTau, scoLr, scoIterations, 0, 1000),
        reference, rawPrior, alphaRankResamples, twoPlayer);
  }

  /** A number option's value as typed, in the shortest form ({@code -1}, not {@code -1.0}). */
  private static String number(double v) {
    return java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
  }

  /**
   * How long a statistics step runs before its progress is shown, in ms: the report steps that
   * take more than a second show it.
   */
  static final long PROGRESS_DELAY_MS = 1_000;

  /**
   * The statistics' threads and progress: progress on stderr for each step that runs longer than
   * {@link #PROGRESS_DELAY_MS} (a bar on a terminal, else a line every {@code intervalMs}),
   * nothing when {@code quiet}.
   */
  static dev.ponder.arena.Analysis.Execution execution(int threads, boolean quiet, long intervalMs) {
    return new dev.ponder.arena.Analysis.Execution(threads, quiet ? dev.ponder.arena.Progress.Factory.NONE
        : dev.ponder.arena.Progress.delayed(System.err, PROGRESS_DELAY_MS, intervalMs));
  }
}
