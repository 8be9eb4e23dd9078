package dev.ponder.games.bench;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Hand-timed random playouts per second, single thread: from the initial state to the end,
 * legal actions generated into a reused buffer every ply, a uniformly random one applied
 * ({@code applyActionUnchecked}); the initial state is reused through {@code copyFrom}. One
 * warm-up second, then the median of 5 one-second runs. Opt-in (skipped in normal builds):
 *
 * <pre>./mvnw -q -B -pl ponder-games -am verify -Dsurefire.failIfNoSpecifiedTests=false \
 *     -Dtest=PlayoutBench -Dponder.bench=true [-Dponder.bench.games='hex;othello']</pre>
 */
class PlayoutBench {
  static final String[] GAMES = {"breakthrough", "hex", "othello", "clobber", "hex(board_size=5)",
      "dark_hex", "phantom_ttt", "tic_tac_toe"};

  @Test
  void measure() {
    assumeTrue(Boolean.getBoolean("ponder.bench"), "benchmark not requested (-Dponder.bench=true)");
    StringBuilder report = new StringBuilder();
    String only = System.getProperty("ponder.bench.games");
    String[] games = only == null || only.isBlank() ? GAMES : only.split(";");
    for (String spec : games) {
      Game g = GameRegistry.load(spec);
      run(g, 1.0);
      double[] pps = new double[5];
      double[] mps = new double[5];
      for (int i = 0; i < 5; i++) {
        double[] r = run(g, 1.0);
        pps[i] = r[0];
        mps[i] = r[1];
      }
      Arrays.sort(pps);
      Arrays.sort(mps);
      report.append(String.format("%-22s %12.0f playouts/s %14.0f moves/s%n", spec, pps[2], mps[2]));
    }
    System.out.print(report);
  }

  /** Playouts and moves per second over about {@code seconds}. */
  static double[] run(Game g, double seconds) {
    State root = g.newInitialState();
    State s = g.newInitialState();
    int[] buf = new int[g.maxActionsPerState()];
    SplittableRandom rng = new SplittableRandom(42);
    long playouts = 0;
    long moves = 0;
    long checksum = 0;
    long start = System.nanoTime();
    long end = start + (long) (seconds * 1e9);
    long now;
    do {
      for (int k = 0; k < 16; k++) {
        s.copyFrom(root);
        while (!s.isTerminal()) {
          int n = s.legalActions(buf);
          s.applyActionUnchecked(buf[rng.nextInt(n)]);
          moves++;
        }
        checksum += (long) s.playerReturn(0);
        playouts++;
      }
      now = System.nanoTime();
    } while (now < end);
    double t = (now - start) / 1e9;
    if (checksum == Long.MIN_VALUE) {
      System.out.println(checksum);
    }
    return new double[] {playouts / t, moves / t};
  }
}
