package dev.ponder.games.poker;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.games.kuhn.KuhnPoker;
import org.junit.jupiter.api.Test;

class KuhnPokerTest {
  @Test
  void treeSizesMatchReference() {
    // REFERENCE.md: 4 chance, 24 decision, 30 terminal histories; 12 information states
    TreeCounts c = TreeCounts.of(GameRegistry.load("kuhn_poker").newInitialState());
    assertThat(new long[] {c.chance, c.decision, c.terminal}).containsExactly(4, 24, 30);
    assertThat(c.infoStates).hasSize(12);
    // REFERENCE.md: 48 information states for three players
    assertThat(TreeCounts.of(GameRegistry.load("kuhn_poker(players=3)").newInitialState()).infoStates).hasSize(48);
  }

  @Test
  void lengthBounds() {
    // OpenSpiel's MaxGameLength (decisions) 3 for two players; two deals; five actions in all
    Game g = GameRegistry.load("kuhn_poker");
    assertThat(new int[] {g.maxDecisions(), g.maxChanceNodesInHistory(), g.maxGameLength()}).containsExactly(3, 2, 5);
    Game l = GameRegistry.load("leduc_poker");
    assertThat(new int[] {l.maxDecisions(), l.maxChanceNodesInHistory(), l.maxGameLength()}).containsExactly(8, 3, 11);
    Game d = GameRegistry.load("liars_dice");
    assertThat(new int[] {d.maxDecisions(), d.maxChanceNodesInHistory(), d.maxGameLength()}).containsExactly(13, 2, 15);
  }

  @Test
  void showdownAndFoldPayoffs() {
    Game g = GameRegistry.load("kuhn_poker");
    // player 0 holds 2 (king), player 1 holds 0: bet, call -> +2 / -2
    State s = g.stateFromHistory(new int[] {2, 0, KuhnPoker.BET, KuhnPoker.BET});
    assertThat(s.returns()).containsExactly(2.0, -2.0);
    // pass, bet, fold -> player 1 wins the antes
    s = g.stateFromHistory(new int[] {2, 0, KuhnPoker.PASS, KuhnPoker.BET, KuhnPoker.PASS});
    assertThat(s.returns()).containsExactly(-1.0, 1.0);
    assertThat(s.informationStateString(0)).isEqualTo("2pbp");
  }

  @Test
  void threePlayerBettingRound() {
    Game g = GameRegistry.load("kuhn_poker(players=3)");
    // cards 0,1,2 (card 3 undealt); pass, bet, call, fold -> players 1 and 2 bet; player 2 wins pot 5
    State s = g.stateFromHistory(new int[] {0, 1, 2, 0, 1, 1, 0});
    assertThat(s.isTerminal()).isTrue();
    assertThat(s.returns()).containsExactly(-1.0, -2.0, 3.0);
  }

  @Test
  void undoRestoresState() {
    Game g = GameRegistry.load("kuhn_poker(players=3)");
    State s = g.stateFromHistory(new int[] {3, 1, 0, 0, 1, 1});
    String before = s.toString() + s.informationStateString(1) + s.observationString(2);
    s.applyAction(0);
    assertThat(s.isTerminal()).isTrue();
    s.undoAction(0);
    assertThat(s.toString() + s.informationStateString(1) + s.observationString(2)).isEqualTo(before);
    assertThat(s.isTerminal()).isFalse();
  }

  @Test
  void resampleIsUniformOverConsistentDeals() {
    Game g = GameRegistry.load("kuhn_poker(players=3)");
    State s = g.stateFromHistory(new int[] {1, 3, 0, 0});
    // player 0 holds card 1: the other two hold an ordered pair from {0, 2, 3}: 6 worlds
    ResampleUniformity.check(s, 0, w -> w.historyAt(1) + "," + w.historyAt(2), 6, 12_000);
  }
}
