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
 * Test-only race games: the players alternately add 1 or 2 (actions 0 and 1) to a running total
 * starting at 0; whoever brings it to {@code goal} or beyond wins. Three games play it, each with
 * its own name, parameters and planted faults:
 *
 * <ul>
 *   <li>{@code open_race} (goal 5 by default) declares imperfect information but hides nothing:
 *       the information state is the whole history (State's default) and {@code resample} returns
 *       the state itself, the only consistent world. It breaks no invariant of the conformance
 *       kit, which warns about it ({@code hidden-information}).
 *   <li>{@code leaky_race} (goal 10): with {@code leak=true} its {@code copyFrom} forgets {@code
 *       copyHistoryFrom} — the mistake the conformance kit's {@code copy} check exists for; with
 *       {@code leak=false} the game is correct. With {@code total_hash=true} its hash is the total
 *       alone, which leaves out the player to move (the kit's {@code hash} check fails: 1+1 and 2
 *       reach total 2 with different players to move).
 *   <li>{@code crash_race} (goal 10) can be made to crash the way a game author's bug does: with
 *       {@code legal_crash_at=T} its {@code legalActions} writes past the caller's buffer (an {@link
 *       ArrayIndexOutOfBoundsException} thrown from the game's own line) once the total is T; with
 *       {@code apply_crash_at=T} its {@code doApplyAction} throws an {@link IllegalStateException}
 *       when applied at total T; with {@code helper_crash_at=T} the helper {@link RaceRules}
 *       overruns the buffer at total T. All default to -1 (never), which is a correct game.
 * </ul>
 *
 * <p>Only {@code leaky_race}'s state overrides {@code hash} and only {@code open_race}'s {@code
 * resample} (the conformance kit and {@code ponder check} look at which methods a state
 * overrides), so each game's states are of their own class.
 */
final class RaceGame extends TwoPlayerZeroSumGame {
  static final GameType OPEN = type("open_race", "Open Race", GameType.Information.IMPERFECT_INFORMATION, 5);
  static final GameType LEAKY = type("leaky_race", "Leaky Race", GameType.Information.PERFECT_INFORMATION, 10,
      ParamSpec.ofBool("leak", true, "whether copyFrom forgets the history"),
      ParamSpec.ofBool("total_hash", false, "whether hash() is the total alone (ignoring the player to move)"));
  static final GameType CRASH = type("crash_race", "Crash Race", GameType.Information.PERFECT_INFORMATION, 10,
      ParamSpec.ofInt("legal_crash_at", -1, -1, 100, "total at which legalActions overruns its buffer (-1: never)"),
      ParamSpec.ofInt("apply_crash_at", -1, -1, 100, "total at which applying a move throws (-1: never)"),
      ParamSpec.ofInt("helper_crash_at", -1, -1, 100,
          "total at which legalActions' helper RaceRules overruns the buffer (-1: never)"));

  final int goal;
  final boolean leak;
  final boolean totalHash;
  final int legalCrashAt;
  final int applyCrashAt;
  final int helperCrashAt;

  private RaceGame(GameType type, Params params) {
    super(type, params);
    this.goal = params.requireInt("goal");
    this.leak = type == LEAKY && params.getBool("leak");
    this.totalHash = type == LEAKY && params.getBool("total_hash");
    this.legalCrashAt = type == CRASH ? params.requireInt("legal_crash_at") : -1;
    this.applyCrashAt = type == CRASH ? params.requireInt("apply_crash_at") : -1;
    this.helperCrashAt = type == CRASH ? params.requireInt("helper_crash_at") : -1;
  }

  private static GameType type(String name, String longName, GameType.Information information, int goal,
      ParamSpec... more) {
    List<ParamSpec> params = new java.util.ArrayList<>();
    params.add(ParamSpec.ofInt("goal", goal, 1, 100, "total that ends the game"));
    params.addAll(List.of(more));
    return new GameType(name, longName, GameType.ChanceMode.DETERMINISTIC, information, GameType.Utility.ZERO_SUM,
        GameType.RewardModel.TERMINAL, 2, 2, List.copyOf(params));
  }

  /** Registry factory of {@code open_race}. */
  public static final class OpenFactory extends SimpleGameFactory {
    public OpenFactory() {
      super(OPEN, p -> new RaceGame(OPEN, p));
    }
  }

  /** Registry factory of {@code leaky_race}. */
  public static final class LeakyFactory extends SimpleGameFactory {
    public LeakyFactory() {
      super(LEAKY, p -> new RaceGame(LEAKY, p));
    }
  }

  /** Registry factory of {@code crash_race}. */
  public static final class CrashFactory extends SimpleGameFactory {
    public CrashFactory() {
      super(CRASH, p -> new RaceGame(CRASH, p));
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
    return type() == OPEN ? new OpenState(this) : type() == LEAKY ? new LeakyState(this) : new RaceState(this);
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

  /** The state of {@code crash_race}, and the rules of all three. */
  static class RaceState extends State {
    final RaceGame game;
    int total;
    int toMove;

    RaceState(RaceGame game) {
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
      State s = game.newInitialState();
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
    public String toString() {
      return "total " + total + " of " + game.goal + ", player " + toMove + " to move";
    }
  }

  /** {@code leaky_race}: a hash of its own, the total alone with {@code total_hash=true}. */
  static final class LeakyState extends RaceState {
    LeakyState(RaceGame game) {
      super(game);
    }

    @Override
    public long hash() {
      return game.totalHash ? total : super.hash();
    }
  }

  /** {@code open_race}: hides nothing, so the state itself is the only world consistent with it. */
  static final class OpenState extends RaceState {
    OpenState(RaceGame game) {
      super(game);
    }

    @Override
    public State resample(int player, SplittableRandom rng) {
      checkPlayer(player);
      return copy();
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
