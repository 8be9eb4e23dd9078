package dev.ponder.app;

import dev.ponder.arena.Analysis;
import dev.ponder.arena.ArenaStore;
import dev.ponder.arena.Report;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
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
  @Option(names = "--db", defaultValue = "ponder-arena.db", description = "The SQLite store written by ponder arena"
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

  @Option(names = "--parallel", description = "Threads computing the statistics (default: the cores); the numbers do not"
      + " depend on it.")
  Integer parallel;

  @Option(names = "--no-progress", description = "No progress output (otherwise shown on stderr for each statistics step"
      + " that takes more than a second).")
  boolean noProgress;

  @Option(names = "--tournament", description = "Tournament id in the store (default: the latest, the one created"
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
    if (parallel != null && parallel < 1) {
      throw new UsageException("--parallel must be >= 1, got " + parallel);
    }
    // like arena --report: an unusable report directory is refused before the store is read
    if (out == null) {
      out = defaultOut();
      ReportDirectory.requireOwnDefault(out, db); // never write over another store's report
    }
    ReportDirectory.prepare(outName(), out);
    try {
      return report(pw);
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

  /** Set once the report files are being written: an interrupt after that leaves some of them missing. */
  private volatile boolean reportStarted;

  private ArenaStore open() {
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

  /**
   * The line of a report interrupted by Ctrl-C or SIGTERM: before its files were written (the
   * directory, if this run created it, is removed), or while writing them (some are missing or
   * from an earlier report).
   */
  static String interruptedLine(boolean writing, Path out) {
    return writing
        ? "interrupted while writing the report to " + out + ": some of its files are missing or from an earlier report;"
            + " run the same command again for the whole report"
        : "interrupted: no report written (the statistics were not finished); run the same command again for the report";
  }

  private static List<ArenaStore.TournamentInfo> tournaments(ArenaStore store, Path db) {
    List<ArenaStore.TournamentInfo> ts = store.tournaments();
    if (ts.isEmpty()) {
      throw new UsageException(db + " holds no tournament");
    }
    return ts;
  }

  private int list(PrintWriter pw) {
    try (ArenaStore store = open()) {
      List<ArenaStore.TournamentInfo> ts = tournaments(store, db);
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

  private int report(PrintWriter pw) {
    try (ArenaStore store = open()) {
      // Ctrl-C or SIGTERM during the statistics: close the store so its -wal/-shm files go, and say
      // so in one line (the report directory is created only when the report is written)
      Thread closing = ArenaCommand.InterruptNotice.closingHook(store);
      PrintWriter err = spec.commandLine().getErr();
      Thread hook = new Thread(() -> {
        closing.run();
        err.println(interruptedLine(reportStarted, out));
        err.flush();
      }, "report-interrupted");
      Runtime.getRuntime().addShutdownHook(hook);
      try {
        return report(pw, store);
      } finally {
        try {
          Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
          // the JVM is already exiting: the hook closes the store
        }
      }
    }
  }

  private int report(PrintWriter pw, ArenaStore store) {
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
      pw.print(Report.terminal(r));
      pw.flush(); // the rankings come first, even if the report files cannot be written
      reportStarted = true;
      try {
        Report.write(r, snapshot, out, db);
      } catch (UncheckedIOException e) {
        throw new IllegalStateException(ReportDirectory.failure(out, e, db), e);
      }
      pw.println(ReportDirectory.written(out));
      pw.flush();
      if (r.errorsStored() > 0) { // the report is written; the tournament's error matches make the exit 1, as arena's
        spec.commandLine().getErr().println("ponder: error: " + ArenaCommand.matchErrorsLine(r, out));
        spec.commandLine().getErr().flush();
        return 1;
      }
    }
    pw.flush();
    return 0;
  }
}
