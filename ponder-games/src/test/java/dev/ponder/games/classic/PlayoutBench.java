package dev.ponder.games.classic;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Test-only random-playout benchmark: from the initial state to the end, legal actions generated
 * into a reused buffer every ply, uniform decisions, chance outcomes drawn with their
 * probabilities, one thread. Each run copies the initial state into a reused scratch state.
 * Warm-up first, then the median of several timed runs.
 *
 * <p>Usage: {@code PlayoutBench [seconds-per-run] [runs] game...}
 */
public final class PlayoutBench {
  private PlayoutBench() {}

  static long sink;

  /** Plays random playouts for about {@code nanos}; returns {playouts, actions}. */
  static long[] run(Game game, long nanos, SplittableRandom rng) {
    State root = game.newInitialState();
    State s = game.newInitialState();
    int[] buf = new int[game.maxActionsPerState()];
    double[] probs = new double[Math.max(1, game.maxChanceOutcomes())];
    long playouts = 0;
    long actions = 0;
    long end = System.nanoTime() + nanos;
    do {
      for (int rep = 0; rep < 16; rep++) {
        s.copyFrom(root);
        while (true) {
          int p = s.currentPlayer();
          if (p == State.TERMINAL) {
            break;
          }
          int a;
          if (p == State.CHANCE) {
            int k = s.chanceOutcomes(buf, probs);
            double u = rng.nextDouble();
            a = buf[k - 1];
            for (int i = 0; i < k; i++) {
              u -= probs[i];
              if (u < 0) {
                a = buf[i];
                break;
              }
            }
          } else {
            int k = s.legalActions(buf);
            a = buf[rng.nextInt(k)];
          }
          s.applyActionUnchecked(a);
          actions++;
        }
        sink += (long) s.playerReturn(0);
        playouts++;
      }
    } while (System.nanoTime() < end);
    return new long[] {playouts, actions};
  }

  public static void main(String[] args) {
    double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 2.0;
    int runs = args.length > 1 ? Integer.parseInt(args[1]) : 5;
    String[] games = args.length > 2 ? Arrays.copyOfRange(args, 2, args.length)
        : new String[] {"nim", "mancala", "gomoku", "dots_and_boxes", "amazons", "2048"};
    System.out.println("| game | playouts/s | actions/s | actions/playout |");
    System.out.println("|---|---:|---:|---:|");
    for (String g : games) {
      Game game = GameRegistry.load(g);
      SplittableRandom rng = new SplittableRandom(42);
      run(game, (long) (seconds * 1e9), rng); // warm-up
      double[] pps = new double[runs];
      double[] aps = new double[runs];
      double len = 0;
      for (int r = 0; r < runs; r++) {
        long t0 = System.nanoTime();
        long[] res = run(game, (long) (seconds * 1e9), rng);
        double dt = (System.nanoTime() - t0) / 1e9;
        pps[r] = res[0] / dt;
        aps[r] = res[1] / dt;
        len = (double) res[1] / res[0];
      }
      Arrays.sort(pps);
      Arrays.sort(aps);
      System.out.println(String.format(Locale.ROOT, "| %s | %,.0f | %,.0f | %.1f |", g, pps[runs / 2], aps[runs / 2], len));
    }
  }
}
