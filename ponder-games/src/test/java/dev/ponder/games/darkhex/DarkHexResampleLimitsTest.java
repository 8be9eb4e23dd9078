package dev.ponder.games.darkhex;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.games.testutil.ResampleCheck;
import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * World resampling on larger dark hex boards: positions whose exact position count would exhaust
 * the heap are drawn from the hidden-move skeleton counts in milliseconds, uniformly (checked
 * against hand counts and the brute-force enumeration on 4 × 4; dark hex shows the number of
 * moves, so the enumeration stops at the target's length), and positions beyond the bounds are
 * refused in one line, fast.
 */
class DarkHexResampleLimitsTest {
  /**
   * The position of a user trial: on 8 × 8, 14 alternating moves, all successful; resampling for
   * Black used to count positions until the heap ran out (minutes). White's 7 stones are then 7
   * distinct cells outside Black's 7 (all of White's moves succeeded, else the move count or the
   * turn would differ; 7 stones cannot connect 8 columns), every ordered choice equally likely: each
   * of the 57 other cells holds a white stone with probability 7/57.
   */
  @Test
  void theTrialPositionOnEightByEightIsResampledUniformlyAndFast() {
    Game g = GameRegistry.load("dark_hex(board_size=8)");
    State s = g.stateFromHistory(new int[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13});
    String info = s.informationStateString(0);
    int draws = 11_400;
    int[] white = new int[64];
    assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
      SplittableRandom rng = new SplittableRandom(17);
      State into = g.newInitialState();
      for (int i = 0; i < draws; i++) {
        State w = ResampleCheck.draw(s, 0, rng, into, i);
        assertThat(w.informationStateString(0)).isEqualTo(info);
        assertThat(w.currentPlayer()).isZero();
        int[] h = w.history();
        for (int k = 1; k < h.length; k += 2) {
          white[h[k]]++;
        }
      }
    });
    double expected = draws * 7.0 / 57;
    double sd = Math.sqrt(draws * (7.0 / 57) * (50.0 / 57));
    for (int c = 0; c < 64; c++) {
      if (c <= 12 && c % 2 == 0) {
        assertThat(white[c]).as("Black's cell %d", c).isZero();
      } else {
        assertThat((double) white[c]).as("cell %d", c).isBetween(expected - 5 * sd, expected + 5 * sd);
      }
    }
  }

  /**
   * Classical 4 × 4: Black a1 (0); White; Black bumps into 5, plays 1; White; Black bumps into 6,
   * plays 2; White. By hand: White's block after Black's 0 must end by claiming 5, the block after
   * Black's 1 by claiming 6, the last by a free cell (11 cells Black never tried), and exactly one
   * block holds one extra failed White move onto a black stone there (1, 2 or 3 choices): (1 + 2 +
   * 3) × 11 = 66 worlds; three white stones cannot connect four columns.
   */
  @Test
  void classicalFailuresAndHitsGiveTheHandCountedWorldsUniformly() {
    Game g = GameRegistry.load("dark_hex(board_size=4)");
    State target = g.stateFromHistory(new int[] {0, 5, 5, 1, 0, 6, 6, 2, 9});
    assertThat(ResampleCheck.assertUniform(g, target, 0, 4_000, 21, target.historySize())).isEqualTo(66);
  }

  /**
   * Abrupt 4 × 4: B 0, W 5, B 5 (fails), W 0 (fails), B 1, W 6, B 6 (fails), W 9; Black to move.
   * White's first move claims 5; 6 is claimed at White's second move (the other two moves: 14
   * cells each — 12 free, Black's 0 and 1 — distinct: 14 · 13 = 182) or third (second move: 12
   * free or Black's 0, 13; fourth: 13 of the other 14: 169); 351 histories, less the 16 in which
   * White's two other stones are a ∈ {4, 8} and b ∈ {3, 7} (with 5 and 6 they connect the
   * columns and end the game before Black's turn): 335 worlds.
   */
  @Test
  void abruptFailuresAndHitsGiveTheHandCountedWorldsUniformly() {
    Game g = GameRegistry.load("dark_hex(board_size=4,gameversion=adh)");
    State target = g.stateFromHistory(new int[] {0, 5, 5, 0, 1, 6, 6, 9});
    assertThat(ResampleCheck.assertUniform(g, target, 0, 12_000, 22, target.historySize())).isEqualTo(335);
  }

  /**
   * Deep into a 20 × 20 game (450 random moves; 213 hidden opponent moves, 74 failed moves of the
   * resampling player) the counts would need more states than the bound: refused in one line
   * naming the game, the hidden moves and what would work, well within seconds.
   */
  @Test
  void aPositionBeyondTheBoundsIsRefusedInOneLineQuickly() {
    Game g = GameRegistry.load("dark_hex(board_size=20)");
    State s = g.newInitialState();
    SplittableRandom walk = new SplittableRandom(7);
    for (int i = 0; i < 450; i++) {
      int[] legal = s.legalActions();
      s.applyAction(legal[walk.nextInt(legal.length)]);
    }
    int p = s.currentPlayer();
    assertTimeoutPreemptively(Duration.ofSeconds(20), () ->
        assertThatThrownBy(() -> s.resample(p, new SplittableRandom(1)))
            .isInstanceOf(UnsupportedOperationException.class)
            .hasMessageStartingWith("resample: dark_hex(board_size=20) with ")
            .hasMessageContaining(" hidden opponent moves (player " + p + " made ")
            .hasMessageContaining("a smaller board or a position with fewer hidden (or failed) moves works")
            .hasMessageNotContaining("\n"));
  }
}
