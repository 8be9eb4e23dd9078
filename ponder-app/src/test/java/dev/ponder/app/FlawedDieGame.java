package dev.ponder.app;

import dev.ponder.game.AbstractGame;
import dev.ponder.game.Game;
import dev.ponder.game.GameType;
import dev.ponder.game.SimpleGameFactory;
import dev.ponder.game.State;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import java.util.List;

/**
 * Test-only game {@code flawed_die} with planted bugs: player 0 stays (action 0, "stay", return 0)
 * or rolls (action 1, "roll") a die of three faces, face f giving player 0 the return f − 1 and
 * player 1, who never moves, the negation. The faces' probabilities are {@code 1/3, 1/3, 1/3 −
 * shortfall}: with a shortfall they sum to less than 1, which the game API forbids. With {@code
 * descending=true} player 0's legal actions are listed as [1, 0], which it forbids too; with {@code
 * nan=true} a roll returns NaN to both players, and the returns must be finite numbers.
 */
final class FlawedDieGame extends AbstractGame {
  static final GameType TYPE = new GameType("flawed_die", "Flawed die", GameType.ChanceMode.EXPLICIT_STOCHASTIC,
      GameType.Information.PERFECT_INFORMATION, GameType.Utility.ZERO_SUM, GameType.RewardModel.TERMINAL, 2, 2,
      List.of(ParamSpec.ofDouble("shortfall", 0, 0, 0.3, "probability taken from the last face"),
          ParamSpec.ofBool("descending", false, "list player 0's legal actions as [1, 0]"),
          ParamSpec.ofBool("nan", false, "return NaN to both players after a roll")));

  final double shortfall;
  final boolean descending;
  final boolean nan;

  FlawedDieGame(Params params) {
    super(TYPE, params);
    nan = params.getBool("nan");
    shortfall = params.getDouble("shortfall");
    descending = params.getBool("descending");
  }

  /** Registry factory. */
  static final class Factory extends SimpleGameFactory {
    Factory() {
      super(TYPE, FlawedDieGame::new);
    }
  }

  @Override
  public int numPlayers() {
    return 2;
  }

  @Override
  public int numDistinctActions() {
    return 3;
  }

  @Override
  public int maxChanceOutcomes() {
    return 3;
  }

  @Override
  public double minUtility() {
    return -1;
  }

  @Override
  public double maxUtility() {
    return 1;
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
    final FlawedDieGame g;
    int choice = -1;
    int face = -1;

    S(FlawedDieGame g) {
      this.g = g;
    }

    @Override
    public Game game() {
      return g;
    }

    @Override
    public int currentPlayer() {
      return choice < 0 ? 0 : choice == 1 && face < 0 ? CHANCE : TERMINAL;
    }

    @Override
    public int legalActions(int[] out) {
      int p = currentPlayer();
      if (p == TERMINAL) {
        return 0;
      }
      if (p == CHANCE) {
        for (int i = 0; i < 3; i++) {
          out[i] = i;
        }
        return 3;
      }
      out[0] = g.descending ? 1 : 0;
      out[1] = g.descending ? 0 : 1;
      return 2;
    }

    @Override
    public int chanceOutcomes(int[] actions, double[] probabilities) {
      for (int i = 0; i < 3; i++) {
        actions[i] = i;
        probabilities[i] = 1.0 / 3;
      }
      probabilities[2] -= g.shortfall;
      return 3;
    }

    @Override
    protected void doApplyAction(int action) {
      if (choice < 0) {
        choice = action;
      } else {
        face = action;
      }
    }

    @Override
    public double playerReturn(int player) {
      double r = face < 0 ? 0 : g.nan ? Double.NaN : face - 1;
      return player == 0 ? r : -r;
    }

    @Override
    public String actionToString(int player, int action) {
      return player == CHANCE ? "face " + (action + 1) : action == 0 ? "stay" : "roll";
    }

    @Override
    public State copy() {
      S s = new S(g);
      s.copyFrom(this);
      return s;
    }

    @Override
    public void copyFrom(State other) {
      S o = (S) other;
      choice = o.choice;
      face = o.face;
      copyHistoryFrom(o);
    }

    @Override
    public String toString() {
      return choice < 0 ? "to choose" : choice == 0 ? "stayed" : face < 0 ? "rolling" : "rolled " + (face + 1);
    }
  }
}
