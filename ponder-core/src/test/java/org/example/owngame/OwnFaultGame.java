package org.example.owngame;

import dev.ponder.game.AbstractGame;
import dev.ponder.game.Game;
import dev.ponder.game.GameType;
import dev.ponder.game.SimpleGameFactory;
import dev.ponder.game.State;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import java.util.List;

/**
 * Test-only game {@code own_fault}, in a package of its own as a user's game is (outside {@code
 * dev.ponder}): the players alternately add 1 or 2 (actions 0 and 1) to a total starting at 0;
 * whoever brings it to 6 or beyond wins. {@code fault} picks a deliberate bug: {@code apply}
 * (applying a move at total 3 or more throws {@code IllegalStateException("roll bookkeeping out of
 * sync")}), {@code argument} (the same with an {@code IllegalArgumentException}), {@code init} ({@code newInitialState} throws a bare {@code
 * UnsupportedOperationException}), {@code nochance} (the state after one action reports the chance
 * player, but the state never overrides {@code chanceOutcomes}), {@code recall} (the information
 * state is only the player to move, so it recurs on one history: no perfect recall); {@code none}
 * is a correct game.
 */
public final class OwnFaultGame extends AbstractGame {
  static final GameType TYPE = new GameType("own_fault", "Own Fault", GameType.ChanceMode.EXPLICIT_STOCHASTIC,
      GameType.Information.PERFECT_INFORMATION, GameType.Utility.ZERO_SUM, GameType.RewardModel.TERMINAL, 2, 2,
      List.of(ParamSpec.ofString("fault", "none", "none, apply, argument, init, nochance or recall")));

  final String fault;

  OwnFaultGame(Params params) {
    super(TYPE, params);
    fault = params.getString("fault");
  }

  /** Registry factory. */
  public static final class Factory extends SimpleGameFactory {
    public Factory() {
      super(TYPE, OwnFaultGame::new);
    }
  }

  @Override
  public int numPlayers() {
    return 2;
  }

  @Override
  public int numDistinctActions() {
    return 2;
  }

  @Override
  public int maxChanceOutcomes() {
    return 2;
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
    return 6;
  }

  @Override
  public State newInitialState() {
    if (fault.equals("init")) {
      throw new UnsupportedOperationException();
    }
    return new S(this);
  }

  static final class S extends State {
    private final OwnFaultGame game;
    private int total;
    private int toMove;

    S(OwnFaultGame game) {
      this.game = game;
    }

    @Override
    public Game game() {
      return game;
    }

    @Override
    public int currentPlayer() {
      if (total >= 6) {
        return TERMINAL;
      }
      return game.fault.equals("nochance") && historySize() == 1 ? CHANCE : toMove;
    }

    @Override
    public int legalActions(int[] out) {
      if (total >= 6) {
        return 0;
      }
      out[0] = 0;
      out[1] = 1;
      return 2;
    }

    @Override
    protected void doApplyAction(int action) {
      if (game.fault.equals("apply") && total >= 3) {
        throw new IllegalStateException("roll bookkeeping out of sync");
      }
      if (game.fault.equals("argument") && total >= 3) {
        throw new IllegalArgumentException("no move from total " + total);
      }
      total += action + 1;
      toMove = 1 - toMove;
    }

    @Override
    public double playerReturn(int player) {
      checkPlayer(player);
      return total < 6 ? 0 : player == 1 - toMove ? 1 : -1;
    }

    @Override
    public String actionToString(int player, int action) {
      return action == 0 ? "add1" : "add2";
    }

    @Override
    public String informationStateString(int player) {
      checkPlayer(player);
      return game.fault.equals("recall") ? "to move " + toMove : super.informationStateString(player);
    }

    @Override
    public State copy() {
      S s = new S(game);
      s.copyFrom(this);
      return s;
    }

    @Override
    public void copyFrom(State other) {
      S o = (S) other;
      total = o.total;
      toMove = o.toMove;
      copyHistoryFrom(o);
    }

    @Override
    public String toString() {
      return "total " + total + ", to move " + toMove + "\n";
    }
  }
}
