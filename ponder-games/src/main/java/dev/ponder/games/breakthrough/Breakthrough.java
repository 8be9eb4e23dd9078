package dev.ponder.games.breakthrough;

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
 * Breakthrough (Dan Troyka, 2000), OpenSpiel-compatible ({@code breakthrough(rows=8,columns=8)}).
 *
 * <p>Player 0 is Black ({@code b}), starts on the top two rows and moves down; player 1 is White
 * ({@code w}), starts on the bottom two rows and moves up (boards with fewer than 6 rows start
 * with one row each). A piece steps one row forward, straight onto an empty cell or diagonally
 * onto an empty cell or an opponent piece (capture). Reaching the far row or capturing every
 * opponent piece wins: returns +1 / −1, no draws.
 *
 * <p>Actions follow OpenSpiel's mixed-radix encoding {@code ((r*cols + c)*6 + dir)*2 + capture},
 * where row {@code r} counts from the top and {@code dir} is 0..2 for Black (down-left, down,
 * down-right) and 3..5 for White (up-left, up, up-right); action strings are {@code a7a6},
 * {@code f4g5*} for a capture, with the file a letter and the rank a decimal number counted from
 * the bottom row ({@code a10a9} on boards of 10 rows and more, where OpenSpiel's one-character
 * ranks run past {@code 9}). Boards of up to 64 cells use one {@code long} bitboard per side;
 * larger ones a byte-per-cell board.
 */
public final class Breakthrough extends TwoPlayerZeroSumGame {
  static final GameType TYPE = new GameType("breakthrough", "Breakthrough",
      GameType.ChanceMode.DETERMINISTIC, GameType.Information.PERFECT_INFORMATION,
      GameType.Utility.ZERO_SUM, GameType.RewardModel.TERMINAL, 2, 2,
      List.of(ParamSpec.ofInt("rows", 8, 2, 99, "number of rows"),
          ParamSpec.ofInt("columns", 8, 2, 26, "number of columns (letters a..z)")));

  private static final int[] DIR_ROW = {1, 1, 1, -1, -1, -1};
  private static final int[] DIR_COL = {-1, 0, 1, -1, 0, 1};

  final int rows;
  final int cols;
  final int cells;
  /** Byte-per-cell board instead of bitboards (boards over 64 cells). */
  final boolean wide;
  /** Cells not in the first / last column. */
  final long notFirstCol;
  final long notLastCol;
  final long boardMask;
  final long[] zobrist;
  final long sideKey;
  /** Source and target cell of every action (precomputed: no division on the hot path). */
  final int[] from;
  final int[] to;
  /** goal[p]: the row where player p wins (bottom for Black, top for White). */
  final long[] goal = new long[2];

  /**
   * Creates the game from {@code rows} (default 8, 2..99) and {@code columns} (default 8,
   * 2..26).
   *
   * @throws dev.ponder.spec.SpecException if either is outside its range
   */
  public Breakthrough(Params params) {
    this(params, false);
  }

  /** With {@code forceWide}, the byte-per-cell board even on small boards (for tests). */
  Breakthrough(Params params, boolean forceWide) {
    super(TYPE, params);
    rows = params.requireInt("rows");
    cols = params.requireInt("columns");
    cells = rows * cols;
    wide = forceWide || cells > 64;
    boardMask = TwoSideBoard.mask(cells);
    notFirstCol = wide ? boardMask : boardMask & ~TwoSideBoard.column(rows, cols, 0);
    notLastCol = wide ? boardMask : boardMask & ~TwoSideBoard.column(rows, cols, cols - 1);
    long[] keys = Zobrist.keys(0xB7EA4L + cells * 131L + cols, 2 * cells + 1);
    zobrist = keys;
    sideKey = keys[2 * cells];
    from = new int[cells * 12];
    to = new int[cells * 12];
    for (int a = 0; a < cells * 12; a++) {
      int s = a / 12;
      int dir = (a >> 1) % 6;
      from[a] = s;
      to[a] = s + DIR_ROW[dir] * cols + DIR_COL[dir];
    }
    for (int c = 0; c < cols && !wide; c++) {
      goal[0] |= 1L << ((rows - 1) * cols + c);
      goal[1] |= 1L << c;
    }
  }

  /** Registry factory. */
  public static final class Factory extends SimpleGameFactory {
    /** Serves {@code breakthrough}; the game registry creates it from META-INF/services. */
    public Factory() {
      super(TYPE, Breakthrough::new);
    }
  }

  @Override
  public int numDistinctActions() {
    return cells * 6 * 2;
  }

  @Override
  public int maxGameLength() {
    return 2 * (2 * rows - 3) * cols + 1;
  }

  @Override
  public int maxActionsPerState() {
    // at most 3 moves per piece and at most 2*cols pieces
    return Math.min(numDistinctActions(), 6 * cols);
  }

  @Override
  public int[] observationTensorShape() {
    return new int[] {3, rows, cols};
  }

  @Override
  public BreakthroughState newInitialState() {
    return new BreakthroughState(this);
  }

  /** Number of rows. */
  public int rows() {
    return rows;
  }

  /** Number of columns. */
  public int columns() {
    return cols;
  }

  /** A Breakthrough position: one bitboard per side (bit {@code r*cols+c}, row 0 on top). */
  public static final class BreakthroughState extends State {
    private final Breakthrough g;
    /** pieces[0] black, pieces[1] white (bitboards; unused on wide boards). */
    final long[] pieces = new long[2];
    /** Wide boards: cell owner + 1 (0 empty, 1 black, 2 white), and piece counts. */
    final byte[] board;
    final int[] count = new int[2];
    int toMove;
    int winner = -1;
    long hash;

    BreakthroughState(Breakthrough g) {
      this.g = g;
      board = g.wide ? new byte[g.cells] : null;
      boolean two = g.rows >= 6;
      for (int r = 0; r < g.rows; r++) {
        for (int c = 0; c < g.cols; c++) {
          int s = r * g.cols + c;
          int owner = r == 0 || (two && r == 1) ? 0
              : r == g.rows - 1 || (two && r == g.rows - 2) ? 1 : -1;
          if (owner < 0) {
            continue;
          }
          hash ^= g.zobrist[owner * g.cells + s];
          if (g.wide) {
            board[s] = (byte) (owner + 1);
            count[owner]++;
          } else {
            pieces[owner] |= 1L << s;
          }
        }
      }
    }

    @Override
    public Game game() {
      return g;
    }

    /**
     * Owner of cell (row from the top, column): 0 black, 1 white, −1 empty.
     *
     * @param row 0 ≤ row &lt; {@link Breakthrough#rows()}
     * @param col 0 ≤ col &lt; {@link Breakthrough#columns()}
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

    private boolean over() {
      return winner >= 0;
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
      long empty = g.boardMask & ~(own | opp);
      long open = empty | opp;
      // per direction: the pieces that may move that way, and those whose move captures
      long left;
      long straight;
      long right;
      long capLeft;
      long capRight;
      int base0;
      if (toMove == 0) {
        left = own & g.notFirstCol & (open >>> (cols - 1));
        capLeft = own & g.notFirstCol & (opp >>> (cols - 1));
        straight = own & (empty >>> cols);
        right = own & g.notLastCol & (open >>> (cols + 1));
        capRight = own & g.notLastCol & (opp >>> (cols + 1));
        base0 = 0;
      } else {
        left = own & g.notFirstCol & (open << (cols + 1));
        capLeft = own & g.notFirstCol & (opp << (cols + 1));
        straight = own & (empty << cols);
        right = own & g.notLastCol & (open << (cols - 1));
        capRight = own & g.notLastCol & (opp << (cols - 1));
        base0 = 6;
      }
      long movers = left | straight | right;
      int n = 0;
      while (movers != 0) {
        int sq = Long.numberOfTrailingZeros(movers);
        movers &= movers - 1;
        int base = sq * 12 + base0;
        // branch-free appends in ascending action order: left (0/1), straight (2), right (4/5)
        out[n] = base + (int) ((capLeft >>> sq) & 1);
        n += (int) ((left >>> sq) & 1);
        out[n] = base + 2;
        n += (int) ((straight >>> sq) & 1);
        out[n] = base + 4 + (int) ((capRight >>> sq) & 1);
        n += (int) ((right >>> sq) & 1);
      }
      return n;
    }

    private int wideLegalActions(int[] out) {
      final int cols = g.cols;
      final byte mine = (byte) (toMove + 1);
      final byte theirs = (byte) (2 - toMove);
      final int step = toMove == 0 ? cols : -cols;
      final int base0 = toMove == 0 ? 0 : 6;
      int n = 0;
      for (int s = 0; s < g.cells; s++) {
        if (board[s] != mine) {
          continue;
        }
        int c = s % cols;
        int ahead = s + step; // on the board: a piece on its goal row has already won
        int base = s * 12 + base0;
        if (c > 0) {
          byte t = board[ahead - 1];
          if (t == 0) {
            out[n++] = base;
          } else if (t == theirs) {
            out[n++] = base + 1;
          }
        }
        if (board[ahead] == 0) {
          out[n++] = base + 2;
        }
        if (c < cols - 1) {
          byte t = board[ahead + 1];
          if (t == 0) {
            out[n++] = base + 4;
          } else if (t == theirs) {
            out[n++] = base + 5;
          }
        }
      }
      return n;
    }

    @Override
    public boolean isLegal(int action) {
      if (over() || action < 0 || action >= g.numDistinctActions()) {
        return false;
      }
      int capture = action & 1;
      int dir = (action >> 1) % 6;
      int s = action / 12;
      if ((dir < 3) != (toMove == 0) || at(s / g.cols, s % g.cols) != toMove) {
        return false;
      }
      int r2 = s / g.cols + DIR_ROW[dir];
      int c2 = s % g.cols + DIR_COL[dir];
      if (r2 < 0 || r2 >= g.rows || c2 < 0 || c2 >= g.cols) {
        return false;
      }
      int target = at(r2, c2);
      if (capture == 1) {
        return DIR_COL[dir] != 0 && target == 1 - toMove;
      }
      return target < 0;
    }

    @Override
    protected void doApplyAction(int action) {
      if (board != null) {
        wideApply(action);
        return;
      }
      int s = g.from[action];
      int t = g.to[action];
      int me = toMove;
      int opp = 1 - me;
      long tbit = 1L << t;
      pieces[me] ^= (1L << s) | tbit;
      long[] z = g.zobrist;
      int off = me * g.cells;
      long h = hash ^ z[off + s] ^ z[off + t] ^ g.sideKey;
      if ((action & 1) != 0) {
        pieces[opp] &= ~tbit;
        h ^= z[opp * g.cells + t];
        if (pieces[opp] == 0) {
          winner = me;
        }
      }
      if ((g.goal[me] & tbit) != 0) {
        winner = me;
      }
      hash = h;
      toMove = opp;
    }

    private void wideApply(int action) {
      int s = g.from[action];
      int t = g.to[action];
      int me = toMove;
      int opp = 1 - me;
      board[s] = 0;
      board[t] = (byte) (me + 1);
      long[] z = g.zobrist;
      int off = me * g.cells;
      hash ^= z[off + s] ^ z[off + t] ^ g.sideKey;
      if ((action & 1) != 0) {
        hash ^= z[opp * g.cells + t];
        if (--count[opp] == 0) {
          winner = me;
        }
      }
      int r2 = t / g.cols;
      if ((me == 0 && r2 == g.rows - 1) || (me == 1 && r2 == 0)) {
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
      int capture = action & 1;
      int s = g.from[action];
      int t = g.to[action];
      toMove = 1 - toMove;
      hash ^= g.sideKey;
      int me = toMove;
      int opp = 1 - me;
      hash ^= g.zobrist[me * g.cells + s] ^ g.zobrist[me * g.cells + t];
      if (capture == 1) {
        hash ^= g.zobrist[opp * g.cells + t];
      }
      if (board != null) {
        board[s] = (byte) (me + 1);
        board[t] = (byte) (capture == 1 ? opp + 1 : 0);
        if (capture == 1) {
          count[opp]++;
        }
      } else {
        pieces[me] ^= (1L << s) | (1L << t);
        if (capture == 1) {
          pieces[opp] |= 1L << t;
        }
      }
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
      int capture = action & 1;
      int dir = (action >> 1) % 6;
      int s = action / 12;
      int r1 = s / g.cols;
      int c1 = s % g.cols;
      int r2 = r1 + DIR_ROW[dir];
      int c2 = c1 + DIR_COL[dir];
      StringBuilder sb = new StringBuilder(7);
      sb.append((char) ('a' + c1)).append(g.rows - r1);
      sb.append((char) ('a' + c2)).append(g.rows - r2);
      if (capture == 1) {
        sb.append('*');
      }
      return sb.toString();
    }

    @Override
    public void observationTensor(int player, float[] out) {
      checkPlayer(player);
      int n = g.cells;
      java.util.Arrays.fill(out, 0, 3 * n, 0f);
      for (int s = 0; s < n; s++) {
        int o = at(s / g.cols, s % g.cols);
        int plane = o == 0 ? 0 : o == 1 ? 1 : 2;
        out[plane * n + s] = 1f;
      }
    }

    @Override
    public long hash() {
      return hash;
    }

    @Override
    public BreakthroughState copy() {
      BreakthroughState s = new BreakthroughState(g);
      s.copyFrom(this);
      return s;
    }

    @Override
    public void copyFrom(State other) {
      BreakthroughState o = (BreakthroughState) other;
      pieces[0] = o.pieces[0];
      pieces[1] = o.pieces[1];
      if (board != null) {
        System.arraycopy(o.board, 0, board, 0, board.length);
        count[0] = o.count[0];
        count[1] = o.count[1];
      }
      toMove = o.toMove;
      winner = o.winner;
      hash = o.hash;
      copyHistoryFrom(o);
    }

    /**
     * OpenSpiel's board rendering: rank label then cells per row, then the file letters. Ranks are
     * decimal numbers; from 10 rows on, one-digit ranks and the file line get a leading space so
     * that the columns line up (OpenSpiel's {@code '1' + rank} gives {@code :} for rank 10).
     */
    @Override
    public String toString() {
      boolean twoDigits = g.rows >= 10;
      StringBuilder sb = new StringBuilder((g.cols + 3) * (g.rows + 1));
      for (int r = 0; r < g.rows; r++) {
        int rank = g.rows - r;
        if (twoDigits && rank < 10) {
          sb.append(' ');
        }
        sb.append(rank);
        for (int c = 0; c < g.cols; c++) {
          int o = at(r, c);
          sb.append(o == 0 ? 'b' : o == 1 ? 'w' : '.');
        }
        sb.append('\n');
      }
      sb.append(twoDigits ? "  " : " ");
      for (int c = 0; c < g.cols; c++) {
        sb.append((char) ('a' + c));
      }
      sb.append('\n');
      return sb.toString();
    }
  }
}
