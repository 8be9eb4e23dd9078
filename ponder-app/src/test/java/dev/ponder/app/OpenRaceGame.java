package dev.ponder.app;

import dev.ponder.game.Game;
import dev.ponder.game.GameType;
import dev.ponder.game.SimpleGameFactory;
import dev.ponder.game.State;
import dev.ponder.game.TwoPlayerZeroSumGame;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Test-only game {@code open_race}: the players alternately add 1 or 2 (actions 0 and 1) to a
 * running total starting at 0; whoever brings it to {@code goal} (default 5) or beyond wins. It
 * declares imperfect information but hides nothing: the information state is the whole history
 * (State's default) and {@code resample} returns the state itself, the only consistent world. It
 * breaks no invariant of the conformance kit, which warns about it ({@code hidden-information}).
 */
final class OpenRaceGame extends TwoPlayerZeroSumGame {
  static final GameType TYPE = new GameType("open_race", "Open Race", GameType.ChanceMode.DETERMINISTIC,
      GameType.Information.IMPERFECT_INFORMATION, GameType.Utility.ZERO_SUM, GameType.RewardModel.TERMINAL, 2, 2,
      List.of(ParamSpec.ofInt("goal", 5, 1, 100, "total that ends the game")));

  final int goal;

  OpenRaceGame(Params params) {
    super(TYPE, params);
    this.goal = params.requireInt("goal");
  }

  /** Registry factory. */
  public static final class Factory extends SimpleGameFactory {
    public Factory() {
      super(TYPE, OpenRaceGame::new);
    }
  }

  @Override
  public int numDistinctActions() {
    return 2;
  }

  @Override
  public int maxGameLength() {
    return goal;
  }

  @Override
  public State newInitialState() {
    return new RaceState(this);
  }

  static final class RaceState extends State {
    private final OpenRaceGame game;
    private int total;
    private int toMove;

    RaceState(OpenRaceGame game) {
      this.game = game;
    }

    @Override
    public Game game() {
      return game;
    }

    @Override
    public int currentPlayer() {
      return total >= game.goal ? TERMINAL : toMove;
    }

    @Override
    public int legalActions(int[] out) {
      if (total >= game.goal) {
        return 0;
      }
      out[0] = 0;
      out[1] = 1;
      return 2;
    }

    @Override
    protected void doApplyAction(int action) {
      total += action + 1;
      toMove = 1 - toMove;
    }

    @Override
    public State copy() {
      RaceState s = new RaceState(game);
      s.copyFrom(this);
      return s;
    }

    @Override
    public void copyFrom(State other) {
      RaceState o = (RaceState) other;
      total = o.total;
      toMove = o.toMove;
      copyHistoryFrom(other);
    }

    @Override
    public State resample(int player, SplittableRandom rng) {
      checkPlayer(player);
      return copy();
    }

    @Override
    public double playerReturn(int player) {
      if (total < game.goal) {
        return 0;
      }
      return player == 1 - toMove ? 1 : -1;
    }

    @Override
    public String actionToString(int player, int action) {
      return "+" + (action + 1);
    }

    @Override
    public String toString() {
      return "total " + total + " of " + game.goal + ", player " + toMove + " to move";
    }
  }
}
