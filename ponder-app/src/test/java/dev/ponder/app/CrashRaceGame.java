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
 * Test-only game {@code crash_race}: the players alternately add 1 or 2 (actions 0 and 1) to a
 * running total starting at 0; whoever brings it to {@code goal} (default 10) or beyond wins. Its
 * code can be made to crash the way a game author's bug does: with {@code legal_crash_at=T} its
 * {@code legalActions} writes past the caller's buffer (an {@link ArrayIndexOutOfBoundsException}
 * thrown from the game's own line) once the total is T; with {@code apply_crash_at=T} its
 * {@code doApplyAction} throws an {@link IllegalStateException} when applied at total T. Both
 * default to -1 (never), which is a correct game.
 */
final class CrashRaceGame extends TwoPlayerZeroSumGame {
  static final GameType TYPE = new GameType("crash_race", "Crash Race", GameType.ChanceMode.DETERMINISTIC,
      GameType.Information.PERFECT_INFORMATION, GameType.Utility.ZERO_SUM, GameType.RewardModel.TERMINAL, 2, 2,
      List.of(ParamSpec.ofInt("goal", 10, 1, 100, "total that ends the game"),
          ParamSpec.ofInt("legal_crash_at", -1, -1, 100, "total at which legalActions overruns its buffer (-1: never)"),
          ParamSpec.ofInt("apply_crash_at", -1, -1, 100, "total at which applying a move throws (-1: never)"),
          ParamSpec.ofInt("helper_crash_at", -1, -1, 100,
              "total at which legalActions' helper RaceRules overruns the buffer (-1: never)")));

  final int goal;
  final int legalCrashAt;
  final int applyCrashAt;
  final int helperCrashAt;

  CrashRaceGame(Params params) {
    super(TYPE, params);
    this.goal = params.requireInt("goal");
    this.legalCrashAt = params.requireInt("legal_crash_at");
    this.applyCrashAt = params.requireInt("apply_crash_at");
    this.helperCrashAt = params.requireInt("helper_crash_at");
  }

  /** Registry factory. */
  public static final class Factory extends SimpleGameFactory {
    public Factory() {
      super(TYPE, CrashRaceGame::new);
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

  /**
   * Test-only agent {@code race_bot}, shipped inside the game's class as a game with its own bot
   * is: its {@code selectAction} dereferences a table it never built ({@link NullPointerException}).
   */
  static final class BundledBot implements dev.ponder.agent.AgentFactory {
    private static int[] table;

    @Override
    public String name() {
      return "race_bot";
    }

    @Override
    public String description() {
      return "test agent: a null table at its first decision";
    }

    @Override
    public List<ParamSpec> parameters() {
      return List.of();
    }

    @Override
    public dev.ponder.agent.Agent create(Game game, Params params, long seed) {
      return state -> table[state.historySize()];
    }
  }

  static final class RaceState extends State {
    private final CrashRaceGame game;
    private int total;
    private int toMove;

    RaceState(CrashRaceGame game) {
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
      if (total == game.helperCrashAt) {
        return RaceRules.fill(out); // the bug is in a helper class, not in the state's own class
      }
      if (total == game.legalCrashAt) {
        out[2] = 2; // the bug: a third action into a buffer of maxActionsPerState() = 2
      }
      return 2;
    }

    @Override
    protected void doApplyAction(int action) {
      if (total == game.applyCrashAt) {
        throw new IllegalStateException("move table has no entry for total " + total);
      }
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

/** The helper {@code crash_race(helper_crash_at=T)} calls: writes three actions into a buffer of two. */
final class RaceRules {
  private RaceRules() {}

  static int fill(int[] out) {
    for (int a = 0; a < 3; a++) {
      out[a] = a; // the bug: a third action
    }
    return 3;
  }
}
