package dev.ponder.games;

/**
 * The board representation shared by Breakthrough and Clobber: the two sides' pieces as one
 * bitboard per side (bit {@code row * columns + column}, row 0 on top) on boards of at most 64
 * cells, or, on wide boards, one byte per cell holding the owner + 1 (0 empty, 1 player 0,
 * 2 player 1). Static helpers; nothing allocates.
 */
public final class TwoSideBoard {
  private TwoSideBoard() {}

  /** The bits of all {@code cells} cells (every bit from 64 cells on). */
  public static long mask(int cells) {
    return cells >= 64 ? -1L : (1L << cells) - 1;
  }

  /**
   * The bits of column {@code col} (0-based) of a {@code rows × cols} bitboard.
   *
   * @throws IllegalArgumentException when {@code rows × cols > 64} (no bitboard)
   */
  public static long column(int rows, int cols, int col) {
    if (rows * cols > 64) {
      throw new IllegalArgumentException("no bitboard on a board of " + rows * cols + " cells");
    }
    long bits = 0;
    for (int r = 0; r < rows; r++) {
      bits |= 1L << (r * cols + col);
    }
    return bits;
  }

  /**
   * Owner of cell {@code s}: 0 or 1, or −1 when empty; read from {@code board} when it is not
   * null (wide boards), else from the bitboards {@code pieces[0]}, {@code pieces[1]}.
   */
  public static int owner(long[] pieces, byte[] board, int s) {
    if (board != null) {
      return board[s] - 1;
    }
    long bit = 1L << s;
    return (pieces[0] & bit) != 0 ? 0 : (pieces[1] & bit) != 0 ? 1 : -1;
  }
}
