package dev.ponder.games.backgammon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import org.junit.jupiter.api.Test;

/**
 * {@code max_player_turns} as OpenSpiel counts it: the turn count starts at 0 with the opening
 * roll, goes up by one at the first decision of every turn (not at the second decision of a
 * double), and the game is over once the count exceeds the limit N. The expected lengths below are
 * counted by hand from that rule, action by action.
 *
 * <p>Chance actions used: opening roll 0 = "x starts with 1-2"; later rolls 2, 4, 6 = 1-3, 1-4,
 * 1-5 (non-doubles), 30 = 1-1 and 35 = 6-6 (doubles). A decision is the first legal action; a
 * double's legal actions all play both dice here, which earns the second decision. Nobody can bear
 * off within five turns of the opening position, so only the limit can end these games.
 */
class BackgammonTurnLimitTest {
  private static final int DECIDE = -1;

  private static Game game(int maxTurns) {
    return GameRegistry.load("backgammon(max_player_turns=" + maxTurns + ")");
  }

  /** Plays {@code script} (chance actions, DECIDE for a decision) and returns the states after each action. */
  private static State[] play(Game g, int... script) {
    State s = g.newInitialState();
    State[] after = new State[script.length + 1];
    after[0] = s.copy();
    for (int i = 0; i < script.length; i++) {
      assertThat(s.isTerminal()).as("terminal before action %d", i).isFalse();
      if (script[i] == DECIDE) {
        assertThat(s.isChanceNode()).as("decision expected at %d", i).isFalse();
        s.applyAction(s.legalActions()[0]);
      } else {
        assertThat(s.isChanceNode()).as("roll expected at %d", i).isTrue();
        s.applyAction(script[i]);
      }
      after[i + 1] = s.copy();
    }
    return after;
  }

  @Test
  void withoutDoublesTheGameEndsAtTheFirstDecisionOfTurnNPlusOne() {
    // N = 3: opening roll; turn 1 x decides (count 1); roll, turn 2 o (2); roll, turn 3 x (3);
    // roll, turn 4 o: count 4 > 3, over. 8 actions; after 7, o is to move.
    State[] s = play(game(3), 0, DECIDE, 2, DECIDE, 4, DECIDE, 6, DECIDE);
    assertThat(s[7].isTerminal()).isFalse();
    assertThat(s[7].currentPlayer()).isEqualTo(Backgammon.O);
    assertThat(s[8].isTerminal()).isTrue();
    assertThat(s[8].returns()).containsExactly(0.0, 0.0);
    assertThat(s[8].historySize()).isEqualTo(8);
    // undo steps back over the limit
    State back = s[8].copy();
    back.undoAction(back.history()[7]);
    assertThat(back.isTerminal()).isFalse();
    assertThat(back.currentPlayer()).isEqualTo(Backgammon.O);

    // N = 1: opening roll, turn 1 x (count 1), roll, turn 2 o (2 > 1): over after 4 actions
    State[] one = play(game(1), 0, DECIDE, 2, DECIDE);
    assertThat(one[3].isTerminal()).isFalse();
    assertThat(one[4].isTerminal()).isTrue();
  }

  @Test
  void aDoubleCountsOnceAndATurnBeyondTheLimitLosesItsSecondHalf() {
    // N = 3, turn 2 is o's 1-1: its two decisions count once, so the game ends one action later:
    // 0, x(1), 30, o(2), o(2), roll, x(3), roll, o(4 > 3) = 9 actions
    State[] s = play(game(3), 0, DECIDE, 30, DECIDE, DECIDE, 4, DECIDE, 6, DECIDE);
    assertThat(s[4].currentPlayer()).isEqualTo(Backgammon.O); // second half of the double
    assertThat(s[8].isTerminal()).isFalse();
    assertThat(s[9].isTerminal()).isTrue();

    // N = 3, turn 4 is o's 6-6: its first decision makes the count 4 > 3 and ends the game
    State[] cut = play(game(3), 0, DECIDE, 2, DECIDE, 4, DECIDE, 35, DECIDE);
    assertThat(cut[8].isTerminal()).isTrue();
    // with N = 4 the same history goes on to the double's second half
    State[] on = play(game(4), 0, DECIDE, 2, DECIDE, 4, DECIDE, 35, DECIDE, DECIDE);
    assertThat(on[8].currentPlayer()).isEqualTo(Backgammon.O);
    assertThat(on[9].isChanceNode()).isTrue();
  }

  @Test
  void theLongestHistoryMeetsTheDeclaredBounds() {
    // N = 2, a double in turn 2: 0, x(1), 30, o(2), o(2), roll, x(3 > 2) = 7 = 3N + 1 actions,
    // of which 3 = N + 1 rolls and 4 = 2N decisions (OpenSpiel's MaxGameLength 3N bounds them)
    Game g = game(2);
    State[] s = play(g, 0, DECIDE, 30, DECIDE, DECIDE, 4, DECIDE);
    assertThat(s[7].isTerminal()).isTrue();
    assertThat(g.maxGameLength()).isEqualTo(7);
    assertThat(g.maxChanceNodesInHistory()).isEqualTo(3);
    assertThat(g.maxDecisions()).isEqualTo(6);
    assertThat(GameRegistry.load("backgammon").maxDecisions()).isEqualTo(1500);
  }
}
