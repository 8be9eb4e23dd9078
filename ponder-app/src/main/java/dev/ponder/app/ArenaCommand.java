package dev.ponder.app;

import dev.ponder.agent.AgentFactory;
import dev.ponder.agent.AgentRegistry;
import dev.ponder.arena.Analysis;
import dev.ponder.arena.AnalysisOptions;
import dev.ponder.arena.ArenaStore;
import dev.ponder.arena.Budget;
import dev.ponder.arena.Progress;
import dev.ponder.arena.Report;
import dev.ponder.arena.Tournament;
import dev.ponder.arena.TournamentConfig;
import dev.ponder.game.GameFactory;
import dev.ponder.game.GameRegistry;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code ponder arena}: a resumable tournament into a SQLite store, then the rankings. */
@Command(name = "arena", mixinStandardHelpOptions = true,
    description = {
        "Pit agents against each other across games under an equal budget; store every match in a SQLite file "
            + "(resumable: re-running the same command continues where it stopped) and print the rankings "
            + "(SCO over per-game alpha-rank ballots, Elo, per-game scores with intervals).",
        "Without --games and --agents it runs the built-in default suite.",
        "The budget (e.g. sims=400 or time_ms=50) is added to every agent that declares that parameter and names no "
            + "budget of its own: an agent string with sims or time_ms (e.g. uct(time_ms=5)) keeps its own budget and "
            + "gets none of --budget; agents without the parameter (e.g. random) are left alone.",
        "Exit code 1 when some match ended in an error (a game's or an agent's exception, an illegal move), after every"
            + " other match is stored and the rankings and the report are written; the last line names the first error."
            + " An agent's error is scored as its forfeit (the game's minimum return for it); the game's own error is not"
            + " scored."})
public final class ArenaCommand implements PonderCommand {
  /** Games of the default suite (those registered are used). */
  static final List<String> DEFAULT_GAMES = List.of("tic_tac_toe", "kuhn_poker", "breakthrough(rows=6,columns=6)",
      "hex(board_size=5)", "connect_four", "nim");
  /** Agents of the default suite (those registered are used). */
  static final List<String> DEFAULT_AGENTS = List.of("random", "uct", "puct", "m_seed");
  static final String DEFAULT_BUDGET = "sims=1000";
  static final int DEFAULT_MATCHES = 200;

  @Option(names = "--games", paramLabel = "GAMES", description = "Game strings separated by commas (or ';') outside parentheses; a ',' or ';' inside belongs to its game string, as in nim(pile_sizes=1;3;5) (repeatable, as bench --games).")
  List<String> games;

  @Option(names = "--agents", paramLabel = "AGENTS", description = "Agent strings separated by commas outside parentheses; a ',' inside belongs to its agent string, as in uct(sims=100,c=0.5) (repeatable).")
  List<String> agents;

  @Option(names = "--budget", paramLabel = "KEYS", description = "Budget keys for every agent that declares them and names no budget (sims, time_ms) of its own: sims=N, time_ms=N (N >= 1: 0 would be no limit), or both joined by a comma (default suite: " + DEFAULT_BUDGET + "); no other key (set other parameters, e.g. threads, in the agent string).")
  String budget;

  @Option(names = "--seeds-per-pairing", paramLabel = "N", converter = Ponder.AtLeastOne.class, description = "Seed indices per pairing (default: "
      + DEFAULT_MATCHES + "); each seed index plays every seating of the pairing (both seat orders for 2 players; --seat-orders for more),"
      + " so a 2-player pairing plays 2N matches per game"
      + " (--matches-per-pairing, its older name, still works).")
  Integer seedsPerPairing;

  /** The older name of --seeds-per-pairing, kept working (not in the help); giving both is an error. */
  @Option(names = "--matches-per-pairing", hidden = true, paramLabel = "N", converter = Ponder.AtLeastOne.class)
  Integer matchesPerPairing;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "" + TournamentConfig.DEFAULT_SEED, description = "Tournament seed (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--parallel", paramLabel = "N", converter = ArenaCommand.ParallelRange.class, description = "Worker threads playing matches, then computing the statistics (1..4096; default: the cores divided by the most search threads an agent uses, e.g. 1 on 2 cores with uct(threads=2); with a time budget (time_ms) one core less, leaving it free, at least 1); the statistics do not depend on it.")
  Integer parallel;

  /** The most threads --parallel takes (arena and report): far above any machine's cores, far below Java's pool limits. */
  static final int MAX_PARALLEL = 4096;

  /** The range of {@code --parallel} (arena and report), 1..{@link #MAX_PARALLEL}, for a number beyond {@code int} too. */
  static final class ParallelRange extends Ponder.IntRange {
    ParallelRange() {
      super(1, MAX_PARALLEL);
    }
  }

  @Option(names = "--db", paramLabel = "FILE", defaultValue = "ponder-arena.db", description = "SQLite results store; missing parent directories are created (default: ${DEFAULT-VALUE}).")
  Path db;

  @Option(names = "--report", paramLabel = "DIR", description = "Directory for report.md, report.json, matches.csv and SVG charts (default:"
      + " the store's path without its extension, plus -report: ponder-arena-report for ponder-arena.db, my/c4-report"
      + " for --db my/c4.db; for the tournaments after a store's first, plus -t and the tournament's id: my/c4-report-t2).")
  Path report;

  @Option(names = "--schedule", paramLabel = "KIND", defaultValue = "round-robin", description = "round-robin (every pairing in every seat order; in games of 3 or more players every multiset of agents, seated as --seat-orders says) or benchmark (each agent in each seat against --benchmark in the others; default: ${DEFAULT-VALUE}).")
  String schedule;

  @Option(names = "--seat-orders", paramLabel = "permutations|rotations", description = "How the round robin seats each multiset of agents in games of 3 or more players: permutations (default for a new tournament: every distinct seat order, 6 for three different agents, so no agent always sits to the same neighbour's left) or rotations (the distinct cyclic rotations only, (n − 1)! times fewer matches for an agent set of n different agents (2 for 3, 6 for 4; fewer for sets with repeated agents): one orientation per multiset, taken from the agent strings in sorted order, so it does not depend on the order of --agents). Part of the stored tournament; without it a run continues a stored tournament with that tournament's seat orders (also one stored before this option, which played rotations in the --agents order). Two-player games and --schedule benchmark seat agents the same either way.")
  String seatOrders;

  @Option(names = "--benchmark", paramLabel = "AGENT", defaultValue = "", description = "The fixed benchmark agent for --schedule benchmark (ignored, with a warning, by round-robin).")
  String benchmark;

  @Option(names = "--self-play", description = "Also play every agent against itself (the diagonal); round-robin only (ignored, with a warning, by --schedule benchmark).")
  boolean selfPlay;

  @Option(names = "--no-reuse", description = "Play every match afresh. Without it,"
      + " a scheduled match that another tournament in --db already played identically (the same full game string, the"
      + " same agent strings in the same seats with the same stored parameters and fingerprints, the same match seed; no"
      + " agent with a time budget or several search threads; status ok) is copied from it instead of played again.")
  boolean noReuse;

  @Option(names = "--no-progress", description = "No progress output (otherwise on stderr: the matches, then each statistics step that takes more than a second).")
  boolean noProgress;

  @Mixin StatsOptions stats;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    stats.toOptions(); // statistics options are checked before anything is played
    boolean builtIn = games == null && agents == null;
    List<String> gameList = games == null ? null
        : games.stream().flatMap(g -> SearchBenchCommand.splitGames(g).stream()).toList();
    List<String> agentList = agents == null ? null
        : agents.stream().flatMap(a -> SearchCommand.splitList(a, c -> c == ',', "--agents '" + a + "' has an empty"
            + " agent string; separate agent strings by single commas, e.g. random,uct(sims=100)").stream()).toList();
    String budgetText = budget;
    if (seedsPerPairing != null && matchesPerPairing != null) {
      throw new UsageException("--seeds-per-pairing and --matches-per-pairing are one option (the second is the"
          + " first's older name); give only --seeds-per-pairing");
    }
    String seedsOption = matchesPerPairing != null ? "--matches-per-pairing" : "--seeds-per-pairing";
    Integer seedsGiven = seedsPerPairing != null ? seedsPerPairing : matchesPerPairing;
    int matches = seedsGiven == null ? DEFAULT_MATCHES : seedsGiven;
    reportByDefault = report == null;
    if (reportByDefault) {
      report = defaultReport(db);
    }
    String banner = null;
    if (builtIn) {
      Set<String> knownGames = new TreeSet<>();
      for (GameFactory f : GameRegistry.factories()) {
        knownGames.add(f.type().shortName());
      }
      Set<String> knownAgents = new TreeSet<>();
      for (AgentFactory f : AgentRegistry.factories()) {
        knownAgents.add(f.name());
      }
      gameList = DEFAULT_GAMES.stream().filter(g -> knownGames.contains(dev.ponder.spec.Spec.parse(g).name())).limit(4).toList();
      agentList = DEFAULT_AGENTS.stream().filter(knownAgents::contains).toList();
      if (budgetText == null) {
        budgetText = DEFAULT_BUDGET;
      }
      // printed once the options are checked: a usage error comes alone
      banner = String.format(Locale.ROOT, "Default suite: games %s; agents %s; budget %s; %d seeds per pairing"
          + " (resumable in %s; report to %s)", String.join(", ", gameList), String.join(", ", agentList), budgetText,
          matches, db, report);
    }
    if (gameList == null || gameList.isEmpty()) {
      throw new UsageException("--games is required when --agents is given (e.g. --games tic_tac_toe,connect_four)");
    }
    if (agentList == null || agentList.isEmpty()) {
      throw new UsageException("--agents is required when --games is given (e.g. --agents random,uct)");
    }
    if (budgetText == null) {
      budgetText = "";
    }
    if (matches < 1) {
      throw UsageException.atLeast(seedsOption, 1, matches);
    }
    if (parallel != null && (parallel < 1 || parallel > ArenaCommand.MAX_PARALLEL)) {
      throw UsageException.inRange("--parallel", "1.." + ArenaCommand.MAX_PARALLEL, parallel);
    }
    if (!schedule.equals(TournamentConfig.ROUND_ROBIN) && !schedule.equals(TournamentConfig.BENCHMARK)) {
      throw UsageException.notValid("--schedule", schedule, List.of("round-robin", "benchmark"),
          dev.ponder.spec.Suggestions.didYouMean(schedule, List.of("round-robin", "benchmark")));
    }
    if (schedule.equals(TournamentConfig.BENCHMARK) && benchmark.isEmpty()) {
      throw new UsageException("--schedule benchmark needs --benchmark AGENT");
    }
    if (seatOrders != null && !seatOrders.equals(TournamentConfig.PERMUTATIONS) && !seatOrders.equals(TournamentConfig.ROTATIONS)) {
      throw UsageException.notValid("--seat-orders", seatOrders, List.of("permutations", "rotations"),
          dev.ponder.spec.Suggestions.didYouMean(seatOrders, List.of("permutations", "rotations")));
    }
    Map<String, String> b = Budget.parse(budgetText);
    List<String> named = new ArrayList<>(agentList);
    if (!benchmark.isEmpty()) {
      named.add(benchmark);
    }
    requireBudgetKeys(b, named);
    for (String a : named) {
      if (dev.ponder.spec.Spec.parse(a.trim()).name().equals(HumanAgent.Factory.NAME)) {
        throw new UsageException("agent 'human' reads moves from the terminal and cannot play in a tournament;"
            + " use ponder play --players human,AGENT");
      }
    }
    List<String> gl = gameList.stream().map(String::trim).toList();
    requireDistinct("--games", gl);
    List<String> given = agentList.stream().map(String::trim).toList();
    // the agents as given: the Tournament applies the budget (checking that some agent declares
    // each key) and refuses duplicate agents, for this command and for Java callers alike
    TournamentConfig givenConfig = new TournamentConfig(gl, given, budgetText, matches, seed, schedule,
        benchmark.trim(), selfPlay, seatOrders == null ? TournamentConfig.PERMUTATIONS : seatOrders);
    Tournament t;
    try {
      t = new Tournament(givenConfig, seatOrders != null);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    TournamentConfig config = t.config(); // the budget applied: what is stored and played
    int cores = Runtime.getRuntime().availableProcessors();
    int threads = parallel != null ? parallel : defaultParallel(config.allAgents(), cores);
    // the statistics time no agent: without --parallel they use the cores a sims budget would
    statsThreads = parallel != null ? parallel : Math.max(1, cores / maxSearchThreads(config.allAgents()));
    AnalysisOptions options = stats.toOptions(config.allAgents(), b);
    if (banner != null) {
      out.println(banner);
      out.flush();
    }
    ignoredOptionWarnings(schedule, !benchmark.isEmpty(), selfPlay).forEach(w -> spec.commandLine().getErr().println(w));
    if (seatOrders != null && !t.seatOrdersMatter()) {
      spec.commandLine().getErr().println(seatOrdersIgnoredWarning(schedule));
    }
    if (spec.commandLine().getParseResult().hasMatchedOption("--alpharank-two-player")) {
      alphaRankTwoPlayerIgnoredWarning(schedule, t.games().stream().map(dev.ponder.game.Game::numPlayers).toList())
          .ifPresent(w -> spec.commandLine().getErr().println(w));
    }
    if (schedule.equals(TournamentConfig.ROUND_ROBIN) && config.seatOrders().equals(TournamentConfig.PERMUTATIONS)) {
      manySeatOrdersWarning(t.games(), config.allAgents().size(), selfPlay, matches)
          .ifPresent(w -> spec.commandLine().getErr().println(w));
    }
    java.math.BigInteger scheduled = dev.ponder.arena.Schedule.count(config, t.games());
    if (scheduled.compareTo(java.math.BigInteger.valueOf(Integer.MAX_VALUE)) > 0) { // one line, before any store or report directory is made
      throw new UsageException(dev.ponder.arena.Tournament.tooManyMatchesMessage(scheduled));
    }
    List<String> namedTrimmed = named.stream().map(String::trim).toList();
    // decided by the parsed agents: each agent's canonical form without the budget and with it
    // (the strings as typed, "uct( sims=3 )", differ from any canonical form)
    unusedBudgetWarning(budgetText, namedTrimmed.stream().map(a -> Budget.apply(a, Map.of())).toList(),
        namedTrimmed.stream().map(a -> Budget.apply(a, b)).toList())
        .ifPresent(w -> spec.commandLine().getErr().println(w));
    SearchThreads.warnings(config.allAgents(), Runtime.getRuntime().availableProcessors())
        .forEach(w -> spec.commandLine().getErr().println(w));
    AgentWarnings.lines(config.allAgents(), t.games()).forEach(w -> spec.commandLine().getErr().println(w));
    timingNote(config.allAgents()).ifPresent(w -> spec.commandLine().getErr().println(w));
    if (schedule.equals(TournamentConfig.ROUND_ROBIN) && !selfPlay) {
      dev.ponder.rating.AlphaRank.Options ar = options.alphaRank();
      boolean twoPlayerDiagonal = options.alphaRankTwoPlayer() == dev.ponder.arena.AnalysisOptions.Populations.MULTI
          || !Double.isInfinite(ar.alpha()) && ar.model() == dev.ponder.rating.AlphaRank.Model.FULL;
      generalSumWarnings(t.games(), twoPlayerDiagonal).forEach(w -> spec.commandLine().getErr().println(w));
    }
    if (schedule.equals(TournamentConfig.ROUND_ROBIN)) {
      boolean twoPlayerMulti = options.alphaRankTwoPlayer() == dev.ponder.arena.AnalysisOptions.Populations.MULTI;
      alphaRankLimitWarnings(t.games(), config.allAgents().size(), selfPlay, twoPlayerMulti)
          .forEach(w -> spec.commandLine().getErr().println(w));
      statisticsCostNote(t.games(), config.allAgents().size(), selfPlay,
          Math.max(options.scoResamples(), options.alphaRankResamples()), twoPlayerMulti)
          .ifPresent(w -> spec.commandLine().getErr().println(w));
    }
    spec.commandLine().getErr().flush();
    String linked = ArenaStore.hardLinkProblem(db); // two names of one file: SQLite's log and locks go per name
    if (linked != null) {
      throw new UsageException(linked);
    }
    String notStore = ArenaStore.notSqliteProblem(db); // before the run lock's file is created beside it
    if (notStore != null) {
      throw new UsageException(notStore);
    }
    RunEdge edge = RunEdge.current(spec.commandLine().getErr());
    // the probes create files and remove them again: a signal lets them finish first
    edge.step(() -> {
      String unwritable = ArenaStore.writeProblem(db); // the file, its directory, a -wal/-shm left by another user
      if (unwritable != null) {
        throw new UsageException("cannot write --db " + db + ": " + unwritable);
      }
      IoReasons.requireWritable("--db", db); // like every output path: missing parents are created, before any match
      if (reportByDefault) {
        ReportDirectory.requireOwnDefault(report, db); // before any match: never write over another store's report
      }
      ReportDirectory.prepare("--report", report); // before any match is played
    });
    dev.ponder.arena.RunLock runLock;
    try {
      runLock = dev.ponder.arena.RunLock.acquire(db); // one run per store; dropped by the OS when this process ends
    } catch (dev.ponder.arena.RunLock.LockedException e) {
      throw new UsageException(e.getMessage());
    } catch (ArenaStore.StoreException e) {
      throw new UsageException("cannot write --db " + db + ": " + e.getMessage()); // an unwritable output path: exit 2
    }
    try (dev.ponder.arena.RunLock held = runLock) {
      return run(t, config, threads, options, edge);
    } catch (ArenaStore.UnusableStoreException e) {
      throw new UsageException(e.getMessage()); // a damaged input file: exit 2, like report
    }
  }

  /** The analysis step of a run (after the matches); tests replace it to see what a failing analysis leaves. */
  interface AnalysisStep {
    Analysis.Result analyse(ArenaStore store, long id, AnalysisOptions o, List<ArenaStore.StoredMatch> all,
        Analysis.Execution ex);
  }

  /**
   * The line before the first match: how many matches remain of how many, and how many run at
   * once, e.g. {@code arena: 400 matches to play (0 of 400 stored), 1 at a time}.
   */
  static String startLine(long done, long total, int parallel) {
    long left = total - done;
    return String.format(Locale.ROOT, "arena: %d match%s to play (%d of %d stored), %d at a time", left,
        left == 1 ? "" : "es", done, total, parallel);
  }

  /** Whether {@code --report} was left to its default (which then depends on the store's tournaments). */
  private boolean reportByDefault;

  /** Threads computing the statistics: {@code --parallel}, else the cores over the most search threads. */
  private int statsThreads = 1;

  /** {@link Analysis#analyse(ArenaStore, long, AnalysisOptions, List, Analysis.Execution)} unless a test replaces it. */
  AnalysisStep analysisStep = Analysis::analyse;

  private int run(Tournament t, TournamentConfig config, int threads, AnalysisOptions options, RunEdge edge) {
    PrintWriter out = spec.commandLine().getOut();
    // asked under the run lock: no other run creates the store meanwhile
    boolean created = !Files.exists(db);
    ArenaStore[] openedNow = new ArenaStore[1];
    edge.enter(() -> InterruptNotice.starting(openedNow[0], created, db));
    ArenaStore opened;
    try {
      PrintWriter notes = spec.commandLine().getErr();
      // created whole, or not at all, before a signal speaks; another program's lock on the store
      // is said once a wait lasts
      opened = edge.step(() -> openedNow[0] = ArenaStore.open(db, note -> Progress.println(notes, note),
          edge::stopped)); // a signal ends such a wait at once: the hook's line is not held up 10 s; a note
      // may come mid-run, under the bar, and goes on a line of its own
    } catch (ArenaStore.NotAStoreException e) {
      throw new UsageException(e.getMessage());
    }
    java.util.concurrent.atomic.AtomicLong storedNow = new java.util.concurrent.atomic.AtomicLong();
    boolean[] buildWarned = new boolean[1]; // the resume's warning said the builds differ: the report's is not repeated
    try (ArenaStore store = opened) {
      Tournament.RunSummary s;
      try {
        ArenaStore.Opened[] tournament = new ArenaStore.Opened[1]; // the one found, for the warning after the look-up
        t.reuse(!noReuse).onReuse(reuse -> { // the warning names what is reused: it comes once that is looked up
          ArenaStore.Opened found = tournament[0];
          if (found != null && found.othersStored() > 0) {
            Progress.println(spec.commandLine().getErr(), newTournamentWarning(db, found, reordered(store, config,
                found.id()), NearestTournament.clause(store, config, found.id()).orElse(""), reuse, noReuse));
          }
        });
        s = t.run(store, threads,
            (done, total) -> {
              PrintWriter err = spec.commandLine().getErr();
              if (done >= total) { // nothing to play: no rate, no ETA, no warning about overruns
                if (!noProgress) {
                  Progress.println(err, nothingToPlay(total, db));
                }
                return Progress.none();
              }
              if (tournament[0] != null) { // resumed under another build: said once, before anything is played
                otherBuildWarning(tournament[0].id(), store.builds(tournament[0].id()), t.build()).ifPresent(w -> {
                  err.println(w);
                  err.flush();
                  buildWarned[0] = true;
                });
              }
              timeBudgetWarning(config.allAgents(), threads, Runtime.getRuntime().availableProcessors())
                  .ifPresent(w -> Progress.println(err, w));
              if (!noProgress) { // the size of the job before the first progress line, which comes after 10 s
                Progress.println(err, startLine(done, total, threads));
              }
              return noProgress ? Progress.none() : Progress.forConsole("arena", done, total, System.err, 10_000);
            }, storedNow::set,
            // status, like the progress and the warnings: stderr, with the command's prefix
            line -> Progress.println(spec.commandLine().getErr(), "arena: " + line),
            found -> {
              // the tournament's own size (its stored seat orders and seeds per pairing), known from now on
              int total = dev.ponder.arena.Schedule.count(found.config(), t.games()).intValue();
              edge.enter(() -> InterruptNotice.playing(store, found.id(), total, db));
              tournament[0] = found;
            });
      } catch (ArenaStore.GameChangedException e) {
        throw new UsageException(e.getMessage()); // one line: the game, what changed and what to do
      } catch (ArenaStore.ParamsChangedException e) {
        // a fingerprint entry (AgentFactory.fingerprint, e.g. a policy file's digest) is restored by restoring
        // the input; a parameter (changed default, or a key no longer declared) by the agent's code
        boolean input = AgentRegistry.factory(dev.ponder.spec.Spec.parse(e.agent()).name())
            .fingerprint(AgentRegistry.resolve(e.agent())).containsKey(e.key());
        throw new UsageException(e.getMessage() + (!input
            ? "; to play it as it is now, give a new --db or register the agent under another name (the stored matches"
                + " keep the old " + e.key() + ")"
            : "; to continue this tournament, restore the input it was played with (any change to the file's bytes"
                + " counts); to play the new one, give a new --db"));
      } catch (VirtualMachineError e) {
        // out of memory (or another failure of the JVM itself) in some match: no match result can
        // be trusted after it, so the run stops; every match finished before is committed
        throw new IllegalStateException(jvmStopLine(e, db, storedNow.get()), e);
      } catch (ArenaStore.SeatOrdersChangedException e) {
        throw new UsageException(seatOrdersRefusal(e, db));
      } catch (ArenaStore.SmallerThanStoredException e) {
        throw new UsageException(e.getMessage() + "; re-run with --seeds-per-pairing " + e.stored()
            + " (or more) to continue it, or see it with 'ponder report --db " + db + " --tournament " + e.tournament() + "'");
      }
      int total = s.total();
      edge.enter(() -> InterruptNotice.closed(store, InterruptNotice.allStored(total, db, false)));
      // the run's counts first, as soon as the matches are done: an analysis that fails keeps them
      out.println(headline(s, t.games().size(), config.allAgents().size(), db));
      out.flush();
      List<ArenaStore.StoredMatch> snapshot = store.matches(s.tournamentId(), true);
      Analysis.Result r = analysisStep.analyse(store, s.tournamentId(), options, snapshot,
          StatsOptions.execution(statsThreads, noProgress, 10_000));
      // one "Tournament N:" line: the run's counts (above) stand for the table's own first line
      String table = Report.terminal(r, threads);
      edge.step(() -> { // the rankings and the phase that says they are printed, at once for a signal
        out.print(table.substring(table.indexOf('\n') + 1));
        out.flush(); // the rankings come first, even if the report files cannot be written
        if (!buildWarned[0]) {
          warnMixedBuilds(r, spec.commandLine().getErr());
        }
        edge.enter(() -> InterruptNotice.closed(store, InterruptNotice.allStored(total, db, true)));
      });
      if (reportByDefault) { // a store of several tournaments: one default directory per tournament
        int tournaments = store.tournaments().size();
        Path own = defaultReport(db, s.tournamentId(), tournaments);
        if (!own.equals(report)) {
          ReportDirectory.requireOwnDefault(own, db);
          edge.step(() -> ReportDirectory.prepare("--report", own));
          report = own;
        }
      }
      Path dir = report;
      boolean newDir = !Files.exists(dir);
      edge.enter(() -> InterruptNotice.closed(store, ReportDirectory.removedIfEmpty(dir, newDir)
          ? InterruptNotice.allStored(total, db, true) : InterruptNotice.writing(dir, total, db)));
      return writeReport(edge, r, snapshot, dir, db, store, out, spec.commandLine().getErr());
    }
  }

  /**
   * The warning of a run that resumes tournament {@code id} under another build than the one (or
   * ones) that stored its matches, one line: {@code warning: tournament 1 has 311 matches stored by
   * ponder 0.0.9; this run is ponder 0.1.0: the matches it plays are recorded as this build's, and the
   * report names each build}. A build not recorded (a store of an older Ponder) counts as another.
   * Empty when every stored match is this build's, or none is stored.
   *
   * @param stored the stored matches per build ({@link ArenaStore#builds}; null key: not recorded)
   * @param current this build, as {@code ponder -V} prints it
   */
  static java.util.Optional<String> otherBuildWarning(long id, java.util.Map<String, Integer> stored, String current) {
    List<String> others = new java.util.ArrayList<>();
    stored.forEach((build, n) -> {
      if (!current.equals(build)) {
        others.add(Report.count(n, "match", "matches") + " stored by "
            + (build == null ? "a build that did not record its version" : build));
      }
    });
    if (others.isEmpty()) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of("warning: tournament " + id + " has " + String.join(" and ", others) + "; this run is "
        + current + ": the matches it plays are recorded as this build's, and the report names each build");
  }

  /** Prints {@link Report#buildWarning} as a {@code warning: } line on {@code err} when the tournament mixes builds. */
  static void warnMixedBuilds(Analysis.Result r, PrintWriter err) {
    String w = Report.buildWarning(r);
    if (!w.isEmpty()) {
      err.println("warning: " + w);
      err.flush();
    }
  }

  /**
   * The end of an arena or report run: writes the report into {@code dir} ({@link Report#writeLanded}),
   * each file under a hidden temporary name, then in one step for a signal ({@link RunEdge#step})
   * moves the files into place together, prints {@code Report written to DIR}, then, when the
   * tournament holds error matches, the error line naming the first ({@link #matchErrorsLine}),
   * and marks the work done ({@link RunEdge#finish}: a signal from now on says nothing and keeps
   * the exit code, once the store is closed). A signal before that step lands none of the new
   * report (the step is not begun; the line is {@link InterruptNotice#writing}); one during it
   * waits for it, and then says nothing.
   *
   * @param db the store of the matches, recorded in report.json and named by a failure's hint
   * @return the exit code: 1 with error matches stored, else 0
   * @throws IllegalStateException with {@link ReportDirectory#failure} when a file cannot be
   *     written or moved into place
   */
  static int writeReport(RunEdge edge, Analysis.Result r, List<ArenaStore.StoredMatch> snapshot, Path dir, Path db,
      ArenaStore store, PrintWriter out, PrintWriter err) {
    int code = r.errorsStored() > 0 ? 1 : 0;
    try {
      Report.writeLanded(r, snapshot, dir, db, moveIntoPlace -> edge.step(() -> {
        moveIntoPlace.run(); // the whole new report; a move failing stops it, the files moved before it new, the rest the earlier report's
        out.println(ReportDirectory.written(dir));
        out.flush();
        if (code != 0) { // everything else is played, stored and reported: now say what failed
          err.println("ponder: error: " + matchErrorsLine(r, dir));
          err.flush();
        }
        edge.finish(code, () -> InterruptNotice.closeForExit(store));
      }));
    } catch (UncheckedIOException e) {
      throw new IllegalStateException(ReportDirectory.failure(dir, e, db), e);
    }
    return code;
  }

  /**
   * The last line (stderr, after {@code ponder: error: }) of a run, or a report, of a tournament
   * holding matches that ended in an error, which then exits with code 1: how many, that the rest
   * is stored and reported, and the first error among every stored match, analysed or not (game,
   * seed index, seats, and the call that failed, the move and the place the exception was thrown:
   * {@link dev.ponder.arena.MatchRunner#thrown}). E.g. {@code 6 of 12 matches ended in an error (an
   * agent's failure is scored as its forfeit, the game's own error is left out of the rankings; the
   * others are stored and the report is in r-report; matches.csv holds every message); first: crash_race, seed index 0, random vs uct(sims=20): game crash_race
   * failed during seat 1's agent uct(sims=20)'s selectAction at move 3:
   * ArrayIndexOutOfBoundsException: … at com.example.Race$S.legalActions(Race.java:96)}.
   */
  static String matchErrorsLine(Analysis.Result r, Path report) {
    String first = r.firstError().isEmpty() ? "" : "; first: " + r.firstError().lines().findFirst().orElse("");
    return r.errorsStored() + " of " + Report.count(r.matchesStored(), "match", "matches") + " ended in an error (an"
        + " agent's failure is scored as its forfeit, the game's own error is left out of the rankings; the others are"
        + " stored and the report is in " + report + "; matches.csv holds every message)" + first;
  }

  /**
   * The error line of a run stopped by a {@link VirtualMachineError} (a match ran the JVM out of
   * memory): what failed, the remedy for memory, and that the matches finished before are stored.
   */
  static String jvmStopLine(VirtualMachineError e, Path db) {
    return jvmStopLine(e, db, 1);
  }

  /**
   * {@link #jvmStopLine(VirtualMachineError, Path)} for a run that had stored {@code storedNow}
   * matches when it stopped. With none stored, running the same command again would stop the same
   * way: the line says nothing was stored and that the command needs more memory (or a smaller
   * run) before it is worth repeating, instead of advising a resume.
   */
  static String jvmStopLine(VirtualMachineError e, Path db, long storedNow) {
    String what = e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage().lines().findFirst().orElse(""));
    if (storedNow == 0) {
      String cause = e instanceof OutOfMemoryError
          ? "the JVM ran out of memory before this run stored any match (" + what + "); give it more with -Xmx in"
              + " PONDER_JAVA_OPTS, or make the run smaller (lower --parallel or the agents' budgets, fewer agents or"
              + " --seeds-per-pairing)"
          : "the JVM failed before this run stored any match (" + what + ")";
      return cause + "; " + db + " holds no match of this run, so the same command, unchanged, would stop the same way";
    }
    String cause = e instanceof OutOfMemoryError
        ? "the JVM ran out of memory while playing the matches (" + what + "; give it more with -Xmx in PONDER_JAVA_OPTS,"
            + " or lower --parallel or the agents' budgets)"
        : "the JVM failed while playing the matches (" + what + ")";
    return cause + "; the run stopped, and the matches finished before are stored in " + db
        + ": run the same command to resume";
  }

  /**
   * The first line of the summary: {@code Tournament 1: 2 games, 2 agents; 36 matches (0 already
   * stored, 36 played now with 0 errors) in 1.2 s; store r.db}. The errors counted are those of the
   * matches played now; error matches stored by an earlier run are counted in the error line that
   * ends the run.
   */
  static String headline(Tournament.RunSummary s, int games, int agents, Path db) {
    String reused = s.reused() > 0 ? s.reusedLabel() + ", " : "";
    return String.format(Locale.ROOT, "Tournament %d: %s, %s; %s (%d already stored, %s%d played now"
        + " with %s) in %.1f s; store %s", s.tournamentId(), Report.count(games, "game", "games"),
        Report.count(agents, "agent", "agents"), Report.count(s.total(), "match", "matches"), s.alreadyStored(), reused,
        s.played(), Report.count(s.errors(), "error", "errors"), s.seconds(), db);
  }

  /**
   * The report directory when {@code --report} is not given, for {@code ponder arena} and {@code
   * ponder report} alike, in the store's directory: the store's file name without a {@code .db}
   * extension, followed by {@code -report}; any other name is kept whole. {@code ponder-arena.db}
   * gives {@code ponder-arena-report}, {@code my/c4.db} gives {@code my/c4-report}, {@code runs/t1}
   * gives {@code runs/t1-report}, {@code a.sqlite} gives {@code a.sqlite-report}. Two stores share a
   * default only as {@code X} and {@code X.db}; the commands then refuse to write one's report over
   * the other's ({@link ReportDirectory#requireOwnDefault}).
   */
  static Path defaultReport(Path db) {
    String name = db.getFileName() == null ? "ponder-arena" : db.getFileName().toString();
    String stem = name.endsWith(".db") && name.length() > 3 ? name.substring(0, name.length() - 3) : name;
    return db.resolveSibling(stem + "-report");
  }

  /**
   * The default report directory of tournament {@code tournament} in a store holding {@code
   * tournaments} tournaments: {@link #defaultReport(Path)} for tournament 1 (the store's first,
   * whose report went there while it was alone), and with {@code -t} and the tournament's id
   * appended for the others ({@code g4-report-t2}), so the report of one tournament never replaces
   * another's and tournament 1's report stays where it was first written.
   */
  static Path defaultReport(Path db, long tournament, int tournaments) {
    Path base = defaultReport(db);
    return tournaments > 1 && tournament != 1 ? base.resolveSibling(base.getFileName() + "-t" + tournament) : base;
  }

  /** The status line of a run whose matches are all stored already (instead of a progress line). */
  static String nothingToPlay(int total, Path db) {
    return "arena: all " + total + " matches are stored in " + db + "; nothing to play (computing the rankings)";
  }

  /**
   * What an interrupted run (SIGINT from Ctrl-C, or SIGTERM) prints, phase by phase ({@link
   * RunEdge}): one line on stderr, and the JVM exits with 128 + the signal's number (130 for
   * SIGINT). While the matches are played: {@code interrupted: 144 of 480 matches stored in r.db;
   * run the same command to resume}. Every match is committed in its own transaction, so the store
   * holds exactly the matches finished before the signal; matches in flight are lost and replayed on
   * resume. The count is exact: it is taken holding the store's monitor (every {@link ArenaStore}
   * method is synchronized on it) in a thread that keeps it until the JVM halts, so no match is
   * stored after it is counted. Once every match is stored, one wording ({@link #allStored}) that
   * never suggests resuming.
   */
  static final class InterruptNotice {
    private InterruptNotice() {}

    /**
     * The line of a signal before the tournament is opened: {@link RunEdge#starting}; a store this
     * run created that holds no match yet (no tournament, or only the one this run just recorded;
     * or a file it could not open) is removed first, with its {@code -wal}, {@code -shm} and {@code
     * -journal} files, so no empty store is left behind (the same command records the tournament
     * again).
     *
     * @param store the store, once opened, else null
     * @param created whether this run created the store's file
     */
    static String starting(ArenaStore store, boolean created, Path db) {
      boolean empty = store == null || closed(store,
          () -> store.tournaments().stream().allMatch(t -> store.count(t.id()) == 0), false);
      if (created && empty) {
        for (String suffix : new String[] {"", "-wal", "-shm", "-journal"}) {
          try {
            Files.deleteIfExists(Path.of(db + suffix));
          } catch (java.io.IOException | RuntimeException e) {
            // left as it is: an empty store is opened as a new one
          }
        }
      }
      return RunEdge.starting("arena");
    }

    /** The line of a signal while the matches of {@code tournament} (of {@code total}) are played. */
    static String playing(ArenaStore store, long tournament, int total, Path db) {
      return line(closed(store, () -> store.count(tournament), -1), total, db);
    }

    /**
     * Runs {@code query} on the store holding its monitor, then closes the store ({@link
     * #closeForExit}) and keeps the monitor until the JVM halts, so no other thread stores anything
     * after the query or sees the store closed; waits up to 10 s.
     *
     * @return what {@code query} returned, or {@code fallback} when it failed (the store already
     *     closed) or took too long
     */
    static <T> T closed(ArenaStore store, java.util.function.Supplier<T> query, T fallback) {
      java.util.concurrent.CompletableFuture<T> result = new java.util.concurrent.CompletableFuture<>();
      Thread holder = new Thread(() -> {
        synchronized (store) {
          T answer;
          try {
            answer = query.get();
          } catch (RuntimeException e) {
            answer = fallback;
          }
          closeForExit(store); // before the answer: the JVM may halt as soon as the hook has it
          result.complete(answer);
          while (true) { // keep the store locked until the JVM halts
            try {
              Thread.sleep(Long.MAX_VALUE);
            } catch (InterruptedException ignored) {
              // keep holding
            }
          }
        }
      }, "store-close-hold");
      holder.setDaemon(true);
      holder.start();
      try {
        return result.get(10, java.util.concurrent.TimeUnit.SECONDS);
      } catch (Exception e) {
        return fallback;
      }
    }

    /** {@link #closed(ArenaStore, java.util.function.Supplier, Object)} without a query: closes the store, returns {@code line}. */
    static String closed(ArenaStore store, String line) {
      closed(store, () -> Boolean.TRUE, Boolean.FALSE);
      return line;
    }

    /**
     * Closes the store of an interrupted run while holding its monitor: no match is being stored
     * (every {@link ArenaStore} method is synchronized on it), every stored match is committed, and
     * SQLite, closing its last connection, checkpoints the write-ahead log into the store and
     * removes the {@code -wal} and {@code -shm} files. A store that cannot be closed (already
     * closed, or the disk failing) is left as it is: its next open folds the log back in.
     */
    static void closeForExit(ArenaStore store) {
      synchronized (store) {
        try {
          store.close();
        } catch (RuntimeException e) {
          // already closed, or the log stays for the next open to fold back in
        }
      }
    }

    /**
     * The line for {@code stored} matches of {@code total} (either negative = unknown): {@code
     * interrupted: 144 of 480 matches stored in r.db; run the same command to resume}, or with every
     * match stored {@link #allStored}.
     */
    static String line(int stored, int total, Path db) {
      if (stored < 0) {
        return "interrupted: the matches finished so far are stored in " + db + "; run the same command to resume";
      }
      if (total >= 0 && stored >= total) {
        return allStored(total, db, false);
      }
      return "interrupted: " + (total >= 0 ? stored + " of " + total + " matches" : Report.count(stored, "match", "matches"))
          + " stored in " + db
          + "; run the same command to resume";
    }

    /**
     * The line once every match is stored and the report is not begun: {@code interrupted: all 480
     * matches stored in r.db, no report written; run the same command (or 'ponder report --db
     * r.db') for the rankings and the report}; with {@code ranked}, the rankings were printed
     * ({@code …, the rankings printed, no report written; … for the report}).
     */
    static String allStored(int total, Path db, boolean ranked) {
      return "interrupted: all " + total + " matches stored in " + db + (ranked ? ", the rankings printed" : "")
          + ", no report written; run the same command (or 'ponder report --db " + db + "') for "
          + (ranked ? "the report" : "the rankings and the report");
    }

    /**
     * The line of a signal while the report's files are written under their temporary names,
     * before they are moved into place ({@link #writeReport}): {@code interrupted while writing the
     * report to DIR: the new report was not written (any earlier report there is whole; the next
     * report into DIR removes the hidden temporary files left there); all 480 matches stored in
     * r.db: run the same command (or 'ponder report --db r.db --report DIR') to write it}
     * ({@link ReportDirectory#interruptedWriting}).
     */
    static String writing(Path dir, int total, Path db) {
      return ReportDirectory.interruptedWriting(dir) + "; all " + total + " matches stored in " + db
          + ": run the same command (or 'ponder report --db " + db + " --report " + dir + "') to write it";
    }
  }

  /**
   * The warning when a run starts a new tournament in a store that already holds others: the
   * configuration identifies a tournament, so agents or games in another order, or a budget
   * spelled in an agent string instead of {@code --budget}, silently start afresh otherwise.
   */
  static String newTournamentWarning(Path db, ArenaStore.Opened opened) {
    return newTournamentWarning(db, opened, List.of());
  }

  /**
   * {@link #newTournamentWarning(Path, ArenaStore.Opened)}, naming the stored tournaments that
   * have the same games and agents in another order ({@link #reordered}), the likely mistake:
   * {@code …; same games and agents as tournament 1 in another order; starting tournament 2 …}.
   */
  static String newTournamentWarning(Path db, ArenaStore.Opened opened, List<Long> reordered) {
    return newTournamentWarning(db, opened, reordered, null, false);
  }

  /**
   * {@link #newTournamentWarning(Path, ArenaStore.Opened, List)}, ending with what the new
   * tournament takes from the stored ones: {@code …; starting tournament 2 (…); 8640 of its 11440
   * matches are reused from tournament 1 (identical matches are copied, not played again;
   * --no-reuse plays them, e.g. after rebuilding a game or agent of your own)}, or {@code …; none of its 11440 matches is stored in another tournament}
   * when nothing was found, or {@code …; --no-reuse: all 11440 matches are played afresh}.
   *
   * @param reuse what the run found (null: say nothing about reuse)
   * @param noReuse whether {@code --no-reuse} turned reuse off
   */
  static String newTournamentWarning(Path db, ArenaStore.Opened opened, List<Long> reordered, Tournament.Reuse reuse,
      boolean noReuse) {
    return newTournamentWarning(db, opened, reordered, "", reuse, noReuse);
  }

  /**
   * {@link #newTournamentWarning(Path, ArenaStore.Opened, List, Tournament.Reuse, boolean)}, naming
   * when no stored tournament is a reordering the nearest one and what differs ({@code nearest},
   * from {@link NearestTournament#clause}; empty: none is near), e.g. {@code …; tournament 1
   * differs only in its budget (sims=200 there, sims=100 here); starting tournament 2 …}.
   */
  static String newTournamentWarning(Path db, ArenaStore.Opened opened, List<Long> reordered, String nearest,
      Tournament.Reuse reuse, boolean noReuse) {
    String reused = "";
    if (reuse != null) {
      int left = reuse.total() - reuse.stored();
      if (noReuse) {
        reused = "; --no-reuse: " + (left == 1 ? "the match is" : "all " + left + " matches are") + " played afresh";
      } else if (reuse.matches() > 0) {
        String label = reuse.label(); // "N matches reused from tournament K"
        reused = "; " + reuse.matches() + " of its " + left + " matches " + (reuse.matches() == 1 ? "is" : "are")
            + label.substring(label.indexOf(" reused")) + " (identical matches are copied, not played again; --no-reuse"
            + " plays them, e.g. after rebuilding a game or agent of your own)";
        if (!reuse.unchecked().isEmpty()) {
          reused += "; the matches of " + tournaments(reuse.unchecked()) + " were not looked at: " + unchecked(reuse.unchecked(), db);
        }
      } else if (!reuse.unchecked().isEmpty()) {
        reused = "; none of its " + left + " matches can be reused: " + unchecked(reuse.unchecked(), db);
      } else {
        reused = "; none of its " + left + " matches is stored in another tournament";
      }
    }
    String same = "";
    if (!reordered.isEmpty()) {
      same = "; same games and agents as tournament" + (reordered.size() == 1 ? " " : "s ")
          + String.join(", ", reordered.stream().map(String::valueOf).toList()) + " in another order";
    } else if (!nearest.isEmpty()) {
      same = "; " + nearest;
    }
    return "warning: no stored tournament in " + db + " has this configuration (" + opened.othersStored()
        + " stored; agents/games order and budgets are part of it)" + same + "; starting tournament " + opened.id()
        + " ('ponder report --db " + db + " --list' shows the stored ones)" + reused;
  }

  /** {@code tournament 1}, or {@code tournaments 1, 3}. */
  private static String tournaments(java.util.SortedSet<Long> ids) {
    return "tournament" + (ids.size() == 1 ? " " : "s ") + String.join(", ", ids.stream().map(String::valueOf).toList());
  }

  /**
   * Why the matches of tournaments stored before {@code games.params} existed are not reused, and
   * what to do ({@link Tournament.Reuse#unchecked}): {@code tournament 1 was stored before game
   * parameters were kept (the defaults its games were played with are unknown); to reuse its
   * identical matches, stop this run, run tournament 1's own command once more (that records
   * them; 'ponder report --db r.db --list' shows its configuration), then this one again}.
   */
  static String unchecked(java.util.SortedSet<Long> ids, Path db) {
    boolean one = ids.size() == 1;
    String names = tournaments(ids);
    return names + (one ? " was" : " were") + " stored before game parameters were kept (the defaults " + (one ? "its" : "their")
        + " games were played with are unknown); to reuse " + (one ? "its" : "their") + " identical matches, stop this"
        + " run, run " + (one ? names + "'s own command" : "each one's own command") + " once more (that records them;"
        + " 'ponder report --db " + db + " --list' shows " + (one ? "its configuration" : "their configurations")
        + "), then this one again";
  }

  /**
   * The stored tournaments (other than {@code self}) whose configuration differs from {@code c}
   * only in the order of the games or of the agents (and perhaps the seeds per pairing): the same
   * games, agents, budget, seed, schedule, benchmark, self-play and seat orders. Configurations the store
   * cannot read are skipped.
   */
  static List<Long> reordered(ArenaStore store, TournamentConfig c, long self) {
    List<Long> out = new ArrayList<>();
    NearestTournament.otherConfigs(store, self).forEach((id, s) -> {
      if (sameButOrder(s, c)) {
        out.add(id);
      }
    });
    return out;
  }

  /**
   * Whether two configurations differ in the order of games or agents, and at most in that and the
   * seeds per pairing.
   */
  static boolean sameButOrder(TournamentConfig a, TournamentConfig b) {
    return new java.util.HashSet<>(a.games()).equals(new java.util.HashSet<>(b.games())) && a.games().size() == b.games().size()
        && new java.util.HashSet<>(a.agents()).equals(new java.util.HashSet<>(b.agents())) && a.agents().size() == b.agents().size()
        && (!a.games().equals(b.games()) || !a.agents().equals(b.agents()))
        && a.budget().equals(b.budget()) && a.seed() == b.seed() && a.schedule().equals(b.schedule())
        && a.benchmark().equals(b.benchmark()) && a.selfPlay() == b.selfPlay() && a.seatOrders().equals(b.seatOrders());
  }

  /**
   * The one-line refusal of a run whose {@code --seat-orders} differ from those of the stored
   * tournament it would continue: how to continue that one, or where to start another.
   */
  static String seatOrdersRefusal(ArenaStore.SeatOrdersChangedException e, Path db) {
    String resume = e.stored().equals(TournamentConfig.LISTED_ROTATIONS)
        ? "re-run without --seat-orders to continue it as it was played"
        : "re-run with --seat-orders " + e.stored() + " (or without --seat-orders) to continue it";
    return e.getMessage() + "; " + resume + ", or give another --db (or --seed) for a tournament with the new seat orders";
  }

  /**
   * The warning when {@code --seat-orders} is given but changes no match: no game of 3 or more
   * players, or the benchmark schedule. The option is still part of a new tournament's
   * configuration, but a stored tournament continues whatever seat orders it was stored with.
   */
  static String seatOrdersIgnoredWarning(String schedule) {
    return "warning: --seat-orders changes no match " + (schedule.equals(TournamentConfig.BENCHMARK)
        ? "with --schedule benchmark" : "of a round robin of 2-player games")
        + "; it applies to round robins of games with 3 or more players";
  }

  /**
   * The warning when {@code --alpharank-two-player} is given (any value) but changes no ranking:
   * the tournament has no 2-player game (games of 3 or more players are always ranked by
   * multi-population α-Rank), or it is a benchmark run (ranked by mean return), in the words of
   * {@link #seatOrdersIgnoredWarning}; empty when some game is ranked by the option. Used by
   * {@code arena} and {@code report}.
   *
   * @param schedule the tournament's schedule ({@link TournamentConfig#ROUND_ROBIN} or {@link TournamentConfig#BENCHMARK})
   * @param players the number of players of each game of the tournament
   */
  static java.util.Optional<String> alphaRankTwoPlayerIgnoredWarning(String schedule, List<Integer> players) {
    boolean benchmark = schedule.equals(TournamentConfig.BENCHMARK);
    if (!benchmark && players.contains(2)) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of("warning: --alpharank-two-player changes no ranking " + (benchmark
        ? "with --schedule benchmark" : "of a round robin of games with 3 or more players")
        + "; it applies to round robins of 2-player games");
  }

  /**
   * One warning line per option the schedule does not use: {@code --benchmark} with the round
   * robin, {@code --self-play} with the benchmark schedule. They are warned about, not refused,
   * because the value is part of the stored tournament configuration that identifies a tournament:
   * refusing would stop a tournament stored with it from being resumed by the same command.
   */
  static List<String> ignoredOptionWarnings(String schedule, boolean benchmarkGiven, boolean selfPlay) {
    String stored = " (it is still stored with the tournament: give it again to resume this tournament)";
    List<String> out = new ArrayList<>();
    if (schedule.equals(TournamentConfig.ROUND_ROBIN) && benchmarkGiven) {
      out.add("warning: --benchmark is ignored with --schedule round-robin; it names the fixed opponent of"
          + " --schedule benchmark" + stored);
    }
    if (schedule.equals(TournamentConfig.BENCHMARK) && selfPlay) {
      out.add("warning: --self-play is ignored with --schedule benchmark; that schedule plays each agent against"
          + " the benchmark only" + stored);
    }
    return out;
  }

  /**
   * A warning per game of a round robin whose α-Rank chain would have more states than
   * {@link dev.ponder.rating.AlphaRank#MAX_STATES} ({@code K^N} agent profiles for N ≥ 3 players,
   * K for two): the report ranks it by mean return instead, and says so only in the results; the
   * warning says it before the first match, with the most agents that keep α-Rank. General-sum
   * games without {@code --self-play} are left to {@link #generalSumWarnings} (ranked by mean
   * return for another reason).
   *
   * @param agents number of agents K
   */
  static List<String> alphaRankLimitWarnings(List<dev.ponder.game.Game> games, int agents, boolean selfPlay) {
    return alphaRankLimitWarnings(games, agents, selfPlay, false);
  }

  /**
   * {@link #alphaRankLimitWarnings(List, int, boolean)}, with 2-player games ranked by
   * two-population α-Rank ({@code --alpharank-two-player multi}: K² profiles) when
   * {@code twoPlayerMulti}.
   */
  static List<String> alphaRankLimitWarnings(List<dev.ponder.game.Game> games, int agents, boolean selfPlay,
      boolean twoPlayerMulti) {
    List<String> out = new ArrayList<>();
    int limit = dev.ponder.rating.AlphaRank.MAX_STATES;
    for (dev.ponder.game.Game g : games) {
      dev.ponder.game.GameType.Utility u = g.type().utility();
      if (!selfPlay && (u == dev.ponder.game.GameType.Utility.GENERAL_SUM || u == dev.ponder.game.GameType.Utility.IDENTICAL)) {
        continue;
      }
      int n = g.numPlayers();
      boolean single = n == 2 && !twoPlayerMulti;
      double states = single ? agents : Math.pow(agents, n);
      if (states <= limit) {
        continue;
      }
      int most = 1;
      while ((single ? most + 1 : Math.pow(most + 1, n)) <= limit) {
        most++;
      }
      // a tournament has 2 agents at least: where 2 already pass the limit (10 players: 2^10 = 1024), say so
      String keep = most >= 2
          ? String.format(Locale.ROOT, "at most %d agents keep alpha-rank for %d players%s", most, n,
              n == 2 ? " with --alpharank-two-player multi" : "")
          : String.format(Locale.ROOT, "no number of agents keeps alpha-rank for %d players: 2 agents make 2^%d = %.0f profiles", n,
              n, Math.pow(2, n));
      out.add(String.format(Locale.ROOT, "warning: %s: %s profiles exceed the alpha-rank limit (%d): its ballot will be by mean"
          + " return, not alpha-rank (%s)", g.spec(),
          single ? Integer.toString(agents) : agents + "^" + n + " = " + String.format(Locale.ROOT, "%.0f", states), limit, keep));
    }
    return out;
  }

  /**
   * CPU seconds of one α → ∞ α-Rank over 1,000 states when it needs the ε sweep over the whole
   * chain (its response graph has several sink components; {@code AlphaRank.infiniteAlpha}),
   * measured on the project's 2-core machine (docs/bench/arena.md); the cost grows with the cube
   * of the states.
   */
  static final double SWEEP_SECONDS_PER_1000_STATES = 0.45;

  /** Least worst-case statistics time, in CPU seconds, that {@link #statisticsCostNote} speaks of. */
  static final double LONG_STATISTICS_SECONDS = 60;

  /**
   * The note before the first match when the statistics may take long: every bootstrap resample
   * recomputes each game's multi-population α-Rank (K^N agent profiles for N ≥ 3 players), which
   * takes milliseconds when the game's response graph has one sink component (the usual case when
   * some agents are clearly stronger) and up to {@link #SWEEP_SECONDS_PER_1000_STATES} × (states
   * / 1,000)³ CPU seconds when it has several. Printed when that worst case, summed over the
   * games, reaches {@link #LONG_STATISTICS_SECONDS}; it names the options of a quick preview.
   * Games past the α-Rank limit (ranked by mean return) and general-sum games without
   * {@code --self-play} cost nothing here.
   *
   * @param agents number of agents K
   * @param resamples the bootstrap's resamples: max(--sco-resamples, --alpharank-resamples)
   */
  static java.util.Optional<String> statisticsCostNote(List<dev.ponder.game.Game> games, int agents, boolean selfPlay,
      int resamples) {
    return statisticsCostNote(games, agents, selfPlay, resamples, false);
  }

  /**
   * {@link #statisticsCostNote(List, int, boolean, int)}, counting 2-player games too (K² profiles)
   * when they are ranked by two-population α-Rank ({@code --alpharank-two-player multi}).
   */
  static java.util.Optional<String> statisticsCostNote(List<dev.ponder.game.Game> games, int agents, boolean selfPlay,
      int resamples, boolean twoPlayerMulti) {
    double worst = 0;
    String largest = "";
    double largestStates = 0;
    for (dev.ponder.game.Game g : games) {
      dev.ponder.game.GameType.Utility u = g.type().utility();
      if (g.numPlayers() < (twoPlayerMulti ? 2 : 3) || (!selfPlay && (u == dev.ponder.game.GameType.Utility.GENERAL_SUM
          || u == dev.ponder.game.GameType.Utility.IDENTICAL))) {
        continue;
      }
      double states = Math.pow(agents, g.numPlayers());
      if (states > dev.ponder.rating.AlphaRank.MAX_STATES) {
        continue;
      }
      worst += resamples * SWEEP_SECONDS_PER_1000_STATES * Math.pow(states / 1000, 3);
      if (states > largestStates) {
        largestStates = states;
        largest = g.spec();
      }
    }
    if (worst < LONG_STATISTICS_SECONDS) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of(String.format(Locale.ROOT, "note: the statistics recompute multi-population alpha-rank"
        + " (%s: %.0f agent profiles) in each of %d bootstrap resamples: seconds when a game's response graph has one sink"
        + " component, up to about %s of CPU when it has several; --sco-resamples 200 --alpharank-resamples 200 gives a"
        + " quick preview (ponder report redoes the full statistics later)", largest, largestStates, resamples,
        cpuTime(worst)));
  }

  /** {@code 5 min}, {@code 2.1 h}, {@code 40 s}. */
  private static String cpuTime(double seconds) {
    if (seconds >= 3600) {
      return String.format(Locale.ROOT, "%.1f h", seconds / 3600);
    }
    if (seconds >= 60) {
      return String.format(Locale.ROOT, "%.0f min", seconds / 60);
    }
    return String.format(Locale.ROOT, "%.0f s", seconds);
  }

  /**
   * A warning per general-sum (or identical-interest) game of a round robin without {@code
   * --self-play} whose α-Rank needs each agent's payoff against copies of itself, which only those
   * matches give, so the report ranks such a game by mean return: every game of three or more
   * players, and a 2-player game when {@code twoPlayerDiagonal} (two populations, or the full
   * Fermi model at a finite α; single-population α-Rank reads only the payoffs between different
   * agents).
   */
  static List<String> generalSumWarnings(List<dev.ponder.game.Game> games, boolean twoPlayerDiagonal) {
    List<String> out = new ArrayList<>();
    for (dev.ponder.game.Game g : games) {
      dev.ponder.game.GameType.Utility u = g.type().utility();
      if ((u == dev.ponder.game.GameType.Utility.GENERAL_SUM || u == dev.ponder.game.GameType.Utility.IDENTICAL)
          && (g.numPlayers() > 2 || twoPlayerDiagonal)) {
        out.add("warning: " + g.spec() + " is " + (u == dev.ponder.game.GameType.Utility.IDENTICAL ? "identical-interest"
            : "general-sum") + ": without --self-play its ranking is by mean return (alpha-rank needs each agent's"
            + " payoff against copies of itself)");
      }
    }
    return out;
  }

  /** The keys of {@code --budget}: the search effort every agent gets (SPEC's IsoSim and IsoTime budgets). */
  static final List<String> BUDGET_KEYS = List.of("sims", "time_ms");

  /**
   * One-line usage error for a {@code --budget} key other than {@link #BUDGET_KEYS}: the budget
   * equalizes search effort; any other parameter (an exploration constant {@code c}, {@code
   * threads}, {@code reuse}) belongs in the agent string, where it is stored as part of the agent
   * (and where {@code threads} counts towards the default {@code --parallel}).
   */
  static void requireBudgetKeys(Map<String, String> budget, List<String> agents) {
    for (String key : budget.keySet()) {
      if (!BUDGET_KEYS.contains(key)) {
        String valid = "--budget key '" + key + "' is not a budget key; valid: " + String.join(", ", BUDGET_KEYS);
        java.util.Optional<String> near = nearBudgetKey(key);
        if (near.isPresent()) {
          // the key only: time_s=2 means 2 seconds, and time_ms=2 would be 2 ms
          throw new UsageException(valid + " (did you mean " + near.get() + "?" + unitNote(key, near.get()) + ")");
        }
        java.util.Optional<String> declares = agents.stream().map(String::trim)
            .map(a -> dev.ponder.spec.Spec.parse(a).name())
            .filter(n -> AgentRegistry.factory(n).parameters().stream().anyMatch(p -> p.name().equals(key)))
            .findFirst();
        throw new UsageException(valid + declares.map(n -> " (" + n + " declares " + key + ": set it in the agent string,"
            + " e.g. --agents '" + n + "(" + key + "=" + budget.get(key) + ")')")
            .orElse(" (other parameters belong in the agent string; 'ponder agents' lists each agent's)"));
      }
    }
  }

  /**
   * A note when a mistyped budget key names another unit than the key it most likely means
   * ({@code time_s}, {@code time_sec} for {@code time_ms}): the suggestion names the key and its
   * unit, never the value, which would be read in another unit.
   */
  static String unitNote(String key, String near) {
    if (near.equals("time_ms") && !key.equals("time_ms") && key.startsWith("time") && !key.endsWith("ms")) {
      return " it is in milliseconds";
    }
    return "";
  }

  /**
   * The budget key a mistyped one most likely means, by Ponder's one rule for suggestions
   * ({@link dev.ponder.spec.Suggestions}: {@code time} gives {@code time_ms}, {@code sim} gives
   * {@code sims}); empty when none is clearly closest.
   */
  static java.util.Optional<String> nearBudgetKey(String key) {
    return dev.ponder.spec.Suggestions.closest(key, BUDGET_KEYS);
  }

  /**
   * The warning when {@code --budget} reaches no agent: every agent (and the benchmark) names a
   * budget of its own or declares none of the keys, so the budget changes no agent, yet it is
   * stored with the tournament's configuration (the same command without it is another
   * tournament). Empty when no budget is given or it reaches some agent.
   *
   * @param given the agent strings (the benchmark included) in the canonical form of {@link
   *     Budget#apply} with no budget, so that spelling ({@code uct( sims=3 )}) does not count as a change
   * @param budgeted the same after {@link Budget#apply} with the budget
   */
  static java.util.Optional<String> unusedBudgetWarning(String budgetText, List<String> given, List<String> budgeted) {
    if (budgetText.isEmpty() || !given.equals(budgeted)) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of("warning: --budget " + budgetText + " applies to no agent (each names its own budget"
        + " or declares none of its keys); it is still stored with the tournament: give it again to resume this"
        + " tournament, or leave it out of a new one");
  }

  /** One-line usage error when a list names the same thing twice (it would count twice). */
  private static void requireDistinct(String option, List<String> items) {
    java.util.Set<String> seen = new java.util.HashSet<>();
    for (String x : items) {
      if (!seen.add(x)) {
        throw new UsageException(option + " lists '" + x + "' twice; each entry must be different");
      }
    }
  }

  /**
   * A warning when agents with a time budget ({@code time_ms} &gt; 0) play {@code parallel}
   * matches at once whose search threads take every core: the matches then compete with each other
   * and with the JVM's own threads (collector, compiler) for the cores, so decisions overrun their
   * budget and an agent gets less search than its budget says. Measured on 2 cores with
   * {@code time_ms=5}: about half the decisions overran with 2 matches at once, none with 1. When
   * an agent alone asks for more search threads than there are cores, no {@code --parallel} helps
   * and this gives nothing: {@link SearchThreads#warning} already names that agent and the cause,
   * so the run prints one warning for it, not two.
   *
   * @param agents the agent strings with their budgets applied
   * @param parallel matches played at once
   * @param cores available processors
   * @return the warning line, or empty when no agent has a time budget, a core is left over, an
   *     agent asks for more search threads than {@code cores} (warned about per agent), or one
   *     match of single-threaded agents runs on one core (nothing competes, nothing can be done)
   * @throws dev.ponder.spec.SpecException if an agent string is invalid
   */
  static java.util.Optional<String> timeBudgetWarning(List<String> agents, int parallel, int cores) {
    int most = maxSearchThreads(agents);
    if (!timed(agents) || (long) parallel * most < cores || most > cores) {
      // most > cores: --parallel cannot help, and SearchThreads.warnings names the agent and the cause
      return java.util.Optional.empty();
    }
    int free = (cores - 1) / most; // matches at once that leave a core free; 0 when one match cannot
    String remedy;
    if (free >= 1) {
      remedy = "--parallel " + free + " leaves a core free";
    } else if (most > 1) {
      remedy = "no --parallel leaves a core free while an agent's search threads take every core; threads="
          + Math.max(1, cores - 1) + " would";
    } else if (parallel > 1) {
      remedy = "--parallel 1 stops the matches competing with each other (on 1 core none can be left free)";
    } else {
      // one match of single-threaded agents on one core: no other match competes, and nothing the
      // user can set would leave a core free; a warning could not be acted on
      return java.util.Optional.empty();
    }
    return java.util.Optional.of("warning: time budgets with " + parallel + " match" + (parallel == 1 ? "" : "es")
        + " at once on " + cores + " core" + (cores == 1 ? "" : "s") + (most > 1 ? " (agents use up to " + most
        + " search threads)" : "") + ": the matches compete for the cores, so decisions overrun their time budget; "
        + remedy + " (the overrun counts after the run show how much)");
  }

  /**
   * The note when some agent's moves depend on timing: a time budget ({@code time_ms} &gt; 0) or
   * more than one search thread. Their matches are not functions of the seed: the same command
   * stores other matches, and a resume is a valid continuation, not a replay.
   *
   * @param agents the agent strings with their budgets applied
   * @return {@code note: A (time budget), B (2 search threads) depend on timing: …}, or empty
   * @throws dev.ponder.spec.SpecException if an agent string is invalid
   */
  static java.util.Optional<String> timingNote(List<String> agents) {
    return timingNote(agents, "these matches are not repeated by the seed (the same command stores other moves; a resume"
        + " continues, it does not replay)");
  }

  /**
   * The note of {@link #timingNote(List)} with another consequence, for {@code play} and {@code
   * search}: {@code note: A (time budget) decides by timing: WHAT; simulation budgets and threads=1
   * repeat exactly}.
   *
   * @param agents the agent strings
   * @param what what is not repeated, e.g. {@code this match is not repeated by --seed (…)}
   * @return the note, or empty when every agent is a function of its seed
   * @throws dev.ponder.spec.SpecException if an agent string is invalid
   */
  static java.util.Optional<String> timingNote(List<String> agents, String what) {
    List<String> named = new ArrayList<>();
    for (String a : agents) {
      Map<String, Object> v = AgentRegistry.resolve(a).values();
      List<String> why = new ArrayList<>();
      if (v.get("time_ms") instanceof Number n && n.doubleValue() > 0) {
        why.add("time budget");
      }
      if (v.get("threads") instanceof Number n && n.intValue() > 1) {
        why.add(n.intValue() + " search threads");
      }
      if (!why.isEmpty()) {
        named.add(a + " (" + String.join(", ", why) + ")");
      }
    }
    if (named.isEmpty()) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of("note: " + String.join(", ", named) + (named.size() == 1 ? " decides" : " decide")
        + " by timing: " + what + "; simulation budgets and threads=1 repeat exactly");
  }

  /** Matches above which a round robin with every seat order gets {@link #manySeatOrdersWarning}. */
  static final long MANY_MATCHES = 1_000_000;

  /**
   * A warning when every seat order of each agent multiset ({@code --seat-orders permutations})
   * makes a game of 3 or more players play more than {@value #MANY_MATCHES} matches: k agents in n
   * seats give k^n − k seatings per seed index (k^n with self-play), growing fast with n, while
   * the cyclic rotations give at most n per multiset.
   *
   * @param agents the number of agents k
   * @param seeds seeds per pairing
   * @return e.g. {@code warning: pig(players=10): 3 agents in 10 seats, every seat order: 59046
   *     seatings per seed index, 11809200 matches; …}, or empty
   */
  static java.util.Optional<String> manySeatOrdersWarning(List<dev.ponder.game.Game> games, int agents, boolean selfPlay,
      int seeds) {
    for (dev.ponder.game.Game g : games) {
      int n = g.numPlayers();
      if (n < 3) {
        continue;
      }
      java.math.BigInteger perSeed = java.math.BigInteger.valueOf(agents).pow(n)
          .subtract(java.math.BigInteger.valueOf(selfPlay ? 0 : agents));
      java.math.BigInteger total = perSeed.multiply(java.math.BigInteger.valueOf(seeds));
      if (total.compareTo(java.math.BigInteger.valueOf(MANY_MATCHES)) > 0) {
        return java.util.Optional.of("warning: " + g.spec() + ": " + agents + " agents in " + n + " seats, every seat order: "
            + perSeed + " seatings per seed index, " + total + " matches; --seat-orders rotations plays the cyclic"
            + " rotations only (at most " + n + " per agent multiset), or give fewer seeds or agents");
      }
    }
    return java.util.Optional.empty();
  }

  /** Whether some agent has a time budget: a resolved {@code time_ms} &gt; 0. */
  static boolean timed(List<String> agents) {
    return agents.stream()
        .anyMatch(a -> AgentRegistry.resolve(a).values().get("time_ms") instanceof Number n && n.doubleValue() > 0);
  }

  /**
   * Worker threads when {@code --parallel} is not given: the cores divided by the largest number
   * of search threads an agent uses (its resolved {@code threads} parameter, 1 if it has none),
   * at least 1 — agents' own search threads count against the cores. When some agent has a time
   * budget ({@code time_ms} &gt; 0), one core is left free for the JVM's own threads (collector,
   * compiler) and the rest of the machine: (cores − 1) divided by the most search threads, at
   * least 1 — e.g. 1 on 2 cores, 3 on 8 cores with {@code uct(time_ms=20,threads=2)}; an agent
   * whose threads take every core gets 1 (and {@link #timeBudgetWarning} says so).
   *
   * @throws dev.ponder.spec.SpecException if an agent string is invalid
   */
  static int defaultParallel(List<String> agents, int cores) {
    int spare = timed(agents) ? cores - 1 : cores;
    return Math.max(1, spare / maxSearchThreads(agents));
  }

  /** The largest resolved {@code threads} parameter of the agents (1 for agents without one). */
  private static int maxSearchThreads(List<String> agents) {
    int most = 1;
    for (String a : agents) {
      if (AgentRegistry.resolve(a).values().get("threads") instanceof Number n) {
        most = Math.max(most, n.intValue());
      }
    }
    return most;
  }
}
