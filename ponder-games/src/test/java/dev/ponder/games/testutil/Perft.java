package dev.ponder.games.testutil;

import dev.ponder.game.State;

/** Move-path counting (perft) by make/undo, for reference-value and differential tests. */
public final class Perft {
  private Perft() {}

  /**
   * Number of action sequences of length exactly {@code depth} from {@code s}; a game that ends
   * earlier contributes nothing (the convention of chess engines and fairy-stockfish).
   */
  public static long paths(State s, int depth) {
    if (depth == 0) {
      return 1;
    }
    if (s.isTerminal()) {
      return 0;
    }
    int[] buf = new int[s.game().maxActionsPerState()];
    int n = s.legalActions(buf);
    if (depth == 1) {
      return n;
    }
    long total = 0;
    for (int i = 0; i < n; i++) {
      s.applyActionUnchecked(buf[i]);
      total += paths(s, depth - 1);
      s.undoAction(buf[i]);
    }
    return total;
  }

  /** Leaves at depth {@code depth}, where a game finished earlier counts as one leaf. */
  public static long leaves(State s, int depth) {
    if (depth == 0 || s.isTerminal()) {
      return 1;
    }
    int[] buf = new int[s.game().maxActionsPerState()];
    int n = s.legalActions(buf);
    long total = 0;
    for (int i = 0; i < n; i++) {
      s.applyActionUnchecked(buf[i]);
      total += leaves(s, depth - 1);
      s.undoAction(buf[i]);
    }
    return total;
  }
}
