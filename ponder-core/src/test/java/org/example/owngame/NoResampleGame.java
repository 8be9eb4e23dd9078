package org.example.owngame;

import dev.ponder.game.AbstractGame;
import dev.ponder.game.Game;
import dev.ponder.game.GameType;
import dev.ponder.game.SimpleGameFactory;
import dev.ponder.game.State;
import dev.ponder.spec.Params;
import java.util.List;

/**
 * Test-only game {@code no_resample}, outside {@code dev.ponder} as a user's game is: an
 * imperfect-information game that does not implement {@code resample}/{@code resampleInto}, the
 * deliberate omission. Chance deals a hidden bit (0 or 1, each with probability 1/2) that player 0
 * sees; player 0 says 0 or 1; player 1, who sees only what player 0 said, guesses the bit. Player 1
 * wins 1 from player 0 on a right guess, else loses 1.
 */
public final class NoResampleGame extends AbstractGame {
  static final GameType TYPE = new GameType("no_resample", "No Resample", GameType.ChanceMode.EXPLICIT_STOCHASTIC,
      GameType.Information.IMPERFECT_INFORMATION, GameType.Utility.ZERO_SUM, GameType.RewardModel.TERMINAL, 2, 2,
      List.of());

  NoResampleGame(Params params) {
    super(TYPE, params);
  }

  /** Registry factory. */
  public static final class Factory extends SimpleGameFactory {
    public Factory() {
      super(TYPE, NoResampleGame::new);
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
    return 3;
  }

  @Override
  public int maxDecisions() {
    return 2;
  }

  @Override
  public int maxChanceNodesInHistory() {
    return 1;
  }

  @Override
  public State newInitialState() {
    return new S(this);
  }

  static final class S extends State {
    private final NoResampleGame game;

    S(NoResampleGame game) {
      this.game = game;
    }

    @Override
    public Game game() {
      return game;
    }

    @Override
    public int currentPlayer() {
      int n = historySize();
      return n == 0 ? CHANCE : n == 1 ? 0 : n == 2 ? 1 : TERMINAL;
    }

    @Override
    public int legalActions(int[] out) {
      if (historySize() >= 3) {
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
      // the history (kept by the base class) is the whole state
    }

    @Override
    public double playerReturn(int player) {
      checkPlayer(player);
      if (historySize() < 3) {
        return 0;
      }
      int right = historyAt(2) == historyAt(0) ? 1 : -1;
      return player == 1 ? right : -right;
    }

    @Override
    public String informationStateString(int player) {
      checkPlayer(player);
      StringBuilder sb = new StringBuilder();
      if (player == 0 && historySize() > 0) {
        sb.append("bit ").append(historyAt(0));
      }
      if (historySize() > 1) {
        sb.append(sb.length() == 0 ? "" : ", ").append("said ").append(historyAt(1));
      }
      if (historySize() > 2) {
        sb.append(", guessed ").append(historyAt(2));
      }
      return sb.toString();
    }

    @Override
    public String actionToString(int player, int action) {
      return player == CHANCE ? "bit " + action : player == 0 ? "say " + action : "guess " + action;
    }

    @Override
    public State copy() {
      S s = new S(game);
      s.copyFrom(this);
      return s;
    }

    @Override
    public void copyFrom(State other) {
      copyHistoryFrom(other);
    }

    @Override
    public String toString() {
      return "history [" + historyString() + "]";
    }
  }
}
