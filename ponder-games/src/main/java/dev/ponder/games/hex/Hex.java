package dev.ponder.games.hex;

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
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Hex (Piet Hein 1942, John Nash 1948), OpenSpiel-compatible ({@code hex(board_size=11)}).
 *
 * <p>Player 0 is Black ({@code x}) and connects the top and bottom rows; player 1 is White
 * ({@code o}) and connects the left and right columns. Cell {@code a = r*num_cols + c}; its
 * action string is the column letter and the 1-based row ({@code a1}, {@code e5}), or with
 * {@code string_rep=explicit} the stone's connection state and {@code (c,r)} as OpenSpiel prints
 * it. The first player to connect wins (+1 / −1); Hex has no draws.
 *
 * <p>Every stone carries OpenSpiel's cell state (plain, edge-connected or winning), kept by a flood
 * fill into a preallocated stack; the 9-plane observation tensor exposes it. {@code swap=true}
 * enables the pie rule (see {@link HexState}); {@code plain_obs_tensor=true} gives a 3-plane
 * observation tensor (Black, White, empty), both as in OpenSpiel's {@code hex}.
 */
public final class Hex extends TwoPlayerZeroSumGame {
  /**
   * Largest accepted board_size, num_rows and num_cols: a 255 × 255 board has 65,025 cells, so
   * with the swap action 65,026 legal actions, within {@link dev.ponder.games.Limits#MAX_LEGAL_ACTIONS}
   * (the most children an MCTS node holds); 256 × 256 would not be.
   */
  public static final int MAX_SIDE = 255;

  static final GameType TYPE = new GameType("hex", "Hex",
      GameType.ChanceMode.DETERMINISTIC, GameType.Information.PERFECT_INFORMATION,
      GameType.Utility.ZERO_SUM, GameType.RewardModel.TERMINAL, 2, 2,
      List.of(ParamSpec.ofInt("board_size", 11, 1, MAX_SIDE, "rows and columns unless num_rows/num_cols are given"),
          ParamSpec.ofInt("num_cols", 11, 1, MAX_SIDE, "number of columns (default board_size)"),
          ParamSpec.ofInt("num_rows", 11, 1, MAX_SIDE, "number of rows (default board_size)"),
          ParamSpec.ofString("string_rep", "standard", "action/board strings: standard or explicit"),
          ParamSpec.ofBool("swap", false,
              "pie rule: White's first move may be 'swap' (action num_cols*num_rows): Black's stone becomes White's, mirrored; square boards"),
          ParamSpec.ofBool("plain_obs_tensor", false,
              "observation tensor of 3 planes (black, white, empty) instead of 9 cell states")));

  /**
   * Cell state: empty. The cell states are OpenSpiel's: Black stones positive, White stones
   * negative; state {@code s} is plane {@code s + 4} of the 9-plane observation tensor, and each
   * state's character in explicit strings is given in parentheses (here {@code .}).
   */
  public static final byte EMPTY = 0;
  /** A Black stone connected to neither the top nor the bottom row ({@code x}). */
  public static final byte BLACK = 1;
  /** A Black stone connected to the bottom row but not the top ({@code z}). */
  public static final byte BLACK_SOUTH = 2;
  /** A Black stone connected to the top row but not the bottom ({@code y}). */
  public static final byte BLACK_NORTH = 3;
  /** A Black stone connected to both the top and the bottom row: Black has won ({@code X}). */
  public static final byte BLACK_WIN = 4;
  /** A White stone connected to neither the left nor the right column ({@code o}). */
  public static final byte WHITE = -1;
  /** A White stone connected to the right column but not the left ({@code q}). */
  public static final byte WHITE_EAST = -2;
  /** A White stone connected to the left column but not the right ({@code p}). */
  public static final byte WHITE_WEST = -3;
  /** A White stone connected to both the left and the right column: White has won ({@code O}). */
  public static final byte WHITE_WIN = -4;

  private final Params given;
  final int numRows;
  final int numCols;
  final int cells;
  final boolean explicit;
  final boolean swap;
  final boolean plainObs;
  /** neighbours[6*cell + k], k < degree[cell], in OpenSpiel's order. */
  final int[] neighbours;
  final int[] degree;
  final long[] zobrist;

  /**
   * Creates the game.
   *
   * @throws SpecException if a size is outside 1..{@value #MAX_SIDE}, {@code string_rep} is
   *     neither {@code standard} nor {@code explicit}, or {@code swap} is set on a non-square board
   */
  public Hex(Params params) {
    super(TYPE, withResolvedSizes(params));
    this.given = params;
    int size = params.requireInt("board_size");
    numCols = params.isGiven("num_cols") ? params.requireInt("num_cols") : size;
    numRows = params.isGiven("num_rows") ? params.requireInt("num_rows") : size;
    cells = numRows * numCols;
    explicit = params.requireOneOf("string_rep", "standard", "explicit").equals("explicit");
    swap = params.getBool("swap");
    if (swap && numRows != numCols) {
      throw new SpecException("hex: swap needs a square board (the swapped stone is mirrored across the diagonal);"
          + " num_rows=" + numRows + ", num_cols=" + numCols);
    }
    plainObs = params.getBool("plain_obs_tensor");
    neighbours = new int[6 * cells];
    degree = new int[cells];
    for (int cell = 0; cell < cells; cell++) {
      boolean north = cell < numCols;
      boolean south = cell >= cells - numCols;
      boolean west = cell % numCols == 0;
      boolean east = cell % numCols == numCols - 1;
      int k = 0;
      int b = 6 * cell;
      if (!north) {
        neighbours[b + k++] = cell - numCols;
      }
      if (!north && !east) {
        neighbours[b + k++] = cell - numCols + 1;
      }
      if (!east) {
        neighbours[b + k++] = cell + 1;
      }
      if (!south) {
        neighbours[b + k++] = cell + numCols;
      }
      if (!south && !west) {
        neighbours[b + k++] = cell + numCols - 1;
      }
      if (!west) {
        neighbours[b + k++] = cell - 1;
      }
      degree[cell] = k;
    }
    zobrist = Zobrist.keys(0x4E7L + cells * 7919L + numCols, 2 * cells + 1);
  }

  /** Registry factory. */
  public static final class Factory extends SimpleGameFactory {
    /** Serves {@code hex}; the game registry creates it from META-INF/services. */
    public Factory() {
      super(TYPE, Hex::new);
    }
  }

  /** The game string with only the parameters given (num_rows/num_cols only if given). */
  @Override
  public String spec() {
    return given.toSpecString();
  }

  @Override
  public int numDistinctActions() {
    return swap ? cells + 1 : cells;
  }

  @Override
  public int maxGameLength() {
    return swap ? cells + 1 : cells;
  }

  @Override
  public int[] observationTensorShape() {
    return new int[] {plainObs ? 3 : 9, numCols, numRows};
  }

  @Override
  public HexState newInitialState() {
    return new HexState(this);
  }

  /** Number of rows. */
  public int numRows() {
    return numRows;
  }

  /** Number of columns. */
  public int numCols() {
    return numCols;
  }

  /**
   * A plain {@code hex(num_cols=..,num_rows=..)} game, used as the rules engine of dark hex.
   *
   * @throws SpecException if a size is outside 1..{@value #MAX_SIDE}
   */
  public static Hex engine(int numRows, int numCols) {
    // a LinkedHashMap, not Map.of, whose iteration order (and so the spec string's) changes from one JVM to the next
    java.util.Map<String, String> args = new java.util.LinkedHashMap<>();
    args.put("num_cols", Integer.toString(numCols));
    args.put("num_rows", Integer.toString(numRows));
    return new Hex(Params.resolve(new dev.ponder.spec.Spec("hex", args), TYPE.parameters()));
  }

  /**
   * {@code params} with {@code num_cols} and {@code num_rows} set to their effective values
   * (board_size unless given), so that the resolved parameters read as OpenSpiel's
   * {@code GetParameters()}; they are derived values, not given ones ({@link Params#withDerived}),
   * so {@link #spec()} and {@link Params#isGiven} still show only what the game string gave.
   */
  public static Params withResolvedSizes(Params params) {
    Params p = params;
    int size = params.getInt("board_size");
    for (String k : new String[] {"num_cols", "num_rows"}) {
      if (!params.isGiven(k)) {
        p = p.withDerived(k, Integer.toString(size));
      }
    }
    return p;
  }

  /** Number of cells. */
  public int cells() {
    return cells;
  }

  /** Standard string of a cell state: {@code x}, {@code o} or {@code .}. */
  public static char standardChar(int state) {
    return state > 0 ? 'x' : state < 0 ? 'o' : '.';
  }

  /** OpenSpiel's explicit string of a cell state. */
  static char explicitChar(int state) {
    switch (state) {
      case WHITE: return 'o';
      case WHITE_WIN: return 'O';
      case WHITE_WEST: return 'p';
      case WHITE_EAST: return 'q';
      case BLACK: return 'x';
      case BLACK_WIN: return 'X';
      case BLACK_NORTH: return 'y';
      case BLACK_SOUTH: return 'z';
      default: return '.';
    }
  }

  /** Standard action string: column letter(s) and 1-based row. */
  public String cellName(int cell) {
    int col = cell % numCols;
    return (char) ('a' + col) + Integer.toString(cell / numCols + 1);
  }

  /**
   * The rules engine on a cell-state board, shared with dark hex: places a stone of
   * {@code player} on the empty cell {@code move}, flood-fills edge connection and returns the
   * new stone's state ({@link #BLACK_WIN} / {@link #WHITE_WIN} when it wins).
   *
   * @param board cell states, length {@code cells}
   * @param stack scratch stack of length at least {@code cells}
   */
  public byte place(byte[] board, int[] stack, int player, int move) {
    byte s = stateAfter(board, player, move);
    board[move] = s;
    if (s != BLACK && s != WHITE && s != BLACK_WIN && s != WHITE_WIN) {
      byte plain = player == 0 ? BLACK : WHITE;
      int top = 0;
      stack[top++] = move;
      while (top > 0) {
        int c = stack[--top];
        int b = 6 * c;
        for (int k = 0, d = degree[c]; k < d; k++) {
          int nb = neighbours[b + k];
          if (board[nb] == plain) {
            board[nb] = s;
            stack[top++] = nb;
          }
        }
      }
    }
    return s;
  }

  /**
   * The state a stone of {@code player} would get on {@code move}: OpenSpiel's rule (edge flags
   * from the cell's own edges and from its edge-connected neighbours, winning when both are set).
   * A cell on both of the player's edges sets both flags, so on a board with one row every Black
   * stone wins and on a board with one column every White stone wins; boards of at least 2 rows
   * and 2 columns have no such cell.
   */
  byte stateAfter(byte[] board, int player, int move) {
    int b = 6 * move;
    int d = degree[move];
    if (player == 0) {
      // both flags independently: on a board with one row a stone touches top and bottom
      boolean north = move < numCols;
      boolean south = move >= cells - numCols;
      for (int k = 0; k < d; k++) {
        byte nb = board[neighbours[b + k]];
        if (nb == BLACK_NORTH) {
          north = true;
        } else if (nb == BLACK_SOUTH) {
          south = true;
        }
      }
      return north && south ? BLACK_WIN : north ? BLACK_NORTH : south ? BLACK_SOUTH : BLACK;
    }
    // likewise on a board with one column a stone touches left and right
    boolean west = move % numCols == 0;
    boolean east = move % numCols == numCols - 1;
    for (int k = 0; k < d; k++) {
      byte nb = board[neighbours[b + k]];
      if (nb == WHITE_WEST) {
        west = true;
      } else if (nb == WHITE_EAST) {
        east = true;
      }
    }
    return west && east ? WHITE_WIN : west ? WHITE_WEST : east ? WHITE_EAST : WHITE;
  }

  /**
   * A Hex position. With {@code swap=True}, White's first move may also be the swap action
   * {@code num_cols * num_rows} (the pie rule, as OpenSpiel's {@code hex} plays it): Black's
   * opening stone at (row r, column c) is removed and a White stone is placed at its mirror image
   * (row c, column r), so White takes over Black's opening with the colours' roles exchanged;
   * Black then moves.
   */
  public static final class HexState extends State {
    private final Hex g;
    final byte[] board;
    final int[] stack;
    /** Bitset of empty cells, for branch-free move generation. */
    final long[] empty;
    /** Number of empty cells: the cardinality of {@link #empty}. */
    int emptyCount;
    int toMove;
    /** +1 black won, −1 white won, 0 ongoing. */
    int result;
    long hash;

    HexState(Hex g) {
      this.g = g;
      board = new byte[g.cells];
      stack = new int[g.cells];
      empty = new long[(g.cells + 63) >>> 6];
      for (int c = 0; c < g.cells; c++) {
        empty[c >>> 6] |= 1L << c;
      }
      emptyCount = g.cells;
    }

    @Override
    public Game game() {
      return g;
    }

    /** OpenSpiel cell state of {@code cell} (see the constants of {@link Hex}). */
    public byte cellState(int cell) {
      return board[cell];
    }

    private boolean swapAvailable() {
      return g.swap && historySize() == 1 && result == 0;
    }

    @Override
    public int currentPlayer() {
      return result != 0 ? TERMINAL : toMove;
    }

    @Override
    public int legalActions(int[] out) {
      if (result != 0) {
        return 0;
      }
      int n = 0;
      long[] e = empty;
      for (int w = 0; w < e.length; w++) {
        long x = e[w];
        int base = w << 6;
        while (x != 0) {
          out[n++] = base + Long.numberOfTrailingZeros(x);
          x &= x - 1;
        }
      }
      if (swapAvailable()) {
        out[n++] = g.cells;
      }
      return n;
    }

    /**
     * The i-th legal action for {@code i = rng.nextInt(n)}, as {@link State#sampleLegalAction}
     * defines it, without listing: n is the maintained empty-cell count (plus one while the swap
     * action, listed last, is available), and the i-th empty cell is the i-th set bit of the
     * empty-cell bitset ({@link Bitsets#select(long[], int)}: O(cells / 64) popcounts instead of
     * O(cells)).
     */
    @Override
    public int sampleLegalAction(SplittableRandom rng, int[] buffer) {
      if (result != 0) {
        throw notDecisionNode();
      }
      int cellsFree = emptyCount;
      int i = rng.nextInt(swapAvailable() ? cellsFree + 1 : cellsFree);
      return i == cellsFree ? g.cells : Bitsets.select(empty, i);
    }

    @Override
    public boolean isLegal(int action) {
      if (action == g.cells) {
        return swapAvailable();
      }
      return result == 0 && action >= 0 && action < g.cells && board[action] == EMPTY;
    }

    @Override
    protected void doApplyAction(int action) {
      if (action == g.cells) {
        // swap (pie rule): Black's opening stone becomes White's, mirrored across the diagonal
        int first = historyAt(0);
        board[first] = EMPTY;
        empty[first >>> 6] |= 1L << first;
        hash ^= g.zobrist[first];
        int mirrored = (first % g.numCols) * g.numCols + first / g.numCols;
        g.place(board, stack, 1, mirrored);
        empty[mirrored >>> 6] &= ~(1L << mirrored);
        hash ^= g.zobrist[g.cells + mirrored];
      } else {
        byte s = g.place(board, stack, toMove, action);
        empty[action >>> 6] &= ~(1L << action);
        emptyCount--;
        hash ^= g.zobrist[toMove * g.cells + action];
        if (s == BLACK_WIN) {
          result = 1;
        } else if (s == WHITE_WIN) {
          result = -1;
        }
      }
      toMove = 1 - toMove;
      hash ^= g.zobrist[2 * g.cells];
    }

    @Override
    public double playerReturn(int player) {
      checkPlayer(player);
      return player == 0 ? result : -result;
    }

    @Override
    public String actionToString(int player, int action) {
      if (g.swap && action == g.cells) {
        return "swap";
      }
      if (!g.explicit) {
        return g.cellName(action);
      }
      char stone = player == 0 || player == 1
          ? explicitChar(g.stateAfter(board, player, action)) : '.';
      return stone + "(" + action % g.numCols + "," + action / g.numCols + ")";
    }

    @Override
    public void observationTensor(int player, float[] out) {
      checkPlayer(player);
      int n = g.cells;
      if (g.plainObs) {
        Arrays.fill(out, 0, 3 * n, 0f);
        for (int c = 0; c < n; c++) {
          // planes: Black (player 0), White (player 1), empty
          int plane = board[c] > 0 ? 0 : board[c] < 0 ? 1 : 2;
          out[plane * n + c] = 1f;
        }
      } else {
        Arrays.fill(out, 0, 9 * n, 0f);
        for (int c = 0; c < n; c++) {
          out[(board[c] + 4) * n + c] = 1f;
        }
      }
    }

    @Override
    public long hash() {
      return hash;
    }

    @Override
    public HexState copy() {
      HexState s = new HexState(g);
      s.copyFrom(this);
      return s;
    }

    @Override
    public void copyFrom(State other) {
      HexState o = (HexState) other;
      System.arraycopy(o.board, 0, board, 0, board.length);
      System.arraycopy(o.empty, 0, empty, 0, empty.length);
      emptyCount = o.emptyCount;
      toMove = o.toMove;
      result = o.result;
      hash = o.hash;
      copyHistoryFrom(o);
    }

    /** OpenSpiel's rendering: one line per row, shifted right by the row index, cells followed by a space. */
    @Override
    public String toString() {
      StringBuilder sb = new StringBuilder(g.cells * 2 + g.numRows * (g.numRows + 1) / 2);
      for (int c = 0; c < g.cells; c++) {
        if (c > 0 && c % g.numCols == 0) {
          sb.append('\n');
          for (int i = c / g.numCols; i > 0; i--) {
            sb.append(' ');
          }
        }
        sb.append(g.explicit ? explicitChar(board[c]) : standardChar(board[c])).append(' ');
      }
      return sb.toString();
    }
  }
}
