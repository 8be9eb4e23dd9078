package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ponder.game.GameRegistry;
import dev.ponder.solve.CfrSolver;
import dev.ponder.solve.GameTree;
import dev.ponder.solve.MccfrSolver;
import dev.ponder.solve.TabularPolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ponder solve} interrupted (Ctrl-C): it stops at the end of the iteration, saves the
 * average policy so far (recording the iterations run), prints the report line of the last
 * iteration and one line on stderr, and exits 130; its progress between report lines.
 */
class SolveInterruptTest {
  @TempDir Path dir;

  private static final GameTree KUHN = GameTree.build(GameRegistry.load("kuhn_poker"));

  /** Runs {@code args} in-process with the interrupt requested after {@code stopAt} iterations. */
  private static String[] runInterrupted(int stopAt, String... args) {
    return runInterrupted(stopAt, k -> {}, args);
  }

  /** As {@link #runInterrupted(int, String...)}, calling {@code each} after every iteration first. */
  private static String[] runInterrupted(int stopAt, java.util.function.IntConsumer each, String... args) {
    return SolveRuns.run((solve, k) -> {
      each.accept(k);
      if (k == stopAt) {
        solve.interrupt.request();
      }
    }, solve -> { }, args);
  }

  @Test
  void anInterruptedRunSavesThePolicySoFarAndSaysSo() throws Exception {
    Path policy = dir.resolve("k.json");
    Path chart = dir.resolve("k.svg");
    String[] r = runInterrupted(37, "solve", "kuhn_poker", "--algo", "cfr", "--iterations", "100", "--every", "25",
        "--out", policy.toString(), "--chart", chart.toString());
    assertThat(r[0]).as(r[2]).isEqualTo("130");
    assertThat(r[2]).isEqualTo("interrupted after 37 of 100 iterations; the average policy so far is in " + policy
        + " (convergence chart so far in " + chart + ")" + System.lineSeparator());
    // the report rows so far (25) and the row of the last iteration run (37), none after
    List<String> rows = r[1].lines().filter(l -> l.matches("\\s+\\d+\\s+\\S+\\s+\\S+")).toList();
    assertThat(rows).extracting(l -> l.trim().split("\\s+")[0]).containsExactly("25", "37");
    assertThat(r[1]).contains("average policy saved to " + policy + " (after 37 of 100 iterations)");
    assertThat(ChartSvg.linePoints(Files.readString(chart))).hasSize(rows.size()); // one point per report row so far

    // the file loads, records the iterations run, and holds CFR's average after exactly 37 iterations
    TabularPolicy p = TabularPolicy.read(policy);
    assertThat(p.run()).containsEntry("iterations", 37L).containsEntry("iterations_requested", 100L)
        .containsEntry("interrupted", true).containsEntry("algorithm", "cfr");
    CfrSolver fresh = new CfrSolver(KUHN, CfrSolver.Variant.CFR);
    fresh.run(37);
    double[] expected = fresh.averagePolicy();
    double[] saved = p.toSlots(KUHN);
    for (int i = 0; i < expected.length; i++) {
      assertThat(saved[i]).isCloseTo(expected[i], org.assertj.core.data.Offset.offset(1e-12));
    }
    // and other commands measure it
    Cli e = Cli.run("exploitability", "kuhn_poker", "--policy", policy.toString());
    assertThat(e.exit).as(e.err).isZero();

    // a finished run records its iterations too, not interrupted
    Path full = dir.resolve("full.json");
    Cli done = Cli.run("solve", "kuhn_poker", "--algo", "cfr", "--iterations", "30", "--out", full.toString());
    assertThat(done.exit).as(done.err).isZero();
    assertThat(TabularPolicy.read(full).run()).containsEntry("iterations", 30L).containsEntry("interrupted", false);
  }

  /**
   * An interrupt adds no closing progress line (its rate and ETA would describe no run): a line is
   * printed at iteration 2 (after a pause longer than the 500 ms interval), none at 3..12 (quick),
   * and the stop at 12 must not print a last "12/1000" line.
   */
  @Test
  void anInterruptPrintsNoClosingProgressLine() {
    String[] r = runInterrupted(12, k -> {
      if (k == 1) {
        try {
          Thread.sleep(600);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    }, "solve", "kuhn_poker", "--algo", "cfr", "--iterations", "1000", "--progress-interval", "500");
    assertThat(r[0]).isEqualTo("130");
    List<String> lines = r[2].lines().toList();
    // a line while the run is slow (from the slow step, or from the timer while it sleeps), none at the interrupt
    assertThat(lines).as(r[2]).anyMatch(l -> l.matches("solve: cfr: [12]/1000 iterations.*"));
    assertThat(lines).as(r[2]).noneMatch(l -> l.startsWith("solve: cfr: 12/1000 iterations"));
    assertThat(lines.get(lines.size() - 1)).startsWith("interrupted after 12 of 1000 iterations");
  }

  @Test
  void withoutOutItSaysNothingWasSavedAndHowToSave() {
    String[] r = runInterrupted(12, "solve", "kuhn_poker", "--algo", "mccfr-es", "--iterations", "1000");
    assertThat(r[0]).isEqualTo("130");
    assertThat(r[2]).isEqualTo("interrupted after 12 of 1000 iterations; the average policy was not saved (give --out FILE"
        + " to save it when a run is interrupted)" + System.lineSeparator());
    assertThat(r[1]).containsPattern("\\n\\s+12\\s+\\S+\\s+\\S+\\n").contains("iterations per second");
  }

  @Test
  void theJsonOfAnInterruptedRunCountsTheIterationsRun() throws Exception {
    String[] r = runInterrupted(5, "solve", "kuhn_poker", "--algo", "mccfr-os", "--seed", "3", "--iterations", "50",
        "--every", "10", "--json");
    assertThat(r[0]).isEqualTo("130");
    JsonNode j = new ObjectMapper().readTree(r[1]);
    assertThat(j.get("iterations").asInt()).isEqualTo(5);
    assertThat(j.get("iterations_requested").asInt()).isEqualTo(50);
    assertThat(j.get("interrupted").asBoolean()).isTrue();
    assertThat(j.get("convergence")).hasSize(1);
    assertThat(j.get("convergence").get(0).get("iteration").asInt()).isEqualTo(5);
    // the same 5 iterations as an uninterrupted solver's: the exploitability is that policy's
    MccfrSolver mc = new MccfrSolver(KUHN, MccfrSolver.Sampling.OUTCOME, 0.6, 3);
    mc.run(5);
    assertThat(j.get("exploitability").asDouble())
        .isCloseTo(dev.ponder.solve.PolicyEvaluation.exploitability(KUHN, mc.averagePolicy()),
            org.assertj.core.data.Offset.offset(1e-12));
  }

  @Test
  void anInterruptAtAReportPointPrintsThatRowOnce() {
    String[] r = runInterrupted(20, "solve", "kuhn_poker", "--algo", "cfr+", "--iterations", "40", "--every", "10");
    assertThat(r[0]).isEqualTo("130");
    List<String> rows = r[1].lines().filter(l -> l.matches("\\s+\\d+\\s+\\S+\\s+\\S+")).toList();
    assertThat(rows).extracting(l -> l.trim().split("\\s+")[0]).containsExactly("10", "20");
    assertThat(r[2]).startsWith("interrupted after 20 of 40 iterations;");
  }

  @Test
  void progressLinesBetweenReportLinesUnlessNoProgress() {
    Cli r = Cli.run("solve", "kuhn_poker", "--algo", "cfr", "--iterations", "4", "--every", "2", "--progress-interval", "0");
    assertThat(r.exit).as(r.err).isZero();
    List<String> lines = r.err.lines().filter(l -> l.startsWith("solve: cfr: ")).toList();
    assertThat(lines).hasSize(4);
    assertThat(lines.get(0)).matches("solve: cfr: 1/4 iterations \\(25%\\), [0-9.]+ iterations/s, ETA (\\d+:\\d\\d|\\?)");
    assertThat(lines.get(3)).startsWith("solve: cfr: 4/4 iterations (100%)");
    Cli quiet = Cli.run("solve", "kuhn_poker", "--algo", "cfr", "--iterations", "4", "--every", "2", "--progress-interval",
        "0", "--no-progress");
    assertThat(quiet.exit).isZero();
    assertThat(quiet.err).isEmpty();
    // by default (no console, a line at most every 10 s) a quick run prints no progress
    Cli dflt = Cli.run("solve", "kuhn_poker", "--algo", "cfr", "--iterations", "4", "--every", "2");
    assertThat(dflt.err).isEmpty();
  }


  @Test
  @DisabledOnOs(OS.WINDOWS) // sends the signal with kill
  void sigintInAChildJvmSavesThePolicyAndExits130() throws Exception {
    Signals.Interrupt sig = Signals.interrupt();
    String signal = sig.flag();
    int expectedExit = sig.exitCode();
    Path policy = dir.resolve("leduc.json");
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), Ponder.class.getName(), "solve", "leduc_poker", "--algo", "cfr",
        "--iterations", "1000000", "--log-points", "3", "--out", policy.toString()));
    Path out = dir.resolve("child.out");
    Path err = dir.resolve("child.err");
    Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    // the first report line (iteration 1) shows the solver is running
    while (System.nanoTime() < deadline && p.isAlive() && !Files.readString(out).matches("(?s).*\\n\\s+1\\s+\\S+\\s+\\S+\\n.*")) {
      Thread.sleep(5);
    }
    Thread.sleep(200);
    assertThat(p.isAlive()).as("child finished before the signal; stderr: " + Files.readString(err)).isTrue();
    Process kill = new ProcessBuilder("kill", signal, Long.toString(p.pid())).inheritIO().start();
    assertThat(kill.waitFor(10, TimeUnit.SECONDS)).isTrue();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("child exits after " + signal).isTrue();
    assertThat(p.exitValue()).isEqualTo(expectedExit);
    String errText = Files.readString(err);
    Matcher m = Pattern.compile("interrupted after (\\d+) of 1000000 iterations; the average policy so far is in "
        + Pattern.quote(policy.toString()) + "\\R").matcher(errText);
    assertThat(m.matches()).as("stderr is exactly the one line: " + errText).isTrue();
    long n = Long.parseLong(m.group(1));
    assertThat(n).isBetween(1L, 999_999L);
    TabularPolicy saved = TabularPolicy.read(policy);
    assertThat(saved.run()).containsEntry("iterations", n).containsEntry("interrupted", true);
    GameTree leduc = GameTree.build(GameRegistry.load("leduc_poker"));
    assertThat(saved.toSlots(leduc)).hasSize(leduc.numSlots()); // complete: every information state
    // the last report line is that of the iteration the run stopped after
    assertThat(Files.readString(out)).containsPattern("\\n\\s+" + n + "\\s+\\S+\\s+\\S+\\n");
  }

  /**
   * Ctrl-C while the game tree is still being built (nim's default piles walk for tens of seconds
   * before the bound of 5,000,000 histories refuses them, in about 1 GB: the heap is set to hold
   * it): one line, not a silent exit.
   */
  @Test
  @DisabledOnOs(OS.WINDOWS) // sends the signal with kill
  void sigintWhileTheTreeIsBuiltSaysNothingWasComputed() throws Exception {
    Signals.Interrupt sig = Signals.interrupt();
    List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx2g", "-cp",
        System.getProperty("java.class.path"), Ponder.class.getName(), "solve", "nim", "--no-progress");
    Path err = dir.resolve("build.err");
    Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(err.toFile()).start();
    // wait until the JVM is walking the tree (it would for tens of seconds): its resident memory
    // grows past what starting takes; a fixed wait raced a child slowed by a loaded machine
    awaitResidentMegabytes(p, 400, 60_000);
    assertThat(p.isAlive()).as("child ended early; stderr: " + Files.readString(err)).isTrue();
    Process kill = new ProcessBuilder("kill", sig.flag(), Long.toString(p.pid())).inheritIO().start();
    assertThat(kill.waitFor(10, TimeUnit.SECONDS)).isTrue();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).isEqualTo(sig.exitCode());
    assertThat(Files.readString(err)).isEqualTo("ponder: solve: interrupted while building the game tree of nim;"
        + " nothing was computed or saved" + System.lineSeparator());
  }

  /**
   * Waits until process {@code p} holds at least {@code mb} megabytes of resident memory (Linux's
   * {@code /proc/PID/status}, VmRSS) or {@code timeoutMs} pass; without {@code /proc}, waits 3 s.
   */
  private static void awaitResidentMegabytes(Process p, long mb, long timeoutMs) throws Exception {
    Path status = Path.of("/proc", Long.toString(p.pid()), "status");
    if (!Files.exists(status)) {
      Thread.sleep(3000);
      return;
    }
    long end = System.currentTimeMillis() + timeoutMs;
    while (System.currentTimeMillis() < end && p.isAlive()) {
      List<String> lines;
      try {
        lines = Files.readAllLines(status);
      } catch (java.io.IOException ended) {
        return; // the process ended: the caller's check says so
      }
      for (String line : lines) {
        if (line.startsWith("VmRSS:") && Long.parseLong(line.replaceAll("[^0-9]", "")) >= mb * 1024) {
          return;
        }
      }
      Thread.sleep(50);
    }
  }
}
