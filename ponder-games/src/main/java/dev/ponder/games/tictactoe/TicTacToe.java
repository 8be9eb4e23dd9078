package dev.ponder.games.tictactoe;

import dev.ponder.game.Game;
import dev.ponder.game.GameType;
import dev.ponder.game.SimpleGameFactory;
import dev.ponder.game.State;
import dev.ponder.game.TwoPlayerZeroSumGame;
import dev.ponder.games.Cells;
import dev.ponder.spec.Params;
import java.util.List;

/**
 * Tic-tac-toe on a 3×3 board, OpenSpiel-compatible ({@code tic_tac_toe}): player 0 is {@code x}
 * and moves first; action {@code a} marks cell {@code a} in row-major order (row {@code a/3},
 * column {@code a%3}); action strings {@code x(r,c)} / {@code o(r,c)}; returns +1 / −1 / 0.
 */
public final class TicTacToe extends TwoPlayerZeroSumGame {
  static final GameType TYPE = new GameType("tic_tac_toe", "Tic Tac Toe",
      GameType.ChanceMode.DETERMINISTIC, GameType.Information.PERFECT_INFORMATION,
      GameType.Utility.ZERO_SUM, GameType.RewardModel.TERMINAL, 2, 2, List.of());

  /** The eight winning lines as 9-bit masks. */
  static final int[] LINES = {0x7, 0x38, 0x1C0, 0x49, 0x92, 0x124, 0x111, 0x54};
  static final long[] ZOBRIST = dev.ponder.games.Zobrist.keys(0x7177, 18);

  /** Creates the game; tic_tac_toe has no parameters. */
  public TicTacToe(Params params) {
    super(TYPE, params);
  }

  /** Registry factory. */
  public static final class Factory extends SimpleGameFactory {
    /** Serves {@code tic_tac_toe}; the game registry creates it from META-INF/services. */
    public Factory() {
      super(TYPE, TicTacToe::new);
    }
  }

  @Override
  public int numDistinctActions() {
    return 9;
  }

  @Override
  public int maxGameLength() {
    return 9;
  }

  @Override
  public int[] observationTensorShape() {
    return new int[] {3, 3, 3};
  }

  @Override
  public TicTacToeState newInitialState() {
    return new TicTacToeState(this);
  }

  /** Whether the 9-bit mask {@code bits} contains a full line. */
  public static boolean wins(int bits) {
    for (int line : LINES) {
      if ((bits & line) == line) {
        return true;
      }
    }
    return false;
  }

  /** A tic-tac-toe position: two 9-bit masks. Supports undo; Zobrist hash maintained incrementally. */
  public static final class TicTacToeState extends State {
    private final TicTacToe game;
    private final int[] marks = new int[2];
    private int toMove;
    private int winner = -1;
    private long hash;

    TicTacToeState(TicTacToe game) {
      this.game = game;
    }

    @Override
    public Game game() {
      return game;
    }

    /**
     * Cell {@code c}'s owner: 0 (x), 1 (o) or −1 (empty).
     *
     * @param c 0 ≤ c &lt; 9, row-major ({@code 3·row + col})
     * @throws IndexOutOfBoundsException if {@code c} is outside the board (the bitboard would
     *     otherwise answer for another cell)
     */
    public int cell(int c) {
      Cells.check(c, 3, 3);
      return at(c);
    }

    private int at(int c) {
      int bit = 1 << c;
      return (marks[0] & bit) != 0 ? 0 : (marks[1] & bit) != 0 ? 1 : -1;
    }

    private boolean over() {
      return winner >= 0 || (marks[0] | marks[1]) == 0x1FF;
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
      int free = ~(marks[0] | marks[1]) & 0x1FF;
      int n = 0;
      while (free != 0) {
        out[n++] = Integer.numberOfTrailingZeros(free);
        free &= free - 1;
      }
      return n;
    }

    @Override
    public boolean isLegal(int action) {
      return action >= 0 && action < 9 && !over() && ((marks[0] | marks[1]) & (1 << action)) == 0;
    }

    @Override
    protected void doApplyAction(int action) {
      marks[toMove] |= 1 << action;
      hash ^= ZOBRIST[toMove * 9 + action];
      if (wins(marks[toMove])) {
        winner = toMove;
      }
      toMove = 1 - toMove;
    }

    @Override
    public boolean supportsUndo() {
      return true;
    }

    @Override
    protected void doUndoAction(int action) {
      toMove = 1 - toMove;
      marks[toMove] &= ~(1 << action);
      hash ^= ZOBRIST[toMove * 9 + action];
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
      return (player == 0 ? "x" : "o") + "(" + action / 3 + "," + action % 3 + ")";
    }

    @Override
    public void observationTensor(int player, float[] out) {
      checkPlayer(player);
      for (int c = 0; c < 9; c++) {
        int owner = at(c);
        out[c] = owner < 0 ? 1f : 0f;
        out[9 + c] = owner == 1 ? 1f : 0f;
        out[18 + c] = owner == 0 ? 1f : 0f;
      }
    }

    @Override
    public long hash() {
      return hash;
    }

    @Override
    public TicTacToeState copy() {
      TicTacToeState s = new TicTacToeState(game);
      s.copyFrom(this);
      return s;
    }

    @Override
    public void copyFrom(State other) {
      TicTacToeState o = (TicTacToeState) other;
      marks[0] = o.marks[0];
      marks[1] = o.marks[1];
      toMove = o.toMove;
      winner = o.winner;
      hash = o.hash;
      copyHistoryFrom(o);
    }

    @Override
    public String toString() {
      StringBuilder sb = new StringBuilder(11);
      for (int c = 0; c < 9; c++) {
        if (c > 0 && c % 3 == 0) {
          sb.append('\n');
        }
        int owner = at(c);
        sb.append(owner == 0 ? 'x' : owner == 1 ? 'o' : '.');
      }
      return sb.toString();
    }
  }
}
