package dev.ponder.games.darkhex;

import dev.ponder.game.Game;
import dev.ponder.game.GameType;
import dev.ponder.game.SimpleGameFactory;
import dev.ponder.game.State;
import dev.ponder.game.TwoPlayerZeroSumGame;
import dev.ponder.games.hex.Hex;
import dev.ponder.games.phantom.PhantomState;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import java.util.List;

/**
 * Dark hex, OpenSpiel-compatible ({@code dark_hex}): Hex where each player sees only its own
 * stones and the opponent stones it has bumped into (see {@link PhantomState}). Cells, action
 * strings ({@code a1}) and returns are those of {@link Hex}.
 *
 * <p>Parameters: {@code board_size} (3), {@code num_rows}/{@code num_cols} (default
 * board_size), {@code gameversion} = {@code cdh} (classical: after a failed move the same player
 * moves again) or {@code adh} (abrupt: a failed move passes the turn), {@code obstype} =
 * {@code reveal-nothing} or {@code reveal-numturns}. The information state always includes the
 * number of moves made so far, as in OpenSpiel.
 */
public final class DarkHex extends TwoPlayerZeroSumGame {
  /**
   * Largest accepted board_size, num_rows and num_cols. OpenSpiel's information-state tensor has
   * {@code 9 cells + (2 cells − 1)(cells + 2)} entries with {@code obstype=reveal-numturns}; it
   * fits in Java's {@code int} up to 32,765 cells, so up to 181 × 181 (182 × 182 would overflow).
   */
  public static final int MAX_SIDE = 181;

  static final GameType TYPE = new GameType("dark_hex", "Dark Hex",
      GameType.ChanceMode.DETERMINISTIC, GameType.Information.IMPERFECT_INFORMATION,
      GameType.Utility.ZERO_SUM, GameType.RewardModel.TERMINAL, 2, 2,
      List.of(ParamSpec.ofString("obstype", "reveal-nothing", "reveal-nothing or reveal-numturns"),
          ParamSpec.ofString("gameversion", "cdh", "cdh (classical) or adh (abrupt)"),
          ParamSpec.ofInt("board_size", 3, 1, MAX_SIDE, "rows and columns unless num_rows/num_cols are given"),
          ParamSpec.ofInt("num_cols", 3, 1, MAX_SIDE, "number of columns (default board_size)"),
          ParamSpec.ofInt("num_rows", 3, 1, MAX_SIDE, "number of rows (default board_size)")));


  private final Params given;
  final Hex hex;
  final int numRows;
  final int numCols;
  final int cells;
  final boolean revealNumTurns;
  final boolean abrupt;

  /**
   * Creates the game from {@code board_size} (default 3), {@code num_rows} and {@code num_cols}
   * (default board_size), each 1..{@value #MAX_SIDE}, {@code obstype} ({@code reveal-nothing}, the
   * default, or {@code reveal-numturns}) and {@code gameversion} ({@code cdh}, the default, or
   * {@code adh}).
   *
   * @throws dev.ponder.spec.SpecException if a size is outside its range, or {@code obstype} or
   *     {@code gameversion} is none of its two values
   */
  public DarkHex(Params params) {
    super(TYPE, Hex.withResolvedSizes(params));
    this.given = params;
    int size = params.requireInt("board_size");
    numCols = params.isGiven("num_cols") ? params.requireInt("num_cols") : size;
    numRows = params.isGiven("num_rows") ? params.requireInt("num_rows") : size;
    cells = numRows * numCols;
    hex = Hex.engine(numRows, numCols);
    revealNumTurns = params.requireOneOf("obstype", "reveal-nothing", "reveal-numturns")
        .equals("reveal-numturns");
    abrupt = params.requireOneOf("gameversion", "cdh", "adh").equals("adh");
  }

  /** Registry factory. */
  public static final class Factory extends SimpleGameFactory {
    /** Serves {@code dark_hex}; the game registry creates it from META-INF/services. */
    public Factory() {
      super(TYPE, DarkHex::new);
    }
  }

  /** The game string with only the parameters given (num_rows/num_cols only if given). */
  @Override
  public String spec() {
    return given.toSpecString();
  }

  @Override
  public int numDistinctActions() {
    return cells;
  }

  /**
   * True with {@code obstype=reveal-numturns} (the string marks the opponent's turns between the
   * player's own moves); false with {@code reveal-nothing}: OpenSpiel's string shows the current
   * number of moves but not the numbers at the player's earlier moves, which it then knew.
   */
  @Override
  public boolean perfectRecall() {
    return revealNumTurns;
  }

  @Override
  public int maxGameLength() {
    return 2 * cells - 1;
  }

  private int longestSequence() {
    return revealNumTurns ? 2 * cells - 1 : cells;
  }

  @Override
  public int[] informationStateTensorShape() {
    return new int[] {cells * 9 + longestSequence() * (revealNumTurns ? cells + 2 : cells)};
  }

  @Override
  public int[] observationTensorShape() {
    return new int[] {revealNumTurns ? cells * 9 + longestSequence() + 1 : cells * 9};
  }

  @Override
  public DarkHexState newInitialState() {
    return new DarkHexState(this);
  }

  /** A dark hex state: the hidden Hex board (OpenSpiel cell states) and both players' views. */
  public static final class DarkHexState extends PhantomState {
    private final DarkHex g;
    final byte[] board;
    final int[] stack;
    /** +1 black won, −1 white won, 0 ongoing. */
    int result;

    DarkHexState(DarkHex g) {
      super(g.cells, g.abrupt, g.revealNumTurns, 2 * g.cells - 1);
      this.g = g;
      board = new byte[g.cells];
      stack = new int[g.cells];
    }

    @Override
    public Game game() {
      return g;
    }

    @Override
    protected boolean occupied(int cell) {
      return board[cell] != Hex.EMPTY;
    }

    @Override
    protected void place(int player, int cell) {
      byte s = g.hex.place(board, stack, player, cell);
      if (s == Hex.BLACK_WIN) {
        result = 1;
      } else if (s == Hex.WHITE_WIN) {
        result = -1;
      }
    }

    @Override
    protected boolean boardOver() {
      return result != 0;
    }

    @Override
    protected int winner() {
      return result > 0 ? 0 : result < 0 ? 1 : -1;
    }

    @Override
    protected byte viewCodeOf(int cell) {
      byte s = board[cell];
      if (s == Hex.BLACK_WIN || s == Hex.WHITE_WIN) {
        return s;
      }
      return s > 0 ? Hex.BLACK : s < 0 ? Hex.WHITE : Hex.EMPTY;
    }

    @Override
    protected void stones(int player, long[] out, int offset) {
      java.util.Arrays.fill(out, offset, offset + ((board.length + 63) >>> 6), 0L);
      for (int c = 0; c < board.length; c++) {
        if (player == 0 ? board[c] > 0 : board[c] < 0) {
          out[offset + (c >>> 6)] |= 1L << c;
        }
      }
    }

    @Override
    protected char viewChar(byte code) {
      return Hex.standardChar(code);
    }

    @Override
    protected int viewColumns() {
      return g.numCols;
    }

    @Override
    protected boolean infoShowsLength() {
      return true;
    }

    @Override
    protected int tensorIndex(int cell, byte code) {
      return cell * 9 + code + 4;
    }

    @Override
    protected int cellStates() {
      return 9;
    }

    @Override
    protected boolean isOwnCode(int player, byte code) {
      return player == 0 ? code > 0 : code < 0;
    }

    @Override
    protected void copyBoardFrom(PhantomState other) {
      DarkHexState o = (DarkHexState) other;
      System.arraycopy(o.board, 0, board, 0, board.length);
      result = o.result;
    }

    @Override
    public String actionToString(int player, int action) {
      return g.hex.cellName(action);
    }

    @Override
    public void observationTensor(int player, float[] out) {
      fillObservation(player, out, g.observationTensorShape()[0]);
    }

    @Override
    public DarkHexState copy() {
      DarkHexState s = new DarkHexState(g);
      s.copyFrom(this);
      return s;
    }

    @Override
    public void copyFrom(State other) {
      copyPhantomFrom((DarkHexState) other);
    }

    /** The hidden board as Hex prints it. */
    @Override
    public String toString() {
      StringBuilder sb = new StringBuilder();
      for (int c = 0; c < g.cells; c++) {
        if (c > 0 && c % g.numCols == 0) {
          sb.append('\n');
          for (int i = c / g.numCols; i > 0; i--) {
            sb.append(' ');
          }
        }
        sb.append(Hex.standardChar(board[c])).append(' ');
      }
      return sb.toString();
    }
  }
}
