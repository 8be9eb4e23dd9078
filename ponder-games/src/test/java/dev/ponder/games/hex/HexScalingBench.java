package dev.ponder.games.hex;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Test-only benchmark that splits the cost of a random hex playout between applying moves (the
 * stone placement and edge-connection test) and generating the legal actions, per board size.
 *
 * <p>Mode "apply": each playout applies a pre-shuffled permutation of the cells until the game
 * ends (no legal-action generation). Mode "legal+apply": legal actions into a reused buffer every
 * ply, then a uniform choice (the {@code RandomPlayout} loop). One thread; each mode runs for
 * about {@code seconds}.
 *
 * <p>Usage: {@code HexScalingBench seconds game...}, e.g. {@code HexScalingBench 2 hex(board_size=11)}.
 */
public final class HexScalingBench {
  private HexScalingBench() {}

  public static void main(String[] args) {
    long nanos = (long) (Double.parseDouble(args[0]) * 1e9);
    for (int i = 1; i < args.length; i++) {
      Game g = GameRegistry.load(args[i]);
      State root = g.newInitialState();
      State w = g.newInitialState();
      int cells = g.numDistinctActions();
      int[] perm = new int[cells];
      int[] buf = new int[g.maxActionsPerState()];
      SplittableRandom rng = new SplittableRandom(1);
      long movesA = 0;
      long playoutsA = 0;
      long t0 = System.nanoTime();
      do {
        for (int c = 0; c < cells; c++) {
          perm[c] = c;
        }
        for (int c = cells - 1; c > 0; c--) {
          int j = rng.nextInt(c + 1);
          int t = perm[c];
          perm[c] = perm[j];
          perm[j] = t;
        }
        w.copyFrom(root);
        int k = 0;
        while (!w.isTerminal()) {
          w.applyActionUnchecked(perm[k++]);
        }
        movesA += k;
        playoutsA++;
      } while (System.nanoTime() - t0 < nanos);
      double secA = (System.nanoTime() - t0) / 1e9;
      long movesB = 0;
      long playoutsB = 0;
      t0 = System.nanoTime();
      do {
        w.copyFrom(root);
        while (!w.isTerminal()) {
          int n = w.legalActions(buf);
          w.applyActionUnchecked(buf[rng.nextInt(n)]);
          movesB++;
        }
        playoutsB++;
      } while (System.nanoTime() - t0 < nanos);
      double secB = (System.nanoTime() - t0) / 1e9;
      System.out.printf(Locale.ROOT, "%-22s cells %6d | apply: %10.1f playouts/s %11.0f moves/s | legal+apply: %10.1f playouts/s %11.0f moves/s%n",
          args[i], cells, playoutsA / secA, movesA / secA, playoutsB / secB, movesB / secB);
    }
  }
}
