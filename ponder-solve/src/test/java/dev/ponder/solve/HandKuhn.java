package dev.ponder.solve;

/**
 * Two-player Kuhn poker written out by hand from the rules (independent of the game
 * implementation and the tree): cards J &lt; Q &lt; K, ante 1, lines pp (showdown for 1), bb and
 * pbb (showdown for 2), bp (player 1 folds), pbp (player 0 folds).
 */
final class HandKuhn {
  private HandKuhn() {}

  /** Player 0's expected return when both players play uniformly at random. */
  static double uniformValuePlayer0() {
    double total = 0;
    for (int c0 = 0; c0 < 3; c0++) {
      for (int c1 = 0; c1 < 3; c1++) {
        if (c0 == c1) {
          continue;
        }
        int win = c0 > c1 ? 1 : -1;
        double v = 0.25 * win // pp
            + 0.25 * 2 * win // bb
            + 0.25 * 1 // bp: player 1 folds
            + 0.125 * 2 * win // pbb
            + 0.125 * -1; // pbp: player 0 folds
        total += v / 6;
      }
    }
    return total;
  }
}
