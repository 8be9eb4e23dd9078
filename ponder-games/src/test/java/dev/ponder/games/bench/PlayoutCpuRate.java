package dev.ponder.games.bench;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.RandomPlayout;
import dev.ponder.game.State;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Random playouts per CPU second of the playing thread, for A/B comparisons on a shared machine:
 * wall-clock rates ({@code ponder bench playouts}) move with whatever else runs, CPU time of the
 * measuring thread much less. Per game string: 2 CPU-seconds of warm-up, then 7 runs of at least
 * 1 CPU-second of {@link RandomPlayout#run} from the initial state (seed 1); prints the median
 * run with the fastest and slowest and the mean playout length (equal for two builds that draw
 * the same playouts). Not a test; run it from source against a built jar:
 *
 * <pre>
 * java -cp ponder-app/target/ponder.jar \
 *     ponder-games/src/test/java/dev/ponder/games/bench/PlayoutCpuRate.java "hex(board_size=19)" gomoku
 * </pre>
 */
public final class PlayoutCpuRate {
  private PlayoutCpuRate() {}

  public static void main(String[] args) {
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    for (String spec : args) {
      Game game = GameRegistry.load(spec);
      State root = game.newInitialState();
      RandomPlayout runner = new RandomPlayout(game);
      SplittableRandom rng = new SplittableRandom(1);
      long t0 = mx.getCurrentThreadCpuTime();
      while (mx.getCurrentThreadCpuTime() - t0 < 2_000_000_000L) {
        runner.run(root, rng);
      }
      double[] rates = new double[7];
      long moves = 0;
      long playouts = 0;
      for (int r = 0; r < rates.length; r++) {
        long start = mx.getCurrentThreadCpuTime();
        int n = 0;
        long cpu;
        do {
          moves += runner.run(root, rng);
          n++;
          cpu = mx.getCurrentThreadCpuTime() - start;
        } while (cpu < 1_000_000_000L);
        playouts += n;
        rates[r] = n / (cpu / 1e9);
      }
      Arrays.sort(rates);
      System.out.printf(Locale.ROOT, "%-24s playouts/cpu-s median %9.0f min %9.0f max %9.0f  mean length %.1f%n",
          spec, rates[3], rates[0], rates[6], moves / (double) playouts);
    }
  }
}
