package dev.ponder.games.amazons;

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
 * The Game of the Amazons, OpenSpiel-compatible ({@code amazons}): each player has four queens
 * (amazons); a turn moves one amazon like a chess queen over empty cells, then shoots an arrow
 * from its new cell, again like a queen; arrows block for the rest of the game. A player who
 * cannot move any amazon at the start of their turn loses (+1 / −1; there are no draws).
 *
 * <p>As in OpenSpiel a turn is three decisions by the same player, each an action naming a cell
 * {@code row * board_size + col}: the amazon to move ("From"), its destination ("To") and the
 * arrow's target ("Shoot"). Action strings are {@code X From (r, c)}, {@code X To (r, c)},
 * {@code X Shoot: (r, c)} with 1-based row and column; player 0 is {@code X} (starting at the
 * bottom), player 1 is {@code O}. Only amazons with at least one move can be chosen.
 *
 * <p>Parameter {@code board_size} (default 10): the amazons stand at distance
 * {@code k = (board_size − 1) / 3} from the corners along the edges — for 10×10 the standard
 * a4, d1, g1, j4 (X) and a7, d10, g10, j7 (O).
 */
public final class Amazons extends TwoPlayerZeroSumGame {
  static final GameType TYPE = new GameType("amazons", "Amazons",
      GameType.ChanceMode.DETERMINISTIC, GameType.Information.PERFECT_INFORMATION,
      GameType.Utility.ZERO_SUM, GameType.RewardModel.TERMINAL, 2, 2,
      List.of(ParamSpec.ofInt("board_size", 10, 4, 32, "cells per side")));

  /** Cell contents. */
  static final byte EMPTY = 0;
  static final byte NOUGHT = 1;
  static final byte CROSS = 2;
  static final byte BLOCK = 3;
  static final byte OFF = 4;

  /** Decision stages within a turn. */
  static final int FROM = 0;
  static final int TO = 1;
  static final int SHOOT = 2;

  final int n;
  /** Mailbox width: the board with a one-cell border. */
  final int w;
  final int[] dirs;
  /** Mailbox index of each cell and back. */
  final int[] toBox;
  final int[] toCell;
  final int[][] start = new int[2][4];
  /** Keys: cell×{X, O, arrow}, hand[cell], shooter[cell], side, stage TO, stage SHOOT. */
  final long[] keys;

  /**
   * Creates the game from {@code board_size} (cells per side, default 10, 4..32).
   *
   * @throws dev.ponder.spec.SpecException if {@code board_size} is outside 4..32
   */
  public Amazons(Params params) {
    super(TYPE, params);
    this.n = params.requireInt("board_size");
    this.w = n + 2;
    this.dirs = new int[] {-1, 1, -w, w, -w - 1, -w + 1, w - 1, w + 1};
    this.toBox = new int[n * n];
    this.toCell = new int[w * w];
    Arrays.fill(toCell, -1);
    for (int r = 0; r < n; r++) {
      for (int c = 0; c < n; c++) {
        toBox[r * n + c] = (r + 1) * w + c + 1;
        toCell[(r + 1) * w + c + 1] = r * n + c;
      }
    }
    int k = (n - 1) / 3;
    int last = n - 1;
    // Player 0 (X): lower side; player 1 (O): upper side.
    start[0] = new int[] {(last - k) * n, (last - k) * n + last, last * n + k, last * n + last - k};
    start[1] = new int[] {k, last - k, k * n, k * n + last};
    this.keys = Zobrist.keys(0x414D415AL, 5 * n * n + 3);
  }

  /** Registry factory. */
  public static final class Factory extends SimpleGameFactory {
    /** Serves {@code amazons}; the game registry creates it from META-INF/services. */
    public Factory() {
      super(TYPE, Amazons::new);
    }
  }

  /** Cells per side (the {@code board_size} parameter, 4..32). */
  public int boardSize() {
    return n;
  }

  @Override
  public int numDistinctActions() {
    return n * n;
  }

  @Override
  public int maxGameLength() {
    return 3 * n * n;
  }

  @Override
  public int[] observationTensorShape() {
    return new int[] {4, n, n};
  }

  @Override
  public AmazonsState newInitialState() {
    return new AmazonsState(this);
  }

  long pieceKey(int cell, byte piece) {
    return keys[3 * cell + piece - 1];
  }

  long handKey(int cell) {
    return keys[3 * n * n + cell];
  }

  long shooterKey(int cell) {
    return keys[4 * n * n + cell];
  }

  long sideKey() {
    return keys[5 * n * n];
  }

  long stageKey(int stage) {
    return stage == FROM ? 0 : keys[5 * n * n + stage];
  }

  /** An Amazons position: mailbox board, stage within the turn. Undo; incremental Zobrist hash. */
  public static final class AmazonsState extends State {
    private final Amazons game;
    private final byte[] box;
    /** Mailbox squares of the amazons: player p's are {@code queens[4p..4p+3]}. */
    private final int[] queens = new int[8];
    /** Index into {@link #queens} of the amazon lifted by the "From" decision. */
    private int lifted = -1;
    private int toMove;
    private int stage;
    private int from = -1;
    private int to = -1;
    private int winner = -1;
    private long hash;

    AmazonsState(Amazons game) {
      this.game = game;
      this.box = new byte[game.w * game.w];
      Arrays.fill(box, OFF);
      for (int cell = 0; cell < game.n * game.n; cell++) {
        box[game.toBox[cell]] = EMPTY;
      }
      for (int p = 0; p < 2; p++) {
        byte piece = p == 0 ? CROSS : NOUGHT;
        for (int i = 0; i < 4; i++) {
          int cell = game.start[p][i];
          box[game.toBox[cell]] = piece;
          queens[4 * p + i] = game.toBox[cell];
          hash ^= game.pieceKey(cell, piece);
        }
      }
    }

    @Override
    public Game game() {
      return game;
    }

    /** Content of cell {@code cell}: 0 empty, 1 O, 2 X, 3 arrow (OpenSpiel's cell-state order). */
    public int cellState(int cell) {
      return box[game.toBox[cell]];
    }

    /** 0 when choosing an amazon, 1 when choosing its destination, 2 when shooting. */
    public int stage() {
      return stage;
    }

    @Override
    public int currentPlayer() {
      return winner >= 0 ? TERMINAL : toMove;
    }

    private static byte piece(int player) {
      return player == 0 ? CROSS : NOUGHT;
    }

    private boolean canMove(int b) {
      byte[] bx = box;
      for (int d : game.dirs) {
        if (bx[b + d] == EMPTY) {
          return true;
        }
      }
      return false;
    }

    private boolean playerCanMove(int player) {
      for (int i = 4 * player; i < 4 * player + 4; i++) {
        if (canMove(queens[i])) {
          return true;
        }
      }
      return false;
    }

    private int queenAt(int b) {
      for (int i = 4 * toMove; i < 4 * toMove + 4; i++) {
        if (queens[i] == b) {
          return i;
        }
      }
      throw new IllegalStateException("no amazon of player " + toMove + " on " + game.toCell[b]);
    }

    private int walk(int origin, int step) {
      byte[] bx = box;
      int k = 0;
      int b = origin + step;
      while (bx[b] == EMPTY) {
        k++;
        b += step;
      }
      return k;
    }

    /**
     * Writes the cells a queen on mailbox square {@code origin} reaches, in ascending cell order
     * without sorting: rows above (nearest last), then the row itself, then rows below.
     */
    private int rays(int origin, int[] out) {
      int w = game.w;
      int n = game.n;
      int left = walk(origin, -1);
      int right = walk(origin, 1);
      int up = walk(origin, -w);
      int down = walk(origin, w);
      int upLeft = walk(origin, -w - 1);
      int upRight = walk(origin, -w + 1);
      int downLeft = walk(origin, w - 1);
      int downRight = walk(origin, w + 1);
      int oc = game.toCell[origin];
      int k = 0;
      for (int d = Math.max(up, Math.max(upLeft, upRight)); d >= 1; d--) {
        int rowStart = oc - d * n;
        if (d <= upLeft) {
          out[k++] = rowStart - d;
        }
        if (d <= up) {
          out[k++] = rowStart;
        }
        if (d <= upRight) {
          out[k++] = rowStart + d;
        }
      }
      for (int d = left; d >= 1; d--) {
        out[k++] = oc - d;
      }
      for (int d = 1; d <= right; d++) {
        out[k++] = oc + d;
      }
      int maxDown = Math.max(down, Math.max(downLeft, downRight));
      for (int d = 1; d <= maxDown; d++) {
        int rowStart = oc + d * n;
        if (d <= downLeft) {
          out[k++] = rowStart - d;
        }
        if (d <= down) {
          out[k++] = rowStart;
        }
        if (d <= downRight) {
          out[k++] = rowStart + d;
        }
      }
      return k;
    }

    @Override
    public int legalActions(int[] out) {
      if (winner >= 0) {
        return 0;
      }
      switch (stage) {
        case FROM: {
          int k = 0;
          for (int i = 4 * toMove; i < 4 * toMove + 4; i++) {
            int b = queens[i];
            if (canMove(b)) {
              int cell = game.toCell[b];
              int j = k++;
              while (j > 0 && out[j - 1] > cell) {
                out[j] = out[j - 1];
                j--;
              }
              out[j] = cell;
            }
          }
          return k;
        }
        case TO:
          return rays(game.toBox[from], out);
        default:
          return rays(game.toBox[to], out);
      }
    }

    @Override
    public boolean isLegal(int action) {
      if (winner >= 0 || action < 0 || action >= game.n * game.n) {
        return false;
      }
      int target = game.toBox[action];
      if (stage == FROM) {
        return box[target] == piece(toMove) && canMove(target);
      }
      int origin = game.toBox[stage == TO ? from : to];
      if (box[target] != EMPTY || target == origin) {
        return false;
      }
      for (int d : game.dirs) {
        int b = origin + d;
        while (box[b] == EMPTY) {
          if (b == target) {
            return true;
          }
          b += d;
        }
      }
      return false;
    }

    @Override
    protected void doApplyAction(int action) {
      int b = game.toBox[action];
      long h = hash ^ game.stageKey(stage);
      switch (stage) {
        case FROM:
          box[b] = EMPTY;
          from = action;
          lifted = queenAt(b);
          h ^= game.pieceKey(action, piece(toMove)) ^ game.handKey(action);
          stage = TO;
          break;
        case TO:
          box[b] = piece(toMove);
          to = action;
          queens[lifted] = b;
          h ^= game.handKey(from) ^ game.pieceKey(action, piece(toMove)) ^ game.shooterKey(action);
          stage = SHOOT;
          break;
        default:
          box[b] = BLOCK;
          h ^= game.shooterKey(to) ^ game.pieceKey(action, BLOCK) ^ game.sideKey();
          toMove = 1 - toMove;
          stage = FROM;
          if (!playerCanMove(toMove)) {
            winner = 1 - toMove;
          }
          break;
      }
      hash = h ^ game.stageKey(stage);
    }

    @Override
    public boolean supportsUndo() {
      return true;
    }

    @Override
    protected void doUndoAction(int action) {
      int b = game.toBox[action];
      long h = hash ^ game.stageKey(stage);
      int previous = historySize() > 0 ? historyAt(historySize() - 1) : -1;
      switch (stage) {
        case FROM:
          // Undo a shot: the amazon that shot stands on the previous action's cell.
          toMove = 1 - toMove;
          winner = -1;
          box[b] = EMPTY;
          to = previous;
          h ^= game.shooterKey(to) ^ game.pieceKey(action, BLOCK) ^ game.sideKey();
          stage = SHOOT;
          break;
        case SHOOT:
          // Undo a destination: the amazon goes back into the hand; it came from the previous action.
          box[b] = EMPTY;
          from = previous;
          lifted = queenAt(b);
          queens[lifted] = game.toBox[from];
          h ^= game.handKey(from) ^ game.pieceKey(action, piece(toMove)) ^ game.shooterKey(action);
          to = -1;
          stage = TO;
          break;
        default:
          box[b] = piece(toMove);
          lifted = -1;
          h ^= game.pieceKey(action, piece(toMove)) ^ game.handKey(action);
          from = -1;
          stage = FROM;
          break;
      }
      hash = h ^ game.stageKey(stage);
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
      String who = player == 0 ? "X" : player == 1 ? "O" : "?";
      String coord = "(" + (action / game.n + 1) + ", " + (action % game.n + 1) + ")";
      switch (stage) {
        case FROM:
          return who + " From " + coord;
        case TO:
          return who + " To " + coord;
        default:
          return who + " Shoot: " + coord;
      }
    }

    /** Parses {@code (r, c)} at the end of the text directly; other forms go to the base class. */
    @Override
    public int stringToAction(String text) {
      String t = text.trim();
      int open = t.lastIndexOf('(');
      int comma = t.lastIndexOf(',');
      if (open >= 0 && comma > open && t.endsWith(")") && winner < 0) {
        try {
          int r = Integer.parseInt(t.substring(open + 1, comma).trim()) - 1;
          int c = Integer.parseInt(t.substring(comma + 1, t.length() - 1).trim()) - 1;
          if (r >= 0 && r < game.n && c >= 0 && c < game.n) {
            int action = r * game.n + c;
            if (isLegal(action) && actionToString(toMove, action).equalsIgnoreCase(t)) {
              return action;
            }
          }
        } catch (NumberFormatException e) {
          // fall through to the general lookup
        }
      }
      return super.stringToAction(text);
    }

    /** Planes in OpenSpiel's cell-state order: empty, O, X, arrow. */
    @Override
    public void observationTensor(int player, float[] out) {
      checkPlayer(player);
      int cells = game.n * game.n;
      Arrays.fill(out, 0, 4 * cells, 0f);
      for (int cell = 0; cell < cells; cell++) {
        out[box[game.toBox[cell]] * cells + cell] = 1f;
      }
    }

    @Override
    public long hash() {
      return hash;
    }

    @Override
    public AmazonsState copy() {
      AmazonsState s = new AmazonsState(game);
      s.copyFrom(this);
      return s;
    }

    @Override
    public void copyFrom(State other) {
      AmazonsState o = (AmazonsState) other;
      System.arraycopy(o.box, 0, box, 0, box.length);
      System.arraycopy(o.queens, 0, queens, 0, 8);
      lifted = o.lifted;
      toMove = o.toMove;
      stage = o.stage;
      from = o.from;
      to = o.to;
      winner = o.winner;
      hash = o.hash;
      copyHistoryFrom(o);
    }

    /** One line per row, top row first: {@code X}, {@code O}, {@code #} (arrow), {@code .}. */
    @Override
    public String toString() {
      int n = game.n;
      StringBuilder sb = new StringBuilder(n * (n + 1));
      for (int r = 0; r < n; r++) {
        if (r > 0) {
          sb.append('\n');
        }
        for (int c = 0; c < n; c++) {
          byte v = box[game.toBox[r * n + c]];
          sb.append(v == EMPTY ? '.' : v == NOUGHT ? 'O' : v == CROSS ? 'X' : '#');
        }
      }
      return sb.toString();
    }
  }
}
