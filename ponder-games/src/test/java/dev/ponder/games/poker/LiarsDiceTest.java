package dev.ponder.games.poker;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import org.junit.jupiter.api.Test;

class LiarsDiceTest {
  @Test
  void informationStateCountMatchesSeed() {
    // seed 000 App. D.2 / REFERENCE.md: 24,576 information states for 1 die, 6 faces
    assertThat(TreeCounts.of(GameRegistry.load("liars_dice").newInitialState()).infoStates).hasSize(24_576);
  }

  @Test
  void wildSixCountsForAnyFace() {
    Game g = GameRegistry.load("liars_dice");
    // dice 6 and 3; player 0 bids 2-3 (action 8), player 1 calls Liar (12): 3 + wild 6 = two 3s
    State s = g.stateFromHistory(new int[] {5, 2, 8, 12});
    assertThat(s.returns()).containsExactly(1.0, -1.0);
    // bid 2-4 (9) is false: caller wins
    s = g.stateFromHistory(new int[] {5, 2, 9, 12});
    assertThat(s.returns()).containsExactly(-1.0, 1.0);
  }

  @Test
  void resetQuantityRuleAndTwoDice() {
    Game g = GameRegistry.load("liars_dice(numdice=2,bidding_rule=reset-quantity)");
    State s = g.stateFromHistory(new int[] {4});
    assertThat(s.informationStateString(0)).isEqualTo("5-1");
    s.applyAction(0);
    assertThat(s.informationStateString(0)).isEqualTo("51");
    s.applyAction(1);
    s.applyAction(2);
    // dice are sorted once everyone has rolled
    assertThat(s.informationStateString(0)).isEqualTo("15");
    assertThat(s.actionToString(0, 1)).isEqualTo("2-1");
    assertThat(s.actionToString(0, 4)).isEqualTo("1-2");
    assertThat(g.numDistinctActions()).isEqualTo(25);
  }

  @Test
  void undoOfLastRollRestoresRollOrder() {
    Game g = GameRegistry.load("liars_dice(numdice=2)");
    State s = g.stateFromHistory(new int[] {4, 0, 3, 1});
    s.undoAction(1);
    assertThat(s.informationStateString(0)).isEqualTo("51");
    assertThat(s.isChanceNode()).isTrue();
  }

  @Test
  void resampleIsUniformOverOpponentDice() {
    Game g = GameRegistry.load("liars_dice");
    State s = g.stateFromHistory(new int[] {1, 4, 3});
    ResampleUniformity.check(s, 1, w -> Integer.toString(w.historyAt(0)), 6, 12_000);
  }
}
