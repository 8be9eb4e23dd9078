package dev.ponder.games.darkhex;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Timing of world resampling for docs/bench/games-board.md (not a test): reaches a state of a
 * phantom game by seeded random play (at most MOVES moves, stopping before the move that ends
 * the game) or by an explicit history, then times the first
 * {@code resampleInto} for the player to move (which builds the counts) and the mean of the
 * following draws into one reused target, checking each world keeps the player's information
 * state. Arguments: {@code GAME MOVES SEED DRAWS [HISTORY]}; prints one line.
 */
public final class DarkHexResampleBench {
  private DarkHexResampleBench() {}

  public static void main(String[] args) {
    Game g = GameRegistry.load(args[0]);
    int moves = Integer.parseInt(args[1]);
    long seed = Long.parseLong(args[2]);
    int draws = Integer.parseInt(args[3]);
    State s;
    if (args.length > 4) {
      s = g.stateFromHistory(Arrays.stream(args[4].split(",")).mapToInt(Integer::parseInt).toArray());
    } else {
      s = g.newInitialState();
      SplittableRandom walk = new SplittableRandom(seed);
      for (int i = 0; i < moves; i++) {
        int[] legal = s.legalActions();
        State next = s.copy();
        next.applyAction(legal[walk.nextInt(legal.length)]);
        if (next.isTerminal()) {
          break; // stop at the last state before the end of the game
        }
        s = next;
      }
    }
    int p = s.currentPlayer();
    String info = s.informationStateString(p);
    SplittableRandom rng = new SplittableRandom(1);
    State into = g.newInitialState();
    long t0 = System.nanoTime();
    try {
      s.resampleInto(p, rng, into);
      long t1 = System.nanoTime();
      for (int i = 1; i < draws; i++) {
        s.resampleInto(p, rng, into);
        if (!into.informationStateString(p).equals(info)) {
          throw new IllegalStateException("inconsistent world");
        }
      }
      long t2 = System.nanoTime();
      System.out.printf(Locale.ROOT, "%s, %d moves, player %d: first draw %.3f s, then %.3f ms per draw%n",
          args[0], s.historySize(), p, (t1 - t0) / 1e9, (t2 - t1) / 1e6 / Math.max(1, draws - 1));
    } catch (UnsupportedOperationException e) {
      System.out.printf(Locale.ROOT, "%s, %d moves, player %d: refused after %.3f s: %s%n",
          args[0], s.historySize(), p, (System.nanoTime() - t0) / 1e9, e.getMessage());
    }
  }
}
