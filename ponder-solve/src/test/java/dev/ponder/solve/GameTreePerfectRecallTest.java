package dev.ponder.solve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.game.GameRegistry;
import org.junit.jupiter.api.Test;

/** {@link GameTree#build} refuses information states without perfect recall, in one line. */
class GameTreePerfectRecallTest {

  @Test
  void perfectRecallGameBuilds() {
    GameTree t = GameTree.build(new RecallGame(RecallGame.Flaw.NONE));
    assertThat(t.numNodes()).isEqualTo(31);
    // player 0: 2 cards × (1 + 4 (a, b) pairs); player 1: 2 values of a
    assertThat(t.numInfosets()).isEqualTo(10 + 2);
  }

  @Test
  void informationStateRecurringOnOneHistoryIsRefused() {
    // depth-first, ascending: the first history of "P0 card 0 |" is [0], the first that meets it again [0, 0, 0]
    assertThatThrownBy(() -> GameTree.build(new RecallGame(RecallGame.Flaw.FORGET)))
        .isInstanceOf(GameTree.InformationStateException.class) // an IllegalArgumentException: the game's fault
        .hasMessage("recall_game: information state 'P0 card 0 |' of player 0 recurs on one history, after [0] and [0, 0, 0]:"
            + " the game tree (solve, exploitability, best response) requires perfect recall (an information state must"
            + " hold everything its player saw and did before)");
  }

  @Test
  void informationStateOfTwoOwnSequencesIsRefused() {
    // "P0 card 0 | 0" after a = 0, b = 0 and after a = 1, b = 0
    assertThatThrownBy(() -> GameTree.build(new RecallGame(RecallGame.Flaw.FORGET_OWN)))
        .isInstanceOf(GameTree.InformationStateException.class)
        .hasMessageStartingWith("recall_game: information state 'P0 card 0 | 0' of player 0 is reached after histories"
            + " [0, 0, 0] and [0, 1, 0], along which")
        .hasMessageContaining("requires perfect recall")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }

  @Test
  void gameDeclaringNoPerfectRecallIsRefusedOnlyForARecurrence() {
    assertThat(GameTree.build(new RecallGame(RecallGame.Flaw.FORGET_OWN, false)).numNodes()).isEqualTo(31);
    assertThatThrownBy(() -> GameTree.build(new RecallGame(RecallGame.Flaw.FORGET, false)))
        .hasMessageContaining("' of player 0 recurs on one history, after [0] and [0, 0, 0]");
  }

  /**
   * The shipped imperfect-information games have perfect recall, checked by a walk of their own
   * over the public State API (every history reaching one player's information state carries the
   * same sequence of that player's earlier information states and actions), and the tree the
   * check let through has the published size. Sizes: kuhn_poker and leduc_poker from
   * ../shared/reference/REFERENCE.md (Kuhn: 4 chance, 24 decision, 30 terminal nodes, 12
   * information states; Leduc: 157 + 3,780 + 5,520 nodes, 936 information states);
   * kuhn_poker(players=3) 48 information states (REFERENCE.md); liars_dice(dice_sides=3) by
   * counting: 2 bid counts × 3 faces = 6 bids, a bidding sequence is any ascending subset of them
   * (2^6 = 64 decision histories per deal, 63 of them followed by a "liar" call), 3 × 3 deals and
   * 1 + 3 chance nodes: 1 + 3 + 9 · (64 + 63) = 1,147 nodes; each of the 64 sequences is one
   * player's turn, who sees 3 faces: 192 information states (the same count gives the default
   * game's published 6 · 4,096 = 24,576).
   */
  @Test
  void shippedImperfectInformationGamesHavePerfectRecall() {
    Object[][] games = {{"kuhn_poker", 58, 12}, {"leduc_poker", 157 + 3_780 + 5_520, 936},
        {"kuhn_poker(players=3)", -1, 48}, {"liars_dice(dice_sides=3)", 1 + 3 + 9 * (64 + 63), 64 * 3}};
    for (Object[] row : games) {
      String g = (String) row[0];
      dev.ponder.game.Game game = GameRegistry.load(g);
      java.util.Map<String, String> seen = new java.util.HashMap<>();
      String[] none = new String[game.numPlayers()];
      java.util.Arrays.fill(none, "");
      int keys = recallWalk(game.newInitialState(), none, seen);
      GameTree t = GameTree.build(game);
      if ((int) row[1] >= 0) {
        assertThat(t.numNodes()).as(g).isEqualTo((int) row[1]);
      }
      assertThat(t.numInfosets()).as(g).isEqualTo((int) row[2]).isEqualTo(keys);
    }
  }

  /**
   * Walks every history below {@code s}; {@code own[p]} is player p's sequence so far of (its
   * information state, its action). Fails if one player's information state is reached with two
   * different sequences; returns the number of distinct (player, information state) pairs seen.
   */
  private static int recallWalk(dev.ponder.game.State s, String[] own, java.util.Map<String, String> seen) {
    if (s.isTerminal()) {
      return seen.size();
    }
    int p = s.currentPlayer();
    String key = null;
    if (!s.isChanceNode()) {
      key = p + "|" + s.informationStateString(p);
      String before = seen.putIfAbsent(key, own[p]);
      assertThat(own[p]).as("player %d's earlier states and actions at '%s' (history %s)", p,
          s.informationStateString(p), s.historyString()).isEqualTo(before == null ? own[p] : before);
    }
    for (int a : s.legalActions()) {
      dev.ponder.game.State c = s.copy();
      c.applyAction(a);
      String[] next = own.clone();
      if (key != null) {
        next[p] = own[p] + " [" + key + "] " + a;
      }
      recallWalk(c, next, seen);
    }
    return seen.size();
  }
}
