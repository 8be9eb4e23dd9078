package dev.ponder.app;

import dev.ponder.game.Game;
import dev.ponder.game.GameType;
import dev.ponder.game.SimpleGameFactory;
import dev.ponder.game.State;
import dev.ponder.game.TwoPlayerZeroSumGame;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import java.util.List;

/**
 * Test-only game {@code leaky_race}: the players alternately add 1 or 2 (actions 0 and 1) to a
 * running total starting at 0; whoever brings it to {@code goal} (default 10) or beyond wins. With
 * {@code leak=true} its {@code copyFrom} forgets {@code copyHistoryFrom} — the mistake the
 * conformance kit's {@code copy} check exists for; with {@code leak=false} the game is correct.
 * With {@code total_hash=true} its hash is the total alone, which leaves out the player to move
 * (the kit's {@code hash} check fails: 1+1 and 2 reach total 2 with different players to move).
 */
final class LeakyRaceGame extends TwoPlayerZeroSumGame {
  static final GameType TYPE = new GameType("leaky_race", "Leaky Race", GameType.ChanceMode.DETERMINISTIC,
      GameType.Information.PERFECT_INFORMATION, GameType.Utility.ZERO_SUM, GameType.RewardModel.TERMINAL, 2, 2,
      List.of(ParamSpec.ofInt("goal", 10, 1, 100, "total that ends the game"),
          ParamSpec.ofBool("leak", true, "whether copyFrom forgets the history"),
          ParamSpec.ofBool("total_hash", false, "whether hash() is the total alone (ignoring the player to move)")));

  final int goal;
  final boolean leak;
  final boolean totalHash;

  LeakyRaceGame(Params params) {
    super(TYPE, params);
    this.goal = params.requireInt("goal");
    this.leak = params.getBool("leak");
    this.totalHash = params.getBool("total_hash");
  }

  /** Registry factory. */
  public static final class Factory extends SimpleGameFactory {
    public Factory() {
      super(TYPE, LeakyRaceGame::new);
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
    private final LeakyRaceGame game;
    private int total;
    private int toMove;

    RaceState(LeakyRaceGame game) {
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
      if (!game.leak) {
        copyHistoryFrom(other);
      }
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
    public long hash() {
      return game.totalHash ? total : super.hash();
    }

    @Override
    public String toString() {
      return "total " + total + " of " + game.goal + ", player " + toMove + " to move";
    }
  }
}
