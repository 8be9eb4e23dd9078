package dev.ponder.games.mancala;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.games.mancala.Mancala.MancalaState;
import java.util.SplittableRandom;
import dev.ponder.game.check.ConformanceKit;
import dev.ponder.game.check.Playthroughs;
import org.junit.jupiter.api.Test;

class MancalaTest {
  private final Game game = GameRegistry.load("mancala");

  private MancalaState position(int[] slots, int player) {
    MancalaState s = (MancalaState) game.newInitialState();
    s.setBoard(slots, player);
    return s;
  }

  private static int[] slots(MancalaState s) {
    int[] out = new int[Mancala.SLOTS];
    for (int i = 0; i < out.length; i++) {
      out[i] = s.slot(i);
    }
    return out;
  }

  @Test
  void endingInOwnStoreGivesAnotherTurn() {
    MancalaState s = (MancalaState) game.newInitialState();
    s.applyAction(3); // 4 seeds: pits 4, 5, 6 and the store
    assertThat(slots(s)).containsExactly(0, 4, 4, 0, 5, 5, 5, 1, 4, 4, 4, 4, 4, 4);
    assertThat(s.currentPlayer()).isEqualTo(0);
    s.applyAction(1); // 4 seeds: pits 2..5, turn passes
    assertThat(slots(s)).containsExactly(0, 0, 5, 1, 6, 6, 5, 1, 4, 4, 4, 4, 4, 4);
    assertThat(s.currentPlayer()).isEqualTo(1);
    s.applyAction(8); // player 1: 4 seeds into 9..12
    assertThat(s.currentPlayer()).isEqualTo(0);
    MancalaState t = position(new int[] {0, 4, 4, 4, 4, 4, 4, 0, 6, 4, 4, 4, 4, 2}, 1);
    t.applyAction(8); // 6 seeds: 9..13 and player 1's store (slot 0)
    assertThat(slots(t)).containsExactly(1, 4, 4, 4, 4, 4, 4, 0, 0, 5, 5, 5, 5, 3);
    assertThat(t.currentPlayer()).isEqualTo(1);
  }

  @Test
  void lastSeedInEmptyOwnPitCapturesTheOppositePit() {
    MancalaState s = position(new int[] {0, 2, 1, 0, 0, 0, 0, 0, 10, 10, 10, 5, 5, 5}, 0);
    s.applyAction(2); // one seed into empty pit 3; opposite pit 11 holds 5
    assertThat(slots(s)).containsExactly(0, 2, 0, 0, 0, 0, 0, 6, 10, 10, 10, 0, 5, 5);
    assertThat(s.currentPlayer()).isEqualTo(1);
  }

  @Test
  void noCaptureWhenTheOppositePitIsEmpty() {
    MancalaState s = position(new int[] {0, 2, 1, 0, 0, 0, 0, 0, 10, 10, 10, 0, 10, 5}, 0);
    s.applyAction(2);
    assertThat(slots(s)).containsExactly(0, 2, 0, 1, 0, 0, 0, 0, 10, 10, 10, 0, 10, 5);
    assertThat(s.currentPlayer()).isEqualTo(1);
  }

  @Test
  void sowingSkipsTheOpponentStoreAndPlayerOneCaptures() {
    // Player 1 sows 9 seeds from slot 13: its store 0, pits 1..6, skips store 7, then 8 and 9.
    MancalaState s = position(new int[] {0, 0, 0, 0, 0, 3, 0, 20, 16, 0, 0, 0, 0, 9}, 1);
    s.applyAction(13);
    // Last seed lands in empty pit 9; opposite slot 5 holds 4 -> 1 + 4 into slot 0.
    assertThat(slots(s)).containsExactly(6, 1, 1, 1, 1, 0, 1, 20, 17, 0, 0, 0, 0, 0);
    assertThat(s.currentPlayer()).isEqualTo(0);
    assertThat(s.isTerminal()).isFalse();
  }

  @Test
  void gameEndsWhenOneSideIsEmptyAndRemainingSeedsCountForTheirOwner() {
    MancalaState s = position(new int[] {10, 0, 0, 0, 0, 0, 1, 20, 17, 0, 0, 0, 0, 0}, 0);
    s.applyAction(6);
    assertThat(s.isTerminal()).isTrue();
    // Player 0: 21 in store; player 1: 10 in store + 17 on its side = 27.
    assertThat(s.returns()).containsExactly(-1.0, 1.0);
    assertThat(s.toString()).isEqualTo("-0-0-0-0-0-17-\n10-----------21\n-0-0-0-0-0-0-\nCurrent player: 0\nMove number: 1");
  }

  @Test
  void kalahIsAnAlias() {
    Game k = GameRegistry.load("kalah");
    assertThat(k.name()).isEqualTo("mancala");
    assertThat(k.spec()).isEqualTo("mancala");
    assertThat(k.newInitialState().legalActions()).containsExactly(1, 2, 3, 4, 5, 6);
  }

  @Test
  void incrementalHashEqualsRecomputedHash() {
    SplittableRandom rng = new SplittableRandom(7);
    for (int game = 0; game < 50; game++) {
      MancalaState s = (MancalaState) this.game.newInitialState();
      while (!s.isTerminal()) {
        int[] legal = s.legalActions();
        s.applyAction(legal[rng.nextInt(legal.length)]);
        MancalaState fresh = position(slots(s), s.isTerminal() ? 0 : s.currentPlayer());
        if (!s.isTerminal()) {
          assertThat(s.hash()).isEqualTo(fresh.hash());
        }
      }
      int total = 0;
      for (int v : slots(s)) {
        total += v;
      }
      assertThat(total).isEqualTo(48);
    }
  }

  @Test
  void undoRestoresBoardPlayerAndHashOverRandomGames() {
    SplittableRandom rng = new SplittableRandom(3);
    for (int g = 0; g < 200; g++) {
      MancalaState s = (MancalaState) game.newInitialState();
      java.util.List<String> boards = new java.util.ArrayList<>();
      java.util.List<Long> hashes = new java.util.ArrayList<>();
      while (!s.isTerminal()) {
        boards.add(s.toString());
        hashes.add(s.hash());
        int[] legal = s.legalActions();
        s.applyAction(legal[rng.nextInt(legal.length)]);
      }
      MancalaState copy = s.copy();
      int[] h = s.history();
      for (int i = h.length - 1; i >= 0; i--) {
        s.undoAction(h[i]);
        copy.undoAction(h[i]);
        assertThat(s.toString()).isEqualTo(boards.get(i));
        assertThat(s.hash()).isEqualTo(hashes.get(i));
        assertThat(copy.toString()).isEqualTo(boards.get(i));
      }
    }
  }

  @Test
  void copyIsIndependent() {
    State s = game.newInitialState();
    s.applyAction(3);
    State c = s.copy();
    c.applyAction(1);
    assertThat(s.toString()).isNotEqualTo(c.toString());
    assertThat(s.historySize()).isEqualTo(1);
  }

  @Test
  void replaysTheOpenSpielPlaythrough() {
    Playthroughs.assertReplays("mancala.txt", true);
  }

  @Test
  void passesTheConformanceKit() {
    ConformanceKit.Report r = ConformanceKit.check(GameRegistry.load("mancala"),
        new ConformanceKit.Options().playouts(1000).seed(1));
    assertThat(r.playouts()).isEqualTo(1000);
  }
}
