package dev.ponder.game;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.fixtures.TakeAwayGame;
import dev.ponder.spec.Params;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * State's default {@link State#isLegal}, on games that do not override it: the answer is
 * membership in {@link State#legalActions(int[])}, and the buffer it lists them into is made once
 * per state, not at every call.
 */
class DefaultIsLegalTest {
  @Test
  void theDefaultAnswersMembershipInTheLegalActions() {
    Game g = new TakeAwayGame(Params.defaults("take_away", TakeAwayGame.TYPE.parameters())); // a pile of 3
    State s = g.newInitialState();
    assertThat(s.isLegal(0)).isTrue();
    assertThat(s.isLegal(1)).isTrue();
    assertThat(s.isLegal(2)).isFalse(); // no such action
    assertThat(s.isLegal(-1)).isFalse();
    s.applyAction(1); // 1 stone left: only "take 1"
    assertThat(s.isLegal(0)).isTrue();
    assertThat(s.isLegal(1)).isFalse();
    s.applyAction(0);
    assertThat(s.isTerminal()).isTrue();
    assertThat(s.isLegal(0)).isFalse();
  }

  @Test
  void theDefaultListsIntoOneBufferPerState() {
    Sparse g = new Sparse();
    State s = g.newInitialState();
    // {1, 3, 4} legal of 0..5: hits and misses on both sides of the binary search
    for (int a = -1; a <= 6; a++) {
      assertThat(s.isLegal(a)).as("action %d", a).isEqualTo(a == 1 || a == 3 || a == 4);
    }
    assertThat(g.buffers).hasSize(8);
    assertThat(g.buffers).allSatisfy(b -> assertThat(b).isSameAs(g.buffers.get(0)));
    assertThat(g.buffers.get(0)).hasSize(g.maxActionsPerState());
    // a copy lists into a buffer of its own (states are used by one thread each)
    State c = s.copy();
    assertThat(c.isLegal(3)).isTrue();
    assertThat(g.buffers.get(8)).isNotSameAs(g.buffers.get(0));
    // the same buffer after a move, with the answers of the new position
    s.applyAction(3); // then 0, 1, 2
    assertThat(s.isLegal(2)).isTrue();
    assertThat(s.isLegal(3)).isFalse();
    assertThat(g.buffers.get(g.buffers.size() - 1)).isSameAs(g.buffers.get(0));
  }

  /**
   * Two moves: {1, 3, 4} at the start, then the actions below the first one taken; the buffers
   * the default passes to {@link State#legalActions(int[])} are recorded.
   */
  static final class Sparse extends TwoPlayerZeroSumGame {
    static final GameType TYPE = new GameType("sparse", "Sparse", GameType.ChanceMode.DETERMINISTIC,
        GameType.Information.PERFECT_INFORMATION, GameType.Utility.ZERO_SUM, GameType.RewardModel.TERMINAL, 2, 2,
        List.of());
    final List<int[]> buffers = new ArrayList<>();

    Sparse() {
      super(TYPE, Params.defaults("sparse", List.of()));
    }

    @Override
    public int numDistinctActions() {
      return 6;
    }

    @Override
    public int maxGameLength() {
      return 2;
    }

    @Override
    public State newInitialState() {
      return new S(this);
    }

    static final class S extends State {
      private final Sparse game;

      S(Sparse game) {
        this.game = game;
      }

      @Override
      public Game game() {
        return game;
      }

      @Override
      public int currentPlayer() {
        return historySize() == 2 ? TERMINAL : historySize();
      }

      @Override
      public int legalActions(int[] out) {
        game.buffers.add(out);
        if (historySize() == 2) {
          return 0;
        }
        if (historySize() == 0) {
          out[0] = 1;
          out[1] = 3;
          out[2] = 4;
          return 3;
        }
        int n = historyAt(0);
        for (int i = 0; i < n; i++) {
          out[i] = i;
        }
        return n;
      }

      @Override
      protected void doApplyAction(int action) {}

      @Override
      public State copy() {
        S c = new S(game);
        c.copyFrom(this);
        return c;
      }

      @Override
      public void copyFrom(State other) {
        copyHistoryFrom(other);
      }

      @Override
      public double playerReturn(int player) {
        return 0;
      }

      @Override
      public String actionToString(int player, int action) {
        return Integer.toString(action);
      }

      @Override
      public String toString() {
        return historyString();
      }
    }
  }
}
