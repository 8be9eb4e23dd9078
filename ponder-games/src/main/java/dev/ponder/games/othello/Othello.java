package dev.ponder.games.othello;

import dev.ponder.game.Game;
import dev.ponder.game.GameType;
import dev.ponder.game.SimpleGameFactory;
import dev.ponder.game.State;
import dev.ponder.game.TwoPlayerZeroSumGame;
import dev.ponder.games.Cells;
import dev.ponder.games.Zobrist;
import dev.ponder.spec.Params;
import java.util.Arrays;
import java.util.List;

/**
 * Othello on 8×8, OpenSpiel-compatible ({@code othello}).
 *
 * <p>Player 0 is Black ({@code x}) and moves first from the standard start (d4 and e5 white, e4
 * and d5 black). A move places a disk that brackets at least one straight line of opponent disks,
 * which flip. A player without such a move must pass: the pass is the explicit action 64
 * ({@code pass}), legal only then. The game ends when neither player can move; more disks wins
 * (+1 / −1), equal counts draw (0).
 *
 * <p>Action {@code a} in 0..63 places on row {@code a/8} (rank {@code a/8+1}, printed top to
 * bottom) and column {@code a%8} (file {@code a..h}); action strings {@code d3}. Bitboards with
 * Kogge–Stone style shifts; the flips of each ply are stacked for undo.
 */
public final class Othello extends TwoPlayerZeroSumGame {
  static final GameType TYPE = new GameType("othello", "Othello",
      GameType.ChanceMode.DETERMINISTIC, GameType.Information.PERFECT_INFORMATION,
      GameType.Utility.ZERO_SUM, GameType.RewardModel.TERMINAL, 2, 2, List.of());

  /** The pass action. */
  public static final int PASS = 64;

  static final long[] ZOBRIST = Zobrist.keys(0x07E110L, 129);
  static final long NOT_A = 0xFEFEFEFEFEFEFEFEL; // column != 0
  static final long NOT_H = 0x7F7F7F7F7F7F7F7FL; // column != 7
  /** Shift amounts of the 8 directions (positive: left shift). */
  static final int[] SHIFTS = {1, -1, 8, -8, 9, -9, 7, -7};
  /** Mask applied after each shift in that direction to drop wrapped bits. */
  static final long[] MASKS = {NOT_A, NOT_H, -1L, -1L, NOT_A, NOT_H, NOT_H, NOT_A};

  /** Creates the game; othello has no parameters (the board is 8×8). */
  public Othello(Params params) {
    super(TYPE, params);
  }

  /** Registry factory. */
  public static final class Factory extends SimpleGameFactory {
    /** Serves {@code othello}; the game registry creates it from META-INF/services. */
    public Factory() {
      super(TYPE, Othello::new);
    }
  }

  @Override
  public int numDistinctActions() {
    return 65;
  }

  @Override
  public int maxGameLength() {
    return 128;
  }

  @Override
  public int[] observationTensorShape() {
    return new int[] {3, 8, 8};
  }

  @Override
  public OthelloState newInitialState() {
    return new OthelloState(this);
  }

  static long shift(long b, int dir) {
    int s = SHIFTS[dir];
    return (s > 0 ? b << s : b >>> -s) & MASKS[dir];
  }

  /** Bitboard of the legal placements for the side owning {@code p} against {@code o}. */
  public static long moves(long p, long o) {
    long empty = ~(p | o);
    long moves = 0;
    for (int d = 0; d < 8; d++) {
      long x = shift(p, d) & o;
      x |= shift(x, d) & o;
      x |= shift(x, d) & o;
      x |= shift(x, d) & o;
      x |= shift(x, d) & o;
      x |= shift(x, d) & o;
      moves |= shift(x, d) & empty;
    }
    return moves;
  }

  /** Disks flipped when the side owning {@code p} plays on {@code sq} against {@code o}. */
  public static long flips(long p, long o, int sq) {
    long flips = 0;
    long start = 1L << sq;
    for (int d = 0; d < 8; d++) {
      long line = 0;
      long x = shift(start, d);
      while ((x & o) != 0) {
        line |= x;
        x = shift(x, d);
      }
      if ((x & p) != 0) {
        flips |= line;
      }
    }
    return flips;
  }

  /** An Othello position: bitboards of Black and White disks (bit {@code row*8+col}). */
  public static final class OthelloState extends State {
    private final Othello g;
    /** disks[0] black, disks[1] white. */
    final long[] disks = new long[2];
    int toMove;
    /** Legal placements of the side to move (0 means pass or game over). */
    long moveMask;
    boolean terminal;
    long hash;
    /** Flipped disks of each ply (0 for a pass), for undo. */
    long[] flipStack = new long[130];
    int ply;

    OthelloState(Othello g) {
      this.g = g;
      disks[1] = (1L << 27) | (1L << 36);
      disks[0] = (1L << 28) | (1L << 35);
      hash = ZOBRIST[28] ^ ZOBRIST[35] ^ ZOBRIST[64 + 27] ^ ZOBRIST[64 + 36];
      refresh();
    }

    private void refresh() {
      moveMask = moves(disks[toMove], disks[1 - toMove]);
      terminal = moveMask == 0 && moves(disks[1 - toMove], disks[toMove]) == 0;
    }

    @Override
    public Game game() {
      return g;
    }

    /**
     * Owner of cell {@code sq} (row*8+col): 0 black, 1 white, −1 empty.
     *
     * @param sq 0 ≤ sq &lt; 64
     * @throws IndexOutOfBoundsException if {@code sq} is outside the board (the bitboard would
     *     otherwise answer for another cell)
     */
    public int cell(int sq) {
      Cells.check(sq, 8, 8);
      return at(sq);
    }

    private int at(int sq) {
      long bit = 1L << sq;
      return (disks[0] & bit) != 0 ? 0 : (disks[1] & bit) != 0 ? 1 : -1;
    }

    /** Number of disks of {@code player}. */
    public int diskCount(int player) {
      return Long.bitCount(disks[player]);
    }

    @Override
    public int currentPlayer() {
      return terminal ? TERMINAL : toMove;
    }

    @Override
    public int legalActions(int[] out) {
      if (terminal) {
        return 0;
      }
      long m = moveMask;
      if (m == 0) {
        out[0] = PASS;
        return 1;
      }
      int n = 0;
      while (m != 0) {
        out[n++] = Long.numberOfTrailingZeros(m);
        m &= m - 1;
      }
      return n;
    }

    @Override
    public boolean isLegal(int action) {
      if (terminal) {
        return false;
      }
      if (action == PASS) {
        return moveMask == 0;
      }
      return action >= 0 && action < 64 && (moveMask & (1L << action)) != 0;
    }

    @Override
    protected void doApplyAction(int action) {
      int me = toMove;
      long f = 0;
      if (action != PASS) {
        f = flips(disks[me], disks[1 - me], action);
        long bit = 1L << action;
        disks[me] |= bit | f;
        disks[1 - me] &= ~f;
        hash ^= ZOBRIST[me * 64 + action];
        long x = f;
        while (x != 0) {
          int sq = Long.numberOfTrailingZeros(x);
          x &= x - 1;
          hash ^= ZOBRIST[sq] ^ ZOBRIST[64 + sq];
        }
      }
      if (ply == flipStack.length) {
        flipStack = Arrays.copyOf(flipStack, ply * 2);
      }
      flipStack[ply++] = f;
      toMove = 1 - me;
      hash ^= ZOBRIST[128];
      refresh();
    }

    @Override
    public boolean supportsUndo() {
      return true;
    }

    @Override
    protected void doUndoAction(int action) {
      long f = flipStack[--ply];
      toMove = 1 - toMove;
      hash ^= ZOBRIST[128];
      int me = toMove;
      if (action != PASS) {
        long bit = 1L << action;
        disks[me] &= ~(bit | f);
        disks[1 - me] |= f;
        hash ^= ZOBRIST[me * 64 + action];
        long x = f;
        while (x != 0) {
          int sq = Long.numberOfTrailingZeros(x);
          x &= x - 1;
          hash ^= ZOBRIST[sq] ^ ZOBRIST[64 + sq];
        }
      }
      refresh();
    }

    @Override
    public double playerReturn(int player) {
      checkPlayer(player);
      if (!terminal) {
        return 0;
      }
      int diff = Long.bitCount(disks[player]) - Long.bitCount(disks[1 - player]);
      return Integer.signum(diff);
    }

    @Override
    public String actionToString(int player, int action) {
      if (action == PASS) {
        return "pass";
      }
      return "" + (char) ('a' + action % 8) + (action / 8 + 1);
    }

    @Override
    public void observationTensor(int player, float[] out) {
      checkPlayer(player);
      Arrays.fill(out, 0, 192, 0f);
      for (int sq = 0; sq < 64; sq++) {
        long bit = 1L << sq;
        int plane = (disks[player] & bit) != 0 ? 1 : (disks[1 - player] & bit) != 0 ? 2 : 0;
        out[plane * 64 + sq] = 1f;
      }
    }

    @Override
    public long hash() {
      return hash;
    }

    @Override
    public OthelloState copy() {
      OthelloState s = new OthelloState(g);
      s.copyFrom(this);
      return s;
    }

    @Override
    public void copyFrom(State other) {
      OthelloState o = (OthelloState) other;
      disks[0] = o.disks[0];
      disks[1] = o.disks[1];
      toMove = o.toMove;
      moveMask = o.moveMask;
      terminal = o.terminal;
      hash = o.hash;
      if (flipStack.length < o.ply) {
        flipStack = new long[o.flipStack.length];
      }
      System.arraycopy(o.flipStack, 0, flipStack, 0, o.ply);
      ply = o.ply;
      copyHistoryFrom(o);
    }

    /** OpenSpiel's rendering: a header line, then the board framed by file and rank labels. */
    @Override
    public String toString() {
      StringBuilder sb = new StringBuilder(220);
      sb.append(terminal ? "Terminal State:" : toMove == 0 ? "Black (x) to play:" : "White (o) to play:");
      sb.append("\n  a b c d e f g h  \n");
      for (int r = 0; r < 8; r++) {
        sb.append(r + 1).append(' ');
        for (int c = 0; c < 8; c++) {
          int o = at(r * 8 + c);
          sb.append(o == 0 ? 'x' : o == 1 ? 'o' : '-').append(' ');
        }
        sb.append(r + 1).append('\n');
      }
      sb.append("  a b c d e f g h  ");
      return sb.toString();
    }
  }
}
