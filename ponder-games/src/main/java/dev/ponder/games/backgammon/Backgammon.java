package dev.ponder.games.backgammon;

import dev.ponder.game.AbstractGame;
import dev.ponder.game.Game;
import dev.ponder.game.GameType;
import dev.ponder.game.SimpleGameFactory;
import dev.ponder.game.State;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import java.util.List;

/**
 * Backgammon, OpenSpiel-compatible ({@code backgammon}); no doubling cube.
 *
 * <p>Players: 0 is {@code x} (moves from absolute point 0 towards 23 and bears off past 23), 1 is
 * {@code o} (moves from 23 towards 0). Human-readable point numbers run 24 → 1 from the mover's
 * side, {@code Bar} and {@code Off} as usual.
 *
 * <p>Chance: the first roll decides who starts; it has 30 equally likely outcomes (no doubles):
 * outcome {@code 2k} is "x starts" and {@code 2k+1} "o starts", both with the k-th non-double pair
 * of (1,2), (1,3), …, (5,6). Later rolls have 36 equally likely outcomes: {@code 2k} and {@code
 * 2k+1} are the k-th non-double pair (shown low-high and high-low, the same dice), 30..35 the
 * doubles 1-1 … 6-6.
 *
 * <p>Actions ({@code [0, 1352)}): a decision moves up to two checkers, one with each die; a double
 * is played as two consecutive decisions of the same player. Action {@code a} decodes as: {@code
 * highFirst = a < 676}; {@code r = a % 676}; first half-move from point {@code r % 26}, second
 * from {@code r / 26} (absolute point 0..23, 24 = bar, 25 = no move); the first uses the higher
 * die when {@code highFirst}, else the lower one. Both dice must be used when possible; if only
 * one can be, the larger must be used when possible; with no move the only action is Pass (1351).
 *
 * <p>Returns at the end: ±1 ({@code winloss_scoring}), ±2 for a gammon with {@code
 * enable_gammons}, also ±3 for a backgammon with {@code full_scoring}. Hyper-backgammon always
 * scores ±1 whatever {@code scoring_type} says, as OpenSpiel does: there gammons and backgammons
 * count only once the doubling cube has been turned, and neither OpenSpiel nor Ponder has the
 * cube.
 *
 * <p>Turn limit, as OpenSpiel counts it: a turn is counted when its player makes its first
 * decision (the second decision of a double is not counted again), and the game ends, with returns
 * 0, as soon as the count exceeds {@code max_player_turns}. So {@code max_player_turns} = N lets N
 * turns be played in full and ends the game at the first decision of turn N + 1 (a double there
 * loses its second half). Source: OpenSpiel's backgammon header, which declares the parameter,
 * and the {@code IsTerminal} test {@code turns_ > MaxPlayerTurns()} of the code built on that
 * header; see {@code docs/games-chance.md}.
 */
public final class Backgammon extends AbstractGame {
  static final GameType TYPE = new GameType("backgammon", "Backgammon",
      GameType.ChanceMode.EXPLICIT_STOCHASTIC, GameType.Information.PERFECT_INFORMATION,
      GameType.Utility.ZERO_SUM, GameType.RewardModel.TERMINAL, 2, 2,
      List.of(ParamSpec.ofBool("hyper_backgammon", false, "three checkers each on the furthest points"),
          ParamSpec.ofInt("max_player_turns", 500, 1, 1_000_000,
              "turns played in full; the first decision of the next turn ends the game with returns 0"),
          ParamSpec.ofString("scoring_type", "winloss_scoring",
              "winloss_scoring, enable_gammons or full_scoring; ignored with hyper_backgammon=true,"
                  + " which always scores 1 or -1 (as OpenSpiel: no doubling cube)")));

  /** Player x (0). */
  public static final int X = 0;
  /** Player o (1). */
  public static final int O = 1;
  /** Encoded origin for the bar. */
  static final int BAR = 24;
  /** Encoded "no half-move". */
  static final int NONE = 25;
  /** The pass action: no checker can move. */
  public static final int PASS = 1351;
  static final int NUM_ACTIONS = 1352;

  /** Non-double pairs in OpenSpiel's order, low die first. */
  static final int[] PAIR_LO = {1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 4, 4, 5};
  static final int[] PAIR_HI = {2, 3, 4, 5, 6, 3, 4, 5, 6, 4, 5, 6, 5, 6, 6};

  final boolean hyper;
  final int maxPlayerTurns;
  final int scoring; // 0 winloss, 1 gammons, 2 full
  final int checkers;

  /**
   * Creates the game from {@code hyper_backgammon} (default false), {@code max_player_turns}
   * (default 500, 1..1,000,000) and {@code scoring_type} ({@code winloss_scoring}, the default,
   * {@code enable_gammons} or {@code full_scoring}).
   *
   * @throws dev.ponder.spec.SpecException if {@code max_player_turns} is outside its range or
   *     {@code scoring_type} is none of its three values
   */
  public Backgammon(Params params) {
    super(TYPE, params);
    hyper = params.getBool("hyper_backgammon");
    maxPlayerTurns = params.requireInt("max_player_turns");
    String st = params.requireOneOf("scoring_type", "winloss_scoring", "enable_gammons", "full_scoring");
    scoring = st.equals("winloss_scoring") ? 0 : st.equals("enable_gammons") ? 1 : 2;
    checkers = hyper ? 3 : 15;
  }

  /** Registry factory. */
  public static final class Factory extends SimpleGameFactory {
    /** Serves {@code backgammon}; the game registry creates it from META-INF/services. */
    public Factory() {
      super(TYPE, Backgammon::new);
    }
  }

  @Override
  public int numPlayers() {
    return 2;
  }

  @Override
  public int numDistinctActions() {
    return NUM_ACTIONS;
  }

  @Override
  public int maxChanceOutcomes() {
    return 36;
  }

  @Override
  public double maxUtility() {
    return hyper ? 1 : scoring + 1;
  }

  @Override
  public double minUtility() {
    return -maxUtility();
  }

  /**
   * 3N + 1 for N = {@code max_player_turns}: the opening roll, turn 1's single decision (its roll
   * is never a double), turns 2..N with a roll and two decisions each, and turn N + 1's roll and
   * first decision, which ends the game.
   */
  @Override
  public int maxGameLength() {
    return 3 * maxPlayerTurns + 1;
  }

  /**
   * 3N, OpenSpiel's {@code MaxGameLength()} (the playthrough's header): a bound on the decisions,
   * of which there are at most 2N (one in turn 1, two in turns 2..N, one in turn N + 1).
   */
  @Override
  public int maxDecisions() {
    return 3 * maxPlayerTurns;
  }

  /** N + 1: the opening roll and the rolls of turns 2..N + 1. */
  @Override
  public int maxChanceNodesInHistory() {
    return maxPlayerTurns + 1;
  }

  @Override
  public int maxActionsPerState() {
    // every legal action is a distinct id in [0, 1352)
    return NUM_ACTIONS;
  }

  @Override
  public int[] observationTensorShape() {
    return new int[] {200};
  }

  @Override
  public BackgammonState newInitialState() {
    return new BackgammonState(this);
  }

  /** Number of checkers each player has (15, or 3 in hyper-backgammon). */
  public int checkersPerPlayer() {
    return checkers;
  }

  /** A backgammon position with the dice and turn bookkeeping. Supports undo. */
  public static final class BackgammonState extends State {
    private final Backgammon game;
    /** Checker counts: {@code board[p * 24 + point]}, absolute points 0..23. */
    final int[] board = new int[48];
    /** Bit i set: the player has a checker on absolute point i (kept in step with board). */
    final int[] occ = new int[2];
    final int[] bar = new int[2];
    final int[] off = new int[2];
    /** Dice values (low first), 0 when not rolled. */
    final int[] dice = new int[2];
    /** Scratch: which dice are used during move generation and application. */
    private final boolean[] used = new boolean[2];
    int cur = CHANCE;
    int prev = CHANCE;
    int turns = -1;
    boolean doubleTurn;
    /**
     * Undo records, one per applied action: the state before it (dice, current and previous
     * player, turn count, double flag) and whether each half-move hit.
     */
    private long[] undo = new long[64];
    private int undoSize;
    /** Scratch for move generation. */
    private final int[] firstFrom = new int[32];
    private final int[] firstDie = new int[32];
    private final int[] secondFrom = new int[32];
    private final int[] secondDie = new int[32];
    private final int[] singles = new int[32];
    private final int[] singleDie = new int[32];
    /** Scratch of {@link #sortAscending}: one bit per action, all clear between calls. */
    private final long[] actionBits = new long[(NUM_ACTIONS + 63) >>> 6];

    BackgammonState(Backgammon game) {
      this.game = game;
      if (game.hyper) {
        board[0] = board[1] = board[2] = 1;
        board[24 + 23] = board[24 + 22] = board[24 + 21] = 1;
      } else {
        board[0] = 2;
        board[11] = 5;
        board[16] = 3;
        board[18] = 5;
        board[24 + 23] = 2;
        board[24 + 12] = 5;
        board[24 + 7] = 3;
        board[24 + 5] = 5;
      }
      recomputeOccupancy();
    }

    private void recomputeOccupancy() {
      for (int p = 0; p < 2; p++) {
        int m = 0;
        for (int i = 0; i < 24; i++) {
          if (board[p * 24 + i] > 0) {
            m |= 1 << i;
          }
        }
        occ[p] = m;
      }
    }

    @Override
    public Game game() {
      return game;
    }

    /** Checkers of {@code player} on absolute point {@code point} (0..23). */
    public int checkers(int player, int point) {
      return board[player * 24 + point];
    }

    /** Checkers of {@code player} on the bar. */
    public int barCount(int player) {
      return bar[player];
    }

    /** Checkers {@code player} has borne off. */
    public int borneOff(int player) {
      return off[player];
    }

    /** The two dice (low first; equal for a double), or zeros between turns. */
    public int die(int i) {
      return dice[i];
    }

    private boolean over() {
      // OpenSpiel: terminal once turns_ > MaxPlayerTurns(); turns counts first decisions of turns
      return off[X] == game.checkers || off[O] == game.checkers || turns > game.maxPlayerTurns;
    }

    @Override
    public int currentPlayer() {
      return over() ? TERMINAL : cur;
    }

    @Override
    public int chanceOutcomes(int[] actions, double[] probabilities) {
      if (cur != CHANCE || over()) {
        throw new IllegalStateException("not a chance node");
      }
      int n = turns < 0 ? 30 : 36;
      double p = 1.0 / n;
      for (int i = 0; i < n; i++) {
        actions[i] = i;
        probabilities[i] = p;
      }
      return n;
    }

    @Override
    public boolean isLegal(int action) {
      if (over()) {
        return false;
      }
      if (cur == CHANCE) {
        return action >= 0 && action < (turns < 0 ? 30 : 36);
      }
      return super.isLegal(action);
    }

    // ---------------------------------------------------------------- move generation

    /** Destination of a half-move: an absolute point, or −1 when it bears off. */
    private static int target(int player, int from, int die) {
      if (from == BAR) {
        return player == X ? die - 1 : 24 - die;
      }
      int to = player == X ? from + die : from - die;
      return to < 0 || to > 23 ? -1 : to;
    }

    private boolean allHome(int p) {
      if (bar[p] > 0) {
        return false;
      }
      return (occ[p] & (p == X ? 0x3FFFF : 0xFFFFC0)) == 0;
    }

    /** The furthest point from bearing off that holds a checker of {@code p} inside home. */
    private int furthestInHome(int p) {
      if (p == X) {
        int m = occ[X] & 0xFC0000;
        return m == 0 ? -1 : Integer.numberOfTrailingZeros(m);
      }
      int m = occ[O] & 0x3F;
      return m == 0 ? -1 : 31 - Integer.numberOfLeadingZeros(m);
    }

    /**
     * Writes the distinct single half-moves available with the unused dice (origin, die) and
     * returns their count.
     */
    private int halfMoves(int p, int[] from, int[] die) {
      int n = 0;
      int o = (1 - p) * 24;
      int d0 = used[0] ? 0 : dice[0];
      int d1 = used[1] ? 0 : dice[1];
      if (d1 == d0) {
        d1 = 0;
      }
      if (bar[p] > 0) {
        for (int k = 0; k < 2; k++) {
          int d = k == 0 ? d0 : d1;
          if (d != 0 && board[o + target(p, BAR, d)] <= 1) {
            from[n] = BAR;
            die[n++] = d;
          }
        }
        return n;
      }
      boolean home = allHome(p);
      int furthest = home ? furthestInHome(p) : -1;
      for (int m = occ[p]; m != 0; m &= m - 1) {
        int i = Integer.numberOfTrailingZeros(m);
        for (int k = 0; k < 2; k++) {
          int d = k == 0 ? d0 : d1;
          if (d == 0) {
            continue;
          }
          int to = target(p, i, d);
          if (to < 0) {
            if (home) {
              boolean exact = p == X ? i + d == 24 : i - d == -1;
              if (exact || i == furthest) {
                from[n] = i;
                die[n++] = d;
              }
            }
          } else if (board[o + to] <= 1) {
            from[n] = i;
            die[n++] = d;
          }
        }
      }
      return n;
    }

    /** Moves one checker; returns whether it hit a blot. Marks the die used. */
    private boolean move(int p, int from, int d) {
      int to = target(p, from, d);
      if (from == BAR) {
        bar[p]--;
      } else if (--board[p * 24 + from] == 0) {
        occ[p] &= ~(1 << from);
      }
      if (!used[0] && dice[0] == d) {
        used[0] = true;
      } else {
        used[1] = true;
      }
      if (to < 0) {
        off[p]++;
        return false;
      }
      board[p * 24 + to]++;
      occ[p] |= 1 << to;
      int oi = (1 - p) * 24 + to;
      if (board[oi] == 1) {
        board[oi] = 0;
        occ[1 - p] &= ~(1 << to);
        bar[1 - p]++;
        return true;
      }
      return false;
    }

    private void unmove(int p, int from, int d, boolean hit) {
      int to = target(p, from, d);
      if (to < 0) {
        off[p]--;
      } else {
        if (--board[p * 24 + to] == 0) {
          occ[p] &= ~(1 << to);
        }
        if (hit) {
          board[(1 - p) * 24 + to] = 1;
          occ[1 - p] |= 1 << to;
          bar[1 - p]--;
        }
      }
      if (used[1] && dice[1] == d) {
        used[1] = false;
      } else {
        used[0] = false;
      }
      if (from == BAR) {
        bar[p]++;
      } else {
        board[p * 24 + from]++;
        occ[p] |= 1 << from;
      }
    }

    private int encode(int from0, int d0, int from1) {
      int high = Math.max(dice[0], dice[1]);
      int a = from1 * 26 + from0;
      return d0 == high ? a : a + 676;
    }

    @Override
    public int legalActions(int[] out) {
      if (over()) {
        return 0;
      }
      if (cur == CHANCE) {
        int n = turns < 0 ? 30 : 36;
        for (int i = 0; i < n; i++) {
          out[i] = i;
        }
        return n;
      }
      int p = cur;
      used[0] = false;
      used[1] = false;
      int n1 = halfMoves(p, firstFrom, firstDie);
      if (n1 == 0) {
        out[0] = PASS;
        return 1;
      }
      int n = 0;
      int nSingles = 0;
      for (int i = 0; i < n1; i++) {
        int f = firstFrom[i];
        int d = firstDie[i];
        boolean hit = move(p, f, d);
        int n2 = halfMoves(p, secondFrom, secondDie);
        for (int j = 0; j < n2; j++) {
          out[n++] = encode(f, d, secondFrom[j]);
        }
        if (n2 == 0) {
          singles[nSingles] = f;
          singleDie[nSingles++] = d;
        }
        unmove(p, f, d, hit);
      }
      if (n == 0) {
        // only one die can be played: the larger one if that is possible
        int maxDie = 0;
        for (int i = 0; i < nSingles; i++) {
          maxDie = Math.max(maxDie, singleDie[i]);
        }
        for (int i = 0; i < nSingles; i++) {
          if (singleDie[i] == maxDie) {
            out[n++] = encode(singles[i], maxDie, NONE);
          }
        }
      }
      return sortAscending(out, n);
    }

    /**
     * Sorts {@code a[0, n)} (actions below {@link #NUM_ACTIONS}) ascending in place through the
     * bit set {@link #actionBits}, left cleared: no allocation (the JDK's int sort allocates a work
     * array for some inputs of 44 or more elements, and a roll of doubles can give hundreds of
     * legal actions), O(n + NUM_ACTIONS / 64). Returns the number of distinct actions (n: the
     * generator gives none twice).
     */
    private int sortAscending(int[] a, int n) {
      long[] bits = actionBits;
      for (int i = 0; i < n; i++) {
        bits[a[i] >>> 6] |= 1L << a[i];
      }
      int k = 0;
      for (int w = 0; w < bits.length; w++) {
        long x = bits[w];
        if (x != 0) {
          bits[w] = 0;
          int base = w << 6;
          do {
            a[k++] = base + Long.numberOfTrailingZeros(x);
            x &= x - 1;
          } while (x != 0);
        }
      }
      return k;
    }

    // ---------------------------------------------------------------- transitions

    @Override
    protected void doApplyAction(int action) {
      if (undoSize == undo.length) {
        undo = java.util.Arrays.copyOf(undo, undoSize * 2);
      }
      long rec = dice[0] | (dice[1] << 3) | ((long) (cur + 1) << 6) | ((long) (prev + 1) << 8)
          | ((long) (turns + 1) << 10) | ((doubleTurn ? 1L : 0L) << 40);
      undo[undoSize++] = rec;
      if (cur == CHANCE) {
        if (turns < 0) {
          int k = action >> 1;
          dice[0] = PAIR_LO[k];
          dice[1] = PAIR_HI[k];
          cur = (action & 1) == 0 ? X : O;
          turns = 0;
        } else {
          if (action >= 30) {
            dice[0] = dice[1] = action - 29;
          } else {
            dice[0] = PAIR_LO[action >> 1];
            dice[1] = PAIR_HI[action >> 1];
          }
          cur = 1 - prev;
        }
        return;
      }
      int p = cur;
      boolean highFirst = action < 676;
      int r = highFirst ? action : action - 676;
      int f0 = r % 26;
      int f1 = r / 26;
      int high = Math.max(dice[0], dice[1]);
      int low = Math.min(dice[0], dice[1]);
      used[0] = false;
      used[1] = false;
      boolean hit0 = f0 != NONE && move(p, f0, highFirst ? high : low);
      boolean hit1 = f1 != NONE && move(p, f1, highFirst ? low : high);
      undo[undoSize - 1] |= (hit0 ? 1L << 41 : 0) | (hit1 ? 1L << 42 : 0);
      if (!doubleTurn) {
        turns++;
      }
      prev = p;
      boolean extra = !doubleTurn && dice[0] == dice[1] && used[0] && used[1];
      used[0] = false;
      used[1] = false;
      if (extra) {
        doubleTurn = true;
      } else {
        cur = CHANCE;
        dice[0] = dice[1] = 0;
        doubleTurn = false;
      }
    }

    @Override
    public boolean supportsUndo() {
      return true;
    }

    @Override
    protected void doUndoAction(int action) {
      long rec = undo[--undoSize];
      dice[0] = (int) (rec & 7);
      dice[1] = (int) ((rec >> 3) & 7);
      cur = (int) ((rec >> 6) & 3) - 1;
      prev = (int) ((rec >> 8) & 3) - 1;
      turns = (int) ((rec >> 10) & 0x3FFFFFFF) - 1;
      doubleTurn = ((rec >> 40) & 1) != 0;
      if (cur == CHANCE) {
        return;
      }
      boolean highFirst = action < 676;
      int r = highFirst ? action : action - 676;
      int f0 = r % 26;
      int f1 = r / 26;
      int high = Math.max(dice[0], dice[1]);
      int low = Math.min(dice[0], dice[1]);
      if (f1 != NONE) {
        unmove(cur, f1, highFirst ? low : high, ((rec >> 42) & 1) != 0);
      }
      if (f0 != NONE) {
        unmove(cur, f0, highFirst ? high : low, ((rec >> 41) & 1) != 0);
      }
      used[0] = false;
      used[1] = false;
    }

    @Override
    public double playerReturn(int player) {
      checkPlayer(player);
      int winner;
      if (off[X] == game.checkers) {
        winner = X;
      } else if (off[O] == game.checkers) {
        winner = O;
      } else {
        return 0;
      }
      int loser = 1 - winner;
      int mag = 1;
      if (!game.hyper && game.scoring > 0 && off[loser] == 0) {
        mag = 2;
        if (game.scoring == 2 && backgammoned(loser)) {
          mag = 3;
        }
      }
      return player == winner ? mag : -mag;
    }

    private boolean backgammoned(int p) {
      if (bar[p] > 0) {
        return true;
      }
      int lo = p == X ? 0 : 18;
      for (int i = lo; i < lo + 6; i++) {
        if (board[p * 24 + i] > 0) {
          return true;
        }
      }
      return false;
    }

    // ---------------------------------------------------------------- strings

    private static String point(int human) {
      if (human == 25) {
        return "Bar";
      }
      if (human == -2) {
        return "Off";
      }
      if (human == -1) {
        return "Pass";
      }
      return Integer.toString(human);
    }

    @Override
    public String actionToString(int player, int action) {
      if (player == CHANCE) {
        int lo;
        int hi;
        if (action >= 30) {
          lo = hi = action - 29;
        } else {
          lo = PAIR_LO[action >> 1];
          hi = PAIR_HI[action >> 1];
        }
        String roll = (action & 1) == 0 || action >= 30 ? "" + lo + hi : "" + hi + lo;
        if (turns >= 0) {
          return "chance outcome " + action + " (roll: " + roll + ")";
        }
        return "chance outcome " + action + ((action & 1) == 0 ? " X starts" : " O starts") + ", (roll: " + roll + ")";
      }
      if (action == PASS) {
        return "Pass";
      }
      boolean highFirst = action < 676;
      int r = highFirst ? action : action - 676;
      int[] from = {r % 26, r / 26};
      int high = Math.max(dice[0], dice[1]);
      int low = Math.min(dice[0], dice[1]);
      int[] num = {highFirst ? high : low, highFirst ? low : high};
      int[] start = new int[2];
      int[] end = new int[2];
      boolean[] hit = new boolean[2];
      boolean[] pass = new boolean[2];
      for (int i = 0; i < 2; i++) {
        pass[i] = from[i] == NONE;
        if (pass[i]) {
          start[i] = player == O ? 0 : 25;
          end[i] = -1;
          continue;
        }
        start[i] = from[i] == BAR ? 25 : player == O ? from[i] + 1 : 24 - from[i];
        int e = start[i] - num[i];
        if (e <= 0) {
          end[i] = -2;
        } else {
          end[i] = e;
          int abs = player == O ? e - 1 : 24 - e;
          hit[i] = board[(1 - player) * 24 + abs] == 1;
        }
      }
      boolean doubleHit = hit[0] && hit[1] && end[0] == end[1];
      String body;
      if (start[0] == start[1] && end[0] == end[1]) {
        body = point(start[0]) + "/" + point(end[0]) + (hit[0] ? "*" : "") + "(2)";
      } else {
        int a;
        int b;
        if ((start[0] < start[1] || (start[0] == start[1] && end[0] < end[1]) || pass[0]) && !pass[1]) {
          a = 1;
          b = 0;
        } else {
          a = 0;
          b = 1;
        }
        if (end[a] == start[b]) {
          body = point(start[a]) + "/" + point(end[a]) + (hit[a] ? "*" : "") + "/" + point(end[b])
              + (hit[b] ? "*" : "");
        } else {
          body = point(start[a]) + "/" + point(end[a]) + (hit[a] ? "*" : "") + " "
              + (pass[b] ? "" : point(start[b]) + "/") + point(end[b]) + (hit[b] && !doubleHit ? "*" : "");
        }
      }
      return action + " - " + body;
    }

    /**
     * Also accepts a move in plain notation without the action id, e.g. {@code 24/20 13/8}: the
     * lowest legal action whose string after {@code "<id> - "} matches it (the other order of the
     * same half-moves is the same play).
     *
     * @throws dev.ponder.game.IllegalActionException if nothing matches; the message lists the
     *     legal moves
     */
    @Override
    public int stringToAction(String text) {
      String t = text.trim();
      int dashAt = t.indexOf(" - ");
      if (dashAt > 0 && cur != CHANCE && !over()) {
        // "<id> - <move>": check that one action directly
        try {
          int id = Integer.parseInt(t.substring(0, dashAt));
          if (isLegal(id) && actionToString(cur, id).equals(t)) {
            return id;
          }
        } catch (NumberFormatException e) {
          // not an id: fall through
        }
      }
      if (cur != CHANCE && !over()) {
        for (int a : legalActions()) {
          String s = actionToString(cur, a);
          int dash = s.indexOf(" - ");
          if (dash >= 0 && s.substring(dash + 3).equalsIgnoreCase(t)) {
            return a;
          }
        }
      }
      return super.stringToAction(text);
    }

    @Override
    public String toString() {
      char[][] rows = new char[13][];
      String[] init = {"+------|------+", "|......|......|", "|......|......|", "|......|......|",
          "|......|......|", "|......|......|", "|      |      |", "|......|......|", "|......|......|",
          "|......|......|", "|......|......|", "|......|......|", "+------|------+"};
      for (int i = 0; i < 13; i++) {
        rows[i] = init[i].toCharArray();
      }
      for (int pos = 0; pos < 24; pos++) {
        if (board[pos] == 0 && board[24 + pos] == 0) {
          continue;
        }
        int startRow = pos < 12 ? 11 : 1;
        int col = pos < 12 ? (pos >= 6 ? 12 - pos : 13 - pos) : (pos < 18 ? pos - 11 : pos - 10);
        int step = pos < 12 ? -1 : 1;
        int owner = board[pos] > 0 ? X : O;
        char piece = owner == X ? 'x' : 'o';
        int count = board[owner * 24 + pos];
        for (int i = 0; i < 5 && i < count; i++) {
          rows[startRow + i * step][col] = piece;
        }
        if (count >= 10) {
          char lsd = (char) ('0' + count % 10);
          if (pos < 12) {
            rows[startRow + step][col] = '1';
            rows[startRow][col] = lsd;
          } else {
            rows[startRow][col] = '1';
            rows[startRow + step][col] = lsd;
          }
        } else if (count > 5) {
          rows[startRow][col] = (char) ('0' + count);
        }
      }
      StringBuilder sb = new StringBuilder(300);
      for (char[] row : rows) {
        sb.append(row).append('\n');
      }
      sb.append("Turn: ").append(cur == X ? "x" : cur == O ? "o" : "*").append('\n');
      sb.append("Previous player: ").append(prev).append('\n');
      sb.append("Extra turn: ").append(doubleTurn ? 1 : 0).append('\n');
      sb.append("Dice: ");
      if (dice[0] != 0) {
        sb.append(dice[0]).append(dice[1]);
      }
      sb.append('\n').append("Bar:");
      if (bar[X] > 0 || bar[O] > 0) {
        sb.append(' ');
      }
      sb.append("x".repeat(bar[X])).append("o".repeat(bar[O])).append('\n');
      sb.append("Scores, X: ").append(off[X]).append(", O: ").append(off[O]).append('\n');
      return sb.toString();
    }

    @Override
    public void observationTensor(int player, float[] out) {
      checkPlayer(player);
      int k = 0;
      for (int side = 0; side < 2; side++) {
        int p = side == 0 ? player : 1 - player;
        for (int i = 0; i < 24; i++) {
          int c = board[p * 24 + i];
          out[k++] = c == 1 ? 1 : 0;
          out[k++] = c == 2 ? 1 : 0;
          out[k++] = c == 3 ? 1 : 0;
          out[k++] = c > 3 ? c - 3 : 0;
        }
      }
      for (int side = 0; side < 2; side++) {
        int p = side == 0 ? player : 1 - player;
        out[k++] = bar[p];
        out[k++] = off[p];
        out[k++] = cur == p ? 1 : 0;
      }
      out[k++] = dice[0];
      out[k] = dice[1];
    }

    // ---------------------------------------------------------------- copying

    @Override
    public BackgammonState copy() {
      BackgammonState s = new BackgammonState(game);
      s.copyFrom(this);
      return s;
    }

    /**
     * A key of the position, not of the history: both players' checkers on the points, on the bar
     * and borne off, the dice, the current and previous player, the turn count ({@code
     * max_player_turns} reads it) and the double flag. Equal positions reached by different moves
     * hash alike. Allocates nothing.
     */
    @Override
    public long hash() {
      // a point holds at most 15 checkers: 4 bits each, 16 points a word
      long a = 0;
      long b = 0;
      long c = 0;
      for (int i = 0; i < 16; i++) {
        a |= (long) board[i] << (4 * i);
        b |= (long) board[16 + i] << (4 * i);
        c |= (long) board[32 + i] << (4 * i);
      }
      long d = bar[0] | (long) bar[1] << 4 | (long) off[0] << 8 | (long) off[1] << 12 | (long) dice[0] << 16
          | (long) dice[1] << 20 | (long) (cur & 0xFF) << 24 | (long) (prev & 0xFF) << 32
          | (doubleTurn ? 1L : 0L) << 40;
      long h = mix64(0x4241_434B_4741_4D4DL + a);
      h = mix64(h + b);
      h = mix64(h + c);
      h = mix64(h + d);
      return mix64(h + turns);
    }

    @Override
    public void copyFrom(State other) {
      BackgammonState o = (BackgammonState) other;
      System.arraycopy(o.board, 0, board, 0, 48);
      occ[0] = o.occ[0];
      occ[1] = o.occ[1];
      bar[0] = o.bar[0];
      bar[1] = o.bar[1];
      off[0] = o.off[0];
      off[1] = o.off[1];
      dice[0] = o.dice[0];
      dice[1] = o.dice[1];
      cur = o.cur;
      prev = o.prev;
      turns = o.turns;
      doubleTurn = o.doubleTurn;
      if (undo.length < o.undoSize) {
        undo = new long[o.undo.length];
      }
      System.arraycopy(o.undo, 0, undo, 0, o.undoSize);
      undoSize = o.undoSize;
      copyHistoryFrom(o);
    }

    /**
     * Sets up a position for analysis and tests: {@code xPoints}/{@code oPoints} are checker counts
     * on absolute points 0..23, the dice are given low first, {@code player} is to move.
     *
     * @throws IllegalArgumentException if a player's checkers do not add up
     */
    public void setPosition(int player, int die0, int die1, int[] xPoints, int[] oPoints,
        int xBar, int oBar, int xOff, int oOff) {
      int sx = xBar + xOff;
      int so = oBar + oOff;
      for (int i = 0; i < 24; i++) {
        board[i] = xPoints[i];
        board[24 + i] = oPoints[i];
        sx += xPoints[i];
        so += oPoints[i];
      }
      if (sx != game.checkers || so != game.checkers) {
        throw new IllegalArgumentException("each player needs " + game.checkers + " checkers; got x=" + sx + " o=" + so);
      }
      recomputeOccupancy();
      bar[X] = xBar;
      bar[O] = oBar;
      off[X] = xOff;
      off[O] = oOff;
      dice[0] = Math.min(die0, die1);
      dice[1] = Math.max(die0, die1);
      cur = player;
      prev = 1 - player;
      turns = Math.max(turns, 0);
      doubleTurn = false;
    }
  }
}
