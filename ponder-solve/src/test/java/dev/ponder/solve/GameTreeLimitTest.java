package dev.ponder.solve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The history limit of {@link GameTree#build(Game, int)} fires early, deep games included. */
class GameTreeLimitTest {

  @Test
  void pigIsRefusedWithinSeconds() {
    // pig's histories run to 2*1000-1 actions and its tree is astronomically large; the limit
    // must fire before the walk exhausts memory
    Game pig = GameRegistry.load("pig");
    assertTimeoutPreemptively(Duration.ofSeconds(5), () ->
        assertThatThrownBy(() -> GameTree.build(pig))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("pig has more than 5000000 histories"));
  }

  @Test
  void theLimitIsExact() {
    // kuhn_poker by hand: the root, 3 first-card nodes, then per each of the 6 deals the 9
    // betting histories "", p, b, pp, pb, bp, bb, pbp, pbb: 1 + 3 + 6 * 9 = 58
    Game kuhn = GameRegistry.load("kuhn_poker");
    assertThat(GameTree.build(kuhn, 58).numNodes()).isEqualTo(58);
    // the message names the bound and the game's integer parameters, the ways to a tree that fits
    assertThatThrownBy(() -> GameTree.build(kuhn, 57))
        .isInstanceOf(GameTree.TooLargeException.class)
        .hasMessage("kuhn_poker has more than 57 histories: too large for exact game-tree solving;"
            + " try smaller game parameters or a larger bound on histories"); // players=2 is the least
  }

  @Test
  void theTooLargeMessageNamesTheBoundAndTheGamesSizeParameters() {
    // leduc_poker has 9,457 histories (docs/solve.md)
    Game leduc = GameRegistry.load("leduc_poker");
    assertThat(GameTree.build(leduc, 9_457).numNodes()).isEqualTo(9_457);
    assertThatThrownBy(() -> GameTree.build(leduc, 9_456))
        .isInstanceOfSatisfying(GameTree.TooLargeException.class, e -> {
          assertThat(e.maxHistories()).isEqualTo(9_456);
          // the command line names its own option; the game is named with the parameters given
          assertThat(e.message("a larger --max-histories")).isEqualTo("leduc_poker has more than 9456 histories: too"
              + " large for exact game-tree solving; try smaller game parameters or a larger --max-histories");
        });
    // only the integer parameters above their least value (players 2..10, starting_player 0..players-1)
    assertThatThrownBy(() -> GameTree.build(GameRegistry.load("leduc_poker(players=3,starting_player=1)"), 9_456))
        .isInstanceOfSatisfying(GameTree.TooLargeException.class, e -> {
          assertThat(e.getMessage()).endsWith("try smaller parameters (players, starting_player) or a larger bound on"
              + " histories");
        });
    // no integer parameters (phantom_ttt's are strings): the bound alone
    assertThatThrownBy(() -> GameTree.build(GameRegistry.load("tic_tac_toe"), 300_000))
        .hasMessage("tic_tac_toe has more than 300000 histories: too large for exact game-tree solving;"
            + " try a larger bound on histories");
  }

  @Test
  void phantomTicTacToeIsRefusedAsTooLargeNotForItsSharedInformationState() {
    // phantom_ttt: player 0 at the first move and player 1 at its first move both see an empty
    // board (one string, two players): the tree keys information sets by player and string, so
    // what refuses the game is its size
    Game phantom = GameRegistry.load("phantom_ttt");
    assertThatThrownBy(() -> GameTree.build(phantom))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("phantom_ttt has more than 5000000 histories: too large for exact game-tree solving;"
            + " try a larger bound on histories");
  }
}
