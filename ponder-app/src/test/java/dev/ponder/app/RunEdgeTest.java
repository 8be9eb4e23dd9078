package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.arena.ArenaStore;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The interrupt edge of arena and report ({@link RunEdge}): the hook's state machine driven
 * directly (no signal is sent), and the lines of each phase.
 */
class RunEdgeTest {
  @TempDir Path dir;

  private final StringWriter said = new StringWriter();
  private final List<Integer> halts = new ArrayList<>();

  /** The edges and threads a test made: released, interrupted and joined after it. */
  private final List<RunEdge> edges = new ArrayList<>();
  private final List<Thread> threads = new ArrayList<>();

  private RunEdge edge(RunEdge.Speaker first) {
    RunEdge e = new RunEdge(new PrintWriter(said), first, halts::add);
    edges.add(e);
    return e;
  }

  /** A started thread running {@code work}, which a parked thread leaves by {@link RunEdge.Released}. */
  private Thread start(Runnable work) {
    Thread t = new Thread(() -> {
      try {
        work.run();
      } catch (RunEdge.Released ended) {
        // the clean-up ended the wait the test left it in
      }
    });
    t.setDaemon(true); // should the clean-up fail, the JVM still ends
    threads.add(t);
    t.start();
    return t;
  }

  /** Ends every thread the test started (those parked by an edge included) and checks that none is left. */
  @AfterEach
  void endTheThreadsStarted() throws InterruptedException {
    edges.forEach(RunEdge::releaseForTest);
    for (Thread t : threads) {
      t.interrupt();
      t.join(5_000);
    }
    assertThat(threads.stream().filter(Thread::isAlive).map(Thread::getName).toList())
        .as("threads the test started that are still alive").isEmpty();
  }

  @Test
  void aSignalSpeaksForThePhaseTheRunIsIn() {
    RunEdge e = edge(() -> "first");
    e.enter(() -> "second");
    e.onSignal();
    assertThat(said.toString()).isEqualTo("second" + System.lineSeparator());
    assertThat(halts).isEmpty(); // the JVM ends with the signal's own code
  }

  @Test
  void aSignalAfterTheWorkIsFinishedSaysNothingClosesFirstAndKeepsTheExitCode() {
    List<String> order = new ArrayList<>();
    RunEdge e = new RunEdge(new PrintWriter(said), () -> "interrupted: …", code -> order.add("halt " + code));
    edges.add(e);
    e.finish(0, () -> order.add("close"));
    e.onSignal();
    assertThat(said.toString()).isEmpty();
    assertThat(order).containsExactly("close", "halt 0");
    RunEdge failed = edge(() -> "interrupted: …");
    failed.finish(1, null);
    failed.onSignal();
    assertThat(halts).containsExactly(1);
  }

  @Test
  void afterASignalNoNextPhaseBegins() throws Exception {
    RunEdge e = edge(() -> "statistics");
    e.onSignal();
    CountDownLatch entered = new CountDownLatch(1);
    Thread main = start(() -> {
      e.enter(() -> "writing");
      entered.countDown(); // must never come: the report is not begun after the line said it was not written
    });
    assertThat(entered.await(300, TimeUnit.MILLISECONDS)).isFalse();
    assertThat(main.isAlive()).isTrue();
    e.finish(0, null); // too late: the line stands, no halt
    assertThat(halts).isEmpty();
    assertThat(said.toString()).isEqualTo("statistics" + System.lineSeparator());
  }

  @Test
  void afterASignalNoStepBegins() throws Exception {
    RunEdge e = edge(() -> "starting");
    e.onSignal();
    CountDownLatch ran = new CountDownLatch(1);
    Thread main = start(() -> e.step(ran::countDown)); // e.g. the report directory's probe
    assertThat(ran.await(300, TimeUnit.MILLISECONDS)).isFalse();
    assertThat(main.isAlive()).isTrue();
    // the waiting thread holds neither the step nor the edge: a second look at the phase goes through
    Thread again = start(e::onSignal);
    again.join(2_000); // well inside the hook's own 10-s wait for a step: a held step lock would show
    assertThat(again.isAlive()).isFalse();
  }

  @Test
  void aStepUnderWayFinishesBeforeTheHookReadsThePhase() throws Exception {
    RunEdge e = edge(() -> "statistics");
    CountDownLatch inStep = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    Thread main = start(() -> e.step(() -> { // the rankings printed and their phase entered, at once
      inStep.countDown();
      try {
        release.await();
      } catch (InterruptedException ex) {
        throw new IllegalStateException(ex);
      }
      e.enter(() -> "ranked");
    }));
    assertThat(inStep.await(10, TimeUnit.SECONDS)).isTrue();
    Thread hook = start(e::onSignal);
    hook.join(200);
    assertThat(hook.isAlive()).as("the hook waits for the step").isTrue();
    release.countDown();
    hook.join(10_000);
    main.join(10_000);
    assertThat(said.toString()).isEqualTo("ranked" + System.lineSeparator());
  }

  @Test
  void startupLinesAndTheCommandOfACommandLine() {
    assertThat(RunEdge.starting("arena")).isEqualTo("interrupted while starting; no match was played");
    assertThat(RunEdge.starting("report")).isEqualTo("interrupted while starting; no report written");
    assertThat(InterruptLine.command(new String[] {"--verbose", "arena", "--db", "x"})).isEqualTo("arena");
    assertThat(InterruptLine.command(new String[] {"--verbose"})).isNull();
    assertThat(RunEdge.shuttingDown()).isFalse();
  }

  @Test
  void everyAllStoredLineHasOneWordingAndNeverSuggestsResuming() {
    Path db = Path.of("r.db");
    String all = ArenaCommand.InterruptNotice.line(1920, 1920, db);
    assertThat(all).isEqualTo("interrupted: all 1920 matches stored in r.db, no report written; run the same command"
        + " (or 'ponder report --db r.db') for the rankings and the report");
    assertThat(ArenaCommand.InterruptNotice.allStored(1920, db, false)).isEqualTo(all);
    assertThat(ArenaCommand.InterruptNotice.allStored(1920, db, true)).isEqualTo("interrupted: all 1920 matches stored"
        + " in r.db, the rankings printed, no report written; run the same command (or 'ponder report --db r.db') for"
        + " the report");
    assertThat(ArenaCommand.InterruptNotice.writing(Path.of("r-report"), 1920, db)).isEqualTo("interrupted while writing"
        + " the report to r-report: the new report was not written (any earlier report there is whole; the next report"
        + " into r-report removes the hidden temporary files left there); all 1920 matches stored in r.db: run the same"
        + " command (or 'ponder report --db r.db --report r-report') to write it");
    for (String line : List.of(all, ArenaCommand.InterruptNotice.allStored(1920, db, true),
        ArenaCommand.InterruptNotice.writing(Path.of("r-report"), 1920, db))) {
      assertThat(line).doesNotContain("resume");
    }
    // none stored yet: the total is said too
    assertThat(ArenaCommand.InterruptNotice.line(0, 1920, Path.of("j.db")))
        .isEqualTo("interrupted: 0 of 1920 matches stored in j.db; run the same command to resume");
  }

  @Test
  void reportLinesFollowThePhase() {
    Path rep = Path.of("rr");
    assertThat(ReportCommand.interruptedLine(ReportCommand.Phase.STATISTICS, rep))
        .startsWith("interrupted: no report written (the statistics were not finished);");
    assertThat(ReportCommand.interruptedLine(ReportCommand.Phase.RANKED, rep))
        .isEqualTo("interrupted after the rankings: no report written to rr; run the same command again for the report");
    assertThat(ReportCommand.interruptedLine(ReportCommand.Phase.WRITING, rep)).isEqualTo("interrupted while writing the"
        + " report to rr: the new report was not written (any earlier report there is whole; the next report into rr"
        + " removes the hidden temporary files left there); run the same command again for the report");
  }

  @Test
  void anEmptyReportDirectoryIsRemovedOnlyIfThisRunCreatedIt() throws Exception {
    Path made = Files.createDirectory(dir.resolve("made"));
    assertThat(ReportDirectory.removedIfEmpty(made, true)).isTrue();
    assertThat(made).doesNotExist();
    Path earlier = Files.createDirectory(dir.resolve("earlier"));
    assertThat(ReportDirectory.removedIfEmpty(earlier, false)).isFalse();
    assertThat(earlier).exists();
    Path begun = Files.createDirectory(dir.resolve("begun"));
    Files.writeString(begun.resolve("report.md"), "x");
    assertThat(ReportDirectory.removedIfEmpty(begun, true)).isFalse();
    assertThat(begun.resolve("report.md")).exists();
    assertThat(ReportDirectory.removedIfEmpty(dir.resolve("never"), true)).isTrue();
  }

  @Test
  void aStoreThisRunCreatedWithNoTournamentIsRemovedOnInterrupt() throws Exception {
    Path db = dir.resolve("new.db");
    ArenaStore s = ArenaStore.open(db);
    assertThat(ArenaCommand.InterruptNotice.starting(s, true, db)).isEqualTo("interrupted while starting; no match was played");
    assertThat(db).doesNotExist();
    assertThat(Path.of(db + "-wal")).doesNotExist();
    // an empty file this run created before it could open it
    Path zero = Files.createFile(dir.resolve("zero.db"));
    ArenaCommand.InterruptNotice.starting(null, true, zero);
    assertThat(zero).doesNotExist();
    // a store that was there before is left, empty or not
    Path old = dir.resolve("old.db");
    ArenaStore.open(old).close();
    ArenaCommand.InterruptNotice.starting(ArenaStore.open(old), false, old);
    assertThat(old).exists();
  }

  @Test
  void aStoreThisRunCreatedThatHoldsATournamentIsKept() throws Exception {
    Path db = dir.resolve("t.db");
    Cli r = Cli.run("arena", "--games", "tic_tac_toe", "--agents", "random,uct(sims=2)", "--seeds-per-pairing", "1",
        "--db", db.toString(), "--report", dir.resolve("rep").toString(), "--no-progress", "--resamples", "40",
        "--elo-resamples", "40", "--sco-resamples", "40");
    assertThat(r.exit).as(r.err).isZero();
    ArenaCommand.InterruptNotice.starting(ArenaStore.open(db), true, db);
    assertThat(db).exists();
  }

  /** A stored tournament, analysed, and the report directory holding an earlier report whose every file says so. */
  private record Reported(Path db, ArenaStore store, dev.ponder.arena.Analysis.Result result,
      List<ArenaStore.StoredMatch> matches, Path report) {}

  private Reported reported() throws Exception {
    Path db = dir.resolve("w.db");
    Path report = dir.resolve("rep");
    Cli r = Cli.run("arena", "--games", "tic_tac_toe", "--agents", "random,uct(sims=2)", "--seeds-per-pairing", "2",
        "--db", db.toString(), "--report", report.toString(), "--no-progress", "--resamples", "40", "--elo-resamples",
        "40", "--sco-resamples", "40");
    assertThat(r.exit).as(r.err).isZero();
    try (java.util.stream.Stream<Path> files = Files.list(report)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        Files.writeString(f, "earlier " + f.getFileName());
      }
    }
    ArenaStore store = ArenaStore.openReadOnly(db);
    long id = store.tournaments().get(0).id();
    dev.ponder.arena.AnalysisOptions d = dev.ponder.arena.AnalysisOptions.defaults();
    dev.ponder.arena.Analysis.Result result = dev.ponder.arena.Analysis.analyse(store, id,
        new dev.ponder.arena.AnalysisOptions(40, 40, 40, 0.95, 1, d.alphaRank(), d.sco(), "", ""));
    return new Reported(db, store, result, store.matches(id, true), report);
  }

  /** Every file in {@code dir}, name → content. */
  private static java.util.Map<String, String> files(Path dir) throws Exception {
    java.util.Map<String, String> out = new java.util.TreeMap<>();
    try (java.util.stream.Stream<Path> files = Files.list(dir)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        out.put(f.getFileName().toString(), Files.readString(f));
      }
    }
    return out;
  }

  /**
   * A signal while the report's files are written under their temporary names: the files are not
   * moved into place afterwards (before, the write went on outside any step and landed the new
   * report after the line said it was not written), the earlier report stays whole, and the
   * temporary files go when the thread ends.
   */
  @Test
  void aSignalBeforeTheReportLandsLeavesTheEarlierReportWhole() throws Exception {
    Reported w = reported();
    java.util.Map<String, String> earlier = files(w.report());
    assertThat(earlier).containsKeys("report.md", "report.json", "matches.csv", "ratings.svg");
    RunEdge e = edge(() -> ArenaCommand.InterruptNotice.writing(w.report(), 8, w.db()));
    e.onSignal(); // came while the files were written under their temporary names
    StringWriter out = new StringWriter();
    Thread main = start(() -> ArenaCommand.writeReport(e, w.result(), w.matches(), w.report(), w.db(), w.store(),
        new PrintWriter(out), new PrintWriter(new StringWriter())));
    main.join(500);
    assertThat(main.isAlive()).as("the landing step is not begun after the line").isTrue();
    java.util.Map<String, String> now = files(w.report());
    for (java.util.Map.Entry<String, String> f : earlier.entrySet()) {
      assertThat(now.get(f.getKey())).as(f.getKey()).isEqualTo(f.getValue());
    }
    // beside it, the new report's files, hidden, under their temporary names: nothing else
    assertThat(now.keySet().stream().filter(n -> !earlier.containsKey(n)))
        .isNotEmpty().allMatch(n -> n.startsWith(".") && n.contains(".ponder-") && n.endsWith(".tmp"));
    assertThat(out.toString()).isEmpty();
    assertThat(said.toString()).startsWith("interrupted while writing the report to " + w.report()
        + ": the new report was not written");
    e.releaseForTest(); // the thread ends instead of waiting for the JVM's halt: its temporary files go
    main.interrupt();
    main.join(5_000);
    assertThat(files(w.report())).isEqualTo(earlier);
    assertThat(halts).isEmpty();
    w.store().close();
  }

  /** A signal while the report lands waits for it, then says nothing and keeps the run's exit code. */
  @Test
  void aSignalWhileTheReportLandsWaitsForItAndSaysNothing() throws Exception {
    Reported w = reported();
    RunEdge e = edge(() -> ArenaCommand.InterruptNotice.writing(w.report(), 8, w.db()));
    Thread[] hook = new Thread[1];
    boolean[] hookWaited = new boolean[1];
    java.io.Writer signalling = new StringWriter() {
      @Override
      public void write(String str, int off, int len) {
        if (hook[0] == null) { // the first line printed in the landing step: the report is in place
          hook[0] = start(e::onSignal);
          try {
            hook[0].join(300);
          } catch (InterruptedException ex) {
            throw new IllegalStateException(ex);
          }
          hookWaited[0] = hook[0].isAlive();
        }
        super.write(str, off, len);
      }
    };
    int code = ArenaCommand.writeReport(e, w.result(), w.matches(), w.report(), w.db(), w.store(),
        new PrintWriter(signalling), new PrintWriter(new StringWriter()));
    hook[0].join(10_000);
    assertThat(code).isZero();
    assertThat(hookWaited[0]).as("the hook waits for the landing step").isTrue();
    assertThat(signalling.toString()).startsWith("Report written to " + w.report());
    assertThat(said.toString()).isEmpty();
    assertThat(halts).containsExactly(0);
    assertThat(Files.readString(w.report().resolve("report.md"))).startsWith("# Arena report");
  }

  @Test
  void finishedArenaAndReportRunsSayNothingOnALateSignal() throws Exception {
    Path db = dir.resolve("f.db");
    RunEdge e = edge(() -> "interrupted while starting; no match was played");
    RunEdge.installForTest(e);
    try {
      Cli r = Cli.run("arena", "--games", "tic_tac_toe", "--agents", "random,uct(sims=2)", "--seeds-per-pairing",
          "2", "--db", db.toString(), "--report", dir.resolve("rep").toString(), "--no-progress", "--resamples", "40",
          "--elo-resamples", "40", "--sco-resamples", "40");
      assertThat(r.exit).as(r.err).isZero();
      assertThat(r.out).contains("Report written to");
      e.onSignal(); // the signal after the last line: no interrupt claimed, exit 0
      assertThat(said.toString()).isEmpty();
      assertThat(halts).containsExactly(0);

      RunEdge e2 = edge(() -> "interrupted while starting; no report written");
      RunEdge.installForTest(e2);
      Cli rep = Cli.run("report", "--db", db.toString(), "--report", dir.resolve("rep2").toString(), "--no-progress",
          "--resamples", "40", "--elo-resamples", "40", "--sco-resamples", "40");
      assertThat(rep.exit).as(rep.err).isZero();
      e2.onSignal();
      assertThat(said.toString()).isEmpty();
      assertThat(halts).containsExactly(0, 0);
    } finally {
      RunEdge.installForTest(null);
    }
  }
}
