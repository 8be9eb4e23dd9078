package dev.ponder.games.clobber;

import dev.ponder.game.Game;
import dev.ponder.game.GameType;
import dev.ponder.game.SimpleGameFactory;
import dev.ponder.game.State;
import dev.ponder.game.TwoPlayerZeroSumGame;
import dev.ponder.games.Cells;
import dev.ponder.games.TwoSideBoard;
import dev.ponder.games.Zobrist;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import java.util.List;

/**
 * Clobber (Albert, Grossman, Nowakowski and Wolfe, 2001), OpenSpiel-compatible
 * ({@code clobber(rows=5,columns=6)}).
 *
 * <p>The board starts full in a checkerboard pattern with player 0 ({@code o}) in the bottom-left
 * corner. A move takes one's own piece onto an orthogonally adjacent opponent piece, which is
 * removed. The player who cannot move loses (normal play): returns +1 / −1.
 *
 * <p>Actions are {@code (r*cols + c)*4 + dir} with row {@code r} counted from the top and
 * {@code dir} 0 north, 1 east, 2 south, 3 west; action strings {@code c5c4} (from, to). Boards of
 * up to 64 cells use one {@code long} bitboard per side, larger ones a byte-per-cell board.
 */
public final class Clobber extends TwoPlayerZeroSumGame {
  static final GameType TYPE = new GameType("clobber", "Clobber",
      GameType.ChanceMode.DETERMINISTIC, GameType.Information.PERFECT_INFORMATION,
      GameType.Utility.ZERO_SUM, GameType.RewardModel.TERMINAL, 2, 2,
      List.of(ParamSpec.ofInt("rows", 5, 1, 99, "number of rows"),
          ParamSpec.ofInt("columns", 6, 1, 26, "number of columns (letters a..z)")));

  private static final int[] DIR_ROW = {-1, 0, 1, 0};
  private static final int[] DIR_COL = {0, 1, 0, -1};

  final int rows;
  final int cols;
  final int cells;
  /** Byte-per-cell board instead of bitboards (boards over 64 cells). */
  final boolean wide;
  final long boardMask;
  final long notFirstCol;
  final long notLastCol;
  final long[] zobrist;
  final long sideKey;

  /**
   * Creates the game from {@code rows} (default 5, 1..99) and {@code columns} (default 6,
   * 1..26).
   *
   * @throws dev.ponder.spec.SpecException if either is outside its range
   */
  public Clobber(Params params) {
    this(params, false);
  }

  /** With {@code forceWide}, the byte-per-cell board even on small boards (for tests). */
  Clobber(Params params, boolean forceWide) {
    super(TYPE, params);
    rows = params.requireInt("rows");
    cols = params.requireInt("columns");
    cells = rows * cols;
    wide = forceWide || cells > 64;
    boardMask = TwoSideBoard.mask(cells);
    notFirstCol = wide ? boardMask : boardMask & ~TwoSideBoard.column(rows, cols, 0);
    notLastCol = wide ? boardMask : boardMask & ~TwoSideBoard.column(rows, cols, cols - 1);
    zobrist = Zobrist.keys(0xC10BBE5L + cells * 977L + cols, 2 * cells + 1);
    sideKey = zobrist[2 * cells];
  }

  /** Registry factory. */
  public static final class Factory extends SimpleGameFactory {
    /** Serves {@code clobber}; the game registry creates it from META-INF/services. */
    public Factory() {
      super(TYPE, Clobber::new);
    }
  }

  @Override
  public int numDistinctActions() {
    return cells * 4;
  }

  @Override
  public int maxGameLength() {
    return cells - 1;
  }

  @Override
  public int[] observationTensorShape() {
    return new int[] {3, rows, cols};
  }

  @Override
  public ClobberState newInitialState() {
    return new ClobberState(this);
  }

  /** Number of rows. */
  public int rows() {
    return rows;
  }

  /** Number of columns. */
  public int columns() {
    return cols;
  }

  /** Whether any piece of one side is orthogonally adjacent to a piece of the other. */
  boolean anyContact(long a, long b) {
    long horizontal = ((a << 1) & notFirstCol) | ((a >>> 1) & notLastCol);
    long vertical = (a << cols) | (a >>> cols);
    return ((horizontal | vertical) & b) != 0;
  }

  /** A Clobber position: one bitboard per side (bit {@code r*cols+c}, row 0 on top). */
  public static final class ClobberState extends State {
    private final Clobber g;
    /** pieces[0]: player 0 ('o'); pieces[1]: player 1 ('x') (bitboards; unused on wide boards). */
    final long[] pieces = new long[2];
    /** Wide boards: cell owner + 1 (0 empty, 1 'o', 2 'x'). */
    final byte[] board;
    int toMove;
    int winner = -1;
    long hash;

    ClobberState(Clobber g) {
      this.g = g;
      board = g.wide ? new byte[g.cells] : null;
      for (int r = 0; r < g.rows; r++) {
        for (int c = 0; c < g.cols; c++) {
          int s = r * g.cols + c;
          int owner = ((r + g.rows - 1 + c) & 1) == 0 ? 0 : 1;
          if (board != null) {
            board[s] = (byte) (owner + 1);
          } else {
            pieces[owner] |= 1L << s;
          }
          hash ^= g.zobrist[owner * g.cells + s];
        }
      }
      if (!contact()) {
        winner = 1; // player 0 cannot move at the start (1×1 board)
      }
    }

    @Override
    public Game game() {
      return g;
    }

    /**
     * Owner of cell (row from the top, column): 0 ('o'), 1 ('x') or −1 (empty).
     *
     * @param row 0 ≤ row &lt; {@link Clobber#rows()}
     * @param col 0 ≤ col &lt; {@link Clobber#columns()}
     * @throws IndexOutOfBoundsException if {@code row} or {@code col} is outside the board (the
     *     board would otherwise answer for another cell, or for none)
     */
    public int cell(int row, int col) {
      Cells.check(row, col, g.rows, g.cols);
      return at(row, col);
    }

    private int at(int row, int col) {
      return TwoSideBoard.owner(pieces, board, row * g.cols + col);
    }

    /**
     * The bitboard of {@code player}'s pieces.
     *
     * @throws UnsupportedOperationException on boards over 64 cells
     */
    public long pieces(int player) {
      if (board != null) {
        throw new UnsupportedOperationException("no bitboard on a board of " + g.cells + " cells");
      }
      return pieces[player];
    }

    /** Whether any two orthogonally adjacent cells hold opposing pieces. */
    private boolean contact() {
      if (board == null) {
        return g.anyContact(pieces[0], pieces[1]);
      }
      final int cols = g.cols;
      for (int s = 0; s < g.cells; s++) {
        byte v = board[s];
        if (v == 0) {
          continue;
        }
        if (s % cols < cols - 1 && board[s + 1] == 3 - v) {
          return true;
        }
        if (s + cols < g.cells && board[s + cols] == 3 - v) {
          return true;
        }
      }
      return false;
    }

    @Override
    public int currentPlayer() {
      return winner >= 0 ? TERMINAL : toMove;
    }

    @Override
    public int legalActions(int[] out) {
      if (winner >= 0) {
        return 0;
      }
      if (board != null) {
        return wideLegalActions(out);
      }
      final int cols = g.cols;
      long own = pieces[toMove];
      long opp = pieces[1 - toMove];
      // own pieces with an opponent neighbour in each direction
      long hasN = own & (opp << cols);
      long hasS = own & (opp >>> cols);
      long hasE = own & ((opp >>> 1) & g.notLastCol);
      long hasW = own & ((opp << 1) & g.notFirstCol);
      long movers = hasN | hasS | hasE | hasW;
      int n = 0;
      while (movers != 0) {
        int s = Long.numberOfTrailingZeros(movers);
        long bit = movers & -movers;
        movers ^= bit;
        int base = s * 4;
        if ((hasN & bit) != 0) {
          out[n++] = base;
        }
        if ((hasE & bit) != 0) {
          out[n++] = base + 1;
        }
        if ((hasS & bit) != 0) {
          out[n++] = base + 2;
        }
        if ((hasW & bit) != 0) {
          out[n++] = base + 3;
        }
      }
      return n;
    }

    private int wideLegalActions(int[] out) {
      final int cols = g.cols;
      final int cells = g.cells;
      final byte mine = (byte) (toMove + 1);
      final byte theirs = (byte) (2 - toMove);
      int n = 0;
      for (int s = 0; s < cells; s++) {
        if (board[s] != mine) {
          continue;
        }
        int c = s % cols;
        int base = s * 4;
        if (s >= cols && board[s - cols] == theirs) {
          out[n++] = base;
        }
        if (c < cols - 1 && board[s + 1] == theirs) {
          out[n++] = base + 1;
        }
        if (s + cols < cells && board[s + cols] == theirs) {
          out[n++] = base + 2;
        }
        if (c > 0 && board[s - 1] == theirs) {
          out[n++] = base + 3;
        }
      }
      return n;
    }

    @Override
    public boolean isLegal(int action) {
      if (winner >= 0 || action < 0 || action >= g.numDistinctActions()) {
        return false;
      }
      int s = action >> 2;
      int dir = action & 3;
      int r2 = s / g.cols + DIR_ROW[dir];
      int c2 = s % g.cols + DIR_COL[dir];
      if (r2 < 0 || r2 >= g.rows || c2 < 0 || c2 >= g.cols) {
        return false;
      }
      return at(s / g.cols, s % g.cols) == toMove && at(r2, c2) == 1 - toMove;
    }

    private int target(int s, int dir) {
      return s + DIR_ROW[dir] * g.cols + DIR_COL[dir];
    }

    @Override
    protected void doApplyAction(int action) {
      int s = action >> 2;
      int t = target(s, action & 3);
      int me = toMove;
      int opp = 1 - me;
      if (board != null) {
        board[s] = 0;
        board[t] = (byte) (me + 1);
      } else {
        pieces[me] ^= (1L << s) | (1L << t);
        pieces[opp] &= ~(1L << t);
      }
      int cs = g.cells;
      hash ^= g.zobrist[me * cs + s] ^ g.zobrist[me * cs + t] ^ g.zobrist[opp * cs + t] ^ g.sideKey;
      if (!contact()) {
        winner = me;
      }
      toMove = opp;
    }

    @Override
    public boolean supportsUndo() {
      return true;
    }

    @Override
    protected void doUndoAction(int action) {
      int s = action >> 2;
      int t = target(s, action & 3);
      toMove = 1 - toMove;
      int me = toMove;
      int opp = 1 - me;
      if (board != null) {
        board[s] = (byte) (me + 1);
        board[t] = (byte) (opp + 1);
      } else {
        pieces[me] ^= (1L << s) | (1L << t);
        pieces[opp] |= 1L << t;
      }
      int cs = g.cells;
      hash ^= g.zobrist[me * cs + s] ^ g.zobrist[me * cs + t] ^ g.zobrist[opp * cs + t] ^ g.sideKey;
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

    private String rowLabel(int r) {
      return Integer.toString(g.rows - r);
    }

    @Override
    public String actionToString(int player, int action) {
      int s = action >> 2;
      int dir = action & 3;
      int r1 = s / g.cols;
      int c1 = s % g.cols;
      return "" + (char) ('a' + c1) + rowLabel(r1) + (char) ('a' + c1 + DIR_COL[dir])
          + rowLabel(r1 + DIR_ROW[dir]);
    }

    @Override
    public void observationTensor(int player, float[] out) {
      checkPlayer(player);
      int n = g.cells;
      java.util.Arrays.fill(out, 0, 3 * n, 0f);
      for (int s = 0; s < n; s++) {
        int o = at(s / g.cols, s % g.cols);
        int plane = o < 0 ? 2 : o == player ? 0 : 1;
        out[plane * n + s] = 1f;
      }
    }

    @Override
    public long hash() {
      return hash;
    }

    @Override
    public ClobberState copy() {
      ClobberState s = new ClobberState(g);
      s.copyFrom(this);
      return s;
    }

    @Override
    public void copyFrom(State other) {
      ClobberState o = (ClobberState) other;
      pieces[0] = o.pieces[0];
      pieces[1] = o.pieces[1];
      if (board != null) {
        System.arraycopy(o.board, 0, board, 0, board.length);
      }
      toMove = o.toMove;
      winner = o.winner;
      hash = o.hash;
      copyHistoryFrom(o);
    }

    /** OpenSpiel's rendering: rank label and cells per row ({@code o}, {@code x}, {@code .}), then files. */
    @Override
    public String toString() {
      StringBuilder sb = new StringBuilder();
      for (int r = 0; r < g.rows; r++) {
        if (g.rows - r < 10 && g.rows >= 10) {
          sb.append(' ');
        }
        sb.append(rowLabel(r));
        for (int c = 0; c < g.cols; c++) {
          int o = at(r, c);
          sb.append(o == 0 ? 'o' : o == 1 ? 'x' : '.');
        }
        sb.append('\n');
      }
      if (g.rows >= 10) {
        sb.append(' ');
      }
      sb.append(' ');
      for (int c = 0; c < g.cols; c++) {
        sb.append((char) ('a' + c));
      }
      sb.append('\n');
      return sb.toString();
    }
  }
}
