package dev.ponder.solve;

import dev.ponder.game.AbstractGame;
import dev.ponder.game.Game;
import dev.ponder.game.GameType;
import dev.ponder.game.State;
import dev.ponder.spec.Params;
import java.util.List;

/**
 * A test game with a long forced line: {@code length} chance nodes with a single outcome (0),
 * then a simultaneous-move bimatrix game written as two decisions: player 0 picks a ∈ {0, 1},
 * player 1 picks b ∈ {0, 1} without seeing a. Player 0 receives 2 for (0, 0), 1 for (1, 1) and −1
 * otherwise; player 1 the negation (zero-sum). Histories are {@code length + 2} actions long,
 * the tree has {@code length + 7} of them. With {@code sharedKey}, both decisions have the
 * information-state string {@code "blind"} (player 1 sees nothing of a), so one string is the
 * information state of two players (as phantom_ttt's empty board).
 */
final class LongLineGame extends AbstractGame {
  final int length;
  final boolean sharedKey;

  LongLineGame(int length) {
    this(length, false);
  }

  LongLineGame(int length, boolean sharedKey) {
    super(new GameType("long_line", "Long forced line", GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        GameType.Information.IMPERFECT_INFORMATION, GameType.Utility.ZERO_SUM, GameType.RewardModel.TERMINAL,
        2, 2, List.of()), Params.defaults("long_line", List.of()));
    this.length = length;
    this.sharedKey = sharedKey;
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
    return 1;
  }

  @Override
  public double minUtility() {
    return -2;
  }

  @Override
  public double maxUtility() {
    return 2;
  }

  @Override
  public int maxGameLength() {
    return length + 2;
  }

  @Override
  public State newInitialState() {
    return new S(this);
  }

  static final class S extends State {
    final LongLineGame g;
    int forced;
    int a = -1;
    int b = -1;

    S(LongLineGame g) {
      this.g = g;
    }

    @Override
    public Game game() {
      return g;
    }

    @Override
    public int currentPlayer() {
      if (forced < g.length) {
        return CHANCE;
      }
      return a < 0 ? 0 : b < 0 ? 1 : TERMINAL;
    }

    @Override
    public int legalActions(int[] out) {
      int p = currentPlayer();
      if (p == TERMINAL) {
        return 0;
      }
      if (p == CHANCE) {
        out[0] = 0;
        return 1;
      }
      out[0] = 0;
      out[1] = 1;
      return 2;
    }

    @Override
    public int chanceOutcomes(int[] actions, double[] probabilities) {
      actions[0] = 0;
      probabilities[0] = 1.0;
      return 1;
    }

    @Override
    protected void doApplyAction(int action) {
      if (forced < g.length) {
        forced++;
      } else if (a < 0) {
        a = action;
      } else {
        b = action;
      }
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
      forced = o.forced;
      a = o.a;
      b = o.b;
      copyHistoryFrom(o);
    }

    @Override
    public double playerReturn(int player) {
      if (b < 0) {
        return 0;
      }
      double p0 = a == b ? (a == 0 ? 2 : 1) : -1;
      return player == 0 ? p0 : -p0;
    }

    /** Short on purpose: the default (the whole history) would be {@code length} long. */
    @Override
    public String informationStateString(int player) {
      checkPlayer(player);
      if (g.sharedKey) {
        return "blind";
      }
      return player == 0 || a < 0 ? "p" + player : "p1 to answer";
    }

    @Override
    public String actionToString(int player, int action) {
      return Integer.toString(action);
    }

    @Override
    public String toString() {
      return "forced " + forced + ", a " + a + ", b " + b;
    }
  }
}
