package dev.ponder.app;

import dev.ponder.game.Game;
import dev.ponder.game.GameFactory;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.RandomPlayout;
import dev.ponder.game.State;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code ponder bench ...}: micro-benchmarks. */
@Command(name = "bench", mixinStandardHelpOptions = true, description = "Micro-benchmarks.",
    subcommands = {BenchCommand.Playouts.class, SearchBenchCommand.class})
public final class BenchCommand implements PonderCommand {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  /**
   * Refuses a duration option above a day (86,400 s): the bench measures in nanoseconds of a
   * {@code long}, and 1e10 s overflowed into a measurement that ran no search.
   *
   * @throws UsageException naming the option and the value
   */
  static void atMostADay(String option, double seconds) {
    if (seconds > 86_400) {
      throw new UsageException(option + " must be at most 86400 (a day), got " + Ponder.plain(seconds));
    }
  }

  @Override
  public Integer call() {
    throw new CommandLine.ParameterException(spec.commandLine(), "missing subcommand; available: playouts, search");
  }

  /**
   * {@code ponder bench playouts}: random playouts per second and moves per second for each game:
   * a warm-up, then several timed runs; the median run is reported. Ctrl-C (SIGINT) or SIGTERM
   * stops the timed run in progress: the rows of the games measured stay, the game being measured
   * gets a row from its timed runs completed, if any ({@code (median of 2 of 5 runs; interrupted)}),
   * and one line on stderr says where it stopped; exit 130 (143 for SIGTERM).
   */
  @Command(name = "playouts", mixinStandardHelpOptions = true,
      description = {"Random playouts/s and moves/s per game (warm-up, then the median of several timed runs).",
          "Ctrl-C stops the measuring: the game being measured gets a row from its timed runs completed, if any, and"
              + " one line on standard error says where it stopped (exit 130)."})
  public static final class Playouts implements java.util.concurrent.Callable<Integer> {
    @Option(names = "--games", paramLabel = "GAMES",
        description = "Game strings separated by commas (or ';') outside parentheses; a ';' inside belongs to its game string, as in "
            + "nim(pile_sizes=1;3;5) (repeatable; default: every registered game with default parameters).")
    List<String> games;

    @Option(names = "--seconds", paramLabel = "S", defaultValue = "1", description = "Length of each timed run in seconds, at most 86400 (default: ${DEFAULT-VALUE}).")
    double seconds;

    @Option(names = "--runs", paramLabel = "R", converter = Ponder.AtLeastOne.class, defaultValue = "5", description = "Timed runs per game; the median is reported (default: ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "Seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
      if (!(seconds > 0)) {
        throw UsageException.greaterThan("--seconds", 0, Ponder.plain(seconds));
      }
      atMostADay("--seconds", seconds);
      if (runs < 1) {
        throw UsageException.atLeast("--runs", 1, runs);
      }
      List<String> names = new ArrayList<>();
      if (games == null || games.isEmpty()) {
        for (GameFactory f : GameRegistry.factories()) {
          names.add(f.type().shortName());
        }
      } else {
        for (String g : games) {
          names.addAll(SearchBenchCommand.splitGames(g));
        }
      }
      try (InterruptLine pending = new InterruptLine(spec.commandLine().getErr(),
          () -> InterruptLine.starting("bench playouts"))) {
        return run(names, pending);
      }
    }

    private Integer run(List<String> names, InterruptLine pending) {
      List<Game> loaded = new ArrayList<>();
      for (String name : names) {
        loaded.add(GameRegistry.load(name)); // fail on a bad name before measuring anything
      }
      PrintWriter out = spec.commandLine().getOut();
      // a signal from now on stops the timed run in progress; the game being measured gets a row from
      // its timed runs completed
      pending.set("ponder: bench playouts: interrupted, and the timed run did not stop in time; its game has no row");
      pending.stopsCommand();
      if (!pending.claimOutput()) {
        return InterruptLine.EXIT_CODE;
      }
      out.printf(Locale.ROOT, "random playouts: %d run%s of %s s per game after a %s s warm-up; median run; seed %d; %s, %d cores%n",
          runs, runs == 1 ? "" : "s", Ponder.plain(seconds), Ponder.plain(seconds), seed, System.getProperty("java.vm.name") + " " + System.getProperty("java.version"),
          Runtime.getRuntime().availableProcessors());
      out.printf(Locale.ROOT, "%-28s %14s %14s %10s%n", "game", "playouts/s", "moves/s", "mean len");
      out.flush();
      for (int k = 0; k < loaded.size(); k++) {
        Game g = loaded.get(k);
        SimulateCommand.checkedPlayout(g, seed); // the game's contract, and copies independent of their source
        Measured m = measure(g, seconds, runs, seed, pending::requested);
        if (!pending.claimOutput()) {
          return InterruptLine.EXIT_CODE;
        }
        double[] result = m.median();
        boolean cut = m.runs() < runs; // stopped by a signal
        if (cut) {
          pending.set(cutLine(g, k, loaded.size(), m.runs(), runs));
        } else if (k + 1 == loaded.size()) {
          pending.set(InterruptLine.printedWhole("bench playouts")); // else the next game's measuring stops and says so
        }
        if (result != null) {
          out.printf(Locale.ROOT, "%-28s %14.0f %14.0f %10.1f%s%n", g.spec(), result[0], result[1], result[1] / result[0],
              cut ? String.format(Locale.ROOT, "   (median of %d of %d runs; interrupted)", m.runs(), runs) : "");
        }
        out.flush();
        if (cut) {
          return InterruptLine.EXIT_CODE;
        }
      }
      return 0;
    }

    /**
     * The stderr line of a run a signal stopped while game {@code k} (0-based) of {@code games} was
     * measured, after {@code done} of its {@code runs} timed runs (−1: in its warm-up), e.g. {@code
     * ponder: bench playouts: interrupted in timed run 3 of 5 of connect_four (game 2 of 22); its row
     * is the median of the 2 runs completed, the rows above it are complete}.
     */
    static String cutLine(Game game, int k, int games, int done, int runs) {
      String where = (done < 0 ? "in the warm-up" : "in timed run " + (done + 1) + " of " + runs) + " of " + game.spec()
          + " (game " + (k + 1) + " of " + games + ")";
      String rows = k == 0 ? "" : k == 1 ? "the row above it is complete" : "the " + k + " rows above it are complete";
      String row = done <= 0 ? "it has no row" : done == 1 ? "its row is that of the run completed"
          : "its row is the median of the " + done + " runs completed";
      return "ponder: bench playouts: interrupted " + where + "; " + row + (rows.isEmpty() ? "" : ", " + rows);
    }

    /**
     * A game's measurement.
     *
     * @param median {playouts/s, moves/s} of the median timed run, or null when none completed
     * @param runs the timed runs completed (fewer than asked when stopped; −1 when stopped in the
     *     warm-up)
     */
    record Measured(double[] median, int runs) {}

    /**
     * A warm-up, then {@code runs} timed runs of {@code seconds}: the median run. Stops the run in
     * progress once {@code stop} says so (a signal): the median is then that of the timed runs
     * completed.
     */
    static Measured measure(Game game, double seconds, int runs, long seed, java.util.function.BooleanSupplier stop) {
      RandomPlayout runner = new RandomPlayout(game);
      State root = game.newInitialState();
      SplittableRandom rng = new SplittableRandom(seed);
      if (timed(runner, root, rng, seconds, stop) == null) { // warm-up
        return new Measured(null, -1);
      }
      double[][] r = new double[runs][];
      int k = 0;
      while (k < runs && (r[k] = timed(runner, root, rng, seconds, stop)) != null) {
        k++;
      }
      if (k == 0) {
        return new Measured(null, 0);
      }
      double[][] completed = Arrays.copyOf(r, k);
      Arrays.sort(completed, (a, b) -> Double.compare(a[0], b[0]));
      return new Measured(completed[k / 2], k);
    }

    /** One timed run: {playouts/s, moves/s}, or null if {@code stop} cut it short. */
    private static double[] timed(RandomPlayout runner, State root, SplittableRandom rng, double seconds,
        java.util.function.BooleanSupplier stop) {
      long budget = (long) (seconds * 1e9);
      long t0 = System.nanoTime();
      long playouts = 0;
      long moves = 0;
      long elapsed;
      do {
        if (stop.getAsBoolean()) {
          return null;
        }
        for (int k = 0; k < 16; k++) {
          moves += runner.run(root, rng);
        }
        playouts += 16;
        elapsed = System.nanoTime() - t0;
      } while (elapsed < budget);
      double s = elapsed / 1e9;
      return new double[] {playouts / s, moves / s};
    }
  }
}
