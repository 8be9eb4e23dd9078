package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report step: thread count, progress, the P(above next) column of the terminal table. */
class ReportStepsTest {
  @TempDir Path dir;

  private static AnalysisOptions options() {
    AnalysisOptions d = AnalysisOptions.defaults();
    return new AnalysisOptions(200, 60, 120, 0.95, 7, d.alphaRank(), d.sco(), "", "", 150);
  }

  private long tournament(ArenaStore s) {
    TournamentConfig c = new TournamentConfig(List.of("tic_tac_toe", "kuhn_poker"),
        List.of("random", "first", "first(offset=2)"), "", 6, 3, TournamentConfig.ROUND_ROBIN, "", false);
    return new Tournament(c).run(s, 1, (d, t) -> Progress.none(), null).tournamentId();
  }

  @Test
  void theNumbersDoNotDependOnTheThreads() throws Exception {
    try (ArenaStore s = ArenaStore.open(dir.resolve("t.db"))) {
      long id = tournament(s);
      List<ArenaStore.StoredMatch> all = s.matches(id, true);
      Analysis.Result one = Analysis.analyse(s, id, options(), all, new Analysis.Execution(1, Progress.Factory.NONE));
      Analysis.Result three = Analysis.analyse(s, id, options(), all, new Analysis.Execution(3, Progress.Factory.NONE));
      Report.write(one, all, dir.resolve("one"));
      Report.write(three, all, dir.resolve("three"));
      assertThat(Files.readString(dir.resolve("three/report.json"))).isEqualTo(Files.readString(dir.resolve("one/report.json")));
      assertThat(Report.terminal(three)).isEqualTo(Report.terminal(one));
      // the mass intervals are in report.json and report.md
      String json = Files.readString(dir.resolve("one/report.json"));
      assertThat(json).contains("\"massLow\"", "\"massHigh\"", "\"massTop\"");
      assertThat(Files.readString(dir.resolve("one/report.md"))).contains("| mass 95% CI | P(top) |", "P(top): fraction");
      for (Analysis.GameResult g : one.games()) {
        double top = 0;
        for (int a = 0; a < 3; a++) {
          assertThat(g.massLow()[a]).isBetween(0.0, g.massHigh()[a]);
          assertThat(g.massHigh()[a]).isLessThanOrEqualTo(1.0 + 1e-12);
          top += g.massTop()[a];
        }
        assertThat(top).isGreaterThanOrEqualTo(1.0); // some agent is top in every resample
      }
    }
  }

  @Test
  void eachStepCountsItsUnits() {
    try (ArenaStore s = ArenaStore.open(dir.resolve("p.db"))) {
      long id = tournament(s);
      Map<String, AtomicLong> steps = new ConcurrentHashMap<>();
      Map<String, Long> totals = new ConcurrentHashMap<>();
      Progress.Factory counting = (task, unit, total) -> {
        totals.put(task, total);
        AtomicLong n = steps.computeIfAbsent(task, x -> new AtomicLong());
        return new Progress() {
          @Override
          public void step() {
            n.incrementAndGet();
          }

          @Override
          public void close() {}
        };
      };
      Analysis.analyse(s, id, options(), s.matches(id, true), new Analysis.Execution(2, counting));
      // the SCO bootstrap runs max(SCO, alpha-rank) resamples
      assertThat(totals).containsEntry("report: score bootstraps", 2L).containsEntry("report: Elo bootstrap", 60L)
          .containsEntry("report: SCO and alpha-rank bootstrap", 150L);
      for (Map.Entry<String, Long> e : totals.entrySet()) {
        assertThat(steps.get(e.getKey()).get()).as(e.getKey()).isEqualTo(e.getValue());
      }
    }
  }

  @Test
  void theTerminalTableShowsPAboveNext() {
    try (ArenaStore s = ArenaStore.open(dir.resolve("n.db"))) {
      long id = tournament(s);
      Analysis.Result r = Analysis.analyse(s, id, options());
      String text = Report.terminal(r);
      List<String> lines = text.lines().toList();
      String head = lines.stream().filter(l -> l.startsWith("rank ")).findFirst().orElseThrow();
      int col = head.indexOf("P(above next)");
      assertThat(col).isPositive();
      int end = col + "P(above next)".length();
      List<Integer> order = Report.order(r);
      Double[] next = r.scoAboveNext();
      int row = lines.indexOf(head) + 1;
      for (int a : order) {
        // right-aligned under the header
        String cell = lines.get(row++).substring(col, end).strip();
        assertThat(cell).isEqualTo(next[a] == null ? "-" : Report.fmt(next[a], 3));
      }
      assertThat(next[order.get(order.size() - 1)]).isNull();
      assertThat(text).contains(Report.nextLine());
    }
  }

  @Test
  void delayedProgressStaysQuietForAShortStepAndPrintsOnceItIsLong() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    try (Progress quiet = Progress.delayed(err, 60_000, 10_000).start("report: x", "resamples", 5)) {
      for (int i = 0; i < 5; i++) {
        quiet.step();
      }
    }
    assertThat(bytes.toString(StandardCharsets.UTF_8)).isEmpty();
    // no console in the test JVM: lines in the arena's style, the first once the delay is over
    try (Progress shown = Progress.delayed(err, 0, 60_000).start("report: x", "resamples", 5)) {
      shown.step();
      assertThat(bytes.toString(StandardCharsets.UTF_8)).startsWith("report: x: 1/5 resamples (20%), ");
      shown.step();
    }
    assertThat(bytes.toString(StandardCharsets.UTF_8).lines().toList()).hasSize(2)
        .last().asString().startsWith("report: x: 2/5 resamples (40%), ");
  }
}
