package dev.ponder.solve;

import dev.ponder.game.AbstractGame;
import dev.ponder.game.Game;
import dev.ponder.game.GameType;
import dev.ponder.game.State;
import dev.ponder.spec.Params;
import java.util.List;

/**
 * A test game for perfect recall: chance deals player 0 a card 0 or 1 (probability 1/2 each);
 * player 0 chooses a ∈ {0, 1}, player 1 (who sees a, not the card) chooses b ∈ {0, 1}, player 0
 * chooses c ∈ {0, 1}. Player 0 receives (card == c ? 1 : −1) · (1 + a + b); player 1 the negation.
 * Player 0's information state is {@code "P0 card <card> | <a> <b>"} so far (perfect recall);
 * with {@code forget} it leaves out the choices (the same string at both of player 0's decisions
 * on one history), with {@code forgetOwn} it leaves out player 0's own choice a (two histories
 * that differ in a share player 0's second information state). 4 + 8 + 16 + 1 + 2 = 31 histories.
 */
final class RecallGame extends AbstractGame {
  enum Flaw { NONE, FORGET, FORGET_OWN }

  final Flaw flaw;
  final boolean declaresPerfectRecall;

  RecallGame(Flaw flaw) {
    this(flaw, true);
  }

  /** With {@code declaresPerfectRecall} false, {@link #perfectRecall()} is false. */
  RecallGame(Flaw flaw, boolean declaresPerfectRecall) {
    super(new GameType("recall_game", "Recall test game", GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        GameType.Information.IMPERFECT_INFORMATION, GameType.Utility.ZERO_SUM, GameType.RewardModel.TERMINAL,
        2, 2, List.of()), Params.defaults("recall_game", List.of()));
    this.flaw = flaw;
    this.declaresPerfectRecall = declaresPerfectRecall;
  }

  @Override
  public boolean perfectRecall() {
    return declaresPerfectRecall;
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
    return -3;
  }

  @Override
  public double maxUtility() {
    return 3;
  }

  @Override
  public int maxGameLength() {
    return 4;
  }

  @Override
  public State newInitialState() {
    return new S(this);
  }

  static final class S extends State {
    final RecallGame g;
    final int[] moves = new int[4];
    int n;

    S(RecallGame g) {
      this.g = g;
    }

    @Override
    public Game game() {
      return g;
    }

    @Override
    public int currentPlayer() {
      return n == 0 ? CHANCE : n == 4 ? TERMINAL : (n - 1) % 2;
    }

    @Override
    public int legalActions(int[] out) {
      if (n == 4) {
        return 0;
      }
      out[0] = 0;
      out[1] = 1;
      return 2;
    }

    @Override
    public int chanceOutcomes(int[] actions, double[] probabilities) {
      actions[0] = 0;
      actions[1] = 1;
      probabilities[0] = 0.5;
      probabilities[1] = 0.5;
      return 2;
    }

    @Override
    protected void doApplyAction(int action) {
      moves[n++] = action;
    }

    @Override
    public String informationStateString(int player) {
      checkPlayer(player);
      StringBuilder sb = new StringBuilder();
      if (player == 0) {
        sb.append("P0 card ").append(n > 0 ? String.valueOf(moves[0]) : "?").append(" |");
        for (int i = 1; i < n; i++) {
          if (g.flaw == Flaw.FORGET || (g.flaw == Flaw.FORGET_OWN && i == 1)) {
            continue;
          }
          sb.append(' ').append(moves[i]);
        }
      } else {
        sb.append("P1 |");
        for (int i = 1; i < n; i++) {
          sb.append(' ').append(moves[i]);
        }
      }
      return sb.toString();
    }

    @Override
    public double playerReturn(int player) {
      checkPlayer(player);
      if (n < 4) {
        return 0;
      }
      double v = (moves[0] == moves[3] ? 1 : -1) * (1 + moves[1] + moves[2]);
      return player == 0 ? v : -v;
    }

    @Override
    public String actionToString(int player, int action) {
      return Integer.toString(action);
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
      System.arraycopy(o.moves, 0, moves, 0, 4);
      n = o.n;
      copyHistoryFrom(o);
    }

    @Override
    public String toString() {
      return informationStateString(0) + " / " + informationStateString(1);
    }
  }
}
