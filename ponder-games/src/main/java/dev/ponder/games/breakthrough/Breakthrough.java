package dev.ponder.games.breakthrough;

import dev.ponder.game.AbstractGame;
import dev.ponder.game.Game;
import dev.ponder.game.GameFactory;
import dev.ponder.game.GameType;
import dev.ponder.game.State;
import dev.ponder.games.Zobrist;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import dev.ponder.spec.SpecException;
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
 * {@code f4g5*} for a capture. Boards are limited to 64 cells (one {@code long} bitboard per
 * side).
 */
public final class Breakthrough extends AbstractGame {
  static final GameType TYPE = new GameType("breakthrough", "Breakthrough",
      GameType.ChanceMode.DETERMINISTIC, GameType.Information.PERFECT_INFORMATION,
      GameType.Utility.ZERO_SUM, GameType.RewardModel.TERMINAL, 2, 2,
      List.of(ParamSpec.ofInt("rows", 8, "number of rows (2..32, rows*columns <= 64)"),
          ParamSpec.ofInt("columns", 8, "number of columns (2..26, rows*columns <= 64)")));

  private static final int[] DIR_ROW = {1, 1, 1, -1, -1, -1};
  private static final int[] DIR_COL = {-1, 0, 1, -1, 0, 1};

  final int rows;
  final int cols;
  final int cells;
  /** Cells not in the first / last column. */
  final long notFirstCol;
  final long notLastCol;
  final long boardMask;
  final long[] zobrist;
  final long sideKey;

  public Breakthrough(Params params) {
    super(TYPE, params);
    rows = params.requireInt("rows", 2, 32);
    cols = params.requireInt("columns", 2, 26);
    if (rows * cols > 64) {
      throw new SpecException("breakthrough: rows*columns=" + rows * cols
          + " exceeds the 64-cell bitboard; valid: rows*columns <= 64");
    }
    cells = rows * cols;
    boardMask = cells == 64 ? -1L : (1L << cells) - 1;
    long first = 0;
    long last = 0;
    for (int r = 0; r < rows; r++) {
      first |= 1L << (r * cols);
      last |= 1L << (r * cols + cols - 1);
    }
    notFirstCol = boardMask & ~first;
    notLastCol = boardMask & ~last;
    long[] keys = Zobrist.keys(0xB7EA4L + cells * 131L + cols, 2 * cells + 1);
    zobrist = keys;
    sideKey = keys[2 * cells];
  }

  /** Registry factory. */
  public static final class Factory implements GameFactory {
    @Override
    public GameType type() {
      return TYPE;
    }

    @Override
    public Game create(Params params) {
      return new Breakthrough(params);
    }
  }

  @Override
  public int numPlayers() {
    return 2;
  }

  @Override
  public int numDistinctActions() {
    return cells * 6 * 2;
  }

  @Override
  public int maxChanceOutcomes() {
    return 0;
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
    /** pieces[0] black, pieces[1] white. */
    final long[] pieces = new long[2];
    int toMove;
    int winner = -1;
    long hash;

    BreakthroughState(Breakthrough g) {
      this.g = g;
      boolean two = g.rows >= 6;
      for (int r = 0; r < g.rows; r++) {
        for (int c = 0; c < g.cols; c++) {
          int s = r * g.cols + c;
          if (r == 0 || (two && r == 1)) {
            pieces[0] |= 1L << s;
            hash ^= g.zobrist[s];
          } else if (r == g.rows - 1 || (two && r == g.rows - 2)) {
            pieces[1] |= 1L << s;
            hash ^= g.zobrist[g.cells + s];
          }
        }
      }
    }

    @Override
    public Game game() {
      return g;
    }

    /** Owner of cell (row from the top, column): 0 black, 1 white, −1 empty. */
    public int cell(int row, int col) {
      long bit = 1L << (row * g.cols + col);
      return (pieces[0] & bit) != 0 ? 0 : (pieces[1] & bit) != 0 ? 1 : -1;
    }

    /** The bitboard of {@code player}'s pieces. */
    public long pieces(int player) {
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
      final int cols = g.cols;
      long own = pieces[toMove];
      long opp = pieces[1 - toMove];
      long empty = ~(own | opp);
      int n = 0;
      if (toMove == 0) {
        while (own != 0) {
          int s = Long.numberOfTrailingZeros(own);
          own &= own - 1;
          int c = s % cols;
          int base = s * 12;
          if (c > 0) {
            long t = 1L << (s + cols - 1);
            if ((empty & t) != 0) {
              out[n++] = base;
            } else if ((opp & t) != 0) {
              out[n++] = base + 1;
            }
          }
          if ((empty & (1L << (s + cols))) != 0) {
            out[n++] = base + 2;
          }
          if (c < cols - 1) {
            long t = 1L << (s + cols + 1);
            if ((empty & t) != 0) {
              out[n++] = base + 4;
            } else if ((opp & t) != 0) {
              out[n++] = base + 5;
            }
          }
        }
      } else {
        while (own != 0) {
          int s = Long.numberOfTrailingZeros(own);
          own &= own - 1;
          int c = s % cols;
          int base = s * 12 + 6;
          if (c > 0) {
            long t = 1L << (s - cols - 1);
            if ((empty & t) != 0) {
              out[n++] = base;
            } else if ((opp & t) != 0) {
              out[n++] = base + 1;
            }
          }
          if ((empty & (1L << (s - cols))) != 0) {
            out[n++] = base + 2;
          }
          if (c < cols - 1) {
            long t = 1L << (s - cols + 1);
            if ((empty & t) != 0) {
              out[n++] = base + 4;
            } else if ((opp & t) != 0) {
              out[n++] = base + 5;
            }
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
      if ((dir < 3) != (toMove == 0) || (pieces[toMove] & (1L << s)) == 0) {
        return false;
      }
      int r2 = s / g.cols + DIR_ROW[dir];
      int c2 = s % g.cols + DIR_COL[dir];
      if (r2 < 0 || r2 >= g.rows || c2 < 0 || c2 >= g.cols) {
        return false;
      }
      long t = 1L << (r2 * g.cols + c2);
      if (capture == 1) {
        return DIR_COL[dir] != 0 && (pieces[1 - toMove] & t) != 0;
      }
      return ((pieces[0] | pieces[1]) & t) == 0;
    }

    private int target(int s, int dir) {
      return s + DIR_ROW[dir] * g.cols + DIR_COL[dir];
    }

    @Override
    protected void doApplyAction(int action) {
      int capture = action & 1;
      int dir = (action >> 1) % 6;
      int s = action / 12;
      int t = target(s, dir);
      int me = toMove;
      int opp = 1 - me;
      pieces[me] ^= (1L << s) | (1L << t);
      hash ^= g.zobrist[me * g.cells + s] ^ g.zobrist[me * g.cells + t];
      if (capture == 1) {
        pieces[opp] &= ~(1L << t);
        hash ^= g.zobrist[opp * g.cells + t];
        if (pieces[opp] == 0) {
          winner = me;
        }
      }
      int r2 = t / g.cols;
      if ((me == 0 && r2 == g.rows - 1) || (me == 1 && r2 == 0)) {
        winner = me;
      }
      toMove = opp;
      hash ^= g.sideKey;
    }

    @Override
    public boolean supportsUndo() {
      return true;
    }

    @Override
    protected void doUndoAction(int action) {
      int capture = action & 1;
      int dir = (action >> 1) % 6;
      int s = action / 12;
      int t = target(s, dir);
      toMove = 1 - toMove;
      hash ^= g.sideKey;
      int me = toMove;
      int opp = 1 - me;
      pieces[me] ^= (1L << s) | (1L << t);
      hash ^= g.zobrist[me * g.cells + s] ^ g.zobrist[me * g.cells + t];
      if (capture == 1) {
        pieces[opp] |= 1L << t;
        hash ^= g.zobrist[opp * g.cells + t];
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
      StringBuilder sb = new StringBuilder(5);
      sb.append((char) ('a' + c1)).append((char) ('1' + (g.rows - 1 - r1)));
      sb.append((char) ('a' + c2)).append((char) ('1' + (g.rows - 1 - r2)));
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
        long bit = 1L << s;
        int plane = (pieces[0] & bit) != 0 ? 0 : (pieces[1] & bit) != 0 ? 1 : 2;
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
      toMove = o.toMove;
      winner = o.winner;
      hash = o.hash;
      copyHistoryFrom(o);
    }

    /** OpenSpiel's board rendering: rank label then cells per row, then the file letters. */
    @Override
    public String toString() {
      StringBuilder sb = new StringBuilder((g.cols + 2) * (g.rows + 1));
      for (int r = 0; r < g.rows; r++) {
        sb.append((char) ('1' + (g.rows - 1 - r)));
        for (int c = 0; c < g.cols; c++) {
          int o = cell(r, c);
          sb.append(o == 0 ? 'b' : o == 1 ? 'w' : '.');
        }
        sb.append('\n');
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
