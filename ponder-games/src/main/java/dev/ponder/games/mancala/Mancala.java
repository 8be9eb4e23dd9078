package dev.ponder.games.mancala;

import dev.ponder.game.Game;
import dev.ponder.game.GameType;
import dev.ponder.game.SimpleGameFactory;
import dev.ponder.game.State;
import dev.ponder.game.TwoPlayerZeroSumGame;
import dev.ponder.games.Zobrist;
import dev.ponder.spec.Params;
import java.util.List;

/**
 * Mancala with Kalah rules (six pits a side, four seeds a pit), OpenSpiel-compatible
 * ({@code mancala}, also registered as {@code kalah}).
 *
 * <p>The board has 14 slots: slot 0 is player 1's store, slots 1–6 player 0's pits (left to
 * right from player 0's view), slot 7 player 0's store, slots 8–13 player 1's pits. Seeds are
 * sown counter-clockwise (increasing slot numbers), skipping the opponent's store. A player's
 * action is the slot sown: 1–6 for player 0, 8–13 for player 1. Ending in one's own store gives
 * another turn; ending in an empty own pit whose opposite pit {@code 14 − slot} holds seeds
 * captures both into the store. The game ends when either side's pits are empty (or after more
 * than 1000 moves); each player's score is store plus the seeds left on their own side, and the
 * returns are +1 / −1 / 0 (draw). Action strings are the slot numbers.
 */
public final class Mancala extends TwoPlayerZeroSumGame {
  static final GameType TYPE = new GameType("mancala", "Mancala",
      GameType.ChanceMode.DETERMINISTIC, GameType.Information.PERFECT_INFORMATION,
      GameType.Utility.ZERO_SUM, GameType.RewardModel.TERMINAL, 2, 2, List.of());

  /** Slots on the board, stores included. */
  public static final int SLOTS = 14;
  /** Pits per side. */
  public static final int PITS = 6;
  /** Seeds per pit at the start. */
  public static final int SEEDS = 4;
  static final int TOTAL_SEEDS = 2 * PITS * SEEDS;
  static final int MAX_GAME_LENGTH = 1000;

  /** Zobrist keys {@code KEYS[slot * 49 + count]}, then the side-to-move key. */
  static final long[] KEYS = Zobrist.keys(0x4B414C4148L, SLOTS * (TOTAL_SEEDS + 1) + 1);
  static final long SIDE_KEY = KEYS[SLOTS * (TOTAL_SEEDS + 1)];
  /** Next slot when player p sows from slot s: {@code NEXT[p * 14 + s]}. */
  static final int[] NEXT = new int[2 * SLOTS];

  static {
    for (int p = 0; p < 2; p++) {
      int opponentStore = p == 0 ? 0 : 7;
      for (int s = 0; s < SLOTS; s++) {
        int n = (s + 1) % SLOTS;
        if (n == opponentStore) {
          n++;
        }
        NEXT[p * SLOTS + s] = n;
      }
    }
  }

  /** Creates the game; mancala has no parameters (six pits a side, four seeds a pit). */
  public Mancala(Params params) {
    super(TYPE, params);
  }

  /** Registry factory; also answers to {@code kalah}. */
  public static final class Factory extends SimpleGameFactory {
    /**
     * Serves {@code mancala} and its alias {@code kalah}; the game registry creates it from
     * META-INF/services.
     */
    public Factory() {
      super(TYPE, Mancala::new, "kalah");
    }
  }

  /** Slot of {@code player}'s store: 7 for player 0, 0 for player 1. */
  public static int store(int player) {
    return player == 0 ? 7 : 0;
  }

  @Override
  public int numDistinctActions() {
    return SLOTS;
  }

  @Override
  public int maxGameLength() {
    return MAX_GAME_LENGTH;
  }

  @Override
  public int[] observationTensorShape() {
    return new int[] {SLOTS + 2};
  }

  @Override
  public MancalaState newInitialState() {
    return new MancalaState(this);
  }

  static long zobrist(int slot, int count) {
    return KEYS[slot * (TOTAL_SEEDS + 1) + count];
  }

  /**
   * A Mancala position: 14 slot counts and the player to move; incremental Zobrist hash. Undo
   * reads a small per-action record (kept in step with the history and copied with it).
   */
  public static final class MancalaState extends State {
    private final Mancala game;
    private final int[] board = new int[SLOTS];
    private int toMove;
    private long hash;
    /**
     * Undo records, one per applied action (index = history position): seeds sown (bits 0–7),
     * seeds captured from the opposite pit (8–15), last slot sown (16–19), mover (20).
     */
    private int[] undoInfo = new int[64];
    /** Hash before each applied action. */
    private long[] undoHash = new long[64];

    MancalaState(Mancala game) {
      this.game = game;
      for (int s = 1; s < SLOTS; s++) {
        if (s != 7) {
          board[s] = SEEDS;
        }
      }
      for (int s = 0; s < SLOTS; s++) {
        hash ^= zobrist(s, board[s]);
      }
    }

    @Override
    public Game game() {
      return game;
    }

    /** Seeds in slot {@code s} (0..13). */
    public int slot(int s) {
      return board[s];
    }

    /**
     * Sets the whole board and the player to move (for tests and analysis); the history is left
     * as is, and actions applied before this call cannot be undone after it.
     *
     * @param slots 14 counts summing to 48
     * @throws IllegalArgumentException on a wrong length, a negative count or a wrong total
     */
    public void setBoard(int[] slots, int player) {
      if (slots.length != SLOTS || player < 0 || player > 1) {
        throw new IllegalArgumentException("expected 14 slot counts and player 0 or 1");
      }
      int sum = 0;
      for (int v : slots) {
        if (v < 0) {
          throw new IllegalArgumentException("negative seed count");
        }
        sum += v;
      }
      if (sum != TOTAL_SEEDS) {
        throw new IllegalArgumentException("seed counts sum to " + sum + "; expected " + TOTAL_SEEDS);
      }
      System.arraycopy(slots, 0, board, 0, SLOTS);
      toMove = player;
      hash = player == 1 ? SIDE_KEY : 0;
      for (int s = 0; s < SLOTS; s++) {
        hash ^= zobrist(s, board[s]);
      }
    }

    private boolean sideEmpty(int player) {
      int from = player == 0 ? 1 : 8;
      for (int s = from; s < from + PITS; s++) {
        if (board[s] != 0) {
          return false;
        }
      }
      return true;
    }

    @Override
    public boolean isTerminal() {
      return historySize() > MAX_GAME_LENGTH || sideEmpty(0) || sideEmpty(1);
    }

    @Override
    public int currentPlayer() {
      return isTerminal() ? TERMINAL : toMove;
    }

    @Override
    public int legalActions(int[] out) {
      if (isTerminal()) {
        return 0;
      }
      int from = toMove == 0 ? 1 : 8;
      int n = 0;
      for (int s = from; s < from + PITS; s++) {
        if (board[s] > 0) {
          out[n++] = s;
        }
      }
      return n;
    }

    @Override
    public boolean isLegal(int action) {
      int from = toMove == 0 ? 1 : 8;
      return action >= from && action < from + PITS && board[action] > 0 && !isTerminal();
    }

    @Override
    protected void doApplyAction(int action) {
      int[] b = board;
      int seeds = b[action];
      int index = historySize();
      if (index == undoInfo.length) {
        undoInfo = java.util.Arrays.copyOf(undoInfo, 2 * index);
        undoHash = java.util.Arrays.copyOf(undoHash, 2 * index);
      }
      undoHash[index] = hash;
      int captured = 0;
      int mover = toMove;
      long h = hash ^ zobrist(action, seeds) ^ zobrist(action, 0);
      b[action] = 0;
      int base = toMove * SLOTS;
      int pit = action;
      for (int i = 0; i < seeds; i++) {
        pit = NEXT[base + pit];
        int c = b[pit];
        h ^= zobrist(pit, c) ^ zobrist(pit, c + 1);
        b[pit] = c + 1;
      }
      int myStore = toMove == 0 ? 7 : 0;
      boolean own = toMove == 0 ? pit >= 1 && pit <= 6 : pit >= 8;
      if (own && b[pit] == 1) {
        int opp = SLOTS - pit;
        captured = b[opp];
        if (captured > 0) {
          int st = b[myStore];
          h ^= zobrist(pit, 1) ^ zobrist(pit, 0) ^ zobrist(opp, captured) ^ zobrist(opp, 0)
              ^ zobrist(myStore, st) ^ zobrist(myStore, st + captured + 1);
          b[myStore] = st + captured + 1;
          b[pit] = 0;
          b[opp] = 0;
        }
      }
      if (pit != myStore) {
        toMove = 1 - toMove;
        h ^= SIDE_KEY;
      }
      hash = h;
      undoInfo[index] = seeds | captured << 8 | pit << 16 | mover << 20;
    }

    @Override
    public boolean supportsUndo() {
      return true;
    }

    /** Reverses the capture, then the sowing, from the action's undo record. */
    @Override
    protected void doUndoAction(int action) {
      int index = historySize();
      int info = undoInfo[index];
      int seeds = info & 0xFF;
      int captured = (info >>> 8) & 0xFF;
      int last = (info >>> 16) & 0xF;
      int mover = info >>> 20;
      int[] b = board;
      if (captured > 0) {
        b[mover == 0 ? 7 : 0] -= captured + 1;
        b[last] = 1;
        b[SLOTS - last] = captured;
      }
      int base = mover * SLOTS;
      int pit = action;
      for (int i = 0; i < seeds; i++) {
        pit = NEXT[base + pit];
        b[pit]--;
      }
      b[action] = seeds;
      toMove = mover;
      hash = undoHash[index];
    }

    @Override
    public double playerReturn(int player) {
      checkPlayer(player);
      if (!isTerminal()) {
        return 0;
      }
      int p0 = 0;
      for (int s = 1; s <= 7; s++) {
        p0 += board[s];
      }
      int p1 = TOTAL_SEEDS - p0;
      if (p0 == p1) {
        return 0;
      }
      return (p0 > p1) == (player == 0) ? 1 : -1;
    }

    @Override
    public String actionToString(int player, int action) {
      return Integer.toString(action);
    }

    /** OpenSpiel's layout: slots 0..13, then the current player, then the move number. */
    @Override
    public void observationTensor(int player, float[] out) {
      checkPlayer(player);
      for (int s = 0; s < SLOTS; s++) {
        out[s] = board[s];
      }
      out[SLOTS] = toMove;
      out[SLOTS + 1] = historySize();
    }

    @Override
    public long hash() {
      return hash;
    }

    @Override
    public MancalaState copy() {
      MancalaState s = new MancalaState(game);
      s.copyFrom(this);
      return s;
    }

    @Override
    public void copyFrom(State other) {
      MancalaState o = (MancalaState) other;
      System.arraycopy(o.board, 0, board, 0, SLOTS);
      toMove = o.toMove;
      hash = o.hash;
      int n = o.historySize();
      if (undoInfo.length < n) {
        undoInfo = new int[o.undoInfo.length];
        undoHash = new long[o.undoHash.length];
      }
      System.arraycopy(o.undoInfo, 0, undoInfo, 0, n);
      System.arraycopy(o.undoHash, 0, undoHash, 0, n);
      copyHistoryFrom(o);
    }

    /**
     * OpenSpiel's rendering: player 1's pits (slots 13..8) on top, the stores (slot 0 left,
     * slot 7 right) in the middle, player 0's pits (slots 1..6) below, then the current player
     * and move number.
     */
    @Override
    public String toString() {
      StringBuilder sb = new StringBuilder(64);
      sb.append('-');
      for (int i = 0; i < PITS; i++) {
        sb.append(board[SLOTS - 1 - i]).append('-');
      }
      sb.append('\n').append(board[0]);
      for (int i = 0; i < 2 * PITS - 1; i++) {
        sb.append('-');
      }
      sb.append(board[7]).append("\n-");
      for (int i = 0; i < PITS; i++) {
        sb.append(board[i + 1]).append('-');
      }
      sb.append("\nCurrent player: ").append(toMove);
      sb.append("\nMove number: ").append(historySize());
      return sb.toString();
    }
  }
}
