package dev.ponder.app;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.GameType;
import dev.ponder.game.RandomPlayout;
import dev.ponder.game.State;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.SplittableRandom;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ponder simulate GAME -n N --seed S}: N uniformly random playouts (chance outcomes drawn
 * with their probabilities); prints length statistics, each player's mean return (and win / draw
 * / loss counts for two-player zero-sum games) and the speed. The loop allocates nothing per move.
 */
@Command(name = "simulate", mixinStandardHelpOptions = true,
    description = "Run N random playouts: length (mean/min/max), outcomes per player, playouts per second.")
public final class SimulateCommand implements PonderCommand {

  @Parameters(index = "0", paramLabel = "GAME", description = "Game string, e.g. connect_four.")
  String gameString;

  @Option(names = {"-n", "--playouts"}, paramLabel = "N", defaultValue = "1000", description = "Number of playouts (default: ${DEFAULT-VALUE}).")
  long n;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "Seed (default: ${DEFAULT-VALUE}).")
  long seed;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  /** Aggregates of a batch of playouts. */
  record Stats(long playouts, long moves, int minLength, int maxLength, double[] returnSum, long[][] wdl, double seconds) {
    double meanLength() {
      return (double) moves / playouts;
    }
  }

  @Override
  public Integer call() {
    if (n < 1) {
      throw new UsageException("-n must be at least 1, got " + n);
    }
    Game game = GameRegistry.load(gameString);
    Stats st = simulate(game, n, seed);
    PrintWriter out = spec.commandLine().getOut();
    out.printf(Locale.ROOT, "%s: %d random playouts (seed %d)%n", game.spec(), st.playouts(), seed);
    out.printf(Locale.ROOT, "length: mean %.2f, min %d, max %d%n", st.meanLength(), st.minLength(), st.maxLength());
    boolean twoZero = game.numPlayers() == 2 && game.type().utility() == GameType.Utility.ZERO_SUM;
    for (int p = 0; p < game.numPlayers(); p++) {
      out.printf(Locale.ROOT, "player %d: mean return %+.4f", p, st.returnSum()[p] / st.playouts());
      if (twoZero) {
        long[] c = st.wdl()[p];
        out.printf(Locale.ROOT, ", wins %d (%.1f%%), draws %d (%.1f%%), losses %d (%.1f%%)",
            c[0], 100.0 * c[0] / st.playouts(), c[1], 100.0 * c[1] / st.playouts(), c[2], 100.0 * c[2] / st.playouts());
      }
      out.println();
    }
    out.printf(Locale.ROOT, "speed: %.0f playouts/s, %.0f moves/s (%.3f s)%n",
        st.playouts() / st.seconds(), st.moves() / st.seconds(), st.seconds());
    out.flush();
    return 0;
  }

  /** Runs {@code n} playouts from the initial state. */
  static Stats simulate(Game game, long n, long seed) {
    int players = game.numPlayers();
    RandomPlayout runner = new RandomPlayout(game);
    State root = game.newInitialState();
    SplittableRandom rng = new SplittableRandom(seed);
    double[] returns = new double[players];
    double[] sum = new double[players];
    long[][] wdl = new long[players][3];
    long moves = 0;
    int min = Integer.MAX_VALUE;
    int max = 0;
    long t0 = System.nanoTime();
    for (long i = 0; i < n; i++) {
      int len = runner.run(root, rng);
      moves += len;
      min = Math.min(min, len);
      max = Math.max(max, len);
      State end = runner.state();
      end.returns(returns);
      for (int p = 0; p < players; p++) {
        sum[p] += returns[p];
        wdl[p][returns[p] > 0 ? 0 : returns[p] < 0 ? 2 : 1]++;
      }
    }
    double seconds = Math.max(1e-9, (System.nanoTime() - t0) / 1e9);
    return new Stats(n, moves, min, max, sum, wdl, seconds);
  }
}
