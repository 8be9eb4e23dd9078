package dev.ponder.app;

import dev.ponder.agent.AgentRegistry;
import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.search.SearchResult;
import dev.ponder.search.mcts.MctsAgent;
import dev.ponder.spec.Spec;
import dev.ponder.spec.SpecException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code ponder bench search}: simulations per second of an MCTS agent (default {@code uct} with
 * random rollouts) from the first decision state of each game (the initial state, or for a game
 * that opens with chance nodes the first state where a player moves, reached by chance outcomes
 * drawn by their probabilities with a fixed seed; see {@link #firstDecisionState}), for each thread
 * count, plus bytes per tree node and the time-budget overrun of 50 ms searches from the same state. Each game and thread count is measured
 * in a fresh JVM (or, with {@code --forks K}, in K fresh JVMs whose figures are aggregated into
 * medians, ranges and speedups paired by fork), alongside the CPU the rest of the machine used
 * meanwhile.
 */
@Command(name = "search", mixinStandardHelpOptions = true,
    description = {"Simulations per second of MCTS (uct, random rollouts) on several games and thread counts.",
        "Every search starts from the game's first decision state: the initial state, or for a game that opens "
            + "with chance nodes (backgammon, kuhn_poker, pig, ...) the first state where a player moves, reached "
            + "by chance outcomes drawn by their probabilities with a fixed seed (the same state in every run)."})
public final class SearchBenchCommand implements java.util.concurrent.Callable<Integer> {

  /** The most threads a row of {@code --threads} takes. */
  static final int MAX_THREADS = 64;

  /** The most fresh JVMs {@code --forks} takes. */
  static final int MAX_FORKS = 100;

  /** The range of each {@code --threads} count, 1..{@link #MAX_THREADS}, for a number beyond {@code int} too. */
  static final class ThreadsRange extends Ponder.IntRange {
    ThreadsRange() {
      super(1, MAX_THREADS);
    }
  }

  /** The range of {@code --forks}, 1..{@link #MAX_FORKS}, for a number beyond {@code int} too. */
  static final class ForksRange extends Ponder.IntRange {
    ForksRange() {
      super(1, MAX_FORKS);
    }
  }

  /** The games measured without {@code --games}. */
  static final String DEFAULT_GAMES = "tic_tac_toe,connect_four,breakthrough,hex(board_size=11)";

  @Option(names = "--games", paramLabel = "GAMES",
      description = "Game strings separated by commas (or ';') outside parentheses; a ';' inside belongs to its game string, as in "
          + "nim(pile_sizes=1;3;5) (repeatable, as bench playouts --games and arena --games; default: " + DEFAULT_GAMES + ").")
  List<String> games;

  @Option(names = "--threads", paramLabel = "T", split = ",", converter = ThreadsRange.class, description = "Thread counts (default: 1,2).")
  List<Integer> threads = List.of(1, 2);

  @Option(names = "--seconds", paramLabel = "S", description = "Measured seconds per game and thread count, at most 86400 (default: ${DEFAULT-VALUE}), "
      + "spent in repeated searches of --seconds/3 each, kept between 100 ms and 1 s (--seconds 0.5 gives 166 ms "
      + "searches).")
  double seconds = 3;

  @Option(names = "--warmup", paramLabel = "S", description = "Seconds of searches before each measurement, for the JIT compiler, "
      + "0 to 86400 (default: ${DEFAULT-VALUE}; at least one search).")
  double warmup = 3;

  @Option(names = "--agent", paramLabel = "SPEC", description = "MCTS agent name and mechanism keys, without budget: no sims, time_ms or "
      + "threads, which bench search sets itself from --seconds and --threads (default: ${DEFAULT-VALUE}).")
  String agent = "uct";

  @Option(names = "--overrun-searches", paramLabel = "N", converter = Ponder.AtLeastZero.class, description = "50 ms searches per game to measure time overrun (0 or more; "
      + "0 = skip; default: ${DEFAULT-VALUE}).")
  int overrunSearches = 40;

  @Option(names = "--signature",
      description = "Print only the bench signature: total simulations, nodes and a hash of the chosen actions of "
          + "deterministic searches (one thread, fixed seed, 8 plies of self-play at 300 simulations per game); "
          + "it changes only when search behaviour changes. Takes --games and --agent only; the measurement options "
          + "(--threads, --seconds, --warmup, --forks, --no-fork, --overrun-searches) are refused with it.")
  boolean signatureOnly;

  @Option(names = "--no-fork",
      description = "Measure every game and thread count in this JVM. By default each is measured in a fresh JVM "
          + "(same Java, class path and JVM options): in one JVM the code compiled for the first configurations "
          + "(e.g. one thread) is what later ones (two threads) run, which costs them up to about 10%%.")
  boolean noFork;

  @Option(names = "--forks", paramLabel = "K", converter = ForksRange.class,
      description = "Measure every game and thread count in K fresh JVMs (1..100; default: ${DEFAULT-VALUE}), "
          + "interleaved: fork 1 of every row, then fork 2 of every row, and so on, so slow drift of the machine "
          + "hits every row alike. With K > 1 the table gives per row the median sims/s over the forks with its "
          + "min and max, and the speedup as the median of the ratios rate(t) / rate(first thread count) paired by "
          + "fork, with their range. A progress line per measurement goes to stderr; a measurement during which "
          + "the rest of the machine used more than 0.05 cores (column others, from /proc/stat) is reported there "
          + "as disturbed and still counted; that threshold is only meaningful for measurements of a few seconds, "
          + "since with short --seconds and --warmup the parent JVM's start-up and the 10 ms clock tick make others "
          + "read a few hundredths of a core on an idle machine. Not with --no-fork.")
  int forks = 1;

  /** Set in the fresh JVM of one measurement: print its figures on one line for the parent. */
  @Option(names = "--measure-one", hidden = true)
  boolean measureOne;

  /** Prefix of the line a forked measurement prints. */
  static final String CHILD_PREFIX = "bench-search-measurement:";

  /**
   * Fields of one measurement, in the order of the child line: sims per wall second, nodes of the
   * last search, bytes per node, sims per worker CPU second, process CPU seconds per wall second,
   * and (last, added later: absent from older lines) cores used by other processes or taken by the
   * hypervisor (steal).
   */
  static final int SIMS_PER_S = 0;
  static final int NODES = 1;
  static final int BYTES_PER_NODE = 2;
  static final int SIMS_PER_WORKER_CPU_S = 3;
  static final int CPU_PER_WALL = 4;
  static final int OTHERS = 5;
  /** Number of fields of a measurement ({@link #OTHERS} is the last). */
  static final int FIELDS = 6;

  /** Cores used by other processes above which a measurement is reported as disturbed. */
  static final double DISTURBED_CORES = 0.05;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    validateOptions(); // before --signature too: a bad option is an error whatever is printed
    if (signatureOnly) {
      // the signature's searches are fixed (one thread, 300 simulations): options that would
      // change a measurement are refused rather than silently ignored
      List<String> ignored = new ArrayList<>();
      for (String o : List.of("--threads", "--seconds", "--warmup", "--forks", "--no-fork", "--overrun-searches")) {
        if (spec.commandLine().getParseResult().hasMatchedOption(o)) {
          ignored.add(o);
        }
      }
      if (!ignored.isEmpty()) {
        throw new UsageException("--signature runs fixed searches (one thread, 300 simulations, 8 plies per game);"
            + " it takes only --games and --agent, not " + String.join(", ", ignored));
      }
      for (String g : gameStrings()) {
        // as for a measurement: an unknown game or a non-MCTS agent is an error, not a game left out
        create(agent.trim(), GameRegistry.load(g)).close();
      }
      out.println(signature());
      out.flush();
      return 0;
    }
    List<Game> loaded = new ArrayList<>();
    List<String> gameStrings = gameStrings();
    for (String g : gameStrings) {
      loaded.add(GameRegistry.load(g)); // an unknown game or bad parameter fails here, before any output
    }
    for (Game g : loaded) {
      create(agent.trim(), g).close(); // an agent that is not MCTS fails here, before any budget key is added
      boolean searchesForced;
      try (MctsAgent probe = create(agentSpec("time_ms=100,threads=1"), g)) { // so does a bad mechanism key
        searchesForced = probe.engine().config().searchForced();
      }
      State first = firstDecisionState(g);
      if (first == null) {
        throw new UsageException("game " + g.spec() + " ends before any player moves; bench search needs a "
            + "decision state to search from");
      }
      if (!searchesForced && first.legalActions().length == 1) {
        // answered without a search: 0 simulations, and the table's rate would be NaN
        throw new UsageException("the first decision of " + g.spec() + " has one legal action, which the agent answers"
            + " without a search; add search_forced=true to --agent to measure it");
      }
    }
    if (measureOne) {
      if (loaded.size() != 1 || threads.size() != 1) {
        throw new UsageException("--measure-one takes one game and one thread count");
      }
      double[] m = measure(loaded.get(0), threads.get(0));
      StringBuilder line = new StringBuilder(CHILD_PREFIX);
      for (double v : m) {
        line.append(' ').append(v);
      }
      out.println(line);
      out.flush();
      return 0;
    }
    out.printf(Locale.ROOT, "# %s, %d available processors, %s %s%n", System.getProperty("os.name"),
        Runtime.getRuntime().availableProcessors(), System.getProperty("java.vm.name"), System.getProperty("java.version"));
    out.println("# sims/s: per wall second; sims/worker-cpu-s: per CPU second of the search threads (what an idle");
    out.println("# machine would give per busy core); cpu/wall: CPU seconds of the whole process per wall second");
    out.println("# others: cores busy with other processes, or taken by the hypervisor (steal), per wall second while");
    out.println("# measuring (/proc/stat; NaN where unreadable)");
    List<String> overrunLines = new ArrayList<>();
    if (forks > 1) {
      measureForks(out, spec.commandLine().getErr(), loaded, gameStrings);
      for (Game game : loaded) {
        if (overrunSearches > 0) {
          overrunLines.add(overrun(game));
        }
      }
    } else {
      out.println(noFork ? "# every game and thread count measured in this JVM (--no-fork)"
          : "# every game and thread count measured in a fresh JVM");
      out.printf(Locale.ROOT, "%-24s %7s %10s %8s %18s %9s %9s %10s %7s%n", "game", "threads", "sims/s", "speedup",
          "sims/worker-cpu-s", "cpu/wall", "nodes", "bytes/node", "others");
      for (int gi = 0; gi < loaded.size(); gi++) {
        Game game = loaded.get(gi);
        double base = 0;
        for (int t : threads) {
          double[] m = noFork ? measure(game, t) : measureInFreshJvm(gameStrings.get(gi), t);
          if (base == 0) {
            base = m[SIMS_PER_S];
          }
          out.printf(Locale.ROOT, "%-24s %7d %10.0f %7.2fx %18.0f %9.2f %9.0f %10.1f %7.2f%n", game.spec(), t,
              m[SIMS_PER_S], m[SIMS_PER_S] / base, m[SIMS_PER_WORKER_CPU_S], m[CPU_PER_WALL], m[NODES],
              m[BYTES_PER_NODE], m[OTHERS]);
          out.flush();
        }
        if (overrunSearches > 0) {
          overrunLines.add(overrun(game));
        }
      }
    }
    if (!overrunLines.isEmpty()) {
      out.println("# time budget 50 ms, 1 thread: overrun = elapsed - 50 ms");
      overrunLines.forEach(out::println);
    }
    out.flush();
    return 0;
  }

  /** Agent keys that bench search sets itself and that {@code --agent} must leave out. */
  private static final List<String> BUDGET_KEYS = List.of("sims", "time_ms", "threads");

  /**
   * Checks the options that need no game: the ranges of --seconds, --warmup, --threads, --forks and
   * --overrun-searches, --no-fork with --forks, and budget keys in --agent.
   *
   * @throws UsageException naming the option, its value and what is valid
   * @throws SpecException if --agent is not a well-formed agent string
   */
  private void validateOptions() {
    if (!(seconds > 0)) {
      throw UsageException.greaterThan("--seconds", 0, Ponder.plain(seconds));
    }
    if (!(warmup >= 0)) {
      throw UsageException.atLeast("--warmup", 0, Ponder.plain(warmup));
    }
    BenchCommand.atMostADay("--seconds", seconds);
    BenchCommand.atMostADay("--warmup", warmup);
    for (int t : threads) {
      if (t < 1 || t > MAX_THREADS) {
        throw UsageException.inRange("--threads", "1.." + MAX_THREADS, t);
      }
    }
    if (forks < 1 || forks > MAX_FORKS) {
      throw UsageException.inRange("--forks", "1.." + MAX_FORKS, forks);
    }
    if (noFork && forks > 1) {
      throw new UsageException("--no-fork cannot be combined with --forks " + forks
          + " (forks are fresh JVMs); use --forks 1 or drop --no-fork");
    }
    if (overrunSearches < 0) {
      throw UsageException.atLeast("--overrun-searches", 0, overrunSearches); // 0 skips the overrun measurement
    }
    Spec agentString = Spec.parse(agent);
    for (String key : BUDGET_KEYS) {
      if (agentString.args().containsKey(key)) {
        throw new UsageException("--agent " + agent.trim() + ": leave out " + key + "; bench search sets the budget "
            + "(time_ms from --seconds) and threads (--threads) itself");
      }
    }
  }

  /** Seed of the chance outcomes that lead from the initial state to {@link #firstDecisionState}. */
  static final long POSITION_SEED = 7;

  /**
   * The state every search of a row (and every overrun search) starts from: the initial state if a
   * player moves there; otherwise the first decision state after chance outcomes drawn by their
   * probabilities with a {@code SplittableRandom} seeded with {@link #POSITION_SEED}, so the same
   * state in every run and every JVM.
   *
   * @return a new state where a player is to move, or {@code null} if the game ends before any
   *     player moves
   */
  static State firstDecisionState(Game game) {
    State s = game.newInitialState();
    SearchCommand.drawChanceOutcomes(s, POSITION_SEED);
    return s.isTerminal() ? null : s;
  }

  /** The game strings of every {@code --games} given, in order, or of {@link #DEFAULT_GAMES}. */
  private List<String> gameStrings() {
    List<String> all = new ArrayList<>();
    for (String g : games == null ? List.of(DEFAULT_GAMES) : games) {
      all.addAll(splitGames(g));
    }
    return all;
  }

  /**
   * The game strings of a {@code --games} value: the pieces between commas (or semicolons, the
   * older separator) outside parentheses and brackets, trimmed. A {@code ;} inside parentheses
   * belongs to its game string, as in {@code nim(pile_sizes=1;3;5)}.
   *
   * @throws UsageException if a piece is empty (two separators in a row, or a leading or trailing
   *     one)
   */
  static List<String> splitGames(String text) {
    return SearchCommand.splitList(text, c -> c == ',' || c == ';', "--games '" + text + "' has an empty game string;"
        + " separate game strings by single commas, e.g. tic_tac_toe,hex(board_size=5)");
  }

  /**
   * Measures every game and thread count in {@link #forks} fresh JVMs, interleaved (fork k of every
   * game and thread count before fork k + 1 of any), prints a progress line per measurement on
   * {@code err} (with the word "disturbed" when other processes used more than {@link
   * #DISTURBED_CORES} cores), then one aggregated row per game and thread count on {@code out}
   * (see {@link ForkSummary}).
   */
  void measureForks(PrintWriter out, PrintWriter err, List<Game> loaded, List<String> gameStrings) {
    int nt = threads.size();
    double[][][][] m = new double[loaded.size()][nt][forks][];
    int disturbed = 0;
    int unknown = 0;
    RuntimeException failure = null;
    forkLoop:
    for (int k = 0; k < forks; k++) {
      for (int gi = 0; gi < loaded.size(); gi++) {
        for (int ti = 0; ti < nt; ti++) {
          int t = threads.get(ti);
          double[] r;
          try {
            r = forkMeasure.apply(gameStrings.get(gi), t);
          } catch (RuntimeException e) {
            // the measurements already made still give their rows (below), then this error
            failure = e;
            break forkLoop;
          }
          m[gi][ti][k] = r;
          StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "# fork %d/%d: %s, %d thread%s: %,.0f sims/s",
              k + 1, forks, loaded.get(gi).spec(), t, t == 1 ? "" : "s", r[SIMS_PER_S]));
          if (r[OTHERS] > DISTURBED_CORES) { // false for NaN (unknown)
            line.append(String.format(Locale.ROOT, " (disturbed: others %.2f cores; counted)", r[OTHERS]));
          }
          err.println(line);
          err.flush();
        }
      }
    }
    int total = 0;
    int[] done = new int[loaded.size()]; // per game, the forks in which every thread count was measured
    for (int gi = 0; gi < loaded.size(); gi++) {
      while (done[gi] < forks && complete(m[gi], done[gi])) {
        done[gi]++;
      }
      total += done[gi] * nt;
      // the measurements the table uses (after a failure, those of incomplete forks are left out)
      for (int ti = 0; ti < nt; ti++) {
        for (int k = 0; k < done[gi]; k++) {
          double others = m[gi][ti][k][OTHERS];
          if (Double.isNaN(others)) {
            unknown++;
          } else if (others > DISTURBED_CORES) {
            disturbed++;
          }
        }
      }
    }
    if (failure != null && total == 0) {
      throw failure; // nothing measured in full: the error alone (the progress lines hold what was)
    }
    out.printf(Locale.ROOT, "# every game and thread count measured in %d fresh JVMs (--forks %d), interleaved: "
        + "fork k of every row before fork k+1 of any%n", forks, forks);
    if (failure != null) {
      out.println("# a measurement failed (the error follows the table): each row aggregates the forks in which every"
          + " thread count of its game was measured, and a game with none has no row");
    }
    out.printf(Locale.ROOT, "# sims/s: median over the %s forks (an even count: mean of the two middle ones); "
        + "min, max: lowest and highest%n", failure == null ? Integer.toString(forks) : "measured");
    out.println("# speedup: median over forks k of rate(threads, k) / rate(" + threads.get(0) + " thread"
        + (threads.get(0) == 1 ? "" : "s") + ", k), paired by fork; speedup range: lowest..highest of those ratios");
    out.println("# sims/worker-cpu-s, cpu/wall, others: medians over the forks; nodes, bytes/node: from the fork "
        + "whose sims/s is the median (for an even count the lower middle one)");
    out.printf(Locale.ROOT, "%-24s %7s %10s %10s %10s %8s %15s %18s %9s %9s %10s %7s%n", "game", "threads", "sims/s",
        "min", "max", "speedup", "speedup range", "sims/worker-cpu-s", "cpu/wall", "nodes", "bytes/node", "others");
    for (int gi = 0; gi < loaded.size(); gi++) {
      int kg = done[gi];
      if (kg == 0) {
        continue;
      }
      double[][] rates = new double[nt][kg];
      for (int ti = 0; ti < nt; ti++) {
        for (int k = 0; k < kg; k++) {
          rates[ti][k] = m[gi][ti][k][SIMS_PER_S];
        }
      }
      ForkSummary[] rows = ForkSummary.of(rates);
      for (int ti = 0; ti < nt; ti++) {
        double[][] f = java.util.Arrays.copyOf(m[gi][ti], kg);
        double[] mid = f[medianIndex(rates[ti])];
        ForkSummary r = rows[ti];
        out.printf(Locale.ROOT, "%-24s %7d %10.0f %10.0f %10.0f %7.2fx %15s %18.0f %9.2f %9.0f %10.1f %7.2f%n",
            loaded.get(gi).spec(), threads.get(ti), r.median(), r.min(), r.max(), r.speedup(),
            String.format(Locale.ROOT, "%.2fx..%.2fx", r.speedupMin(), r.speedupMax()),
            median(column(f, SIMS_PER_WORKER_CPU_S)), median(column(f, CPU_PER_WALL)), mid[NODES], mid[BYTES_PER_NODE],
            median(column(f, OTHERS)));
      }
    }
    out.printf(Locale.ROOT, "# %d of %d measurements disturbed (others > %.2f cores), all counted%s%n", disturbed, total,
        DISTURBED_CORES, unknown > 0 ? "; others unknown for " + unknown + " (no /proc/stat)" : "");
    out.flush();
    if (failure != null) {
      throw failure;
    }
  }

  /** Whether fork {@code k} of every thread count of one game ({@code rows[ti][k]}) was measured. */
  private static boolean complete(double[][][] rows, int k) {
    for (double[][] row : rows) {
      if (row[k] == null) {
        return false;
      }
    }
    return true;
  }

  private static double[] column(double[][] forkFigures, int field) {
    double[] c = new double[forkFigures.length];
    for (int k = 0; k < c.length; k++) {
      c[k] = forkFigures[k][field];
    }
    return c;
  }

  /**
   * Aggregate of one (game, thread count) row over K forks (fresh-JVM measurements).
   *
   * @param median median sims/s over the forks (an even count: mean of the two middle values)
   * @param min lowest sims/s of the forks
   * @param max highest sims/s of the forks
   * @param speedup median over forks k of rate(this thread count, k) / rate(first thread count, k):
   *     ratios paired by fork, since the two ran next to each other in time
   * @param speedupMin lowest of those paired ratios
   * @param speedupMax highest of those paired ratios
   */
  record ForkSummary(double median, double min, double max, double speedup, double speedupMin, double speedupMax) {

    /**
     * Aggregates the rates of one game.
     *
     * @param rates {@code rates[t][k]}: sims/s of the t-th thread count (index 0 = the base of the
     *     speedups) in fork k; shape T × K with T ≥ 1, K ≥ 1
     * @return one summary per thread count, in the order of {@code rates}
     * @throws IllegalArgumentException if {@code rates} is empty or its rows are empty or of
     *     different lengths
     */
    static ForkSummary[] of(double[][] rates) {
      if (rates.length == 0 || rates[0].length == 0) {
        throw new IllegalArgumentException("rates must hold at least one thread count and one fork");
      }
      int k = rates[0].length;
      ForkSummary[] out = new ForkSummary[rates.length];
      for (int t = 0; t < rates.length; t++) {
        if (rates[t].length != k) {
          throw new IllegalArgumentException("rates[" + t + "] has " + rates[t].length + " forks; rates[0] has " + k);
        }
        double[] ratio = new double[k];
        for (int f = 0; f < k; f++) {
          ratio[f] = rates[t][f] / rates[0][f];
        }
        out[t] = new ForkSummary(SearchBenchCommand.median(rates[t]), min(rates[t]), max(rates[t]),
            SearchBenchCommand.median(ratio), min(ratio), max(ratio));
      }
      return out;
    }

    private static double min(double[] v) {
      return Arrays.stream(v).min().getAsDouble();
    }

    private static double max(double[] v) {
      return Arrays.stream(v).max().getAsDouble();
    }
  }

  /**
   * Median of the values that are not NaN: the middle one of an odd count, the mean of the two
   * middle ones of an even count; NaN if there is none. The argument is not modified.
   */
  static double median(double[] values) {
    double[] v = Arrays.stream(values).filter(x -> !Double.isNaN(x)).toArray();
    return v.length == 0 ? Double.NaN : new org.hipparchus.stat.descriptive.rank.Median().evaluate(v);
  }

  /**
   * Index of the median element of {@code values} (no NaN): the middle one in sorted order, for an
   * even count the lower of the two middle ones; among equal values the first index.
   *
   * @throws IllegalArgumentException if {@code values} is empty
   */
  static int medianIndex(double[] values) {
    if (values.length == 0) {
      throw new IllegalArgumentException("no values");
    }
    Integer[] order = new Integer[values.length];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> Double.compare(values[a], values[b])); // stable: equal values keep index order
    return order[(values.length - 1) / 2];
  }

  /**
   * Returns the figures of one measurement, indexed by {@link #SIMS_PER_S} … {@link #OTHERS}: sims
   * per wall second, nodes of the last search, bytes per node, sims per worker CPU second, process
   * CPU seconds per wall second, and cores busy with other processes or taken by the hypervisor
   * (steal) per wall second (NaN where /proc/stat cannot be read). On a shared machine the CPU
   * figures show how much of the wall time the process actually ran.
   */
  private double[] measure(Game game, int t) {
    int perSearchMs = (int) Math.max(100, Math.min(1000, seconds * 1000 / 3));
    String spec = agentSpec("time_ms=" + perSearchMs + ",threads=" + t);
    try (MctsAgent a = create(spec, game)) {
      State s = firstDecisionState(game);
      long warmEnd = System.nanoTime() + (long) (warmup * 1e9);
      do {
        a.search(s); // warm-up: the JIT compiler's work (and its threads' CPU) stays out of the figures
      } while (System.nanoTime() < warmEnd);
      long sims = 0;
      double ms = 0;
      SearchResult last = null;
      long busy0 = machineBusyJiffies();
      long cpu0 = processCpuNanos();
      long worker0 = workerCpuNanos();
      long wall0 = System.nanoTime();
      long end = wall0 + (long) (seconds * 1e9);
      do { // at least one search, however short --seconds
        last = a.search(s);
        sims += last.simulations();
        ms += last.elapsedMs();
      } while (System.nanoTime() < end);
      long cpu1 = processCpuNanos();
      double workerCpu = (workerCpuNanos() - worker0) / 1e9;
      double wall = (System.nanoTime() - wall0) / 1e9;
      long busy1 = machineBusyJiffies();
      double cpu = (cpu1 - cpu0) / 1e9;
      double others = cpu0 < 0 ? Double.NaN : otherCores(busy0, busy1, cpu, wall);
      double[] m = new double[FIELDS];
      m[SIMS_PER_S] = sims / (ms / 1000.0);
      m[NODES] = last.nodes();
      m[BYTES_PER_NODE] = last.bytesPerNode();
      m[SIMS_PER_WORKER_CPU_S] = workerCpu > 0 ? sims / workerCpu : Double.NaN;
      m[CPU_PER_WALL] = cpu / wall;
      m[OTHERS] = others;
      return m;
    }
  }

  /**
   * Cores busy with other processes per wall second: the machine's busy CPU time over an interval
   * ({@code busy1 - busy0} jiffies of 10 ms, USER_HZ = 100) minus this process's CPU time, divided
   * by the wall time; clamped at 0 (the jiffy counts are sampled at the clock tick, so a short
   * interval can come out slightly below this process's own time).
   *
   * @param busy0 busy jiffies at the start ({@link #busyJiffies(String)}); negative = unknown
   * @param busy1 busy jiffies at the end; negative = unknown
   * @param processCpuSeconds CPU seconds of this process over the interval
   * @param wallSeconds length of the interval, seconds (&gt; 0)
   * @return cores (≥ 0), or NaN if either count is unknown
   */
  static double otherCores(long busy0, long busy1, double processCpuSeconds, double wallSeconds) {
    if (busy0 < 0 || busy1 < 0) {
      return Double.NaN;
    }
    return Math.max(0, ((busy1 - busy0) * 0.01 - processCpuSeconds) / wallSeconds);
  }

  /** Busy jiffies of the whole machine from /proc/stat, or -1 where it cannot be read (not Linux). */
  private static long machineBusyJiffies() {
    try (java.io.BufferedReader r = java.nio.file.Files.newBufferedReader(java.nio.file.Path.of("/proc/stat"),
        java.nio.charset.StandardCharsets.US_ASCII)) {
      String line = r.readLine();
      return line == null ? -1 : busyJiffies(line);
    } catch (java.io.IOException | RuntimeException e) {
      return -1;
    }
  }

  /**
   * Busy jiffies in the aggregate {@code cpu} line of Linux's /proc/stat ({@code cpu user nice system
   * idle iowait irq softirq steal ...}): user + nice + system + irq + softirq + steal (guest time is
   * already part of user and nice). Steal is time a virtual machine's CPUs were ready to run but the
   * hypervisor ran something else: a disturbance of the measurement as much as another process.
   * Older kernels without the steal count: the first six busy counts only.
   *
   * @param line the first line of /proc/stat
   * @return the sum, or -1 if the line is not an aggregate {@code cpu} line with at least seven counts
   */
  static long busyJiffies(String line) {
    String[] f = line.trim().split("\\s+");
    if (f.length < 8 || !f[0].equals("cpu")) {
      return -1;
    }
    try {
      return Long.parseLong(f[1]) + Long.parseLong(f[2]) + Long.parseLong(f[3]) + Long.parseLong(f[6])
          + Long.parseLong(f[7]) + (f.length > 8 ? Long.parseLong(f[8]) : 0);
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /**
   * Parses the line a child JVM prints: {@link #CHILD_PREFIX} then the figures of {@link #measure}
   * separated by spaces. Lines of the older format without the last field ({@link #OTHERS}) are
   * read with NaN there.
   *
   * @return the figures, at least {@link #FIELDS} of them
   * @throws NumberFormatException if a field is not a number
   * @throws IllegalArgumentException if the line has fewer than {@link #OTHERS} fields
   */
  static double[] parseChildLine(String line) {
    String[] f = line.substring(CHILD_PREFIX.length()).trim().split(" +");
    if (f.length < OTHERS) {
      throw new IllegalArgumentException("measurement line has " + f.length + " fields; at least " + OTHERS
          + " expected: " + line);
    }
    double[] m = new double[Math.max(FIELDS, f.length)];
    Arrays.fill(m, Double.NaN);
    for (int i = 0; i < f.length; i++) {
      m[i] = Double.parseDouble(f[i]);
    }
    return m;
  }

  /** How {@link #measureForks} measures one row in one fork: {@link #measureInFreshJvm} (tests replace it). */
  java.util.function.BiFunction<String, Integer, double[]> forkMeasure = this::measureInFreshJvm;

  /**
   * {@link #measure} in a fresh JVM: the same Java command, class path and JVM options (debugger
   * agents left out), running this command with {@code --measure-one}.
   *
   * @throws IllegalStateException if the child JVM cannot start, fails, or prints no figures
   */
  double[] measureInFreshJvm(String game, int t) {
    List<String> cmd = new ArrayList<>();
    cmd.add(ProcessHandle.current().info().command()
        .orElse(System.getProperty("java.home") + java.io.File.separator + "bin" + java.io.File.separator + "java"));
    for (String arg : java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (!arg.startsWith("-agentlib:") && !arg.startsWith("-Xrunjdwp") && !arg.equals("-Xdebug")) {
        cmd.add(arg);
      }
    }
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Ponder.class.getName(), "bench", "search",
        "--measure-one", "--games", game, "--threads", Integer.toString(t), "--seconds", Double.toString(seconds),
        "--warmup", Double.toString(warmup),
        "--agent", agent));
    String what = "measuring " + game + " with " + t + " thread" + (t == 1 ? "" : "s") + " in a fresh JVM";
    try {
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
      List<String> lines = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream(),
          java.nio.charset.StandardCharsets.UTF_8)).lines().toList();
      int code = p.waitFor();
      for (String line : lines) {
        if (code == 0 && line.startsWith(CHILD_PREFIX)) {
          return parseChildLine(line);
        }
      }
      String last = lines.isEmpty() ? "no output" : withoutErrorPrefix(lines.get(lines.size() - 1));
      throw new IllegalStateException(what + " failed (exit " + code + "): " + last);
    } catch (java.io.IOException e) {
      throw new IllegalStateException(what + ": cannot start " + cmd.get(0) + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(what + ": interrupted", e);
    }
  }

  /**
   * A child JVM's error line without its own {@code ponder: error: } or {@code ponder: } prefix, so
   * the parent's message (which has its own prefix) does not repeat it.
   */
  static String withoutErrorPrefix(String line) {
    for (String prefix : List.of("ponder: error: ", "ponder: ")) {
      if (line.startsWith(prefix)) {
        return line.substring(prefix.length());
      }
    }
    return line;
  }

  /** CPU time of this thread (worker 0 runs in it) plus the engine's worker threads. */
  private static long workerCpuNanos() {
    java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
    long total = mx.getCurrentThreadCpuTime();
    for (java.lang.management.ThreadInfo ti : mx.getThreadInfo(mx.getAllThreadIds())) {
      if (ti != null && ti.getThreadName().startsWith("ponder-mcts-worker")) {
        total += Math.max(0, mx.getThreadCpuTime(ti.getThreadId()));
      }
    }
    return total;
  }

  private static long processCpuNanos() {
    java.lang.management.OperatingSystemMXBean os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
    if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
      return sun.getProcessCpuTime();
    }
    return -1;
  }

  private String overrun(Game game) {
    try (MctsAgent a = create(agentSpec("time_ms=50,threads=1"), game)) {
      State s = firstDecisionState(game);
      a.search(s);
      double[] over = new double[overrunSearches];
      for (int i = 0; i < overrunSearches; i++) {
        over[i] = a.search(s).elapsedMs() - 50.0;
      }
      Arrays.sort(over);
      double p99 = over[(int) Math.ceil(0.99 * over.length) - 1];
      return String.format(Locale.ROOT, "%-24s overrun ms: median %.2f, p99 %.2f, max %.2f (%d searches)",
          game.spec(), over[over.length / 2], p99, over[over.length - 1], over.length);
    }
  }

  /** Deterministic searches on every registered game of the list; see {@code --signature}. */
  String signature() {
    long sims = 0;
    long nodes = 0;
    long hash = 0x2545F4914F6CDD1DL;
    StringBuilder used = new StringBuilder();
    for (String g : gameStrings()) {
      Game game = GameRegistry.load(g); // call() has loaded every game of the list
      used.append(used.length() > 0 ? "," : "").append(game.spec());
      try (MctsAgent a = create(agentSpec("sims=300,threads=1"), game)) {
        State s = game.newInitialState();
        java.util.SplittableRandom chance = new java.util.SplittableRandom(7);
        for (int ply = 0; ply < 8 && !s.isTerminal(); ply++) {
          while (s.isChanceNode()) {
            int[] legal = s.legalActions();
            s.applyAction(legal[chance.nextInt(legal.length)]);
          }
          if (s.isTerminal()) {
            break;
          }
          SearchResult r = a.search(s);
          sims += r.simulations();
          nodes += r.nodes();
          hash = State.mix64(hash ^ (r.action() + 31L * ply));
          s.applyAction(r.action());
        }
      }
    }
    return String.format(Locale.ROOT, "signature: games %s; agent %s; simulations %d; nodes %d; actions %016x",
        used, agentSpec("sims=300,threads=1"), sims, nodes, hash);
  }

  private String agentSpec(String budget) {
    String a = agent.trim();
    int open = a.indexOf('(');
    if (open < 0) {
      return a + "(" + budget + ")";
    }
    return a.substring(0, a.length() - 1) + "," + budget + ")";
  }

  private static MctsAgent create(String spec, Game game) {
    if (AgentRegistry.create(spec, game, 1) instanceof MctsAgent m) {
      return m;
    }
    throw new UsageException("agent '" + spec + "' is not an MCTS agent");
  }
}
