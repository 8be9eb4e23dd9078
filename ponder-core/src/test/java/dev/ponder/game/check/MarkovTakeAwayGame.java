package dev.ponder.game.check;

import dev.ponder.game.Game;
import dev.ponder.game.GameType;
import dev.ponder.game.SimpleGameFactory;
import dev.ponder.game.State;
import dev.ponder.game.TwoPlayerZeroSumGame;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import java.util.List;

/**
 * Test-only game {@code markov_take_away}: a pile of {@code pile} stones (1..20, default 10); the
 * players alternately take one (action 0) or two (action 1) stones; whoever takes the last stone
 * wins (+1 / −1). Its information-state string is the position ({@code "3 left, player 0 to move"}),
 * a Markov string: histories that transpose to one position share it (take 1 then 2, or 2 then 1).
 * {@code markov_take_away_declared_imperfect} is the same game with a {@link GameType} that
 * declares imperfect information, where that string breaks perfect recall.
 */
final class MarkovTakeAwayGame extends TwoPlayerZeroSumGame {
  private static final List<ParamSpec> PARAMS = List.of(ParamSpec.ofInt("pile", 10, "stones at the start"));
  static final GameType TYPE = new GameType("markov_take_away", "Markov Take Away", GameType.ChanceMode.DETERMINISTIC,
      GameType.Information.PERFECT_INFORMATION, GameType.Utility.ZERO_SUM, GameType.RewardModel.TERMINAL, 2, 2, PARAMS);
  static final GameType IMPERFECT_TYPE = new GameType("markov_take_away_declared_imperfect", "Markov Take Away (declared imperfect)",
      GameType.ChanceMode.DETERMINISTIC, GameType.Information.IMPERFECT_INFORMATION, GameType.Utility.ZERO_SUM,
      GameType.RewardModel.TERMINAL, 2, 2, PARAMS);

  private final int pile;

  private MarkovTakeAwayGame(GameType type, Params params) {
    super(type, params);
    this.pile = params.requireInt("pile", 1, 20);
  }

  static final class Factory extends SimpleGameFactory {
    Factory() {
      super(TYPE, p -> new MarkovTakeAwayGame(TYPE, p));
    }
  }

  static final class DeclaredImperfectFactory extends SimpleGameFactory {
    DeclaredImperfectFactory() {
      super(IMPERFECT_TYPE, p -> new MarkovTakeAwayGame(IMPERFECT_TYPE, p));
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
    return new MarkovState(this);
  }

  static final class MarkovState extends State {
    private final MarkovTakeAwayGame game;
    private int left;
    private int toMove;

    MarkovState(MarkovTakeAwayGame game) {
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
      MarkovState s = new MarkovState(game);
      s.copyFrom(this);
      return s;
    }

    @Override
    public void copyFrom(State other) {
      MarkovState o = (MarkovState) other;
      left = o.left;
      toMove = o.toMove;
      copyHistoryFrom(other);
    }

    @Override
    public double playerReturn(int player) {
      if (left > 0) {
        return 0;
      }
      // the player who took the last stone is the one not to move now
      return player == 1 - toMove ? 1 : -1;
    }

    @Override
    public String actionToString(int player, int action) {
      return "take " + (action + 1);
    }

    /** The position: equal after transpositions. */
    @Override
    public String informationStateString(int player) {
      checkPlayer(player);
      return toString();
    }

    @Override
    public String toString() {
      return left + " left, player " + toMove + " to move";
    }
  }
}
