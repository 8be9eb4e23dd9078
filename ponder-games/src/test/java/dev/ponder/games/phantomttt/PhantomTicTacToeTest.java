package dev.ponder.games.phantomttt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.games.testutil.ResampleCheck;
import org.junit.jupiter.api.Test;

class PhantomTicTacToeTest {

  @Test
  void failedMoveRevealsTheStoneAndTheSamePlayerMovesAgain() {
    State s = GameRegistry.load("phantom_ttt").newInitialState();
    s.applyAction(4); // x centre
    s.applyAction(4); // o bumps into it
    assertThat(s.currentPlayer()).isEqualTo(1);
    assertThat(s.observationString(1)).isEqualTo("...\n.x.\n...");
    assertThat(s.legalActions()).doesNotContain(4).hasSize(8);
    assertThat(s.informationStateString(0)).isEqualTo("...\n.x.\n...\n0,4 ");
  }

  @Test
  void abruptVersionPassesTheTurnOnFailure() {
    State s = GameRegistry.load("phantom_ttt(gameversion=abrupt,obstype=reveal-numturns)").newInitialState();
    s.applyAction(4);
    s.applyAction(4);
    assertThat(s.currentPlayer()).isEqualTo(0);
    assertThat(s.informationStateString(0)).isEqualTo("...\n.x.\n...\n2\n0,4 1,? ");
    assertThat(s.observationString(1)).isEqualTo("...\n.x.\n...\nTotal turns: 2");
  }

  @Test
  void resampleIsConsistentAndUniformForTheSecondPlayer() {
    // x centre, o corner, x bumps into o's corner, x plays 8; o to move. o knows only its own
    // stone and that it is its turn: x holds two stones somewhere else and may have bumped into
    // cell 0 along the way.
    Game g = GameRegistry.load("phantom_ttt");
    State target = g.stateFromHistory(new int[] {4, 0, 0, 8});
    int k = ResampleCheck.assertUniform(g, target, 1, 8_000, 7);
    assertThat(k).isGreaterThan(20);
  }

  @Test
  void resampleIsConsistentAndUniformForTheFirstPlayer() {
    Game g = GameRegistry.load("phantom_ttt");
    State target = g.stateFromHistory(new int[] {4, 0, 0, 8, 2});
    int k = ResampleCheck.assertUniform(g, target, 0, 8_000, 8);
    assertThat(k).isGreaterThan(3);
  }

  @Test
  void resampleUniformWithRevealedTurns() {
    Game g = GameRegistry.load("phantom_ttt(obstype=reveal-numturns,gameversion=abrupt)");
    State target = g.stateFromHistory(new int[] {4, 0, 0, 8, 2});
    ResampleCheck.assertUniform(g, target, 1, 5_000, 9);
  }
}
