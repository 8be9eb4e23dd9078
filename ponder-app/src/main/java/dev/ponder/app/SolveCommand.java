package dev.ponder.app;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.solve.CfrSolver;
import dev.ponder.solve.ConvergenceChart;
import dev.ponder.solve.GameTree;
import dev.ponder.solve.MccfrSolver;
import dev.ponder.solve.PolicyEvaluation;
import dev.ponder.solve.TabularPolicy;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ponder solve GAME --algo ALGO --iterations N}: runs a CFR-family solver on the whole game
 * tree, prints the exploitability (NashConv / n) of the average policy every k iterations, and
 * optionally saves the average policy (JSON) and a convergence chart (SVG).
 */
@Command(name = "solve", mixinStandardHelpOptions = true,
    description = {"Solve a small zero-sum (or constant-sum) game (any number of players, perfect or imperfect information) with CFR, CFR+,"
        + " Linear/Discounted CFR or Monte Carlo CFR on its whole game tree.",
        "Prints the exploitability (NashConv / number of players) of the average policy every k iterations.",
        "With 3 or more players the average policy has no Nash guarantee (CFR's regret bound gives a coarse correlated"
            + " equilibrium) and the external-sampling average (mccfr-es) may drift: prefer cfr or cfr+ (docs/solve.md).",
        "Ctrl-C stops after the current iteration, saves the average policy so far, then measures it (exit 130); a second"
            + " Ctrl-C during that measurement exits at once, the policy already saved. The partial policy goes to --out"
            + " FILE unless FILE holds a finished run: then beside it, to NAME.partial.json (p.json -> p.partial.json;"
            + " FILE stays as it was). A Ctrl-C after the"
            + " last iteration marks the run interrupted too (\"interrupted\": true, exit 130). A run cannot be resumed."})
public final class SolveCommand implements PonderCommand {

  @Parameters(index = "0", paramLabel = "GAME", description = "Game string, e.g. kuhn_poker or leduc_poker.")
  String gameString;

  @Option(names = "--algo", paramLabel = "ALGO", defaultValue = "cfr+",
      description = "cfr | cfr-sim (simultaneous updates) | cfr+ | lcfr | dcfr | mccfr-es | mccfr-os (default: ${DEFAULT-VALUE}).")
  String algo;

  @Option(names = "--iterations", paramLabel = "N", converter = Ponder.AtLeastOne.class, defaultValue = "1000", description = "Iterations (default: ${DEFAULT-VALUE}).")
  int iterations;

  @Option(names = "--every", paramLabel = "N", converter = Ponder.AtLeastOne.class, description = "Print every k iterations (default: iterations/10, at least 1); not with"
      + " --log-points.")
  Integer every;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "0", description = "Seed of the Monte Carlo solvers mccfr-es and mccfr-os"
      + " (default: ${DEFAULT-VALUE}); the other algorithms are deterministic and refuse it.")
  long seed;

  @Option(names = "--epsilon", paramLabel = "E", description = "mccfr-os: exploration of the updating player's sampling,"
      + " in (0, 1] (default 0.6; Lanctot et al. 2009: the guarantee needs every action sampled, so not 0).")
  Double epsilon;

  @Option(names = "--alpha", paramLabel = "A", description = "dcfr: positive regrets are discounted by t^α/(t^α+1), α in 0..10"
      + " (default 1.5; Brown & Sandholm 2019).")
  Double alpha;

  @Option(names = "--beta", paramLabel = "B", description = "dcfr: negative regrets are discounted by t^β/(t^β+1), β in -10..10"
      + " (default 0).")
  Double beta;

  @Option(names = "--gamma", paramLabel = "G", description = "dcfr: iteration t's contribution to the average strategy is weighted"
      + " by t^γ, γ in 0..10 (default 2).")
  Double gamma;

  @Option(names = "--out", paramLabel = "FILE", description = "Save the average policy as JSON (replaced atomically: a failed write leaves a previous"
      + " file as it was).")
  Path out;

  @Option(names = "--chart", paramLabel = "FILE.svg", description = "Save a convergence chart as SVG (the name must end in .svg).")
  Path chart;

  @Mixin GameTreeOptions treeOptions;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--log-points", converter = Ponder.AtLeastOne.class, paramLabel = "K", description = "Report about K points spaced geometrically from iteration 1"
      + " to the last (always included), instead of every k iterations; at least 1; not with --every.")
  Integer logPoints;

  @Option(names = "--json", description = "Print the run as one JSON object on standard output (fields in docs/solve.md);"
      + " progress stays on standard error.")
  boolean json;

  @Override
  public Integer call() throws Exception {
    // until the solver's own interrupt takes over, a signal says what it cut short, in one line
    try (InterruptLine pending = new InterruptLine(spec.commandLine().getErr(), () -> InterruptLine.starting("solve"))) {
      return run(pending);
    }
  }

  private Integer run(InterruptLine pending) throws Exception {
    if (iterations < 1) {
      throw UsageException.atLeast("--iterations", 1, iterations);
    }
    int[] points = reportPoints(iterations, every, logPoints);
    String a = algo.toLowerCase(Locale.ROOT);
    List<String> valid = List.of("cfr", "cfr-sim", "cfr+", "lcfr", "dcfr", "mccfr-es", "mccfr-os");
    if (!valid.contains(a)) {
      String hint = dev.ponder.spec.Suggestions.didYouMean(algo, valid);
      String known = KNOWN_AS.get(a.replaceAll("[^a-z0-9+]", ""));
      throw UsageException.notValid("--algo", algo, valid,
          hint.isEmpty() && known != null ? " (did you mean " + known + "?)" : hint);
    }
    if (!a.startsWith("mccfr") && spec.commandLine().getParseResult().hasMatchedOption("--seed")) {
      throw new UsageException("--seed goes with the Monte Carlo solvers (mccfr-es, mccfr-os); " + a + " is deterministic");
    }
    // outcome sampling's convergence bound (Lanctot et al. 2009) needs every action sampled with
    // positive probability: epsilon 0 never samples an action of current probability 0
    double eps = checkParameter("--epsilon", epsilon, 0.6, 0, true, 1, a, "mccfr-os");
    // the ranges of the Java API (CfrSolver): α, γ in 0..10, β in -10..10
    double al = checkParameter("--alpha", alpha, 1.5, 0, false, CfrSolver.MAX_EXPONENT, a, "dcfr");
    double be = checkParameter("--beta", beta, 0.0, -CfrSolver.MAX_EXPONENT, false, CfrSolver.MAX_EXPONENT, a, "dcfr");
    double ga = checkParameter("--gamma", gamma, 2.0, 0, false, CfrSolver.MAX_EXPONENT, a, "dcfr");
    treeOptions.check();
    SolveOutput.requireDistinct("--out", out, "--chart", chart);
    if (out != null) {
      SolveOutput.requireWritable("--out", out);
    }
    if (chart != null) {
      if (!chart.toString().isBlank() && !chart.toString().toLowerCase(Locale.ROOT).endsWith(".svg")) {
        throw new UsageException("--chart writes an SVG image; give a file name ending in .svg, not " + chart);
      }
      SolveOutput.requireWritable("--chart", chart);
    }
    // an interrupted run must not replace a finished one: decided before the run, from the file as it is now
    Path partialOut = out == null || !holdsFinishedRun(out) ? out : partialPath(out);
    Game game = GameRegistry.load(gameString);
    GameTreeOptions.requireZeroSum(game, "solve");
    // with --json, standard output carries the JSON object alone
    PrintWriter pw = json ? new PrintWriter(Writer.nullWriter()) : spec.commandLine().getOut();
    long t0 = System.nanoTime();
    GameTree tree = treeOptions.build(game, "solve", spec.commandLine().getErr(), pending);
    // after the build, so that a game refused (too large, a fault of the game) gets its one line alone
    if (game.numPlayers() >= 3) {
      spec.commandLine().getErr().println(threePlayerNote(game.numPlayers(), a));
      spec.commandLine().getErr().flush();
    }
    pending.set(noIterationLine(iterations));
    double buildSeconds = (System.nanoTime() - t0) / 1e9;
    pw.printf(Locale.ROOT, "%s: %d histor%s, %d information state%s (tree built in %.2f s)%n", GameTree.echo(game.spec()),
        tree.numNodes(), tree.numNodes() == 1 ? "y" : "ies", tree.numInfosets(), tree.numInfosets() == 1 ? "" : "s",
        buildSeconds);
    // a Monte Carlo solver's figures are a function of its seed: the line names it (default 0), as
    // search, play, simulate and check name theirs, so a saved output says how to run it again
    pw.printf(Locale.ROOT, "algorithm %s%s; exploitability = NashConv / %d (mean best-response gain)%n",
        describe(a, eps, al, be, ga), a.startsWith("mccfr") ? ", seed " + seed : "", game.numPlayers());
    pw.printf(Locale.ROOT, "%12s %16s %12s%n", "iteration", "exploitability", "seconds");
    pw.flush();

    CfrSolver cfr = null;
    MccfrSolver mc = null;
    switch (a) {
      case "cfr-sim":
        cfr = new CfrSolver(tree, CfrSolver.Variant.CFR, false, 1.5, 0, 2);
        break;
      case "mccfr-es":
        mc = new MccfrSolver(tree, MccfrSolver.Sampling.EXTERNAL, seed);
        break;
      case "mccfr-os":
        mc = new MccfrSolver(tree, MccfrSolver.Sampling.OUTCOME, eps, seed);
        break;
      case "dcfr":
        cfr = new CfrSolver(tree, CfrSolver.Variant.DISCOUNTED, true, al, be, ga);
        break;
      default:
        cfr = new CfrSolver(tree, CfrSolver.Variant.parse(a));
    }
    int n = game.numPlayers();
    long[] xs = new long[points.length];
    double[] ys = new double[points.length];
    double[] nashConvs = new double[points.length];
    double[] elapsedMs = new double[points.length];
    double[] solverMs = new double[points.length];
    long start = System.nanoTime();
    double solveSeconds = 0;
    int done = 0;
    int rows = 0;
    boolean stopped = false;
    PrintWriter err = spec.commandLine().getErr();
    String task = "solve: " + a;
    interrupt.errorStream(err);
    pending.close();
    interrupt.arm();
    try {
      for (int i = 0; i < points.length && !stopped; i++) {
        long s0 = System.nanoTime();
        SegmentProgress progress = new SegmentProgress(task, done, iterations, err, start);
        while (done < points[i]) {
          if (interrupt.requested()) { // Ctrl-C: stop at the end of the iteration that was running
            stopped = true;
            break;
          }
          if (cfr != null) {
            cfr.run(1);
          } else {
            mc.run(1);
          }
          done++;
          progress.stepTo(done);
          afterIteration.accept(done);
        }
        solveSeconds += (System.nanoTime() - s0) / 1e9;
        if (stopped) {
          progress.stop();
        } else {
          progress.close();
        }
        if (stopped) {
          break; // the row of the last iteration run comes after the policy is saved
        }
        double nc = sum(PolicyEvaluation.gains(tree, average(cfr, mc)));
        double e = nc / n;
        xs[rows] = done;
        ys[rows] = e;
        nashConvs[rows] = nc;
        elapsedMs[rows] = (System.nanoTime() - start) / 1e6;
        solverMs[rows] = solveSeconds * 1e3;
        pw.printf(Locale.ROOT, "%12d %16s %12.2f%n", done, SolveOutput.number(e), elapsedMs[rows] / 1e3);
        pw.flush();
        rows++;
      }
      stopped |= done < iterations;
      if (stopped && done == 0) {
        err.println(noIterationLine(iterations));
        err.flush();
        return INTERRUPTED;
      }
      if (stopped) {
        // the policy is what matters: saved before it is measured, so a second Ctrl-C during the
        // measurement (a best response over the whole tree) can exit at once without losing it
        if (out != null) {
          savePolicy(partialOut, tree, a, eps, al, be, ga, average(cfr, mc), done, true);
        }
        interrupt.evaluating(cutLine(done, iterations, partialOut, chart));
        if (rows == 0 || xs[rows - 1] != done) {
          double nc = sum(PolicyEvaluation.gains(tree, average(cfr, mc)));
          xs[rows] = done;
          ys[rows] = nc / n;
          nashConvs[rows] = nc;
          elapsedMs[rows] = (System.nanoTime() - start) / 1e6;
          solverMs[rows] = solveSeconds * 1e3;
          pw.printf(Locale.ROOT, "%12d %16s %12.2f%n", done, SolveOutput.number(ys[rows]), elapsedMs[rows] / 1e3);
          pw.flush();
          rows++;
        }
      }
      return finish(game, tree, a, eps, al, be, ga, cfr, mc, buildSeconds, start, solveSeconds, done, stopped, partialOut,
          java.util.Arrays.copyOf(xs, rows), java.util.Arrays.copyOf(ys, rows), java.util.Arrays.copyOf(nashConvs, rows),
          java.util.Arrays.copyOf(elapsedMs, rows), java.util.Arrays.copyOf(solverMs, rows), pw);
    } catch (Exception e) {
      // printed now, while the shutdown hook of a Ctrl-C still holds the JVM's exit: after
      // disarm() the JVM may halt before picocli's handler would have written the line
      CommandLine cl = spec.commandLine();
      CommandLine.IExecutionExceptionHandler handler = cl.getExecutionExceptionHandler();
      if (handler == null) {
        throw e;
      }
      int code = handler.handleExecutionException(e, cl, cl.getParseResult());
      cl.getErr().flush();
      return code;
    } catch (Error e) {
      CommandLine cl = spec.commandLine();
      Object root = cl.getCommandSpec().root().userObject();
      int code = Ponder.printError(e, cl.getErr(), root instanceof Ponder p && p.verbose);
      cl.getErr().flush();
      return code;
    } finally {
      interrupt.disarm();
    }
  }

  /**
   * Whether {@code file} holds something an interrupted run must not replace: any existing file
   * except a policy file of an interrupted run that stopped before its last iteration ({@code
   * "run": {"interrupted": true, "iterations": k, "iterations_requested": n}} with k &lt; n). A file
   * that cannot be read as such (another format, malformed JSON, a directory) counts as finished.
   * A device or a named pipe ({@code --out /dev/stdout}) holds nothing to keep and is never read:
   * reading it waited for ever for input that never came.
   */
  static boolean holdsFinishedRun(Path file) {
    if (!java.nio.file.Files.exists(file)) {
      return false;
    }
    if (!java.nio.file.Files.isRegularFile(file)) {
      return java.nio.file.Files.isDirectory(file);
    }
    try {
      com.fasterxml.jackson.databind.JsonNode run = new ObjectMapper().readTree(file.toFile()).path("run");
      return !(run.path("interrupted").asBoolean(false) && run.path("iterations").isIntegralNumber()
          && run.path("iterations_requested").isIntegralNumber()
          && run.path("iterations").asLong() < run.path("iterations_requested").asLong());
    } catch (IOException | RuntimeException e) {
      return true;
    }
  }

  /** Where an interrupted run saves when {@code out} holds a finished run: {@code NAME.partial.json} beside it. */
  static Path partialPath(Path out) {
    String name = out.getFileName().toString();
    String base = name.toLowerCase(Locale.ROOT).endsWith(".json") ? name.substring(0, name.length() - 5) : name;
    return out.resolveSibling(base + ".partial.json");
  }

  /**
   * The parameters of algorithm {@code a} that shape its result, in the order written: DCFR's α,
   * β, γ; outcome sampling's ε; none for the others. The {@code --json} object's {@code
   * "algorithm_parameters"} and the saved policy's {@code "run"} object both list these.
   */
  static java.util.Map<String, Double> algorithmParameters(String a, double eps, double al, double be, double ga) {
    java.util.Map<String, Double> m = new java.util.LinkedHashMap<>();
    if (a.equals("dcfr")) {
      m.put("alpha", al);
      m.put("beta", be);
      m.put("gamma", ga);
    } else if (a.equals("mccfr-os")) {
      m.put("epsilon", eps);
    }
    return m;
  }

  /**
   * The note {@code solve} prints on stderr for a game of {@code n} ≥ 3 players: CFR's guarantee
   * there is a coarse correlated equilibrium, not a Nash one (docs/solve.md, "Three or more
   * players"); for mccfr-es, whose average may drift, also what to use instead.
   */
  static String threePlayerNote(int n, String a) {
    return "note: with " + n + " players the average policy carries no Nash-equilibrium guarantee (CFR's regret bound"
        + " gives a coarse correlated equilibrium); the exploitability printed measures how far it is from a Nash equilibrium"
        + (a.equals("mccfr-es") ? ", and mccfr-es's average may drift away: prefer cfr or cfr+" : "");
  }

  /** Saves the average policy {@code avg} to {@code file} with the {@code "run"} facts. */
  private void savePolicy(Path file, GameTree tree, String a, double eps, double al, double be, double ga, double[] avg,
      int done, boolean interrupted) {
    try {
      TabularPolicy policy = TabularPolicy.fromSlots(tree, avg);
      policy.putRun("command", "solve");
      policy.putRun("algorithm", a);
      for (java.util.Map.Entry<String, Double> e : algorithmParameters(a, eps, al, be, ga).entrySet()) {
        policy.putRun(e.getKey(), e.getValue());
      }
      policy.putRun("iterations", (long) done);
      policy.putRun("iterations_requested", (long) iterations);
      policy.putRun("interrupted", interrupted);
      if (a.startsWith("mccfr")) {
        policy.putRun("seed", seed);
      }
      spec.commandLine().getOut().flush(); // --out /dev/stdout comes after the lines printed so far
      policy.write(file);
    } catch (IOException e) {
      throw IoReasons.writeFailed("--out", file, e);
    }
  }

  /** The line a second signal prints before the JVM exits during the measurement of an interrupted run. */
  private static String cutLine(int done, int iterations, Path saved, Path chart) {
    return "interrupted again while measuring the policy after " + done + " of " + iterations + " iterations; "
        + (saved != null ? "the average policy so far is in " + saved : "the average policy was not saved")
        + (chart != null ? " (no convergence chart written)" : "");
  }

  /** Exit code of an interrupted run: 128 + SIGINT's number, as the shell reports Ctrl-C. */
  static final int INTERRUPTED = InterruptLine.EXIT_CODE;

  /**
   * The end of a run of {@code done} iterations (all of them, or fewer when {@code stopped}): the
   * rate, the expected returns, the saved policy and chart, the JSON object; for a stopped run,
   * then one line on stderr saying what was run and saved, and exit code {@value #INTERRUPTED}.
   */
  private int finish(Game game, GameTree tree, String a, double eps, double al, double be, double ga, CfrSolver cfr,
      MccfrSolver mc, double buildSeconds, long start, double solveSeconds, int done, boolean stopped, Path partialOut,
      long[] xs, double[] ys, double[] nashConvs, double[] elapsedMs, double[] solverMs, PrintWriter pw) throws IOException {
    int n = game.numPlayers();
    double perSecond = done / Math.max(solveSeconds, 1e-9);
    pw.printf(Locale.ROOT, "%.1f iterations per second (solver only)%n", perSecond);
    double[] avg = average(cfr, mc);
    double[] v = PolicyEvaluation.expectedReturns(tree, avg);
    StringBuilder sb = new StringBuilder();
    for (int p = 0; p < v.length; p++) {
      sb.append(p > 0 ? ", " : "").append(SolveOutput.number(v[p]));
    }
    pw.println("expected returns of the average policy: [" + sb + "]");
    double[] br = json ? PolicyEvaluation.bestResponseValues(tree, avg) : null;
    interrupt.evaluated(); // from here on a second signal waits for the chart and the lines below
    // a signal after the last iteration (during the final measurement): the run is complete but
    // the JVM exits 130, so the file, the JSON and stderr say interrupted too
    boolean late = !stopped && interrupt.requested();
    boolean interrupted = stopped || late;
    Path saved = stopped ? partialOut : out;
    if (out != null) {
      if (!stopped) {
        savePolicy(out, tree, a, eps, al, be, ga, avg, done, interrupted);
      }
      pw.println("average policy saved to " + saved + (stopped ? " (after " + done + " of " + iterations + " iterations)" : ""));
    }
    if (chart != null) {
      try {
        ConvergenceChart.write(chart, GameTree.echo(game.spec()) + ": " + describe(a, eps, al, be, ga), xs, ys);
      } catch (IOException e) {
        throw IoReasons.writeFailed("--chart", chart, e);
      }
      pw.println("convergence chart saved to " + chart);
    }
    pw.flush();
    if (json) {
      ObjectMapper m = JsonFields.mapper();
      ObjectNode root = m.createObjectNode();
      root.put("game", SearchCommand.gameEcho(gameString));
      JsonFields.putGameParameters(root, game);
      root.put("players", n);
      root.put("histories", tree.numNodes());
      root.put("information_states", tree.numInfosets());
      root.put("tree_build_ms", buildSeconds * 1e3);
      root.put("algorithm", a);
      root.put("algorithm_name", describe(a, eps, al, be, ga));
      ObjectNode params = root.putObject("algorithm_parameters");
      algorithmParameters(a, eps, al, be, ga).forEach(params::put);
      root.put("iterations", done);
      root.put("iterations_requested", iterations);
      root.put("interrupted", interrupted);
      if (a.startsWith("mccfr")) {
        root.put("seed", seed);
      } else {
        root.putNull("seed");
      }
      if (logPoints != null) {
        root.putNull("every");
        root.put("log_points", logPoints);
      } else {
        root.put("every", every != null ? every : Math.max(1, iterations / 10));
        root.putNull("log_points");
      }
      ArrayNode conv = root.putArray("convergence");
      for (int i = 0; i < xs.length; i++) {
        ObjectNode c = conv.addObject();
        c.put("iteration", xs[i]);
        JsonFields.putNumber(c, "nash_conv", nashConvs[i]);
        JsonFields.putNumber(c, "exploitability", ys[i]);
        c.put("elapsed_ms", elapsedMs[i]);
        c.put("solver_ms", solverMs[i]);
      }
      double[] gains = new double[n];
      for (int p = 0; p < n; p++) {
        gains[p] = br[p] - v[p];
      }
      JsonFields.putNumber(root, "exploitability", ys[ys.length - 1]);
      JsonFields.putNumber(root, "nash_conv", nashConvs[nashConvs.length - 1]);
      JsonFields.putNumbers(root, "expected_returns", v);
      JsonFields.putNumbers(root, "best_response_values", br);
      JsonFields.putNumbers(root, "gains", gains);
      root.put("iterations_per_second", perSecond);
      root.put("solver_ms", solveSeconds * 1e3);
      root.put("elapsed_ms", (System.nanoTime() - start) / 1e6);
      if (out != null) {
        root.put("policy_out", saved.toString());
      } else {
        root.putNull("policy_out");
      }
      if (chart != null) {
        root.put("chart", chart.toString());
      } else {
        root.putNull("chart");
      }
      PrintWriter stdout = spec.commandLine().getOut();
      stdout.println(m.writeValueAsString(root));
      stdout.flush();
    }
    PrintWriter err = spec.commandLine().getErr();
    if (interrupted) {
      err.println(late ? lateLine(iterations, out, chart) : interruptedLine(done, iterations, saved, chart, out));
      err.flush();
      return INTERRUPTED;
    }
    if (interrupt.requested()) {
      // the signal came after the files were written as a completed run: they are right, the exit code is the signal's
      err.println("interrupted after the run had completed (all " + iterations + " iterations) and its output was written"
          + " as such; exit code 130 is the signal's");
      err.flush();
      return INTERRUPTED;
    }
    return 0;
  }

  /**
   * Other names of the algorithms (OpenSpiel's and the papers'), lower case without separators,
   * for the "did you mean" of an unknown {@code --algo}: {@code cfr_plus} and {@code cfrplus} are
   * {@code cfr+}.
   */
  static final java.util.Map<String, String> KNOWN_AS = java.util.Map.ofEntries(
      java.util.Map.entry("cfrplus", "cfr+"), java.util.Map.entry("cfrp", "cfr+"),
      java.util.Map.entry("linearcfr", "lcfr"), java.util.Map.entry("discountedcfr", "dcfr"),
      java.util.Map.entry("cfrsimultaneous", "cfr-sim"), java.util.Map.entry("vanillacfr", "cfr"),
      java.util.Map.entry("externalsamplingmccfr", "mccfr-es"), java.util.Map.entry("externalsampling", "mccfr-es"),
      java.util.Map.entry("mccfrexternal", "mccfr-es"), java.util.Map.entry("outcomesamplingmccfr", "mccfr-os"),
      java.util.Map.entry("outcomesampling", "mccfr-os"), java.util.Map.entry("mccfroutcome", "mccfr-os"));

  /** The stderr line of a run interrupted before its first iteration. */
  static String noIterationLine(int iterations) {
    return "interrupted before the first of " + iterations + " iterations; nothing was computed, nothing saved";
  }

  /** The stderr line of a run interrupted after its last iteration, during the final measurement. */
  static String lateLine(int iterations, Path out, Path chart) {
    String head = "interrupted after the last of " + iterations + " iterations (while the policy was measured); ";
    String chartNote = chart != null ? " (convergence chart in " + chart + ")" : "";
    if (out != null) {
      return head + "the average policy, complete, is in " + out + ", marked interrupted" + chartNote;
    }
    return head + "the average policy was not saved" + chartNote;
  }

  /**
   * The line an interrupted run prints last (stderr): how many of the iterations ran and where the
   * average policy so far is, or that it was not saved and how to save it next time.
   */
  static String interruptedLine(int done, int iterations, Path saved, Path chart, Path out) {
    String head = "interrupted after " + done + " of " + iterations + " iterations; ";
    String chartNote = chart != null ? " (convergence chart so far in " + chart + ")" : "";
    if (saved != null) {
      return head + "the average policy so far is in " + saved
          + (saved.equals(out) ? "" : " (" + out + " holds a finished run and was left as it was)") + chartNote;
    }
    return head + "the average policy was not saved (give --out FILE to save it when a run is interrupted)" + chartNote;
  }

  /** Called after each iteration with the number done so far (a test hook; does nothing by default). */
  java.util.function.IntConsumer afterIteration = k -> { };

  /** Ctrl-C (SIGINT) or SIGTERM while the solver runs: stop at the end of the iteration, save, say so. */
  final Interrupt interrupt = new Interrupt();

  /**
   * How a run learns it was interrupted, the mechanism of {@code ponder arena}'s
   * {@link ArenaCommand.InterruptNotice}: a JVM shutdown hook, armed while the solver runs, sets
   * the flag the iteration loop reads after each iteration, then waits until the command has
   * written what was computed (the policy, the chart, the last report line, or its error line) and
   * returns; the JVM then exits with 128 + the signal's number (130 for SIGINT). A test sets the
   * flag with {@link #request()}.
   *
   * <p>A second signal (SIGINT or SIGTERM) is swallowed by the JVM while its shutdown hooks run, so
   * the hook installs its own handlers for both: while the saved policy is being measured
   * ({@link #evaluating}) a second signal prints the given line and halts the JVM at once with
   * 128 + its number; before that (the policy is being saved) it is remembered and takes effect
   * when the measurement starts; after the measurement it is ignored (what is left is quick).
   */
  static final class Interrupt {
    private volatile boolean requested;
    private final java.util.concurrent.CountDownLatch written = new java.util.concurrent.CountDownLatch(1);
    private Thread hook;
    private boolean measuring;
    private int again;
    private String cutLine;
    private PrintWriter err;

    /** Ends the JVM when a second signal cuts the measurement short ({@link Runtime#halt}; a test replaces it). */
    java.util.function.IntConsumer halt = code -> Runtime.getRuntime().halt(code);

    boolean requested() {
      return requested;
    }

    /** Stops the run after the current iteration, as the signal does. */
    void request() {
      requested = true;
    }

    /** Where {@link #again} prints its line (the command's stderr). */
    synchronized void errorStream(PrintWriter err) {
      this.err = err;
    }

    /**
     * The policy of an interrupted run is saved and now measured: a second signal from now on
     * prints {@code line} and halts (at once, if one came already).
     */
    synchronized void evaluating(String line) {
      measuring = true;
      cutLine = line;
      if (again != 0) {
        cut();
      }
    }

    /** The measurement is over: a second signal no longer halts. */
    synchronized void evaluated() {
      measuring = false;
    }

    /** A second signal, exit code {@code code} (128 + its number). */
    synchronized void again(int code) {
      if (again == 0) {
        again = code;
      }
      if (measuring) {
        cut();
      }
    }

    private void cut() {
      if (err != null && cutLine != null) {
        err.println(cutLine);
        err.flush();
      }
      measuring = false;
      halt.accept(again);
    }

    synchronized void arm() {
      if (hook == null) {
        hook = new Thread(() -> {
          requested = true;
          Signals.onSecond(code -> again(code));
          try {
            written.await(); // the command's own thread saves and prints, then releases the exit
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        }, "solve-interrupted");
        Runtime.getRuntime().addShutdownHook(hook);
      }
    }

    /** Called as the exit is released, before the hook may return (a test hook; does nothing by default). */
    Runnable releasing = () -> { };

    synchronized void disarm() {
      releasing.run();
      written.countDown();
      if (hook != null) {
        try {
          Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
          // the JVM is already exiting: the hook returns now that everything is written
        }
        hook = null;
      }
    }
  }

  /**
   * Handlers for SIGINT and SIGTERM installed once the JVM is shutting down (the JVM itself then
   * ignores further signals), through the JDK's {@code sun.misc.Signal} (module jdk.unsupported),
   * reached reflectively; where it is missing or a signal cannot be handled, nothing is installed
   * and a second signal is ignored as before.
   */
  static final class Signals {
    private Signals() {}

    static void onSecond(java.util.function.IntConsumer handler) {
      for (String name : new String[] {"INT", "TERM"}) {
        try {
          Class<?> signal = Class.forName("sun.misc.Signal");
          Class<?> handlerType = Class.forName("sun.misc.SignalHandler");
          Object sig = signal.getConstructor(String.class).newInstance(name);
          int number = (Integer) signal.getMethod("getNumber").invoke(sig);
          Object proxy = java.lang.reflect.Proxy.newProxyInstance(handlerType.getClassLoader(), new Class<?>[] {handlerType},
              (self, method, args) -> {
                if (method.getName().equals("handle")) {
                  handler.accept(128 + number);
                  return null;
                }
                if (method.getName().equals("equals")) {
                  return self == args[0];
                }
                return method.getName().equals("hashCode") ? System.identityHashCode(self) : "second-signal handler";
              });
          signal.getMethod("handle", signal, handlerType).invoke(null, sig, proxy);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
          // no sun.misc.Signal here, or the signal is reserved (-Xrs): a second signal is ignored
        }
      }
    }
  }

  /**
   * Progress of the iterations between two report lines, on stderr ({@link GameTreeOptions#progress};
   * none with {@code --no-progress}): without a console, a line at most every {@code
   * --progress-interval} (10 s by default: {@code solve: cfr: 900/3000 iterations (30%), 98.5
   * iterations/s, ETA 0:21}), so a stretch shorter than that prints nothing; on a console, a bar,
   * shown once the stretch has run for a second (quick stretches between report lines draw none).
   */
  private final class SegmentProgress {
    private final String task;
    private final int total;
    private final PrintWriter err;
    private final long t0 = System.nanoTime();
    private final long runStart;
    private final boolean console = dev.ponder.arena.Progress.barOnStderr();
    private dev.ponder.arena.Progress shown;

    /** @param runStart when solving began ({@link System#nanoTime}): a bar's elapsed time is the run's */
    SegmentProgress(String task, int from, int total, PrintWriter err, long runStart) {
      this.task = task;
      this.total = total;
      this.err = err;
      this.runStart = runStart;
      if (!console) {
        shown = treeOptions.progress(task, "iterations", from, total, err);
      }
    }

    void stepTo(int done) {
      if (shown != null) {
        shown.stepTo(done);
      } else if (System.nanoTime() - t0 >= 1_000_000_000L) {
        shown = treeOptions.progress(task, "iterations", done, total, err, runStart);
        shown.stepTo(done);
      }
    }

    void close() {
      if (shown != null) {
        shown.close();
      }
    }

    /**
     * Ends the stretch early (Ctrl-C): a console bar is closed; the line form prints no closing
     * line, whose rate and ETA would describe a run that is not going on (the interrupted line
     * that follows says where it stopped).
     */
    void stop() {
      if (shown != null && console) {
        shown.close();
      }
    }
  }

  /**
   * The iterations after which the exploitability is reported, ascending, the last one
   * {@code iterations}. With {@code logPoints} K: {@code min(K, iterations)} distinct iterations
   * spaced geometrically from 1 to {@code iterations} (the j-th of K is {@code round(N^(j/(K−1)))},
   * raised to one more than the previous where rounding repeats an iteration; K = 1 reports the
   * last alone). Otherwise every {@code every} iterations (default {@code iterations/10}, at
   * least 1), and the last.
   *
   * @throws UsageException if both are given, or either is below 1
   */
  static int[] reportPoints(int iterations, Integer every, Integer logPoints) {
    if (every != null && logPoints != null) {
      throw new UsageException("--every and --log-points both set the report points; give one (--every k: every k"
          + " iterations; --log-points K: K points spaced geometrically)");
    }
    if (logPoints != null) {
      if (logPoints < 1) {
        throw UsageException.atLeast("--log-points", 1, logPoints);
      }
      int k = Math.min(logPoints, iterations);
      if (k == 1) {
        return new int[] {iterations};
      }
      int[] pts = new int[k];
      double logN = Math.log(iterations);
      int prev = 0;
      for (int j = 0; j < k; j++) {
        int t = j == k - 1 ? iterations : (int) Math.round(Math.exp(logN * j / (k - 1)));
        t = Math.min(iterations, Math.max(prev + 1, t));
        pts[j] = t;
        prev = t;
      }
      return pts;
    }
    int k = every == null ? Math.max(1, iterations / 10) : every;
    if (k < 1) {
      throw UsageException.atLeast("--every", 1, k);
    }
    int count = (int) ((iterations + (long) k - 1) / k);
    int[] pts = new int[count];
    for (int i = 0; i < count; i++) {
      pts[i] = (int) Math.min(iterations, (long) (i + 1) * k);
    }
    return pts;
  }

  private static double sum(double[] x) {
    double s = 0;
    for (double v : x) {
      s += v;
    }
    return s;
  }

  private static double[] average(CfrSolver cfr, MccfrSolver mc) {
    return cfr != null ? cfr.averagePolicy() : mc.averagePolicy();
  }

  /**
   * The value of a solver parameter: {@code given} if given (within {@code lo..hi}, or {@code (lo,
   * hi]} when {@code loOpen}, and only with the algorithm {@code owner} that reads it), else
   * {@code dflt}.
   *
   * @throws UsageException one line naming the option and its range, or the algorithm it goes with
   */
  private static double checkParameter(String option, Double given, double dflt, double lo, boolean loOpen, double hi,
      String algo, String owner) {
    if (given == null) {
      return dflt;
    }
    if (!algo.equals(owner)) {
      throw new UsageException(option + " goes with --algo " + owner + ", not " + algo);
    }
    if (loOpen && !(given > lo && given <= hi)) {
      throw UsageException.inRange(option, "(" + fmt(lo) + ", " + fmt(hi) + "]", fmt(given));
    }
    if (!(given >= lo && given <= hi)) {
      throw UsageException.inRange(option, fmt(lo) + ".." + fmt(hi), fmt(given));
    }
    return given;
  }

  private static String fmt(double x) {
    return x == Math.rint(x) && Math.abs(x) < 1e15 ? Long.toString((long) x) : Double.toString(x);
  }

  private static String describe(String a, double eps, double alpha, double beta, double gamma) {
    switch (a) {
      case "cfr":
        return "CFR (vanilla, alternating updates)";
      case "cfr-sim":
        return "CFR (vanilla, simultaneous updates)";
      case "cfr+":
        return "CFR+ (RM+, alternating, linear averaging)";
      case "lcfr":
        return "Linear CFR";
      case "dcfr":
        return "Discounted CFR (α " + fmt(alpha) + ", β " + fmt(beta) + ", γ " + fmt(gamma) + ")";
      case "mccfr-es":
        return "MCCFR, external sampling";
      default:
        return "MCCFR, outcome sampling (epsilon " + fmt(eps) + ")";
    }
  }
}
