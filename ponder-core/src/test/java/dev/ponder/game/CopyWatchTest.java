package dev.ponder.game;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.game.check.ConformanceKit;
import dev.ponder.spec.Params;
import java.util.SplittableRandom;
import org.example.owngame.NoResampleGame;
import org.example.owngame.SharedCopyGame;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link CopyWatch} tells a state changed through a copy that shares its data, and only then; and
 * {@link State}'s defaults throw {@link MissingGameMethodException} for what the game must
 * implement and does not.
 */
class CopyWatchTest {
  @BeforeAll
  static void registerTheTestGames() {
    GameRegistry.register(new SharedCopyGame.Factory());
    GameRegistry.register(new NoResampleGame.Factory());
  }

  @Test
  void playOnACopyThatSharesAnArrayChangesTheOriginalAndTheWatchSaysSo() {
    State s = GameRegistry.load("shared_copy").newInitialState();
    CopyWatch watch = new CopyWatch();
    assertThat(watch.changed()).isFalse(); // nothing noted yet
    watch.note(s);
    assertThat(watch.changed()).isFalse();
    State c = s.copy();
    c.applyAction(1);
    assertThat(watch.changed()).isTrue();
    assertThat(watch.fault("a test played on a copy of it").getMessage()).isEqualTo("shared_copy: the state at move 0"
        + " changed while a test played on a copy of it ('total 0, player 0 to move' became 'total 2, player 0 to"
        + " move'); the game's copy() or copyFrom shares mutable data (an array, a list) between a state and its"
        + " copies, so play on a copy changed the original; the game API requires copies independent of their source"
        + " (State.copy, State.copyFrom); run ponder check 'shared_copy'");
    // the same play on a copy of a game that copies its array leaves the original as it was
    State t = GameRegistry.load("shared_copy(share=false)").newInitialState();
    watch.note(t);
    State d = t.copy();
    d.applyAction(1);
    d.applyAction(1);
    d.applyAction(1);
    assertThat(watch.changed()).isFalse();
    // a change of the player to move is named; a long or multi-line board is not shown
    t.applyAction(0);
    assertThat(watch.fault("x").getMessage()).startsWith("shared_copy(share=False): the state at move 0 changed while x"
        + " (its current player went from 0 to 1; 'total 0, player 0 to move' became 'total 1, player 1 to move'; its"
        + " history went from 0 to 1 actions); ");
    assertThat(CopyWatch.fault(t, "a\nb", "a\nc", "y").getMessage()).contains(" changed while y (its board (toString)"
        + " changed); ");
  }

  @Test
  void aMissingResampleIsTheGamesMissingMethod() {
    State s = GameRegistry.load("no_resample").newInitialState();
    s.applyAction(1);
    assertThatThrownBy(() -> s.resample(0, new SplittableRandom(1))).isInstanceOf(MissingGameMethodException.class)
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessageStartingWith("the game no_resample does not implement resample (State.resample or"
            + " State.resampleInto), which IS-MCTS needs")
        .satisfies(e -> assertThat(((MissingGameMethodException) e).method()).isEqualTo("resample"));
    assertThatThrownBy(() -> s.resampleInto(1, new SplittableRandom(1), s.copy()))
        .isInstanceOf(MissingGameMethodException.class);
    // the kit says it in its own words
    assertThatThrownBy(() -> ConformanceKit.check("no_resample")).hasMessageContaining("resample: resample(0) is not"
        + " implemented (State.resample or State.resampleInto): an imperfect-information game must implement it");
  }

  @Test
  void undoAndTensorsAreTheGamesMissingMethodOnlyWhereTheGameClaimsThem() {
    // undo on a game without it is the caller's mistake: a plain UnsupportedOperationException
    State s = GameRegistry.load("shared_copy(share=false)").newInitialState();
    s.applyAction(0);
    assertThatThrownBy(() -> s.undoAction(0)).isExactlyInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> s.informationStateTensor(0, new float[1]))
        .isExactlyInstanceOf(UnsupportedOperationException.class);
    // a game that claims undo and a tensor shape but implements neither: the game's
    Game claims = new ClaimingGame();
    State c = claims.newInitialState();
    c.applyAction(0);
    assertThatThrownBy(() -> c.undoAction(0)).isInstanceOf(MissingGameMethodException.class)
        .hasMessageStartingWith("the game claims says it supports undo (State.supportsUndo) but does not implement"
            + " State.doUndoAction");
    assertThatThrownBy(() -> c.observationTensor(0, new float[3])).isInstanceOf(MissingGameMethodException.class)
        .hasMessageStartingWith("the game claims declares the shape of observationTensor but does not implement"
            + " State.observationTensor");
  }

  /** One move (action 0) then the end; claims undo and a 3-entry observation tensor, implements neither. */
  private static final class ClaimingGame extends AbstractGame {
    static final GameType TYPE = new GameType("claims", "Claims", GameType.ChanceMode.DETERMINISTIC,
        GameType.Information.PERFECT_INFORMATION, GameType.Utility.ZERO_SUM, GameType.RewardModel.TERMINAL, 1, 1,
        java.util.List.of());

    ClaimingGame() {
      super(TYPE, Params.defaults("claims", java.util.List.of()));
    }

    @Override
    public int numPlayers() {
      return 1;
    }

    @Override
    public int numDistinctActions() {
      return 1;
    }

    @Override
    public int maxChanceOutcomes() {
      return 0;
    }

    @Override
    public double minUtility() {
      return 0;
    }

    @Override
    public double maxUtility() {
      return 0;
    }

    @Override
    public int maxGameLength() {
      return 1;
    }

    @Override
    public int[] observationTensorShape() {
      return new int[] {3};
    }

    @Override
    public State newInitialState() {
      return new State() {
        @Override
        public Game game() {
          return ClaimingGame.this;
        }

        @Override
        public int currentPlayer() {
          return historySize() == 0 ? 0 : TERMINAL;
        }

        @Override
        public int legalActions(int[] out) {
          if (historySize() > 0) {
            return 0;
          }
          out[0] = 0;
          return 1;
        }

        @Override
        protected void doApplyAction(int action) {}

        @Override
        public boolean supportsUndo() {
          return true;
        }

        @Override
        public State copy() {
          throw new UnsupportedOperationException();
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
          return "a";
        }

        @Override
        public String toString() {
          return "s";
        }
      };
    }
  }
}
