package dev.ponder.games.phantomttt;

import dev.ponder.game.Game;
import dev.ponder.game.GameType;
import dev.ponder.game.SimpleGameFactory;
import dev.ponder.game.State;
import dev.ponder.game.TwoPlayerZeroSumGame;
import dev.ponder.games.phantom.PhantomState;
import dev.ponder.games.tictactoe.TicTacToe;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import java.util.List;

/**
 * Phantom tic-tac-toe, OpenSpiel-compatible ({@code phantom_ttt}): tic-tac-toe where each player
 * sees only its own marks and the opponent marks it has bumped into (see {@link PhantomState}).
 * Player 0 is {@code x}; actions are cells 0..8 row-major with strings {@code x(r,c)} /
 * {@code o(r,c)}; returns +1 / −1 / 0.
 *
 * <p>Parameters: {@code obstype} = {@code reveal-nothing} (default) or {@code reveal-numturns};
 * {@code gameversion} = {@code classical} (default: after a failed move the same player moves
 * again) or {@code abrupt} (a failed move passes the turn).
 */
public final class PhantomTicTacToe extends TwoPlayerZeroSumGame {
  static final GameType TYPE = new GameType("phantom_ttt", "Phantom Tic Tac Toe",
      GameType.ChanceMode.DETERMINISTIC, GameType.Information.IMPERFECT_INFORMATION,
      GameType.Utility.ZERO_SUM, GameType.RewardModel.TERMINAL, 2, 2,
      List.of(ParamSpec.ofString("obstype", "reveal-nothing", "reveal-nothing or reveal-numturns"),
          ParamSpec.ofString("gameversion", "classical", "classical or abrupt")));

  final boolean revealNumTurns;
  final boolean abrupt;

  /**
   * Creates the game from {@code obstype} ({@code reveal-nothing}, the default, or
   * {@code reveal-numturns}) and {@code gameversion} ({@code classical}, the default, or
   * {@code abrupt}).
   *
   * @throws dev.ponder.spec.SpecException if either is none of its two values
   */
  public PhantomTicTacToe(Params params) {
    super(TYPE, params);
    revealNumTurns = params.requireOneOf("obstype", "reveal-nothing", "reveal-numturns")
        .equals("reveal-numturns");
    abrupt = params.requireOneOf("gameversion", "classical", "abrupt").equals("abrupt");
  }

  /** Registry factory. */
  public static final class Factory extends SimpleGameFactory {
    /** Serves {@code phantom_ttt}; the game registry creates it from META-INF/services. */
    public Factory() {
      super(TYPE, PhantomTicTacToe::new);
    }
  }

  @Override
  public int numDistinctActions() {
    return 9;
  }

  @Override
  public int maxGameLength() {
    return 17;
  }

  private int longestSequence() {
    return revealNumTurns ? 17 : 9;
  }

  @Override
  public int[] informationStateTensorShape() {
    return new int[] {1, 27 + longestSequence() * (revealNumTurns ? 11 : 9)};
  }

  @Override
  public int[] observationTensorShape() {
    return new int[] {revealNumTurns ? 27 + longestSequence() : 27};
  }

  @Override
  public PhantomTttState newInitialState() {
    return new PhantomTttState(this);
  }

  /** A phantom tic-tac-toe state: the hidden board (two 9-bit masks) and both views. */
  public static final class PhantomTttState extends PhantomState {
    private static final byte NOUGHT = 1;
    private static final byte CROSS = 2;
    private final PhantomTicTacToe g;
    final int[] marks = new int[2];

    PhantomTttState(PhantomTicTacToe g) {
      super(9, g.abrupt, g.revealNumTurns, 17);
      this.g = g;
    }

    @Override
    public Game game() {
      return g;
    }

    @Override
    protected boolean occupied(int cell) {
      return ((marks[0] | marks[1]) & (1 << cell)) != 0;
    }

    @Override
    protected void place(int player, int cell) {
      marks[player] |= 1 << cell;
    }

    @Override
    protected boolean boardOver() {
      return (marks[0] | marks[1]) == 0x1FF || TicTacToe.wins(marks[0]) || TicTacToe.wins(marks[1]);
    }

    @Override
    protected int winner() {
      return TicTacToe.wins(marks[0]) ? 0 : TicTacToe.wins(marks[1]) ? 1 : -1;
    }

    @Override
    protected byte viewCodeOf(int cell) {
      int bit = 1 << cell;
      return (marks[0] & bit) != 0 ? CROSS : (marks[1] & bit) != 0 ? NOUGHT : 0;
    }

    @Override
    protected void stones(int player, long[] out, int offset) {
      out[offset] = marks[player];
    }

    @Override
    protected char viewChar(byte code) {
      return code == CROSS ? 'x' : code == NOUGHT ? 'o' : '.';
    }

    @Override
    protected int viewColumns() {
      return 3;
    }

    @Override
    protected boolean infoShowsLength() {
      return false;
    }

    @Override
    protected int tensorIndex(int cell, byte code) {
      return 9 * code + cell;
    }

    @Override
    protected int cellStates() {
      return 3;
    }

    @Override
    protected boolean isOwnCode(int player, byte code) {
      return code == (player == 0 ? CROSS : NOUGHT);
    }

    @Override
    protected void copyBoardFrom(PhantomState other) {
      PhantomTttState o = (PhantomTttState) other;
      marks[0] = o.marks[0];
      marks[1] = o.marks[1];
    }

    @Override
    public String actionToString(int player, int action) {
      return (player == 0 ? "x" : "o") + "(" + action / 3 + "," + action % 3 + ")";
    }

    @Override
    public void observationTensor(int player, float[] out) {
      fillObservation(player, out, g.observationTensorShape()[0]);
    }

    @Override
    public PhantomTttState copy() {
      PhantomTttState s = new PhantomTttState(g);
      s.copyFrom(this);
      return s;
    }

    @Override
    public void copyFrom(State other) {
      copyPhantomFrom((PhantomTttState) other);
    }

    /** The hidden board, as tic-tac-toe prints it. */
    @Override
    public String toString() {
      StringBuilder sb = new StringBuilder(11);
      for (int c = 0; c < 9; c++) {
        if (c > 0 && c % 3 == 0) {
          sb.append('\n');
        }
        sb.append(viewChar(viewCodeOf(c)));
      }
      return sb.toString();
    }
  }
}
