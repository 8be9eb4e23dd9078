package dev.ponder.app;

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
import java.nio.file.Path;
import java.util.ArrayList;
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
    description = {"Solve a small zero-sum game (any number of players, perfect or imperfect information) with CFR, CFR+,"
        + " Linear/Discounted CFR or Monte Carlo CFR on its whole game tree.",
        "Prints the exploitability (NashConv / number of players) of the average policy every k iterations."})
public final class SolveCommand implements PonderCommand {

  @Parameters(index = "0", paramLabel = "GAME", description = "Game string, e.g. kuhn_poker or leduc_poker.")
  String gameString;

  @Option(names = "--algo", defaultValue = "cfr+",
      description = "cfr | cfr-sim (simultaneous updates) | cfr+ | lcfr | dcfr | mccfr-es | mccfr-os (default: ${DEFAULT-VALUE}).")
  String algo;

  @Option(names = "--iterations", defaultValue = "1000", description = "Iterations (default: ${DEFAULT-VALUE}).")
  int iterations;

  @Option(names = "--every", description = "Print every k iterations (default: iterations/10, at least 1).")
  Integer every;

  @Option(names = "--seed", defaultValue = "0", description = "Seed of the Monte Carlo solvers mccfr-es and mccfr-os"
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

  @Option(names = "--out", paramLabel = "FILE", description = "Save the average policy as JSON.")
  Path out;

  @Option(names = "--chart", paramLabel = "FILE.svg", description = "Save a convergence chart as SVG (the name must end in .svg).")
  Path chart;

  @Mixin GameTreeOptions treeOptions;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws IOException {
    if (iterations < 1) {
      throw new UsageException("--iterations must be at least 1, got " + iterations);
    }
    int k = every == null ? Math.max(1, iterations / 10) : every;
    if (k < 1) {
      throw new UsageException("--every must be at least 1, got " + k);
    }
    String a = algo.toLowerCase(Locale.ROOT);
    List<String> valid = List.of("cfr", "cfr-sim", "cfr+", "lcfr", "dcfr", "mccfr-es", "mccfr-os");
    if (!valid.contains(a)) {
      throw new UsageException("unknown --algo '" + algo + "'; valid: " + String.join(", ", valid));
    }
    if (!a.startsWith("mccfr") && spec.commandLine().getParseResult().hasMatchedOption("--seed")) {
      throw new UsageException("--seed goes with the Monte Carlo solvers (mccfr-es, mccfr-os); " + a + " is deterministic");
    }
    // outcome sampling's convergence bound (Lanctot et al. 2009) needs every action sampled with
    // positive probability: epsilon 0 never samples an action of current probability 0
    double eps = checkParameter("--epsilon", epsilon, 0.6, 0, true, 1, a, "mccfr-os");
    double al = checkParameter("--alpha", alpha, 1.5, 0, false, 10, a, "dcfr");
    double be = checkParameter("--beta", beta, 0.0, -10, false, 10, a, "dcfr");
    double ga = checkParameter("--gamma", gamma, 2.0, 0, false, 10, a, "dcfr");
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
    Game game = GameRegistry.load(gameString);
    GameTreeOptions.requireZeroSum(game, "solve");
    PrintWriter pw = spec.commandLine().getOut();
    long t0 = System.nanoTime();
    GameTree tree = treeOptions.build(game, "solve", spec.commandLine().getErr());
    pw.printf(Locale.ROOT, "%s: %d histor%s, %d information state%s (tree built in %.2f s)%n", game.spec(),
        tree.numNodes(), tree.numNodes() == 1 ? "y" : "ies", tree.numInfosets(), tree.numInfosets() == 1 ? "" : "s",
        (System.nanoTime() - t0) / 1e9);
    pw.printf(Locale.ROOT, "algorithm %s; exploitability = NashConv / %d (mean best-response gain)%n", describe(a, eps, al, be, ga),
        game.numPlayers());
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
    List<Long> xs = new ArrayList<>();
    List<Double> ys = new ArrayList<>();
    long start = System.nanoTime();
    double solveSeconds = 0;
    int done = 0;
    while (done < iterations) {
      int step = Math.min(k, iterations - done);
      long s0 = System.nanoTime();
      if (cfr != null) {
        cfr.run(step);
      } else {
        mc.run(step);
      }
      solveSeconds += (System.nanoTime() - s0) / 1e9;
      done += step;
      double e = PolicyEvaluation.exploitability(tree, average(cfr, mc));
      xs.add((long) done);
      ys.add(e);
      pw.printf(Locale.ROOT, "%12d %16s %12.2f%n", done, SolveOutput.number(e), (System.nanoTime() - start) / 1e9);
      pw.flush();
    }
    pw.printf(Locale.ROOT, "%.1f iterations per second (solver only)%n", iterations / Math.max(solveSeconds, 1e-9));
    double[] avg = average(cfr, mc);
    double[] v = PolicyEvaluation.expectedReturns(tree, avg);
    StringBuilder sb = new StringBuilder();
    for (int p = 0; p < v.length; p++) {
      sb.append(p > 0 ? ", " : "").append(SolveOutput.number(v[p]));
    }
    pw.println("expected returns of the average policy: [" + sb + "]");
    if (out != null) {
      try {
        TabularPolicy.fromSlots(tree, avg).write(out);
      } catch (IOException e) {
        throw IoReasons.writeFailed("--out", out, e);
      }
      pw.println("average policy saved to " + out);
    }
    if (chart != null) {
      long[] x = new long[xs.size()];
      double[] y = new double[ys.size()];
      for (int i = 0; i < x.length; i++) {
        x[i] = xs.get(i);
        y[i] = ys.get(i);
      }
      try {
        ConvergenceChart.write(chart, game.spec() + ": " + describe(a, eps, al, be, ga), x, y);
      } catch (IOException e) {
        throw IoReasons.writeFailed("--chart", chart, e);
      }
      pw.println("convergence chart saved to " + chart);
    }
    pw.flush();
    return 0;
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
      throw new UsageException(option + " must be in (" + fmt(lo) + ", " + fmt(hi) + "], got " + fmt(given));
    }
    if (!(given >= lo && given <= hi)) {
      throw new UsageException(option + " must be in " + fmt(lo) + ".." + fmt(hi) + ", got " + fmt(given));
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
