package dev.ponder.games;

/**
 * The bounds check of the board accessors the games offer their users ({@code cell(row, col)},
 * {@code cell(index)}): a cell off the board is refused in one message rather than read as
 * another cell (a bitboard's shift wraps, a row-major index runs into the next row).
 */
public final class Cells {
  private Cells() {}

  /**
   * Checks that {@code (row, col)} lies on a {@code rows × cols} board.
   *
   * @throws IndexOutOfBoundsException if it does not, e.g. {@code cell (7, 0) is outside the 6 × 7
   *     board; valid: row 0..5, col 0..6}
   */
  public static void check(int row, int col, int rows, int cols) {
    if (Integer.compareUnsigned(row, rows) >= 0 || Integer.compareUnsigned(col, cols) >= 0) {
      throw new IndexOutOfBoundsException("cell (" + row + ", " + col + ") is outside the " + rows + " × " + cols
          + " board; valid: row 0.." + (rows - 1) + ", col 0.." + (cols - 1));
    }
  }

  /**
   * Checks that the row-major index {@code cell} lies on a {@code rows × cols} board.
   *
   * @throws IndexOutOfBoundsException if it does not, e.g. {@code cell 9 is outside the 3 × 3
   *     board; valid: 0..8}
   */
  public static void check(int cell, int rows, int cols) {
    if (Integer.compareUnsigned(cell, rows * cols) >= 0) {
      throw new IndexOutOfBoundsException("cell " + cell + " is outside the " + rows + " × " + cols + " board; valid: 0.."
          + (rows * cols - 1));
    }
  }
}
