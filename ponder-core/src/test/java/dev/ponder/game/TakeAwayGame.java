package dev.ponder.game;

import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import java.util.List;

/**
 * Test-only game {@code take_away}: a pile of {@code pile} stones (1..20, default 3); the players
 * alternately take one (action 0) or two (action 1) stones; whoever takes the last stone wins
 * (+1 / −1). Built on {@link TwoPlayerZeroSumGame} and {@link SimpleGameFactory}.
 */
class TakeAwayGame extends TwoPlayerZeroSumGame {
  static final GameType TYPE = new GameType("take_away", "Take Away", GameType.ChanceMode.DETERMINISTIC,
      GameType.Information.PERFECT_INFORMATION, GameType.Utility.ZERO_SUM, GameType.RewardModel.TERMINAL, 2, 2,
      List.of(ParamSpec.ofInt("pile", 3, "stones at the start")));

  final int pile;

  TakeAwayGame(Params params) {
    this(TYPE, params);
  }

  /** For tests of the base class's type checks. */
  TakeAwayGame(GameType type, Params params) {
    super(type, params);
    this.pile = params.requireInt("pile", 1, 20);
  }

  /** Registry factory, shaped as the games' factories are; also answers to {@code nim_lite}. */
  public static final class Factory extends SimpleGameFactory {
    public Factory() {
      super(TYPE, TakeAwayGame::new, "nim_lite");
    }
  }

  @Override
  public int numDistinctActions() {
    return 2;
  }

  @Override
  public int maxGameLength() {
    return pile;
  }

  @Override
  public State newInitialState() {
    return new TakeAwayState(this);
  }

  static final class TakeAwayState extends State {
    private final TakeAwayGame game;
    private int left;
    private int toMove;

    TakeAwayState(TakeAwayGame game) {
      this.game = game;
      this.left = game.pile;
    }

    @Override
    public Game game() {
      return game;
    }

    @Override
    public int currentPlayer() {
      return left == 0 ? TERMINAL : toMove;
    }

    @Override
    public int legalActions(int[] out) {
      int n = Math.min(left, 2);
      for (int i = 0; i < n; i++) {
        out[i] = i;
      }
      return n;
    }

    @Override
    protected void doApplyAction(int action) {
      left -= action + 1;
      toMove = 1 - toMove;
    }

    @Override
    public State copy() {
      TakeAwayState s = new TakeAwayState(game);
      s.copyFrom(this);
      return s;
    }

    @Override
    public void copyFrom(State other) {
      TakeAwayState o = (TakeAwayState) other;
      left = o.left;
      toMove = o.toMove;
      copyHistoryFrom(other);
    }

    @Override
    public double playerReturn(int player) {
      if (left > 0) {
        return 0;
      }
      // The player who took the last stone is the one who is not to move now.
      return player == 1 - toMove ? 1 : -1;
    }

    @Override
    public String actionToString(int player, int action) {
      return "take " + (action + 1);
    }

    @Override
    public String toString() {
      return left + " left, player " + toMove + " to move";
    }
  }
}
