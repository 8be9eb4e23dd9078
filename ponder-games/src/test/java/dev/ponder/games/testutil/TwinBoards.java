package dev.ponder.games.testutil;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.Game;
import dev.ponder.game.State;
import java.util.SplittableRandom;

/**
 * Plays two implementations of the same game (e.g. a bitboard and a byte-per-cell board) in
 * lockstep on seeded random games and asserts they agree everywhere.
 */
public final class TwinBoards {
  private TwinBoards() {}

  /**
   * Plays {@code games} random games (actions drawn from {@code new SplittableRandom(seed)}) on
   * {@code reference} and {@code other} together, asserting equal legal actions, hashes, strings
   * and returns; about one move in {@code undoOneIn} is undone and replayed on {@code other}.
   *
   * @param label names the case in assertion messages (e.g. the game string)
   */
  public static void assertAgreeOnRandomGames(String label, Game reference, Game other, long seed, int games,
      int undoOneIn) {
    SplittableRandom rng = new SplittableRandom(seed);
    for (int game = 0; game < games; game++) {
      State a = reference.newInitialState();
      State b = other.newInitialState();
      while (!a.isTerminal()) {
        int[] la = a.legalActions();
        assertThat(b.legalActions()).as(label + " after " + a.historyString()).isEqualTo(la);
        assertThat(b.hash()).isEqualTo(a.hash());
        assertThat(b.toString()).isEqualTo(a.toString());
        int act = la[rng.nextInt(la.length)];
        a.applyAction(act);
        b.applyAction(act);
        if (rng.nextInt(undoOneIn) == 0) {
          b.undoAction(act);
          assertThat(b.legalActions()).isEqualTo(la);
          b.applyAction(act);
        }
      }
      assertThat(b.isTerminal()).isTrue();
      assertThat(b.returns()).isEqualTo(a.returns());
    }
  }
}
