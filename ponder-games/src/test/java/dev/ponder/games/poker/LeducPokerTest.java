package dev.ponder.games.poker;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import org.junit.jupiter.api.Test;

class LeducPokerTest {
  @Test
  void treeSizesMatchReference() {
    // REFERENCE.md: 157 chance, 3,780 decision, 5,520 terminal histories; 936 information states
    TreeCounts c = TreeCounts.of(GameRegistry.load("leduc_poker").newInitialState());
    assertThat(new long[] {c.chance, c.decision, c.terminal}).containsExactly(157, 3780, 5520);
    assertThat(c.infoStates).hasSize(936);
  }

  @Test
  void pairWinsAndTiesSplit() {
    Game g = GameRegistry.load("leduc_poker");
    // player 0: J1 (0), player 1: K1 (4); call, call; public J2 (1); call, call -> pair of jacks wins 2
    State s = g.stateFromHistory(new int[] {0, 4, 1, 1, 1, 1, 1});
    assertThat(s.isTerminal()).isTrue();
    assertThat(s.returns()).containsExactly(1.0, -1.0);
    // Q1 (2) vs Q2 (3), public K: tie, pot split
    s = g.stateFromHistory(new int[] {2, 3, 1, 1, 4, 1, 1});
    assertThat(s.returns()).containsExactly(0.0, 0.0);
    // raise, re-raise, call in round 1 (stakes 5), then raise 4 and fold: player 1 wins 5
    s = g.stateFromHistory(new int[] {0, 4, 2, 2, 1, 2, 2, 0});
    assertThat(s.returns()).containsExactly(5.0, -5.0);
  }

  @Test
  void resampleIsUniformOverConsistentDeals() {
    Game g = GameRegistry.load("leduc_poker");
    // player 1 holds card 4; public card 0; opponent's card is one of {1, 2, 3, 5}
    State s = g.stateFromHistory(new int[] {2, 4, 1, 1, 0, 1});
    ResampleUniformity.check(s, 1, w -> Integer.toString(w.historyAt(0)), 4, 20_000);
  }
}
