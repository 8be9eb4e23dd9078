package dev.ponder.games.connectfour;

import dev.ponder.game.Game;
import dev.ponder.game.GameType;
import dev.ponder.game.SimpleGameFactory;
import dev.ponder.game.State;
import dev.ponder.game.TwoPlayerZeroSumGame;
import dev.ponder.games.Cells;
import dev.ponder.games.Zobrist;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import dev.ponder.spec.SpecException;
import java.util.List;

/**
 * Connect Four, OpenSpiel-compatible ({@code connect_four}): a board of {@code rows} × {@code
 * columns} (default 6 × 7); players drop discs into columns; the first to line up {@code
 * x_in_row} (default 4) horizontally, vertically or diagonally wins (+1 / −1); a full board is a
 * draw. Player 0 is {@code x} and moves first; action {@code c} drops into column {@code c}
 * ({@code 0..columns-1}, left to right), written {@code x3} / {@code o3}. The board is drawn top
 * row first, one line per row, each ending with a newline, as OpenSpiel does.
 *
 * <p>Bitboard: column {@code c} occupies bits {@code c·(rows+1) .. c·(rows+1)+rows-1} (row 0 at
 * the bottom) plus one always-empty sentinel bit, so lines never wrap between columns; hence
 * {@code columns·(rows+1) ≤ 64}. An {@code x_in_row} longer than every line of the board
 * ({@code max(rows, columns)}) is refused with a {@link SpecException}, as gomoku refuses a
 * {@code connect} it can never complete. Zobrist hash maintained incrementally; undo supported.
 *
 * <p>Observation tensor, shape [3, rows, columns], row 0 at the bottom: planes x, o, empty; with
 * {@code egocentric_obs_tensor=true} (OpenSpiel's encoding) planes opponent's discs, own discs,
 * empty relative to the observing player.
 */
public final class ConnectFour extends TwoPlayerZeroSumGame {
  static final GameType TYPE = new GameType("connect_four", "Connect Four",
      GameType.ChanceMode.DETERMINISTIC, GameType.Information.PERFECT_INFORMATION,
      GameType.Utility.ZERO_SUM, GameType.RewardModel.TERMINAL, 2, 2,
      List.of(
          ParamSpec.ofBool("egocentric_obs_tensor", false, "observation planes relative to the observer (opponent, own, empty)"),
          ParamSpec.ofInt("rows", 6, 1, 63, "board height; columns*(rows+1) <= 64"),
          ParamSpec.ofInt("columns", 7, 1, 32, "board width; columns*(rows+1) <= 64"),
          ParamSpec.ofInt("x_in_row", 4, 1, 63, "discs in a line needed to win; at most max(rows, columns)")));

  private static final long[] ZOBRIST = Zobrist.keys(0xC4C4, 128);

  final int rows;
  final int cols;
  final int h;
  final int xInRow;
  final boolean egocentric;

  /**
   * Creates the game from {@code rows} (default 6, 1..63), {@code columns} (default 7, 1..32),
   * {@code x_in_row} (default 4, 1..63) and {@code egocentric_obs_tensor} (default false).
   *
   * @throws SpecException if a value is outside its range, {@code columns·(rows+1)} exceeds 64,
   *     or {@code x_in_row} exceeds {@code max(rows, columns)}
   */
  public ConnectFour(Params params) {
    super(TYPE, params);
    this.rows = params.requireInt("rows");
    this.cols = params.requireInt("columns");
    this.xInRow = params.requireInt("x_in_row");
    this.egocentric = params.getBool("egocentric_obs_tensor");
    this.h = rows + 1;
    if (cols * h > 64) {
      throw new SpecException("connect_four: columns*(rows+1) = " + (cols * h) + " exceeds 64 (the bitboard); valid: columns*(rows+1) <= 64");
    }
    // the longest line is a row (columns cells) or a column (rows cells); a diagonal is never longer
    int longest = Math.max(rows, cols);
    if (xInRow > longest) {
      throw new SpecException("connect_four: x_in_row=" + xInRow + " can never be completed: the longest line of a board of rows="
          + rows + ", columns=" + cols + " has " + longest + (longest == 1 ? " cell" : " cells") + "; valid: x_in_row 1.." + longest);
    }
  }

  /** Registry factory. */
  public static final class Factory extends SimpleGameFactory {
    /** Serves {@code connect_four}; the game registry creates it from META-INF/services. */
    public Factory() {
      super(TYPE, ConnectFour::new);
    }
  }

  /** Number of rows (the {@code rows} parameter). */
  public int rows() {
    return rows;
  }

  /** Number of columns (the {@code columns} parameter). */
  public int columns() {
    return cols;
  }

  @Override
  public int numDistinctActions() {
    return cols;
  }

  @Override
  public int maxGameLength() {
    return rows * cols;
  }

  @Override
  public int[] observationTensorShape() {
    return new int[] {3, rows, cols};
  }

  @Override
  public ConnectFourState newInitialState() {
    return new ConnectFourState(this);
  }

  /** Whether {@code bits} holds {@code k} discs in a row in any direction. */
  boolean hasLine(long bits) {
    if (xInRow == 4 && 2 * (h + 1) < 64) {
      // four in a row: pairs of adjacent discs, then pairs of pairs (two shifts per direction)
      return run4(bits, 1) || run4(bits, h) || run4(bits, h + 1) || run4(bits, h - 1);
    }
    return run(bits, 1) || run(bits, h) || run(bits, h + 1) || run(bits, h - 1);
  }

  private static boolean run4(long bits, int shift) {
    long m = bits & (bits >>> shift);
    return (m & (m >>> (2 * shift))) != 0;
  }

  private boolean run(long bits, int shift) {
    long m = bits;
    for (int i = 1; i < xInRow && m != 0; i++) {
      int d = i * shift;
      m = d >= 64 ? 0 : m & (bits >>> d); // Java masks shift counts to 6 bits
    }
    return m != 0;
  }

  /** A Connect Four position: two bitboards and column heights. Supports undo. */
  public static final class ConnectFourState extends State {
    private final ConnectFour game;
    private final long[] discs = new long[2];
    private final int[] height;
    private int toMove;
    private int moves;
    private int winner = -1;
    private long hash;

    ConnectFourState(ConnectFour game) {
      this.game = game;
      this.height = new int[game.cols];
    }

    @Override
    public Game game() {
      return game;
    }

    /**
     * Owner of the cell at {@code row} (0 = bottom) and {@code col}: 0 (x), 1 (o) or −1.
     *
     * @param row 0 ≤ row &lt; {@link ConnectFour#rows()}
     * @param col 0 ≤ col &lt; {@link ConnectFour#columns()}
     * @throws IndexOutOfBoundsException if {@code row} or {@code col} is outside the board (the
     *     bitboard would otherwise answer for another cell)
     */
    public int cell(int row, int col) {
      Cells.check(row, col, game.rows, game.cols);
      return at(row, col);
    }

    private int at(int row, int col) {
      long bit = 1L << (col * game.h + row);
      return (discs[0] & bit) != 0 ? 0 : (discs[1] & bit) != 0 ? 1 : -1;
    }

    /** Bitboard of player {@code p}'s discs (bit {@code col·(rows+1)+row}). */
    public long discs(int p) {
      return discs[p];
    }

    private boolean over() {
      return winner >= 0 || moves == game.rows * game.cols;
    }

    @Override
    public int currentPlayer() {
      return over() ? TERMINAL : toMove;
    }

    @Override
    public int legalActions(int[] out) {
      if (over()) {
        return 0;
      }
      int n = 0;
      int rows = game.rows;
      for (int c = 0; c < height.length; c++) {
        if (height[c] < rows) {
          out[n++] = c;
        }
      }
      return n;
    }

    @Override
    public boolean isLegal(int action) {
      return action >= 0 && action < game.cols && !over() && height[action] < game.rows;
    }

    @Override
    protected void doApplyAction(int action) {
      int bit = action * game.h + height[action]++;
      discs[toMove] |= 1L << bit;
      hash ^= ZOBRIST[toMove * 64 + bit];
      moves++;
      if (game.hasLine(discs[toMove])) {
        winner = toMove;
      }
      toMove = 1 - toMove;
    }

    @Override
    public boolean supportsUndo() {
      return true;
    }

    @Override
    protected void doUndoAction(int action) {
      toMove = 1 - toMove;
      int bit = action * game.h + --height[action];
      discs[toMove] &= ~(1L << bit);
      hash ^= ZOBRIST[toMove * 64 + bit];
      moves--;
      winner = -1;
    }

    @Override
    public double playerReturn(int player) {
      checkPlayer(player);
      if (winner < 0) {
        return 0;
      }
      return winner == player ? 1 : -1;
    }

    @Override
    public String actionToString(int player, int action) {
      return (player == 0 ? "x" : "o") + action;
    }

    @Override
    public void observationTensor(int player, float[] out) {
      checkPlayer(player);
      int rows = game.rows;
      int cols = game.cols;
      int plane = rows * cols;
      java.util.Arrays.fill(out, 0, 3 * plane, 0f);
      for (int r = 0; r < rows; r++) {
        for (int c = 0; c < cols; c++) {
          int owner = at(r, c);
          int p;
          if (owner < 0) {
            p = 2;
          } else if (game.egocentric) {
            p = owner == player ? 1 : 0;
          } else {
            p = owner;
          }
          out[p * plane + r * cols + c] = 1f;
        }
      }
    }

    @Override
    public long hash() {
      return hash;
    }

    @Override
    public ConnectFourState copy() {
      ConnectFourState s = new ConnectFourState(game);
      s.copyFrom(this);
      return s;
    }

    @Override
    public void copyFrom(State other) {
      ConnectFourState o = (ConnectFourState) other;
      discs[0] = o.discs[0];
      discs[1] = o.discs[1];
      System.arraycopy(o.height, 0, height, 0, height.length);
      toMove = o.toMove;
      moves = o.moves;
      winner = o.winner;
      hash = o.hash;
      copyHistoryFrom(o);
    }

    @Override
    public String toString() {
      StringBuilder sb = new StringBuilder((game.cols + 1) * game.rows);
      for (int r = game.rows - 1; r >= 0; r--) {
        for (int c = 0; c < game.cols; c++) {
          int owner = at(r, c);
          sb.append(owner == 0 ? 'x' : owner == 1 ? 'o' : '.');
        }
        sb.append('\n');
      }
      return sb.toString();
    }
  }
}
