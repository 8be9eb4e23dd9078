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
 * Test-only game {@code shared_copy}, outside {@code dev.ponder} as a user's game is: the players
 * alternately add 1 or 2 (actions 0 and 1) to a total starting at 0, kept in a one-element array;
 * whoever brings it to 6 or beyond wins. With {@code share=true} (the default) {@code copyFrom}
 * shares that array instead of copying it, the deliberate bug: play on a copy changes the
 * original. With {@code share=false} it is a correct game.
 */
public final class SharedCopyGame extends AbstractGame {
  static final GameType TYPE = new GameType("shared_copy", "Shared Copy", GameType.ChanceMode.DETERMINISTIC,
      GameType.Information.PERFECT_INFORMATION, GameType.Utility.ZERO_SUM, GameType.RewardModel.TERMINAL, 2, 2,
      List.of(ParamSpec.ofBool("share", true, "whether copyFrom shares the total's array (the bug)")));

  final boolean share;

  SharedCopyGame(Params params) {
    super(TYPE, params);
    share = params.getBool("share");
  }

  /** Registry factory. */
  public static final class Factory extends SimpleGameFactory {
    public Factory() {
      super(TYPE, SharedCopyGame::new);
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
    return 0;
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
    return new S(this);
  }

  static final class S extends State {
    private final SharedCopyGame game;
    private int[] total = new int[1];
    private int toMove;

    S(SharedCopyGame game) {
      this.game = game;
    }

    @Override
    public Game game() {
      return game;
    }

    @Override
    public int currentPlayer() {
      return total[0] >= 6 ? TERMINAL : toMove;
    }

    @Override
    public int legalActions(int[] out) {
      if (total[0] >= 6) {
        return 0;
      }
      out[0] = 0;
      out[1] = 1;
      return 2;
    }

    @Override
    protected void doApplyAction(int action) {
      total[0] += action + 1;
      toMove = 1 - toMove;
    }

    @Override
    public double playerReturn(int player) {
      checkPlayer(player);
      return total[0] < 6 ? 0 : player == 1 - toMove ? 1 : -1;
    }

    @Override
    public String actionToString(int player, int action) {
      return action == 0 ? "add1" : "add2";
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
      if (game.share) {
        total = o.total; // the bug: the copy and the original share the array
      } else {
        total[0] = o.total[0];
      }
      toMove = o.toMove;
      copyHistoryFrom(o);
    }

    @Override
    public String toString() {
      return "total " + total[0] + ", player " + toMove + " to move";
    }
  }
}
