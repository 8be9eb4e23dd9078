package dev.ponder.games.bench;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Random-playout throughput of backgammon, goofspiel and hearts (test-only main): from the initial
 * state to the end, legal actions generated at every ply, chance outcomes drawn with their
 * probabilities, no tensors or strings; one thread. Warm-up, then the median of 5 timed runs.
 *
 * <p>Usage: {@code java -cp <test and main classpath> dev.ponder.games.bench.ChanceGamesBench
 * [seconds-per-run] [game ...]}.
 */
public final class ChanceGamesBench {
  private ChanceGamesBench() {}

  public static void main(String[] args) {
    double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 2.0;
    String[] games = args.length > 1 ? Arrays.copyOfRange(args, 1, args.length)
        : new String[] {"backgammon", "goofspiel(imp_info=True)", "hearts"};
    System.out.printf("%-28s %14s %14s%n", "game", "playouts/s", "actions/s");
    for (String spec : games) {
      Game game = GameRegistry.load(spec);
      run(game, seconds, new SplittableRandom(1)); // warm-up
      double[] playouts = new double[5];
      double[] actions = new double[5];
      for (int r = 0; r < 5; r++) {
        double[] res = run(game, seconds, new SplittableRandom(100 + r));
        playouts[r] = res[0];
        actions[r] = res[1];
      }
      Arrays.sort(playouts);
      Arrays.sort(actions);
      System.out.printf("%-28s %14.0f %14.0f%n", spec, playouts[2], actions[2]);
    }
  }

  /** Runs playouts for about {@code seconds}; returns {playouts/s, actions/s}. */
  static double[] run(Game game, double seconds, SplittableRandom rng) {
    State initial = game.newInitialState();
    State s = game.newInitialState();
    int[] buf = new int[game.maxActionsPerState()];
    double[] probs = new double[Math.max(1, game.maxChanceOutcomes())];
    long playouts = 0;
    long actions = 0;
    long deadline = System.nanoTime() + (long) (seconds * 1e9);
    long start = System.nanoTime();
    long now;
    do {
      for (int k = 0; k < 16; k++) {
        s.copyFrom(initial);
        while (!s.isTerminal()) {
          int a;
          if (s.isChanceNode()) {
            int n = s.chanceOutcomes(buf, probs);
            double u = rng.nextDouble();
            int i = 0;
            while (i < n - 1 && (u -= probs[i]) >= 0) {
              i++;
            }
            a = buf[i];
          } else {
            int n = s.legalActions(buf);
            a = buf[rng.nextInt(n)];
          }
          s.applyActionUnchecked(a);
          actions++;
        }
        playouts++;
      }
      now = System.nanoTime();
    } while (now < deadline);
    double secs = (now - start) / 1e9;
    return new double[] {playouts / secs, actions / secs};
  }
}
