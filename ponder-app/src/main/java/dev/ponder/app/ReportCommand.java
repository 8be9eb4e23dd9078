package dev.ponder.app;

import dev.ponder.arena.Analysis;
import dev.ponder.arena.ArenaStore;
import dev.ponder.arena.Report;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code ponder report}: rebuilds the report of a stored tournament (also while it runs). */
@Command(name = "report", mixinStandardHelpOptions = true,
    description = "Rebuild the rankings, report.md, report.json, matches.csv and SVG charts from an arena store "
        + "(any time, also while the tournament is still running). Exit code 1, after the report, when the tournament"
        + " holds matches that ended in an error.")
public final class ReportCommand implements PonderCommand {
  @Option(names = "--db", paramLabel = "FILE", defaultValue = "ponder-arena.db", description = "The SQLite store written by ponder arena"
      + " (default: ${DEFAULT-VALUE}, as ponder arena).")
  Path db;

  @Option(names = "--report", paramLabel = "DIR", description = "Directory for report.md, report.json, matches.csv and"
      + " SVG charts, as ponder arena --report (--out DIR, its older name, still works; default, as ponder arena's: the"
      + " store's path without its extension, plus -report, e.g. ponder-arena-report; for the tournaments after a"
      + " store's first, plus -t and the tournament's id, e.g. ponder-arena-report-t2).")
  Path out;

  /** The older name of --report, kept working (not in the help); giving both is an error. */
  @Option(names = "--out", hidden = true, paramLabel = "DIR")
  Path outOld;

  @Option(names = "--parallel", paramLabel = "N", converter = ArenaCommand.ParallelRange.class, description = "Threads computing the statistics (1..4096; default: the cores); the numbers do not"
      + " depend on it.")
  Integer parallel;

  @Option(names = "--no-progress", description = "No progress output (otherwise shown on stderr for each statistics step"
      + " that takes more than a second).")
  boolean noProgress;

  @Option(names = "--tournament", paramLabel = "ID", converter = Ponder.AtLeastOneLong.class, description = "Tournament id in the store (default: the latest, the one created"
      + " last: the highest id; a run that resumes or extends an older tournament does not make it the latest).")
  Long tournament;

  @Option(names = "--list", description = "List the tournaments in the store (id, created, matches stored of scheduled,"
      + " configuration) and exit.")
  boolean list;

  @Mixin StatsOptions stats;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter pw = spec.commandLine().getOut();
    if (out != null && outOld != null) {
      throw new UsageException("--report and --out are one option (the second is the first's older name); give only"
          + " --report");
    }
    if (outOld != null) {
      out = outOld;
    }
    stats.toOptions(); // statistics options are checked before the store is read
    if (list) {
      try {
        return list(pw); // writes no report: --report is not used
      } catch (ArenaStore.UnusableStoreException e) {
        throw new UsageException(e.getMessage());
      }
    }
    if (parallel != null && (parallel < 1 || parallel > ArenaCommand.MAX_PARALLEL)) {
      throw UsageException.inRange("--parallel", "1.." + ArenaCommand.MAX_PARALLEL, parallel);
    }
    // like arena --report: an unusable report directory is refused before the store is read
    if (out == null) {
      out = defaultOut();
      ReportDirectory.requireOwnDefault(out, db); // never write over another store's report
    }
    RunEdge edge = RunEdge.current(spec.commandLine().getErr());
    edge.step(() -> ReportDirectory.prepare(outName(), out)); // its probe finishes before a signal speaks
    try {
      return report(pw, edge);
    } catch (ArenaStore.UnusableStoreException e) {
      throw new UsageException(e.getMessage()); // a damaged input file: exit 2, like arena
    }
  }

  /**
   * The default report directory: {@link ArenaCommand#defaultReport(Path, long, int)} of the
   * tournament reported (--tournament, else the latest), so with several tournaments in the store
   * each has its own directory; the store's plain default when it cannot be read here (the report
   * itself then says why).
   */
  private Path defaultOut() {
    if (Files.isRegularFile(db)) {
      try (ArenaStore store = ArenaStore.openReadOnly(db)) {
        List<ArenaStore.TournamentInfo> ts = store.tournaments();
        if (!ts.isEmpty()) {
          long id = tournament == null ? ts.get(ts.size() - 1).id() : tournament;
          return ArenaCommand.defaultReport(db, id, ts.size());
        }
      } catch (RuntimeException e) {
        // not a store, or damaged: report() refuses it with its own message
      }
    }
    return ArenaCommand.defaultReport(db);
  }

  /** The name the report directory was given by on the command line (--report or its alias --out). */
  private String outName() {
    return outOld != null ? "--out" : "--report";
  }

  private ArenaStore open() {
    IoReasons.requireName("--db", db);
    if (Files.isDirectory(db)) {
      throw new UsageException("cannot read --db " + db + ": it is a directory"); // arena's wording for its --db
    }
    if (!Files.isRegularFile(db)) {
      boolean byDefault = spec.commandLine().getParseResult().matchedOption("--db") == null;
      throw new UsageException("no store at " + db + (byDefault ? " (the default --db); run ponder arena first, or give"
          + " --db STORE" : "; run ponder arena --db " + db + " first"));
    }
    String linked = ArenaStore.hardLinkProblem(db); // reading only: a warning, as a run under another name may damage it
    if (linked != null) {
      spec.commandLine().getErr().println("warning: " + linked);
      spec.commandLine().getErr().flush();
    }
    try {
      return ArenaStore.openReadOnly(db);
    } catch (ArenaStore.StoreException e) {
      throw new UsageException(e.getMessage());
    }
  }

  /** The phases of a report run that a signal can interrupt ({@link #interruptedLine}). */
  enum Phase {
    /** The statistics are computed. */
    STATISTICS,
    /** The rankings are printed; no file of the report is written. */
    RANKED,
    /** The report's files are written under temporary names; none is moved into place yet. */
    WRITING
  }

  /**
   * The line of a report interrupted by Ctrl-C or SIGTERM in {@code phase}: {@code interrupted: no
   * report written (the statistics were not finished); …}, {@code interrupted after the rankings: no
   * report written to DIR; …} (a directory this run would have created is not left behind), or
   * {@code interrupted while writing the report to DIR: the new report was not written (…); …}
   * ({@link ReportDirectory#interruptedWriting}), each ending with how to write the report.
   */
  static String interruptedLine(Phase phase, Path out) {
    return switch (phase) {
      case STATISTICS -> "interrupted: no report written (the statistics were not finished); run the same command again"
          + " for the report";
      case RANKED -> "interrupted after the rankings: no report written to " + out + "; run the same command again for"
          + " the report";
      case WRITING -> ReportDirectory.interruptedWriting(out) + "; run the same command again for the report";
    };
  }

  private static List<ArenaStore.TournamentInfo> tournaments(ArenaStore store, Path db) {
    List<ArenaStore.TournamentInfo> ts = store.tournaments();
    if (ts.isEmpty()) {
      throw new UsageException(db + " holds no tournament");
    }
    return ts;
  }

  /**
   * The tournaments of the store, one line each under a header line; a store without tournaments
   * lists none (the header alone, and a note on stderr) and exits 0: a listing of nothing is no error.
   */
  private int list(PrintWriter pw) {
    try (ArenaStore store = open()) {
      List<ArenaStore.TournamentInfo> ts = store.tournaments();
      if (ts.isEmpty()) {
        spec.commandLine().getErr().println("note: " + db + " holds no tournament");
        spec.commandLine().getErr().flush();
      }
      pw.println("id\tcreated\tmatches\tconfiguration");
      for (ArenaStore.TournamentInfo t : ts) {
        String of; // stored of scheduled: fewer while the tournament is partial
        try {
          of = " of " + store.scheduled(t.id());
        } catch (RuntimeException unreadable) {
          of = ""; // a configuration of a newer build: listed all the same, report says what it lacks
        }
        pw.println(t.id() + "\t" + t.created() + "\t" + store.count(t.id()) + of + "\t" + t.config());
      }
    }
    pw.flush();
    return 0;
  }

  private int report(PrintWriter pw, RunEdge edge) {
    try (ArenaStore store = open()) {
      // Ctrl-C or SIGTERM from now on closes the store so its -wal/-shm files go, and says what was
      // not finished in one line (the report directory is created only when the report is written)
      edge.enter(() -> ArenaCommand.InterruptNotice.closed(store, interruptedLine(Phase.STATISTICS, out)));
      return report(pw, store, edge);
    }
  }

  private int report(PrintWriter pw, ArenaStore store, RunEdge edge) {
    {
      List<ArenaStore.TournamentInfo> ts = tournaments(store, db);
      long id = tournament == null ? ts.get(ts.size() - 1).id() : tournament;
      if (ts.stream().noneMatch(t -> t.id() == id)) {
        throw new UsageException("no tournament " + id + " in " + db + "; use --list to see them");
      }
      List<String> agents = store.agents(id).stream().map(ArenaStore.AgentInfo::spec).toList();
      ArenaStore.TournamentInfo info = ts.stream().filter(t -> t.id() == id).findFirst().orElseThrow();
      java.util.Map<String, String> budget = dev.ponder.arena.Budget.parseStored(store.config(info).budget());
      List<ArenaStore.StoredMatch> snapshot = store.matches(id, true);
      int threads = parallel != null ? parallel : Runtime.getRuntime().availableProcessors();
      Analysis.Result r = Analysis.analyse(store, id, stats.toOptions(agents, budget), snapshot,
          StatsOptions.execution(threads, noProgress, 10_000));
      if (spec.commandLine().getParseResult().hasMatchedOption("--alpharank-two-player")) {
        ArenaCommand.alphaRankTwoPlayerIgnoredWarning(r.config().schedule(),
            r.games().stream().map(Analysis.GameResult::players).toList())
            .ifPresent(w -> {
              spec.commandLine().getErr().println(w);
              spec.commandLine().getErr().flush();
            });
      }
      boolean newDir = !Files.exists(out);
      edge.step(() -> { // the rankings and the phase that follows them, at once for a signal
        pw.print(Report.terminal(r));
        pw.flush(); // the rankings come first, even if the report files cannot be written
        ArenaCommand.warnMixedBuilds(r, spec.commandLine().getErr());
        edge.enter(() -> ArenaCommand.InterruptNotice.closed(store, interruptedLine(
            ReportDirectory.removedIfEmpty(out, newDir) ? Phase.RANKED : Phase.WRITING, out)));
      });
      // the tournament's error matches make the exit 1, as arena's
      return ArenaCommand.writeReport(edge, r, snapshot, out, db, store, pw, spec.commandLine().getErr());
    }
  }
}
