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
        + "(any time, also while the tournament is still running).")
public final class ReportCommand implements PonderCommand {
  @Option(names = "--db", required = true, description = "The SQLite store written by ponder arena.")
  Path db;

  @Option(names = "--out", defaultValue = "ponder-arena-report", description = "Output directory (default: ${DEFAULT-VALUE}).")
  Path out;

  @Option(names = "--tournament", description = "Tournament id in the store (default: the latest).")
  Long tournament;

  @Option(names = "--list", description = "List the tournaments in the store and exit.")
  boolean list;

  @Mixin StatsOptions stats;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter pw = spec.commandLine().getOut();
    stats.toOptions(); // statistics options are checked before the store is read
    if (!Files.isRegularFile(db)) {
      throw new UsageException("no store at " + db + "; run ponder arena --db " + db + " first");
    }
    ArenaStore opened;
    try {
      opened = ArenaStore.openReadOnly(db);
    } catch (ArenaStore.StoreException e) {
      throw new UsageException(e.getMessage());
    }
    try (ArenaStore store = opened) {
      List<ArenaStore.TournamentInfo> ts = store.tournaments();
      if (ts.isEmpty()) {
        throw new UsageException(db + " holds no tournament");
      }
      if (list) {
        for (ArenaStore.TournamentInfo t : ts) {
          pw.println(t.id() + "\t" + t.created() + "\t" + store.count(t.id()) + " matches\t" + t.config());
        }
        pw.flush();
        return 0;
      }
      long id = tournament == null ? ts.get(ts.size() - 1).id() : tournament;
      if (ts.stream().noneMatch(t -> t.id() == id)) {
        throw new UsageException("no tournament " + id + " in " + db + "; use --list to see them");
      }
      ReportDirectory.prepare("--out", out); // before the statistics are computed
      List<String> agents = store.agents(id).stream().map(ArenaStore.AgentInfo::spec).toList();
      ArenaStore.TournamentInfo info = ts.stream().filter(t -> t.id() == id).findFirst().orElseThrow();
      java.util.Map<String, String> budget = dev.ponder.arena.Budget.parse(store.config(info).budget());
      List<ArenaStore.StoredMatch> snapshot = store.matches(id, true);
      Analysis.Result r = Analysis.analyse(store, id, stats.toOptions(agents, budget), snapshot);
      pw.print(Report.terminal(r));
      pw.flush(); // the rankings come first, even if the report files cannot be written
      try {
        Report.write(r, snapshot, out);
      } catch (UncheckedIOException e) {
        throw new IllegalStateException(ReportDirectory.failure(out, e, db), e);
      }
      pw.println("Report written to " + out);
    }
    pw.flush();
    return 0;
  }
}
