package dev.ponder.games.liarsdice;

import dev.ponder.game.AbstractGame;
import dev.ponder.game.Game;
import dev.ponder.game.GameType;
import dev.ponder.game.SimpleGameFactory;
import dev.ponder.game.State;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Liar's dice, OpenSpiel-compatible ({@code liars_dice}): two players, each rolls
 * {@code numdice} dice with {@code dice_sides} faces in secret (chance actions {@code 0..s−1},
 * action {@code k} the face {@code k+1}, string {@code Roll k+1}). Players then bid in turn, starting with player 0; each bid must be
 * strictly higher than the previous one, and after the first bid a player may call
 * {@code Liar} (action {@code D·s}, D = total dice). The highest face is wild. If the dice show at
 * least the bid quantity of the bid face (wilds included), the bidder wins (+1) and the caller
 * loses (−1); otherwise the reverse.
 *
 * <p>Bid {@code b} under {@code bidding_rule=reset-face} (default) is quantity {@code b/s+1},
 * face {@code b%s+1}; under {@code reset-quantity} quantity {@code b%D+1}, face {@code b/D+1}.
 * Action strings {@code quantity-face}. Information-state strings and tensors are OpenSpiel's
 * ({@code "2 1-2 1-5 Liar"}); OpenSpiel has no observation string, Ponder's is the player's dice
 * and the last two bids.
 */
public final class LiarsDice extends AbstractGame {
  static final GameType TYPE = new GameType("liars_dice", "Liars Dice",
      GameType.ChanceMode.EXPLICIT_STOCHASTIC, GameType.Information.IMPERFECT_INFORMATION,
      GameType.Utility.ZERO_SUM, GameType.RewardModel.TERMINAL, 2, 2,
      List.of(
          ParamSpec.ofInt("players", 2, 2, 2, "number of players"),
          ParamSpec.ofInt("numdice", 1, 1, 5, "dice per player"),
          ParamSpec.ofInt("dice_sides", 6, 2, 10, "faces per die; the highest face is wild"),
          ParamSpec.ofString("bidding_rule", "reset-face", "bid order: reset-face or reset-quantity")));

  private final int n;
  private final int numDice;
  private final int sides;
  private final boolean resetFace;
  private final int totalDice;

  /**
   * Creates the game from {@code players} (2, the only value), {@code numdice} (per player,
   * default 1, 1..5), {@code dice_sides} (default 6, 2..10) and {@code bidding_rule}
   * ({@code reset-face}, the default, or {@code reset-quantity}).
   *
   * @throws dev.ponder.spec.SpecException if a number is outside its range or {@code
   *     bidding_rule} is none of its two values
   */
  public LiarsDice(Params params) {
    super(TYPE, params);
    this.n = params.requireInt("players");
    this.numDice = params.requireInt("numdice");
    this.sides = params.requireInt("dice_sides");
    this.resetFace = params.requireOneOf("bidding_rule", "reset-face", "reset-quantity").equals("reset-face");
    this.totalDice = n * numDice;
  }

  /** Registry factory. */
  public static final class Factory extends SimpleGameFactory {
    /** Serves {@code liars_dice}; the game registry creates it from META-INF/services. */
    public Factory() {
      super(TYPE, LiarsDice::new);
    }
  }

  @Override
  public int numPlayers() {
    return n;
  }

  /** The {@code Liar} action id: total dice × sides. */
  public int liarAction() {
    return totalDice * sides;
  }

  @Override
  public int numDistinctActions() {
    return totalDice * sides + 1;
  }

  @Override
  public int maxChanceOutcomes() {
    return sides;
  }

  @Override
  public double minUtility() {
    return -1;
  }

  @Override
  public double maxUtility() {
    return 1;
  }

  /** One roll per die, then at most every bid and Liar. */
  @Override
  public int maxGameLength() {
    return totalDice + totalDice * sides + 1;
  }

  /** OpenSpiel's MaxGameLength: every bid and Liar. */
  @Override
  public int maxDecisions() {
    return totalDice * sides + 1;
  }

  /** One roll per die. */
  @Override
  public int maxChanceNodesInHistory() {
    return totalDice;
  }

  @Override
  public int[] informationStateTensorShape() {
    return new int[] {n + numDice * sides + totalDice * sides + 1};
  }

  @Override
  public int[] observationTensorShape() {
    return new int[] {n + numDice * sides + totalDice * sides + 1};
  }

  @Override
  public LiarsDiceState newInitialState() {
    return new LiarsDiceState(this);
  }

  /** Quantity of bid {@code b} (1..total dice). */
  int quantity(int b) {
    return resetFace ? b / sides + 1 : b % totalDice + 1;
  }

  /** Face of bid {@code b} (1..sides). */
  int face(int b) {
    return resetFace ? b % sides + 1 : b / totalDice + 1;
  }

  /** A liar's dice state. Supports undo. */
  public static final class LiarsDiceState extends State {
    private final LiarsDice game;
    /** dice[p][d]: face 1..s, or −1 before the roll; sorted per player once all dice are rolled. */
    private final int[][] dice;
    private final int[] bids;
    private int numBids;
    private int rolled;
    private int curPlayer = CHANCE;
    private int winner = -1;
    private int loser = -1;
    /** Initial state to reset a resampling target from (allocated on its first use). */
    private LiarsDiceState blank;

    LiarsDiceState(LiarsDice game) {
      this.game = game;
      dice = new int[game.n][game.numDice];
      for (int[] d : dice) {
        Arrays.fill(d, -1);
      }
      bids = new int[game.maxGameLength()];
    }

    @Override
    public Game game() {
      return game;
    }

    /** Face of die {@code d} of {@code player}, or −1 if not rolled. */
    public int die(int player, int d) {
      return dice[player][d];
    }

    @Override
    public int currentPlayer() {
      return winner >= 0 ? TERMINAL : curPlayer;
    }

    private int currentBid() {
      return numBids == 0 ? -1 : bids[numBids - 1];
    }

    @Override
    public int legalActions(int[] out) {
      if (winner >= 0) {
        return 0;
      }
      int k = 0;
      if (curPlayer == CHANCE) {
        for (int i = 0; i < game.sides; i++) {
          out[k++] = i;
        }
        return k;
      }
      int liar = game.liarAction();
      for (int b = currentBid() + 1; b < liar; b++) {
        out[k++] = b;
      }
      if (numBids > 0) {
        out[k++] = liar;
      }
      return k;
    }

    @Override
    public boolean isLegal(int action) {
      if (winner >= 0) {
        return false;
      }
      if (curPlayer == CHANCE) {
        return action >= 0 && action < game.sides;
      }
      int liar = game.liarAction();
      return (action > currentBid() && action < liar) || (action == liar && numBids > 0);
    }

    @Override
    public int chanceOutcomes(int[] actions, double[] probabilities) {
      if (!isChanceNode()) {
        throw new IllegalStateException("not a chance node");
      }
      double p = 1.0 / game.sides;
      for (int i = 0; i < game.sides; i++) {
        actions[i] = i;
        probabilities[i] = p;
      }
      return game.sides;
    }

    @Override
    protected void doApplyAction(int action) {
      if (curPlayer == CHANCE) {
        int p = rolled / game.numDice;
        dice[p][rolled % game.numDice] = action + 1;
        rolled++;
        if (rolled == game.totalDice) {
          for (int[] d : dice) {
            Arrays.sort(d);
          }
          curPlayer = 0;
        }
        return;
      }
      bids[numBids++] = action;
      if (action == game.liarAction()) {
        resolve();
      } else {
        curPlayer = 1 - curPlayer;
      }
    }

    private void resolve() {
      int bid = bids[numBids - 2];
      int q = game.quantity(bid);
      int f = game.face(bid);
      int matches = 0;
      for (int[] d : dice) {
        for (int v : d) {
          if (v == f || v == game.sides) {
            matches++;
          }
        }
      }
      int caller = curPlayer;
      int bidder = 1 - curPlayer;
      if (matches >= q) {
        winner = bidder;
        loser = caller;
      } else {
        winner = caller;
        loser = bidder;
      }
    }

    @Override
    public boolean supportsUndo() {
      return true;
    }

    @Override
    protected void doUndoAction(int action) {
      if (numBids == 0) {
        // undo a roll: the dice were sorted when the last die was rolled, which only reorders
        // each player's dice; restore the roll order from the history
        rolled--;
        curPlayer = CHANCE;
        for (int[] d : dice) {
          Arrays.fill(d, -1);
        }
        for (int i = 0; i < rolled; i++) {
          dice[i / game.numDice][i % game.numDice] = historyAt(i) + 1;
        }
        return;
      }
      numBids--;
      if (action == game.liarAction()) {
        winner = -1;
        loser = -1;
      } else {
        curPlayer = 1 - curPlayer;
      }
    }

    @Override
    public double playerReturn(int player) {
      checkPlayer(player);
      if (player == winner) {
        return 1;
      }
      return player == loser ? -1 : 0;
    }

    @Override
    public String actionToString(int player, int action) {
      if (player == CHANCE) {
        return "Roll " + (action + 1);
      }
      if (action == game.liarAction()) {
        return "Liar";
      }
      return game.quantity(action) + "-" + game.face(action);
    }

    private void appendBids(StringBuilder sb) {
      for (int i = 0; i < numBids; i++) {
        sb.append(' ').append(actionToString(0, bids[i]));
      }
    }

    @Override
    public String informationStateString(int player) {
      checkPlayer(player);
      StringBuilder sb = new StringBuilder(32);
      for (int v : dice[player]) {
        sb.append(v);
      }
      appendBids(sb);
      return sb.toString();
    }

    /**
     * OpenSpiel's liars_dice provides no observation string; Ponder's shows what the observation
     * tensor holds: the player's dice, then the last two bids.
     */
    @Override
    public String observationString(int player) {
      checkPlayer(player);
      StringBuilder sb = new StringBuilder(16);
      for (int v : dice[player]) {
        sb.append(v);
      }
      for (int i = Math.max(0, numBids - game.n); i < numBids; i++) {
        sb.append(' ').append(actionToString(0, bids[i]));
      }
      return sb.toString();
    }

    private void writeTensor(int player, float[] out, int firstBid) {
      checkPlayer(player);
      int size = game.informationStateTensorShape()[0];
      Arrays.fill(out, 0, size, 0f);
      out[player] = 1f;
      int off = game.n;
      for (int d = 0; d < game.numDice; d++) {
        int v = dice[player][d];
        if (v > 0) {
          out[off + v - 1] = 1f;
        }
        off += game.sides;
      }
      off = game.n + game.numDice * game.sides;
      for (int i = firstBid; i < numBids; i++) {
        out[off + bids[i]] = 1f;
      }
    }

    @Override
    public void informationStateTensor(int player, float[] out) {
      writeTensor(player, out, 0);
    }

    /** As the information-state tensor, but only the last two bids are marked (as OpenSpiel). */
    @Override
    public void observationTensor(int player, float[] out) {
      writeTensor(player, out, Math.max(0, numBids - game.n));
    }

    /**
     * Re-rolls the other player's dice uniformly (every roll is consistent with every bidding
     * sequence), keeping {@code player}'s dice and the bids, from the first decision on (before the
     * first bid too). While the dice are being rolled (a chance node, where no player decides) and
     * at the end of the game this returns a copy, the dice rolled so far included, as OpenSpiel's
     * {@code ResampleFromInfostate} does.
     */
    @Override
    public State resample(int player, SplittableRandom rng) {
      return resampleIntoNewState(player, rng);
    }

    /**
     * {@link #resample}'s rule, drawn into {@code target} (a Liar's Dice state of the same game)
     * by replaying the re-rolled dice and the bids from the initial state; allocates nothing once
     * the target has its buffers (first call).
     */
    @Override
    public void resampleInto(int player, SplittableRandom rng, State target) {
      checkResampleTarget(player, target);
      LiarsDiceState s = (LiarsDiceState) target;
      if (winner >= 0 || curPlayer == CHANCE) {
        s.copyFrom(this);
        return;
      }
      if (s.blank == null) {
        s.blank = new LiarsDiceState(game);
      }
      s.copyFrom(s.blank);
      for (int i = 0; i < game.totalDice; i++) {
        int p = i / game.numDice;
        s.applyActionUnchecked(p == player ? historyAt(i) : rng.nextInt(game.sides));
      }
      for (int i = 0; i < numBids; i++) {
        s.applyActionUnchecked(bids[i]);
      }
    }

    /**
     * A key of {@link #informationStateString(int)} computed from the fields it prints (the
     * player's dice, the bids) without allocating: equal strings give equal keys.
     */
    @Override
    public long informationStateKey(int player) {
      checkPlayer(player);
      long h = mix64(0x4C49_4152_0000_0000L + player);
      for (int v : dice[player]) {
        h = mix64(h + v + 2);
      }
      for (int i = 0; i < numBids; i++) {
        h = mix64(h + bids[i] + 0x9E3779B97F4A7C15L);
      }
      return mix64(h ^ numBids);
    }

    @Override
    public LiarsDiceState copy() {
      LiarsDiceState s = new LiarsDiceState(game);
      s.copyFrom(this);
      return s;
    }

    @Override
    public void copyFrom(State other) {
      LiarsDiceState o = (LiarsDiceState) other;
      for (int p = 0; p < dice.length; p++) {
        System.arraycopy(o.dice[p], 0, dice[p], 0, dice[p].length);
      }
      System.arraycopy(o.bids, 0, bids, 0, o.numBids);
      numBids = o.numBids;
      rolled = o.rolled;
      curPlayer = o.curPlayer;
      winner = o.winner;
      loser = o.loser;
      copyHistoryFrom(o);
    }

    /** OpenSpiel's rendering: each player's dice, then the bids. */
    @Override
    public String toString() {
      StringBuilder sb = new StringBuilder();
      for (int p = 0; p < dice.length; p++) {
        if (p > 0) {
          sb.append(' ');
        }
        for (int v : dice[p]) {
          sb.append(v);
        }
      }
      if (curPlayer == CHANCE) {
        return sb.append(" - chance node, current roller is player ").append(rolled / game.numDice).toString();
      }
      appendBids(sb);
      return sb.toString();
    }
  }
}
