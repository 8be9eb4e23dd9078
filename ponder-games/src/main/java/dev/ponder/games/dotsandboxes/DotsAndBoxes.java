package dev.ponder.games.dotsandboxes;

import dev.ponder.game.Game;
import dev.ponder.game.GameType;
import dev.ponder.game.SimpleGameFactory;
import dev.ponder.game.State;
import dev.ponder.game.TwoPlayerZeroSumGame;
import dev.ponder.games.Zobrist;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import java.util.Arrays;
import java.util.List;

/**
 * Dots and Boxes, OpenSpiel-compatible ({@code dots_and_boxes}): players draw one line between
 * adjacent dots; completing the fourth side of a box scores it and the same player moves again.
 * When all lines are drawn the player with more boxes wins (+1 / −1, 0 on a tie), or, with
 * {@code utility_margin=true}, the returns are the box difference.
 *
 * <p>Parameters: {@code num_rows} and {@code num_cols} of boxes (default 2 × 2) and
 * {@code utility_margin} (default false). Actions: horizontal lines first,
 * {@code row * num_cols + col} for row {@code 0..num_rows} and col {@code 0..num_cols−1}, then
 * vertical lines {@code H + row * (num_cols + 1) + col} with {@code H = (num_rows + 1) * num_cols}.
 * Action strings are {@code P1(h,row,col)} / {@code P2(v,row,col)}, where P1 is player 0.
 *
 * <p>Internally, as in OpenSpiel, lines and boxes are stored per dot ("cell")
 * {@code row * (num_cols + 1) + col}: {@code h[cell]} is the line to the right of the dot,
 * {@code v[cell]} the line below it, {@code p[cell]} the box to its lower right.
 */
public final class DotsAndBoxes extends TwoPlayerZeroSumGame {
  static final GameType TYPE = new GameType("dots_and_boxes", "Dots and Boxes",
      GameType.ChanceMode.DETERMINISTIC, GameType.Information.PERFECT_INFORMATION,
      GameType.Utility.ZERO_SUM, GameType.RewardModel.TERMINAL, 2, 2,
      List.of(
          ParamSpec.ofInt("num_rows", 2, 1, 32, "rows of boxes"),
          ParamSpec.ofInt("num_cols", 2, 1, 32, "columns of boxes"),
          ParamSpec.ofBool("utility_margin", false, "returns are the box difference instead of +1/-1")));

  final int rows;
  final int cols;
  final boolean margin;
  final int numCells;
  final int numH;
  final int numLines;
  /** Dot index of each action's line. */
  final int[] cellOf;
  /**
   * The (up to two) boxes each line borders, as dot indices of their upper-left corner, −1 if
   * absent: {@code boxes[2 * action]}, {@code boxes[2 * action + 1]}.
   */
  final int[] boxes;
  /** Keys: lines ({@code numLines}), box owners ({@code 2 * numCells}), side to move. */
  final long[] keys;

  /**
   * Creates the game from {@code num_rows} and {@code num_cols} (boxes, default 2 each, 1..32)
   * and {@code utility_margin} (default false).
   *
   * @throws dev.ponder.spec.SpecException if {@code num_rows} or {@code num_cols} is outside 1..32
   */
  public DotsAndBoxes(Params params) {
    super(TYPE, params);
    this.rows = params.requireInt("num_rows");
    this.cols = params.requireInt("num_cols");
    this.margin = params.getBool("utility_margin");
    this.numCells = (rows + 1) * (cols + 1);
    this.numH = (rows + 1) * cols;
    this.numLines = numH + rows * (cols + 1);
    this.cellOf = new int[numLines];
    this.boxes = new int[2 * numLines];
    for (int a = 0; a < numLines; a++) {
      int r;
      int c;
      if (a < numH) {
        r = a / cols;
        c = a % cols;
        boxes[2 * a] = r > 0 ? dot(r - 1, c) : -1;
        boxes[2 * a + 1] = r < rows ? dot(r, c) : -1;
      } else {
        r = (a - numH) / (cols + 1);
        c = (a - numH) % (cols + 1);
        boxes[2 * a] = c > 0 ? dot(r, c - 1) : -1;
        boxes[2 * a + 1] = c < cols ? dot(r, c) : -1;
      }
      cellOf[a] = dot(r, c);
    }
    this.keys = Zobrist.keys(0x444F5453L, numLines + 2 * numCells + 1);
  }

  int dot(int r, int c) {
    return r * (cols + 1) + c;
  }

  /** Registry factory. */
  public static final class Factory extends SimpleGameFactory {
    /** Serves {@code dots_and_boxes}; the game registry creates it from META-INF/services. */
    public Factory() {
      super(TYPE, DotsAndBoxes::new);
    }
  }

  /** The action of the horizontal line at dot row {@code r}, column {@code c}. */
  public int horizontal(int r, int c) {
    return r * cols + c;
  }

  /** The action of the vertical line at dot row {@code r}, column {@code c}. */
  public int vertical(int r, int c) {
    return numH + r * (cols + 1) + c;
  }

  @Override
  public int numDistinctActions() {
    return numLines;
  }

  @Override
  public double minUtility() {
    return margin ? -rows * cols : -1;
  }

  @Override
  public double maxUtility() {
    return margin ? rows * cols : 1;
  }

  @Override
  public int maxGameLength() {
    return numLines;
  }

  @Override
  public int[] observationTensorShape() {
    return new int[] {3, numCells, 3};
  }

  @Override
  public DotsAndBoxesState newInitialState() {
    return new DotsAndBoxesState(this);
  }

  /** A Dots and Boxes position. Supports undo; incremental Zobrist hash. */
  public static final class DotsAndBoxesState extends State {
    private final DotsAndBoxes game;
    /** Owner+1 of each line / box (0 = empty), indexed by dot as in OpenSpiel. */
    private final byte[] h;
    private final byte[] v;
    private final byte[] p;
    private final int[] points = new int[2];
    private int toMove;
    private int moves;
    private long hash;

    DotsAndBoxesState(DotsAndBoxes game) {
      this.game = game;
      this.h = new byte[game.numCells];
      this.v = new byte[game.numCells];
      this.p = new byte[game.numCells];
    }

    @Override
    public Game game() {
      return game;
    }

    /** Boxes scored by {@code player}. */
    public int points(int player) {
      return points[player];
    }

    /** Owner of the box whose upper-left dot is at row {@code r}, col {@code c}: 0, 1 or −1. */
    public int boxOwner(int r, int c) {
      return p[game.dot(r, c)] - 1;
    }

    private boolean full() {
      return moves == game.numLines;
    }

    @Override
    public int currentPlayer() {
      return full() ? TERMINAL : toMove;
    }

    private boolean drawn(int action) {
      int cell = game.cellOf[action];
      return (action < game.numH ? h[cell] : v[cell]) != 0;
    }

    @Override
    public int legalActions(int[] out) {
      if (full()) {
        return 0;
      }
      int n = 0;
      int[] cellOf = game.cellOf;
      int numH = game.numH;
      for (int a = 0; a < numH; a++) {
        if (h[cellOf[a]] == 0) {
          out[n++] = a;
        }
      }
      for (int a = numH; a < game.numLines; a++) {
        if (v[cellOf[a]] == 0) {
          out[n++] = a;
        }
      }
      return n;
    }

    @Override
    public boolean isLegal(int action) {
      return action >= 0 && action < game.numLines && !drawn(action);
    }

    private boolean complete(int box) {
      int right = box + 1;
      int below = box + game.cols + 1;
      return h[box] != 0 && h[below] != 0 && v[box] != 0 && v[right] != 0;
    }

    @Override
    protected void doApplyAction(int action) {
      int cell = game.cellOf[action];
      byte mark = (byte) (toMove + 1);
      if (action < game.numH) {
        h[cell] = mark;
      } else {
        v[cell] = mark;
      }
      long hsh = hash ^ game.keys[action];
      boolean scored = false;
      for (int k = 0; k < 2; k++) {
        int box = game.boxes[2 * action + k];
        if (box >= 0 && complete(box)) {
          p[box] = mark;
          points[toMove]++;
          hsh ^= game.keys[game.numLines + 2 * box + toMove];
          scored = true;
        }
      }
      if (!scored) {
        toMove = 1 - toMove;
        hsh ^= game.keys[game.numLines + 2 * game.numCells];
      }
      moves++;
      hash = hsh;
    }

    @Override
    public boolean supportsUndo() {
      return true;
    }

    @Override
    protected void doUndoAction(int action) {
      int cell = game.cellOf[action];
      boolean scored = false;
      for (int k = 0; k < 2; k++) {
        int box = game.boxes[2 * action + k];
        if (box >= 0 && p[box] != 0) {
          // The box is complete now, so it was completed by this line.
          scored = true;
        }
      }
      if (!scored) {
        toMove = 1 - toMove;
        hash ^= game.keys[game.numLines + 2 * game.numCells];
      }
      for (int k = 0; k < 2; k++) {
        int box = game.boxes[2 * action + k];
        if (box >= 0 && p[box] != 0) {
          p[box] = 0;
          points[toMove]--;
          hash ^= game.keys[game.numLines + 2 * box + toMove];
        }
      }
      if (action < game.numH) {
        h[cell] = 0;
      } else {
        v[cell] = 0;
      }
      hash ^= game.keys[action];
      moves--;
    }

    @Override
    public double playerReturn(int player) {
      checkPlayer(player);
      if (!full()) {
        return 0;
      }
      int diff = points[player] - points[1 - player];
      if (game.margin) {
        return diff;
      }
      return Integer.signum(diff);
    }

    @Override
    public String actionToString(int player, int action) {
      boolean horizontal = action < game.numH;
      int r;
      int c;
      if (horizontal) {
        r = action / game.cols;
        c = action % game.cols;
      } else {
        int a = action - game.numH;
        r = a / (game.cols + 1);
        c = a % (game.cols + 1);
      }
      return "P" + (player + 1) + "(" + (horizontal ? 'h' : 'v') + "," + r + "," + c + ")";
    }

    /**
     * OpenSpiel's layout {@code [state][cell][part]}: state 0 empty, 1 player 0, 2 player 1;
     * part 0 the horizontal line, 1 the vertical line, 2 the box of each dot.
     */
    @Override
    public void observationTensor(int player, float[] out) {
      checkPlayer(player);
      int n = game.numCells;
      Arrays.fill(out, 0, 9 * n, 0f);
      for (int cell = 0; cell < n; cell++) {
        out[(h[cell] * n + cell) * 3] = 1f;
        out[(v[cell] * n + cell) * 3 + 1] = 1f;
        out[(p[cell] * n + cell) * 3 + 2] = 1f;
      }
    }

    @Override
    public long hash() {
      return hash;
    }

    @Override
    public DotsAndBoxesState copy() {
      DotsAndBoxesState s = new DotsAndBoxesState(game);
      s.copyFrom(this);
      return s;
    }

    @Override
    public void copyFrom(State other) {
      DotsAndBoxesState o = (DotsAndBoxesState) other;
      System.arraycopy(o.h, 0, h, 0, h.length);
      System.arraycopy(o.v, 0, v, 0, v.length);
      System.arraycopy(o.p, 0, p, 0, p.length);
      points[0] = o.points[0];
      points[1] = o.points[1];
      toMove = o.toMove;
      moves = o.moves;
      hash = o.hash;
      copyHistoryFrom(o);
    }

    /** OpenSpiel's box-drawing rendering; boxes show their owner (1 or 2). */
    @Override
    public String toString() {
      int rows = game.rows;
      int cols = game.cols;
      StringBuilder sb = new StringBuilder();
      for (int r = 0; r <= rows; r++) {
        for (int c = 0; c <= cols; c++) {
          sb.append(corner(h[game.dot(r, c)] != 0, r, c));
        }
        sb.append('\n');
        if (r == rows) {
          break;
        }
        for (int c = 0; c <= cols; c++) {
          int cell = game.dot(r, c);
          sb.append(v[cell] != 0 ? "│" : " ");
          if (c < cols) {
            sb.append(p[cell] == 0 ? "   " : p[cell] == 1 ? " 1 " : " 2 ");
          }
        }
        sb.append('\n');
      }
      return sb.toString();
    }

    private String corner(boolean set, int r, int c) {
      int rows = game.rows;
      int cols = game.cols;
      String tail = set ? "───" : "╴ ╶";
      if (r == 0 && c == 0) {
        return "┌" + tail;
      }
      if (r == rows && c == 0) {
        return "└" + tail;
      }
      if (r == 0 && c == cols) {
        return "┐";
      }
      if (r == rows && c == cols) {
        return "┘";
      }
      if (c == cols) {
        return "┤";
      }
      if (c == 0) {
        return "├" + tail;
      }
      if (r == 0) {
        return "┬" + tail;
      }
      if (r == rows) {
        return "┴" + tail;
      }
      return "┼" + tail;
    }
  }
}
