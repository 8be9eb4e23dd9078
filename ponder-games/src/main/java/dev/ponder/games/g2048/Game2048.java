package dev.ponder.games.g2048;

import dev.ponder.game.AbstractGame;
import dev.ponder.game.Game;
import dev.ponder.game.GameType;
import dev.ponder.game.SimpleGameFactory;
import dev.ponder.game.State;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import dev.ponder.spec.SpecException;
import java.util.List;

/**
 * 2048 (Cirulli, 2014), OpenSpiel-compatible ({@code 2048}): one player slides the tiles of a
 * 4×4 grid up, right, down or left; equal tiles that meet merge once per move into their sum,
 * which is added to the score. After every move that changes the board, chance places a new tile
 * on an empty cell chosen uniformly: a 2 with probability 0.9 or a 4 with probability 0.1. The
 * game starts with two chance placements and ends when a tile reaches {@code max_tile}
 * (default 2048), when no move is possible, or after {@code 4 * max_tile} actions.
 *
 * <p>Player actions: 0 {@code Up}, 1 {@code Right}, 2 {@code Down}, 3 {@code Left}; only moves
 * that change the board are legal. Chance actions: {@code 2 * (4 * row + col) + (four ? 1 : 0)},
 * printed {@code 2 added to row R, column C} (1-based), and 32, {@code No Cell Available}.
 * Rewards: the points of the last move (kept through the following chance node, as OpenSpiel
 * reports them); return: the total score.
 *
 * <p>Like OpenSpiel, the legality test of a move reads the "merged" marks left on tiles by the
 * previous move, so a move whose only effect would be merging into a tile merged on the previous
 * move is not offered.
 */
public final class Game2048 extends AbstractGame {
  /** OpenSpiel's default {@code max_tile}, whose playthrough pins the nominal maxUtility 20,480. */
  public static final int DEFAULT_MAX_TILE = 2048;

  static final GameType TYPE = new GameType("2048", "2048",
      GameType.ChanceMode.EXPLICIT_STOCHASTIC, GameType.Information.PERFECT_INFORMATION,
      GameType.Utility.GENERAL_SUM, GameType.RewardModel.REWARDS, 1, 1,
      List.of(ParamSpec.ofInt("max_tile", DEFAULT_MAX_TILE, 4, 131072, "the game ends when a tile reaches this value; a power of 2")));

  /** Action 0: slide the tiles up ({@code Up}). */
  public static final int UP = 0;
  /** Action 1: slide the tiles right ({@code Right}). */
  public static final int RIGHT = 1;
  /** Action 2: slide the tiles down ({@code Down}). */
  public static final int DOWN = 2;
  /** Action 3: slide the tiles left ({@code Left}). */
  public static final int LEFT = 3;
  /** The chance action used when no cell is empty. */
  public static final int NO_CELL_AVAILABLE = 32;
  static final String[] MOVE_NAMES = {"Up", "Right", "Down", "Left"};
  /** {@code LINES[direction][line]}: the four cells of a line, starting at the target edge. */
  static final int[][][] LINES = new int[4][4][4];

  static {
    for (int dir = 0; dir < 4; dir++) {
      for (int line = 0; line < 4; line++) {
        for (int k = 0; k < 4; k++) {
          int r;
          int c;
          switch (dir) {
            case UP:
              r = k;
              c = line;
              break;
            case RIGHT:
              r = line;
              c = 3 - k;
              break;
            case DOWN:
              r = 3 - k;
              c = line;
              break;
            default:
              r = line;
              c = k;
              break;
          }
          LINES[dir][line][k] = 4 * r + c;
        }
      }
    }
  }

  private final int maxTile;

  /**
   * Creates the game from {@code max_tile} (default {@value #DEFAULT_MAX_TILE}, a power of 2 in
   * 4..131072).
   *
   * @throws SpecException if {@code max_tile} is outside its range or not a power of 2
   */
  public Game2048(Params params) {
    super(TYPE, params);
    this.maxTile = params.requireInt("max_tile");
    if (Integer.bitCount(maxTile) != 1) {
      throw new SpecException("2048: max_tile=" + maxTile + " is not a power of 2; valid: 4, 8, ..., 131072");
    }
  }

  /** Registry factory. */
  public static final class Factory extends SimpleGameFactory {
    /** Serves {@code 2048}; the game registry creates it from META-INF/services. */
    public Factory() {
      super(TYPE, Game2048::new);
    }
  }

  /** The tile that ends the game when reached (the {@code max_tile} parameter). */
  public int maxTile() {
    return maxTile;
  }

  @Override
  public int numPlayers() {
    return 1;
  }

  @Override
  public int numDistinctActions() {
    return 4;
  }

  @Override
  public int maxChanceOutcomes() {
    return 33;
  }

  @Override
  public double minUtility() {
    return 0;
  }

  /**
   * The largest return: for the default {@code max_tile=2048}, OpenSpiel's nominal figure
   * {@code (log2(max_tile) − 1) · max_tile} = 20,480, which its playthrough records (so {@link
   * #maxUtilityNominal()} is true there); for every other {@code max_tile} M, the strict bound
   * {@link #strictMaxUtility()} = 8 · M · (log2 M − 1).
   */
  @Override
  public double maxUtility() {
    return maxTile == DEFAULT_MAX_TILE ? openSpielMaxUtility() : strictMaxUtility();
  }

  /**
   * True for the default {@code max_tile=2048} only: its {@link #maxUtility()} is OpenSpiel's
   * nominal 20,480, which a game may exceed in principle (random play stays far below it).
   */
  @Override
  public boolean maxUtilityNominal() {
    return maxTile == DEFAULT_MAX_TILE;
  }

  /** OpenSpiel's nominal {@code MaxUtility()}: {@code (log2(max_tile) − 1) · max_tile}. */
  public double openSpielMaxUtility() {
    return (double) (Integer.numberOfTrailingZeros(maxTile) - 1) * maxTile;
  }

  /**
   * A strict upper bound on the return (the total score) for {@code max_tile} M: {@code 8 · M ·
   * (log2 M − 1)} (32 for M = 4, 384 for M = 16, 163,840 for M = 2048). Derivation: let f(v) =
   * (log2 v − 1) · v for a tile v (f(2) = 0, f(4) = 4). Placing a 2 adds f(2) = 0 to Σ f over the
   * board, placing a 4 adds 4, and merging two tiles v into 2v scores 2v and adds f(2v) − 2 f(v)
   * = 2v to Σ f; so the score never exceeds Σ f over the board. The score changes only on moves.
   * Before any move every tile is below M (a tile M ends the game), so at most M/2, and the 16
   * cells sum to at most 8M; a move keeps the tile sum and creates no tile above M; since f(v) /
   * v = log2 v − 1 ≤ log2 M − 1 for v ≤ M, after the move Σ f ≤ (log2 M − 1) · 8M. The bound is
   * reached for M = 4 (sixteen 2s merged in one move score 32).
   */
  public double strictMaxUtility() {
    return 8.0 * maxTile * (Integer.numberOfTrailingZeros(maxTile) - 1);
  }

  @Override
  public int maxGameLength() {
    return 4 * maxTile;
  }

  @Override
  public int[] observationTensorShape() {
    return new int[] {4, 4};
  }

  @Override
  public Game2048State newInitialState() {
    return new Game2048State(this);
  }

  /**
   * Slides one row of four tile values towards index 0 with OpenSpiel's rules (each tile merges
   * at most once per move) and returns the points scored; a helper for tests and analysis.
   *
   * @param line four tile values (0 = empty), modified in place
   */
  public static int slideLine(int[] line) {
    if (line.length != 4) {
      throw new IllegalArgumentException("expected a row of 4 tiles, got " + line.length);
    }
    return (int) slide(line, IDENTITY);
  }

  private static final int[] IDENTITY = {0, 1, 2, 3};

  /**
   * Slides the four tiles {@code b[cells[0..3]]} towards {@code cells[0]}, each tile merging at
   * most once (OpenSpiel's traversal from the target edge). Returns the points scored (bits
   * 0–31), the mask {@code 1 << cell} of the merged cells (bits 32–47) and whether anything
   * moved (bit 48).
   */
  static long slide(int[] b, int[] cells) {
    int pos = 0;
    boolean lastMerged = false;
    int last = 0;
    long score = 0;
    long mergedMask = 0;
    boolean moved = false;
    for (int k = 0; k < 4; k++) {
      int t = b[cells[k]];
      if (t == 0) {
        continue;
      }
      b[cells[k]] = 0;
      if (pos > 0 && last == t && !lastMerged) {
        last = 2 * t;
        b[cells[pos - 1]] = last;
        mergedMask |= 1L << cells[pos - 1];
        lastMerged = true;
        score += last;
        moved = true;
      } else {
        if (pos != k) {
          moved = true;
        }
        b[cells[pos++]] = t;
        last = t;
        lastMerged = false;
      }
    }
    return score | mergedMask << 32 | (moved ? 1L << 48 : 0);
  }

  /** A 2048 position: 16 tile values, last move's merge marks, scores. */
  public static final class Game2048State extends State {
    private final Game2048 game;
    private final int[] board = new int[16];
    /** Bit {@code 4 * r + c}: the tile there was produced by a merge in the last move. */
    private int merged;
    private int player = CHANCE;
    private boolean extraChanceTurn = true;
    private boolean boardTerminal;
    private int totalScore;
    private int actionScore;

    Game2048State(Game2048 game) {
      this.game = game;
    }

    @Override
    public Game game() {
      return game;
    }

    /** Tile value at row {@code r}, column {@code c} (0 = empty). */
    public int tile(int r, int c) {
      return board[4 * r + c];
    }

    /**
     * Sets the tiles (row-major, 0 = empty) and makes it the player's turn with no merge marks;
     * for tests and analysis. The history is left as is.
     */
    public void setBoard(int[] tiles) {
      if (tiles.length != 16) {
        throw new IllegalArgumentException("expected 16 tiles");
      }
      System.arraycopy(tiles, 0, board, 0, 16);
      merged = 0;
      player = 0;
      extraChanceTurn = false;
      boardTerminal = computeBoardTerminal();
    }

    @Override
    public boolean isTerminal() {
      return boardTerminal || historySize() >= game.maxGameLength();
    }

    @Override
    public int currentPlayer() {
      return isTerminal() ? TERMINAL : player;
    }

    private boolean computeBoardTerminal() {
      boolean empty = false;
      boolean match = false;
      for (int i = 0; i < 16; i++) {
        int t = board[i];
        if (t == game.maxTile) {
          return true;
        }
        if (t == 0) {
          empty = true;
        } else {
          int c = i & 3;
          if ((c < 3 && board[i + 1] == t) || (i < 12 && board[i + 4] == t)) {
            match = true;
          }
        }
      }
      return !empty && !match;
    }

    private int emptyCount() {
      int k = 0;
      for (int i = 0; i < 16; i++) {
        if (board[i] == 0) {
          k++;
        }
      }
      return k;
    }

    @Override
    public int chanceOutcomes(int[] actions, double[] probabilities) {
      if (currentPlayer() != CHANCE) {
        throw new IllegalStateException("not a chance node");
      }
      int count = emptyCount();
      if (count == 0) {
        actions[0] = NO_CELL_AVAILABLE;
        probabilities[0] = 1.0;
        return 1;
      }
      double two = 0.9 / count;
      double four = 0.1 / count;
      int k = 0;
      for (int i = 0; i < 16; i++) {
        if (board[i] == 0) {
          actions[k] = 2 * i;
          probabilities[k++] = two;
          actions[k] = 2 * i + 1;
          probabilities[k++] = four;
        }
      }
      return k;
    }

    @Override
    public int legalActions(int[] out) {
      if (isTerminal()) {
        return 0;
      }
      int k = 0;
      if (player == CHANCE) {
        int count = 0;
        for (int i = 0; i < 16; i++) {
          if (board[i] == 0) {
            out[k++] = 2 * i;
            out[k++] = 2 * i + 1;
            count++;
          }
        }
        if (count == 0) {
          out[k++] = NO_CELL_AVAILABLE;
        }
        return k;
      }
      for (int a = 0; a < 4; a++) {
        if (changesBoard(a)) {
          out[k++] = a;
        }
      }
      return k;
    }

    /** OpenSpiel's DoesActionChangeBoard: reads the merge marks of the previous move. */
    private boolean changesBoard(int dir) {
      int[] b = board;
      for (int[] cells : LINES[dir]) {
        for (int k = 1; k < 4; k++) {
          int t = b[cells[k]];
          if (t == 0) {
            continue;
          }
          int ahead = cells[k - 1];
          int next = b[ahead];
          if (next == 0 || (next == t && (merged & (1 << ahead)) == 0)) {
            return true;
          }
        }
      }
      return false;
    }

    @Override
    public boolean isLegal(int action) {
      if (isTerminal()) {
        return false;
      }
      if (player == CHANCE) {
        if (action == NO_CELL_AVAILABLE) {
          return emptyCount() == 0;
        }
        return action >= 0 && action < 32 && board[action >> 1] == 0;
      }
      return action >= 0 && action < 4 && changesBoard(action);
    }

    @Override
    protected void doApplyAction(int action) {
      if (player == CHANCE) {
        if (!extraChanceTurn) {
          player = 0;
        }
        extraChanceTurn = false;
        if (action != NO_CELL_AVAILABLE) {
          board[action >> 1] = (action & 1) == 1 ? 4 : 2;
          merged &= ~(1 << (action >> 1));
        }
        boardTerminal = computeBoardTerminal();
        return;
      }
      // Each of the four lines along the move is independent; LINES lists its cells starting at
      // the edge the tiles move towards, the order in which OpenSpiel's traversal visits them.
      int[] b = board;
      int score = 0;
      int mergedNow = 0;
      boolean moved = false;
      for (int[] cells : LINES[action]) {
        long r = slide(b, cells);
        score += (int) r;
        mergedNow |= (int) (r >>> 32) & 0xFFFF;
        moved |= (r >>> 48) != 0;
      }
      merged = mergedNow;
      if (moved) {
        player = CHANCE;
      }
      actionScore = score;
      totalScore += score;
      boardTerminal = computeBoardTerminal();
    }

    /** The points of the last move, also at the chance node that follows it. */
    @Override
    public double playerReward(int player) {
      checkPlayer(player);
      return actionScore;
    }

    @Override
    public double playerReturn(int player) {
      checkPlayer(player);
      return totalScore;
    }

    @Override
    public String actionToString(int player, int action) {
      if (player == CHANCE) {
        if (action == NO_CELL_AVAILABLE) {
          return "No Cell Available";
        }
        int cell = action >> 1;
        return ((action & 1) == 1 ? 4 : 2) + " added to row " + (cell / 4 + 1) + ", column " + (cell % 4 + 1);
      }
      return action >= 0 && action < 4 ? MOVE_NAMES[action] : "Invalid action";
    }

    @Override
    public void observationTensor(int player, float[] out) {
      checkPlayer(player);
      for (int i = 0; i < 16; i++) {
        out[i] = board[i];
      }
    }

    /**
     * A key of the position, not of the history: the tiles, the merge marks of the last move
     * (they decide which moves change the board), the player to move (or chance), the opening's
     * second chance turn, the scores (the return and the last move's reward) and the number of
     * moves so far (the game ends after {@code 4 * max_tile} of them). Equal positions reached by
     * different moves hash alike (two opening tiles placed in either order). Allocates nothing.
     */
    @Override
    public long hash() {
      long h = 0x3230_3438_5354_4154L;
      for (int i = 0; i < 16; i += 2) {
        h = mix64(h + ((board[i] & 0xFFFF_FFFFL) | (long) board[i + 1] << 32));
      }
      h = mix64(h + ((merged & 0xFFFFL) | (long) (player & 0xFF) << 16 | (extraChanceTurn ? 1L : 0L) << 24
          | (boardTerminal ? 1L : 0L) << 25));
      h = mix64(h + ((totalScore & 0xFFFF_FFFFL) | (long) actionScore << 32));
      return mix64(h + historySize());
    }

    @Override
    public Game2048State copy() {
      Game2048State s = new Game2048State(game);
      s.copyFrom(this);
      return s;
    }

    @Override
    public void copyFrom(State other) {
      Game2048State o = (Game2048State) other;
      System.arraycopy(o.board, 0, board, 0, 16);
      merged = o.merged;
      player = o.player;
      extraChanceTurn = o.extraChanceTurn;
      boardTerminal = o.boardTerminal;
      totalScore = o.totalScore;
      actionScore = o.actionScore;
      copyHistoryFrom(o);
    }

    /** Each tile right-aligned in five characters, one line per row (OpenSpiel's rendering). */
    @Override
    public String toString() {
      StringBuilder sb = new StringBuilder(84);
      for (int r = 0; r < 4; r++) {
        for (int c = 0; c < 4; c++) {
          String t = Integer.toString(board[4 * r + c]);
          for (int i = t.length(); i < 5; i++) {
            sb.append(' ');
          }
          sb.append(t);
        }
        sb.append('\n');
      }
      return sb.toString();
    }
  }
}
