package dev.ponder.games.gomoku;

import dev.ponder.game.Game;
import dev.ponder.game.GameType;
import dev.ponder.game.SimpleGameFactory;
import dev.ponder.game.State;
import dev.ponder.game.TwoPlayerZeroSumGame;
import dev.ponder.games.Bitsets;
import dev.ponder.games.Zobrist;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import dev.ponder.spec.SpecException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Gomoku (free-style, overlines win), OpenSpiel-compatible ({@code gomoku}): black (player 0)
 * and white (player 1) alternately place a stone on an empty cell; the first to make
 * {@code connect} in a line along any of the {@code (3^dims − 1) / 2} line directions wins.
 *
 * <p>Parameters (OpenSpiel's): {@code size} (cells per side, default 15), {@code dims} (number
 * of board dimensions, default 2), {@code connect} (stones in a row to win, default 5),
 * {@code anti} (default false: the player completing a line loses instead) and {@code wrap}
 * (default false: lines continue across opposite edges, a torus). Action {@code a} is the
 * row-major index of the cell (coordinates {@code a / size^(dims−1)}, ...); its string is the
 * coordinates joined by commas, e.g. {@code 13,9}. A full board without a line is a draw. Without {@code wrap}, {@code connect}
 * may not exceed {@code size} (no line could be completed); with {@code wrap} a full ring counts
 * as a line of any length, so every {@code connect} can be won.
 */
public final class Gomoku extends TwoPlayerZeroSumGame {
  static final GameType TYPE = new GameType("gomoku", "Gomoku",
      GameType.ChanceMode.DETERMINISTIC, GameType.Information.PERFECT_INFORMATION,
      GameType.Utility.ZERO_SUM, GameType.RewardModel.TERMINAL, 2, 2,
      List.of(
          ParamSpec.ofInt("size", 15, 1, 64, "cells per side; size^dims <= 65535"),
          ParamSpec.ofInt("dims", 2, 1, 4, "number of board dimensions"),
          ParamSpec.ofInt("connect", 5, 1, 64, "stones in a row needed to win; at most size unless wrap"),
          ParamSpec.ofBool("anti", false, "the player who completes a line loses"),
          ParamSpec.ofBool("wrap", false, "lines wrap around the board edges (torus)")));

  private static final int MAX_CELLS = dev.ponder.games.Limits.MAX_LEGAL_ACTIONS;

  final int size;
  final int dims;
  final int connect;
  final boolean anti;
  final boolean wrap;
  final int cells;
  /** Canonical directions (first non-zero component positive). */
  final int numDirs;
  /**
   * {@code step[(2 * d + s) * cells + c]}: neighbour of cell {@code c} one step along direction
   * {@code d} forwards ({@code s = 0}) or backwards ({@code s = 1}); −1 off the board.
   */
  final int[] step;
  final long[] keys;
  final long sideKey;

  /**
   * Creates the game from {@code size} (default 15, 1..64), {@code dims} (default 2, 1..4),
   * {@code connect} (default 5, 1..64), {@code anti} and {@code wrap} (both default false).
   *
   * @throws SpecException if a value is outside its range, {@code size^dims} exceeds 65,535 cells,
   *     or {@code connect} exceeds {@code size} without {@code wrap}
   */
  public Gomoku(Params params) {
    super(TYPE, params);
    this.size = params.requireInt("size");
    this.dims = params.requireInt("dims");
    this.connect = params.requireInt("connect");
    this.anti = params.getBool("anti");
    this.wrap = params.getBool("wrap");
    long total = 1;
    for (int d = 0; d < dims; d++) {
      total *= size;
    }
    if (total > MAX_CELLS) {
      throw new SpecException("gomoku: size^dims = " + total + " cells is too large; valid: at most " + MAX_CELLS);
    }
    if (!wrap && connect > size) {
      throw new SpecException("gomoku: connect=" + connect + " can never be completed: the longest line of a board of size="
          + size + " has " + size + (size == 1 ? " cell" : " cells") + "; valid: connect 1.." + size + ", or wrap=true (a full ring counts)");
    }
    this.cells = (int) total;
    List<int[]> dirs = new ArrayList<>();
    int[] dir = new int[dims];
    collectDirections(0, dir, dirs);
    this.numDirs = dirs.size();
    this.step = new int[2 * numDirs * cells];
    int[] coord = new int[dims];
    for (int d = 0; d < numDirs; d++) {
      int[] v = dirs.get(d);
      for (int s = 0; s < 2; s++) {
        int sign = s == 0 ? 1 : -1;
        for (int c = 0; c < cells; c++) {
          unflatten(c, coord);
          int index = 0;
          boolean off = false;
          for (int k = 0; k < dims; k++) {
            int x = coord[k] + sign * v[k];
            if (wrap) {
              x = Math.floorMod(x, size);
            } else if (x < 0 || x >= size) {
              off = true;
              break;
            }
            index = index * size + x;
          }
          step[(2 * d + s) * cells + c] = off ? -1 : index;
        }
      }
    }
    this.keys = Zobrist.keys(0x474F4D4FL, 2 * cells + 1);
    this.sideKey = keys[2 * cells];
  }

  private void collectDirections(int k, int[] dir, List<int[]> out) {
    if (k == dims) {
      for (int v : dir) {
        if (v > 0) {
          out.add(dir.clone());
          return;
        }
        if (v < 0) {
          return;
        }
      }
      return;
    }
    for (int v = -1; v <= 1; v++) {
      dir[k] = v;
      collectDirections(k + 1, dir, out);
    }
  }

  /** Writes the coordinates of {@code cell} (most significant first) into {@code coord}. */
  void unflatten(int cell, int[] coord) {
    for (int k = dims - 1; k >= 0; k--) {
      coord[k] = cell % size;
      cell /= size;
    }
  }

  /** Registry factory. */
  public static final class Factory extends SimpleGameFactory {
    /** Serves {@code gomoku}; the game registry creates it from META-INF/services. */
    public Factory() {
      super(TYPE, Gomoku::new);
    }
  }

  /** Cells per side (the {@code size} parameter). */
  public int size() {
    return size;
  }

  /** Number of board dimensions (the {@code dims} parameter). */
  public int dims() {
    return dims;
  }

  /** Stones in a line needed to win (the {@code connect} parameter). */
  public int connect() {
    return connect;
  }

  @Override
  public int numDistinctActions() {
    return cells;
  }

  @Override
  public int maxGameLength() {
    return cells;
  }

  @Override
  public int[] observationTensorShape() {
    return new int[] {3, cells};
  }

  @Override
  public GomokuState newInitialState() {
    return new GomokuState(this);
  }

  /** Cell index of the given coordinates (most significant first). */
  public int cellOf(int... coord) {
    if (coord.length != dims) {
      throw new IllegalArgumentException("expected " + dims + " coordinates");
    }
    int index = 0;
    for (int x : coord) {
      if (x < 0 || x >= size) {
        throw new IllegalArgumentException("coordinate " + x + " out of range 0.." + (size - 1));
      }
      index = index * size + x;
    }
    return index;
  }

  /**
   * A Gomoku position: one byte per cell (0 empty, 1 black, 2 white) plus a bitset of empty
   * cells for move generation. Undo; incremental Zobrist hash.
   */
  public static final class GomokuState extends State {
    private final Gomoku game;
    private final byte[] board;
    /** Bit {@code c % 64} of word {@code c / 64} is set while cell {@code c} is empty. */
    private final long[] empty;
    private int toMove;
    private int stones;
    /** −1 while no line is complete; otherwise the player who completed it. */
    private int lineMaker = -1;
    private long hash;

    GomokuState(Gomoku game) {
      this.game = game;
      this.board = new byte[game.cells];
      this.empty = new long[(game.cells + 63) >>> 6];
      for (int c = 0; c < game.cells; c++) {
        empty[c >>> 6] |= 1L << c;
      }
    }

    @Override
    public Game game() {
      return game;
    }

    /** Stone at {@code cell}: 0 (black), 1 (white) or −1 (empty). */
    public int stone(int cell) {
      return board[cell] - 1;
    }

    private boolean over() {
      return lineMaker >= 0 || stones == game.cells;
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
      long[] e = empty;
      int n = 0;
      for (int w = 0; w < e.length; w++) {
        long bits = e[w];
        int base = w << 6;
        while (bits != 0) {
          out[n++] = base + Long.numberOfTrailingZeros(bits);
          bits &= bits - 1;
        }
      }
      return n;
    }

    /**
     * The i-th legal action for {@code i = rng.nextInt(n)}, as {@link State#sampleLegalAction}
     * defines it, without listing: n = cells − stones, and the i-th empty cell is the i-th set bit
     * of the empty-cell bitset ({@link Bitsets#select(long[], int)}: O(cells / 64) popcounts
     * instead of O(cells)).
     */
    @Override
    public int sampleLegalAction(SplittableRandom rng, int[] buffer) {
      if (over()) {
        throw notDecisionNode();
      }
      return Bitsets.select(empty, rng.nextInt(game.cells - stones));
    }

    @Override
    public boolean isLegal(int action) {
      return action >= 0 && action < game.cells && board[action] == 0 && !over();
    }

    @Override
    protected void doApplyAction(int action) {
      byte mark = (byte) (toMove + 1);
      board[action] = mark;
      empty[action >>> 6] &= ~(1L << action);
      hash ^= game.keys[2 * action + toMove] ^ game.sideKey;
      stones++;
      if (completesLine(action, mark)) {
        lineMaker = toMove;
      }
      toMove = 1 - toMove;
    }

    private boolean completesLine(int cell, byte mark) {
      int connect = game.connect;
      if (connect <= 1) {
        return true;
      }
      int cells = game.cells;
      int[] step = game.step;
      byte[] b = board;
      for (int d = 0; d < game.numDirs; d++) {
        int count = 1;
        int fwd = 2 * d * cells;
        int c = cell;
        while (count < connect) {
          c = step[fwd + c];
          if (c < 0 || b[c] != mark) {
            break;
          }
          count++;
        }
        int back = fwd + cells;
        c = cell;
        while (count < connect) {
          c = step[back + c];
          if (c < 0 || b[c] != mark) {
            break;
          }
          count++;
        }
        if (count >= connect) {
          return true;
        }
      }
      return false;
    }

    @Override
    public boolean supportsUndo() {
      return true;
    }

    @Override
    protected void doUndoAction(int action) {
      toMove = 1 - toMove;
      board[action] = 0;
      empty[action >>> 6] |= 1L << action;
      hash ^= game.keys[2 * action + toMove] ^ game.sideKey;
      stones--;
      lineMaker = -1;
    }

    @Override
    public double playerReturn(int player) {
      checkPlayer(player);
      if (lineMaker < 0) {
        return 0;
      }
      boolean wins = (lineMaker == player) != game.anti;
      return wins ? 1 : -1;
    }

    @Override
    public String actionToString(int player, int action) {
      int[] coord = new int[game.dims];
      game.unflatten(action, coord);
      StringBuilder sb = new StringBuilder();
      for (int k = 0; k < coord.length; k++) {
        if (k > 0) {
          sb.append(',');
        }
        sb.append(coord[k]);
      }
      return sb.toString();
    }

    /** Parses the coordinate form {@code r,c} directly; other forms go to the base class. */
    @Override
    public int stringToAction(String text) {
      String[] parts = text.trim().split(",", -1);
      if (parts.length == game.dims) {
        int index = 0;
        boolean ok = true;
        for (String part : parts) {
          int x;
          try {
            x = dev.ponder.spec.ParamSpec.asciiInt(part.trim());
          } catch (NumberFormatException e) {
            ok = false;
            break;
          }
          if (x < 0 || x >= game.size) {
            ok = false;
            break;
          }
          index = index * game.size + x;
        }
        if (ok && isLegal(index)) {
          return index;
        }
      }
      return super.stringToAction(text);
    }

    /** Planes: black stones, white stones, all ones when black is to move (OpenSpiel's layout). */
    @Override
    public void observationTensor(int player, float[] out) {
      checkPlayer(player);
      int n = game.cells;
      Arrays.fill(out, 0, 3 * n, 0f);
      for (int c = 0; c < n; c++) {
        if (board[c] == 1) {
          out[c] = 1f;
        } else if (board[c] == 2) {
          out[n + c] = 1f;
        }
      }
      if (currentPlayer() == 0) {
        Arrays.fill(out, 2 * n, 3 * n, 1f);
      }
    }

    @Override
    public long hash() {
      return hash;
    }

    @Override
    public GomokuState copy() {
      GomokuState s = new GomokuState(game);
      s.copyFrom(this);
      return s;
    }

    @Override
    public void copyFrom(State other) {
      GomokuState o = (GomokuState) other;
      System.arraycopy(o.board, 0, board, 0, board.length);
      System.arraycopy(o.empty, 0, empty, 0, empty.length);
      toMove = o.toMove;
      stones = o.stones;
      lineMaker = o.lineMaker;
      hash = o.hash;
      copyHistoryFrom(o);
    }

    /**
     * {@code B} or {@code W} (the side to move) on the first line, then one line per board row
     * ({@code b} black, {@code w} white, {@code .} empty), each ending in a newline, as
     * OpenSpiel prints 2-D boards. A 1-D board is one row; boards of three or more dimensions
     * print their 2-D slices in order, separated by an empty line.
     */
    @Override
    public String toString() {
      int n = game.size;
      StringBuilder sb = new StringBuilder(game.cells + game.cells / Math.max(1, n) + 4);
      sb.append(toMove == 0 ? 'B' : 'W').append('\n');
      int slice = game.dims >= 2 ? n * n : n;
      for (int c = 0; c < game.cells; c++) {
        if (c > 0 && c % slice == 0) {
          sb.append('\n');
        }
        byte v = board[c];
        sb.append(v == 1 ? 'b' : v == 2 ? 'w' : '.');
        if ((c + 1) % n == 0) {
          sb.append('\n');
        }
      }
      return sb.toString();
    }
  }
}
