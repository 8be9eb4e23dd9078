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
   * a warm-up, then several timed runs; the median run is reported.
   */
  @Command(name = "playouts", mixinStandardHelpOptions = true,
      description = "Random playouts/s and moves/s per game (warm-up, then the median of several timed runs).")
  public static final class Playouts implements java.util.concurrent.Callable<Integer> {
    @Option(names = "--games", paramLabel = "GAMES",
        description = "Game strings separated by commas (or ';') outside parentheses; a ';' inside belongs to its game string, as in "
            + "nim(pile_sizes=1;3;5) (repeatable; default: every registered game with default parameters).")
    List<String> games;

    @Option(names = "--seconds", paramLabel = "S", defaultValue = "1", description = "Length of each timed run in seconds, at most 86400 (default: ${DEFAULT-VALUE}).")
    double seconds;

    @Option(names = "--runs", paramLabel = "R", defaultValue = "5", description = "Timed runs per game; the median is reported (default: ${DEFAULT-VALUE}).")
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
      List<Game> loaded = new ArrayList<>();
      for (String name : names) {
        loaded.add(GameRegistry.load(name)); // fail on a bad name before measuring anything
      }
      PrintWriter out = spec.commandLine().getOut();
      out.printf(Locale.ROOT, "random playouts: %d run%s of %s s per game after a %s s warm-up; median run; seed %d; %s, %d cores%n",
          runs, runs == 1 ? "" : "s", Ponder.plain(seconds), Ponder.plain(seconds), seed, System.getProperty("java.vm.name") + " " + System.getProperty("java.version"),
          Runtime.getRuntime().availableProcessors());
      out.printf(Locale.ROOT, "%-28s %14s %14s %10s%n", "game", "playouts/s", "moves/s", "mean len");
      out.flush();
      for (Game g : loaded) {
        SimulateCommand.checkedPlayout(g, seed); // the game's contract, and copies independent of their source
        double[] result = measure(g, seconds, runs, seed);
        out.printf(Locale.ROOT, "%-28s %14.0f %14.0f %10.1f%n", g.spec(), result[0], result[1], result[1] / result[0]);
        out.flush();
      }
      return 0;
    }

    /** {median playouts/s, moves/s of that run}. */
    static double[] measure(Game game, double seconds, int runs, long seed) {
      RandomPlayout runner = new RandomPlayout(game);
      State root = game.newInitialState();
      SplittableRandom rng = new SplittableRandom(seed);
      timed(runner, root, rng, seconds); // warm-up
      double[][] r = new double[runs][];
      for (int i = 0; i < runs; i++) {
        r[i] = timed(runner, root, rng, seconds);
      }
      Arrays.sort(r, (a, b) -> Double.compare(a[0], b[0]));
      return r[runs / 2];
    }

    private static double[] timed(RandomPlayout runner, State root, SplittableRandom rng, double seconds) {
      long budget = (long) (seconds * 1e9);
      long t0 = System.nanoTime();
      long playouts = 0;
      long moves = 0;
      long elapsed;
      do {
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
