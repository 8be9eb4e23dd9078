package dev.ponder.games.pig;

import dev.ponder.game.AbstractGame;
import dev.ponder.game.Game;
import dev.ponder.game.GameType;
import dev.ponder.game.SimpleGameFactory;
import dev.ponder.game.State;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import java.util.Arrays;
import java.util.List;

/**
 * Pig, the dice game, OpenSpiel-compatible ({@code pig}). On a turn the player repeatedly chooses
 * {@code roll} (action 0) or {@code stop} (action 1). Rolling a 1 loses the turn total and passes
 * the turn; any other face {@code f} adds {@code f} to the turn total; stopping banks the turn
 * total and passes the turn (round robin). The first to bank {@code winscore} (default 100) wins:
 * +1 for the winner, −1/(n−1) for the others. With {@code piglet=true} the chance outcomes are
 * "1" (action 0, probability 1/d) and "not 1" (action 1, adds 1). The game also ends after
 * {@code horizon} decisions (default 1000), everyone getting 0 if nobody has won. Once the banked
 * score plus turn total reaches {@code winscore}, only {@code stop} is legal.
 *
 * <p>Chance outcome {@code i} is the face {@code i+1}, written {@code Roll i+1}, each with
 * probability 1/{@code diceoutcomes} (piglet: {@code Roll 0} and {@code Roll 1}, with the
 * probabilities above). OpenSpiel's {@code MaxGameLength} is
 * the horizon ({@link #maxDecisions()}); a history holds at most 2·horizon − 1 actions.
 *
 * <p>Observation tensor, shape [1 + players, winscore + 1]: one-hot turn total, then one-hot
 * score of each player (values ≥ winscore in the last bin).
 */
public final class Pig extends AbstractGame {
  static final GameType TYPE = new GameType("pig", "Pig",
      GameType.ChanceMode.EXPLICIT_STOCHASTIC, GameType.Information.PERFECT_INFORMATION,
      GameType.Utility.ZERO_SUM, GameType.RewardModel.TERMINAL, 2, 10,
      List.of(
          ParamSpec.ofInt("players", 2, 2, 10, "number of players"),
          ParamSpec.ofInt("horizon", 1000, 1, 1_000_000, "maximum number of decisions before the game ends"),
          ParamSpec.ofInt("winscore", 100, 1, 1_000_000, "banked score that wins"),
          ParamSpec.ofInt("diceoutcomes", 6, 2, 1000, "faces of the die"),
          ParamSpec.ofBool("piglet", false, "two outcomes only: 1 (lose the turn) or not 1 (add 1)")));

  /** Decision action 0: roll the die ({@code roll}). */
  public static final int ROLL = 0;
  /** Decision action 1: bank the turn total and pass the turn ({@code stop}). */
  public static final int STOP = 1;

  final int players;
  final int horizon;
  final int winScore;
  final int dice;
  final boolean piglet;

  /**
   * Creates the game from {@code players} (default 2, 2..10), {@code horizon} (decisions,
   * default 1000, 1..1,000,000), {@code winscore} (default 100, 1..1,000,000),
   * {@code diceoutcomes} (default 6, 2..1000) and {@code piglet} (default false).
   *
   * @throws dev.ponder.spec.SpecException if a number is outside its range
   */
  public Pig(Params params) {
    super(TYPE, params);
    this.players = params.requireInt("players");
    this.horizon = params.requireInt("horizon");
    this.winScore = params.requireInt("winscore");
    this.dice = params.requireInt("diceoutcomes");
    this.piglet = params.getBool("piglet");
  }

  /** Registry factory. */
  public static final class Factory extends SimpleGameFactory {
    /** Serves {@code pig}; the game registry creates it from META-INF/services. */
    public Factory() {
      super(TYPE, Pig::new);
    }
  }

  @Override
  public int numPlayers() {
    return players;
  }

  @Override
  public int numDistinctActions() {
    return 2;
  }

  @Override
  public int maxChanceOutcomes() {
    return dice;
  }

  @Override
  public double minUtility() {
    return -1;
  }

  @Override
  public double maxUtility() {
    return 1;
  }

  /** At most {@code horizon} decisions, each roll but the last followed by a chance outcome. */
  @Override
  public int maxGameLength() {
    return 2 * horizon - 1;
  }

  @Override
  public int maxDecisions() {
    return horizon;
  }

  /** Every chance outcome follows a roll, and the horizon-th decision ends the game first. */
  @Override
  public int maxChanceNodesInHistory() {
    return horizon - 1;
  }

  @Override
  public int[] observationTensorShape() {
    return new int[] {1 + players, winScore + 1};
  }

  @Override
  public PigState newInitialState() {
    return new PigState(this);
  }

  /** A Pig state: banked scores, the turn total, whose turn it is and whether the die is rolling. */
  public static final class PigState extends State {
    private final Pig game;
    private final int[] scores;
    private int turnTotal;
    private int turnPlayer;
    private boolean rolling;
    private int decisions;

    PigState(Pig game) {
      this.game = game;
      this.scores = new int[game.players];
    }

    @Override
    public Game game() {
      return game;
    }

    /** Banked score of {@code player}. */
    public int score(int player) {
      checkPlayer(player);
      return scores[player];
    }

    /** Points accumulated this turn, not yet banked. */
    public int turnTotal() {
      return turnTotal;
    }

    /** The player whose turn it is (also during the roll). */
    public int turnPlayer() {
      return turnPlayer;
    }

    private boolean over() {
      if (decisions >= game.horizon) {
        return true;
      }
      for (int s : scores) {
        if (s >= game.winScore) {
          return true;
        }
      }
      return false;
    }

    @Override
    public int currentPlayer() {
      return over() ? TERMINAL : rolling ? CHANCE : turnPlayer;
    }

    @Override
    public int legalActions(int[] out) {
      if (over()) {
        return 0;
      }
      if (rolling) {
        int n = game.piglet ? 2 : game.dice;
        for (int i = 0; i < n; i++) {
          out[i] = i;
        }
        return n;
      }
      if (scores[turnPlayer] + turnTotal >= game.winScore) {
        out[0] = STOP;
        return 1;
      }
      out[0] = ROLL;
      out[1] = STOP;
      return 2;
    }

    @Override
    public boolean isLegal(int action) {
      if (over()) {
        return false;
      }
      if (rolling) {
        return action >= 0 && action < (game.piglet ? 2 : game.dice);
      }
      return action == STOP || (action == ROLL && scores[turnPlayer] + turnTotal < game.winScore);
    }

    @Override
    public int chanceOutcomes(int[] actions, double[] probabilities) {
      if (!rolling || over()) {
        throw new IllegalStateException("not a chance node");
      }
      double p = 1.0 / game.dice;
      if (game.piglet) {
        actions[0] = 0;
        probabilities[0] = p;
        actions[1] = 1;
        probabilities[1] = 1.0 - p;
        return 2;
      }
      for (int i = 0; i < game.dice; i++) {
        actions[i] = i;
        probabilities[i] = p;
      }
      return game.dice;
    }

    @Override
    protected void doApplyAction(int action) {
      if (rolling) {
        rolling = false;
        if (action == 0) {
          turnTotal = 0;
          turnPlayer = (turnPlayer + 1) % game.players;
        } else {
          turnTotal += game.piglet ? 1 : action + 1;
        }
      } else if (action == ROLL) {
        rolling = true;
        decisions++;
      } else {
        scores[turnPlayer] += turnTotal;
        turnTotal = 0;
        turnPlayer = (turnPlayer + 1) % game.players;
        decisions++;
      }
    }

    @Override
    public double playerReturn(int player) {
      checkPlayer(player);
      if (!over()) {
        return 0;
      }
      for (int p = 0; p < game.players; p++) {
        if (scores[p] >= game.winScore) {
          return p == player ? 1 : -1.0 / (game.players - 1);
        }
      }
      return 0;
    }

    @Override
    public String actionToString(int player, int action) {
      if (player == CHANCE) {
        return "Roll " + (game.piglet ? action : action + 1);
      }
      return action == ROLL ? "roll" : "stop";
    }

    @Override
    public void observationTensor(int player, float[] out) {
      checkPlayer(player);
      int bins = game.winScore + 1;
      Arrays.fill(out, 0, (1 + game.players) * bins, 0f);
      out[Math.min(turnTotal, bins - 1)] = 1f;
      for (int p = 0; p < game.players; p++) {
        out[(1 + p) * bins + Math.min(scores[p], bins - 1)] = 1f;
      }
    }

    /**
     * A key of the position, not of the history: the banked scores, the turn total, the player
     * whose turn it is, whether the die is being rolled, and the number of decisions (the horizon
     * reads it). Equal positions reached by different rolls hash alike (a turn total of 5 from a 2
     * and a 3 in either order). Allocates nothing.
     */
    @Override
    public long hash() {
      long h = 0x5049_4753_5441_5445L;
      for (int s : scores) {
        h = mix64(h + s);
      }
      h = mix64(h + turnTotal);
      h = mix64(h + turnPlayer);
      h = mix64(h + (rolling ? 1 : 0));
      return mix64(h + decisions);
    }

    @Override
    public PigState copy() {
      PigState s = new PigState(game);
      s.copyFrom(this);
      return s;
    }

    @Override
    public void copyFrom(State other) {
      PigState o = (PigState) other;
      System.arraycopy(o.scores, 0, scores, 0, scores.length);
      turnTotal = o.turnTotal;
      turnPlayer = o.turnPlayer;
      rolling = o.rolling;
      decisions = o.decisions;
      copyHistoryFrom(o);
    }

    @Override
    public String toString() {
      StringBuilder sb = new StringBuilder(48).append("Scores:");
      for (int s : scores) {
        sb.append(' ').append(s);
      }
      sb.append(", Turn total: ").append(turnTotal).append("\nCurrent player: ").append(turnPlayer);
      return sb.append(rolling ? " (rolling)\n" : "\n").toString();
    }
  }
}
