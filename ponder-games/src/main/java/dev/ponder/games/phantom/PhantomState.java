package dev.ponder.games.phantom;

import dev.ponder.game.State;
import dev.ponder.games.Bitsets;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Shared machinery of the "phantom" (dark) placement games, phantom tic-tac-toe and dark hex, in
 * OpenSpiel's formulation: the players place stones on a hidden board; each sees only its own
 * stones and the opponent stones it has bumped into. A move onto a cell the opponent holds fails
 * and reveals that stone; in the classical version the same player moves again, in the abrupt
 * version the turn passes. The legal actions are the cells empty in the mover's view.
 *
 * <p>The information state of player p is its view, its own action sequence, and, depending on the
 * game and {@code obstype}, the total number of moves ({@code reveal-numturns} also reveals when
 * the opponent moved). {@link #resample} draws a full history uniformly from those that give p
 * exactly this information state. When p knows the number of moves (dark hex always; phantom
 * tic-tac-toe with {@code reveal-numturns}) and the game is not over, it draws from the counts of
 * {@link HiddenMoveSkeleton} (which of the opponent's moves were onto free cells, onto p's stones
 * or onto the cells of p's later failed moves), polynomial in the numbers of moves, rejecting the
 * rare draws whose hidden stones end the game early; otherwise it counts the consistent completions
 * of every prefix, memoised on the position, and descends with probabilities proportional to the
 * counts (the counting keeps, per position, the count of each move and the position it leads to in
 * primitive arrays, so a draw reads arrays: no state copies, no hashing, no allocation). Which of
 * the two a state uses is decided once per player, without the caller's generator, by the
 * acceptance rate that a fixed-seed probe estimates: the skeleton counts are kept when one of the
 * probe's first {@link #PROBE_TRIES} draws is accepted; otherwise the exact counting is used from
 * the start, unless it exceeds its bound, in which case the skeleton is kept if one of {@link
 * #SKELETON_TRIES} probe draws is accepted. A state whose skeleton draws are accepted with
 * probability p keeps the skeleton with probability 1 − (1 − p)^200 when the exact counts fit (18%
 * for p = 1/1000). A caller whose own {@link #SKELETON_TRIES} skeleton draws are all rejected
 * descends on exact counts after them: a call makes (1 − (1 − p)^2000) / p draws on average and
 * falls back with probability (1 − p)^2000 (once in 5·10^8 calls for p = 1/100, 13.5% of calls for
 * p = 1/1000; measured costs in docs/games-board.md). So the draws a call takes from the caller's
 * generator depend only on the state, the player and the generator's state, never on what earlier
 * calls cached: a seeded search repeated on the same state object repeats.
 *
 * <p>Subclasses supply the board rules and the per-game encodings. Both counts are bounded
 * ({@link #SKELETON_STATES_LIMIT} skeleton states, {@link #COUNT_POSITIONS_LIMIT} positions, each
 * further capped at a quarter of the heap); beyond the bound resampling is refused at once with an
 * {@link UnsupportedOperationException} whose one-line message names the game, the number of hidden
 * opponent moves and what would work.
 */
public abstract class PhantomState extends State {
  /** Number of cells. */
  protected final int cells;
  /** Whether a failed move passes the turn (abrupt) or not (classical). */
  protected final boolean abrupt;
  /** Whether the opponent's moves are revealed as unknown actions ({@code reveal-numturns}). */
  protected final boolean revealNumTurns;
  /**
   * view[p][cell]: the game's cell code as player p sees it (0 empty). Written only by {@link
   * #doApplyAction} and {@link #copyPhantomFrom}, which keep {@link #unknown} in step with it;
   * subclasses read it.
   */
  protected final byte[][] view;
  /** Per player, the bitset of cells its view still shows empty (its legal moves). */
  private final long[][] unknown;
  /** Per player, the cardinality of {@link #unknown}. */
  private final int[] unknownCount = new int[2];
  /** Player of every move so far: {@code seqPlayer[i]} for {@code i < historySize()}. */
  protected int[] seqPlayer;
  /** Cell of every move so far, failed moves included, indexed as {@link #seqPlayer}. */
  protected int[] seqAction;
  /**
   * The player to move, 0 (first) or 1: the other player after a move onto an empty cell or, in
   * the abrupt version, after a failed one; the same player after a failed classical move.
   */
  protected int toMove;
  /**
   * Counts of the last resample, reused while the state is unchanged (IS-MCTS resamples the same
   * root) and handed on to its copies.
   */
  private final Target[] cache = new Target[2];
  private static final java.lang.invoke.VarHandle CACHE =
      java.lang.invoke.MethodHandles.arrayElementVarHandle(Target[].class);
  /** Scratch initial state of a resampling target (allocated on its first {@link #resampleInto}). */
  private PhantomState blank;
  /** Words per cell bitmask: {@code ceil(cells / 64)}. */
  private final int words;
  /** Scratch memo key of this state (allocated on first use by the resampler's counting). */
  private long[] keyScratch;
  /** Scratch cell lists of a skeleton draw into this state (allocated on first use). */
  private int[] freeCells;
  private int[] hitCells;
  private int[] openClaims;
  private int[] sequence;
  /** Skeleton draws rejected in a row before the exact counting takes over (tests lower it). */
  private int skeletonTries = SKELETON_TRIES;
  /** Probe draws within which one must be accepted to keep the skeleton counts (tests lower it). */
  private int probeTries = PROBE_TRIES;
  /** Bound of the exact counting's memo before the heap cap (tests lower it). */
  private int countPositionsLimit = COUNT_POSITIONS_LIMIT;

  /**
   * The shared part of an initial state: both views empty, no moves, player 0 to move.
   *
   * @param cells number of cells; actions are cells {@code 0..cells-1}
   * @param abrupt whether a failed move passes the turn (abrupt version) instead of letting the
   *     same player move again (classical)
   * @param revealNumTurns whether {@code obstype} is {@code reveal-numturns}
   * @param maxLength the game's maximum length in moves; the move arrays start with room for
   *     {@code maxLength + 1} and grow if needed
   */
  protected PhantomState(int cells, boolean abrupt, boolean revealNumTurns, int maxLength) {
    this.cells = cells;
    this.abrupt = abrupt;
    this.revealNumTurns = revealNumTurns;
    this.view = new byte[2][cells];
    this.seqPlayer = new int[maxLength + 1];
    this.seqAction = new int[maxLength + 1];
    this.words = (cells + 63) >>> 6;
    this.unknown = new long[2][words];
    for (int p = 0; p < 2; p++) {
      for (int c = 0; c < cells; c++) {
        unknown[p][c >>> 6] |= 1L << c;
      }
      unknownCount[p] = cells;
    }
  }

  // ---- board rules supplied by the game ----

  /** Whether the hidden board holds a stone on {@code cell}. */
  protected abstract boolean occupied(int cell);

  /** Places {@code player}'s stone on the empty {@code cell} of the hidden board. */
  protected abstract void place(int player, int cell);

  /** Whether the hidden board is finished (a win, or a full board where draws exist). */
  protected abstract boolean boardOver();

  /** The winner 0/1, or −1 (none or draw). */
  protected abstract int winner();

  /** The view code the mover records for {@code cell} after moving there. */
  protected abstract byte viewCodeOf(int cell);

  /**
   * Writes the bitmask of {@code player}'s stones on the hidden board (bit {@code c & 63} of word
   * {@code c >>> 6} for cell c) into {@code out[offset .. offset + ceil(cells / 64))}.
   */
  protected abstract void stones(int player, long[] out, int offset);

  /** The character of a view code in view strings. */
  protected abstract char viewChar(byte code);

  /** Row length of the view string. */
  protected abstract int viewColumns();

  /** Whether the information-state string shows the number of moves even without numturns. */
  protected abstract boolean infoShowsLength();

  /** Index of (cell, code) in the cell part of the tensors. */
  protected abstract int tensorIndex(int cell, byte code);

  /** Number of cell states per cell in the tensors. */
  protected abstract int cellStates();

  /** Copies the hidden board from {@code other}. */
  protected abstract void copyBoardFrom(PhantomState other);

  // ---- State ----

  @Override
  public int currentPlayer() {
    return boardOver() ? TERMINAL : toMove;
  }

  @Override
  public int legalActions(int[] out) {
    if (boardOver()) {
      return 0;
    }
    byte[] v = view[toMove];
    int n = 0;
    for (int c = 0; c < cells; c++) {
      if (v[c] == 0) {
        out[n++] = c;
      }
    }
    return n;
  }

  /**
   * The i-th legal action for {@code i = rng.nextInt(n)}, as {@link State#sampleLegalAction}
   * defines it, without scanning the view: n is the mover's count of cells its view shows empty,
   * and the i-th of them is the i-th set bit of its bitset ({@link Bitsets#select(long[], int)}).
   */
  @Override
  public int sampleLegalAction(SplittableRandom rng, int[] buffer) {
    if (boardOver()) {
      throw notDecisionNode();
    }
    int p = toMove;
    return Bitsets.select(unknown[p], rng.nextInt(unknownCount[p]));
  }

  @Override
  public boolean isLegal(int action) {
    return !boardOver() && action >= 0 && action < cells && view[toMove][action] == 0;
  }

  @Override
  protected void doApplyAction(int action) {
    cache[0] = null;
    cache[1] = null;
    int p = toMove;
    if (!occupied(action)) {
      place(p, action);
      toMove = 1 - p;
    } else if (abrupt) {
      toMove = 1 - p;
    }
    byte code = viewCodeOf(action);
    if (view[p][action] == 0 && code != 0) {
      unknown[p][action >>> 6] &= ~(1L << action);
      unknownCount[p]--;
    }
    view[p][action] = code;
    int k = historySize();
    if (k == seqPlayer.length) {
      seqPlayer = Arrays.copyOf(seqPlayer, k * 2);
      seqAction = Arrays.copyOf(seqAction, k * 2);
    }
    seqPlayer[k] = p;
    seqAction[k] = action;
  }

  @Override
  public double playerReturn(int player) {
    checkPlayer(player);
    int w = winner();
    return w < 0 ? 0 : w == player ? 1 : -1;
  }

  /** True: the counts built on the first draw are kept on the state and handed on to its copies. */
  @Override
  public boolean keepsResampleWork() {
    return true;
  }

  /**
   * Copies everything from {@code o} (same game), and the resampling counts {@code o} has cached:
   * they depend only on what is copied here, and are only read once published, so a copy resamples
   * without building them again (a search with several threads gives each worker a copy of the
   * root to resample from; the root's counts, built by the draw the search makes from the root in
   * the caller's thread before the workers copy it, when it expands the root or, with a reused
   * root already expanded, because of {@link #keepsResampleWork()}, serve them all).
   * Not when the two states' test settings of the counting differ.
   */
  protected void copyPhantomFrom(PhantomState o) {
    boolean sameSettings = o.skeletonTries == skeletonTries && o.probeTries == probeTries
        && o.countPositionsLimit == countPositionsLimit;
    cache[0] = sameSettings ? (Target) CACHE.getAcquire(o.cache, 0) : null;
    cache[1] = sameSettings ? (Target) CACHE.getAcquire(o.cache, 1) : null;
    copyBoardFrom(o);
    System.arraycopy(o.view[0], 0, view[0], 0, cells);
    System.arraycopy(o.view[1], 0, view[1], 0, cells);
    System.arraycopy(o.unknown[0], 0, unknown[0], 0, words);
    System.arraycopy(o.unknown[1], 0, unknown[1], 0, words);
    unknownCount[0] = o.unknownCount[0];
    unknownCount[1] = o.unknownCount[1];
    int k = o.historySize();
    if (seqPlayer.length < k) {
      seqPlayer = new int[o.seqPlayer.length];
      seqAction = new int[o.seqAction.length];
    }
    System.arraycopy(o.seqPlayer, 0, seqPlayer, 0, k);
    System.arraycopy(o.seqAction, 0, seqAction, 0, k);
    toMove = o.toMove;
    copyHistoryFrom(o);
  }

  /** Player {@code player}'s view: one line per row, no separators. */
  public String viewString(int player) {
    checkPlayer(player);
    int w = viewColumns();
    StringBuilder sb = new StringBuilder(cells + cells / w);
    for (int c = 0; c < cells; c++) {
      if (c > 0 && c % w == 0) {
        sb.append('\n');
      }
      sb.append(viewChar(view[player][c]));
    }
    return sb.toString();
  }

  private String actionSequenceString(int player) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0, n = historySize(); i < n; i++) {
      if (seqPlayer[i] == player) {
        sb.append(player).append(',').append(seqAction[i]).append(' ');
      } else if (revealNumTurns) {
        sb.append(seqPlayer[i]).append(",? ");
      }
    }
    return sb.toString();
  }

  @Override
  public String informationStateString(int player) {
    checkPlayer(player);
    StringBuilder sb = new StringBuilder(viewString(player)).append('\n');
    if (infoShowsLength() || revealNumTurns) {
      sb.append(historySize()).append('\n');
    }
    return sb.append(actionSequenceString(player)).toString();
  }

  /**
   * A key of {@link #informationStateString(int)} computed from what it prints (the view's
   * characters, the move count where shown, the player's own moves and, with
   * {@code reveal-numturns}, the opponent's move slots) without allocating: equal strings give
   * equal keys.
   */
  @Override
  public long informationStateKey(int player) {
    checkPlayer(player);
    long h = mix64(0x5048_414E_0000_0000L + player);
    byte[] v = view[player];
    for (int c = 0; c < cells; c++) {
      h = mix64(h + viewChar(v[c]));
    }
    int n = historySize();
    if (infoShowsLength() || revealNumTurns) {
      h = mix64(h ^ (0x100000000L + n));
    }
    int k = 0;
    for (int i = 0; i < n; i++) {
      if (seqPlayer[i] == player) {
        h = mix64(h + seqAction[i] + 1 + 0x9E3779B97F4A7C15L);
        k++;
      } else if (revealNumTurns) {
        h = mix64(h + 0x9E3779B97F4A7C15L);
        k++;
      }
    }
    return mix64(h ^ k);
  }

  @Override
  public String observationString(int player) {
    checkPlayer(player);
    String v = viewString(player);
    return revealNumTurns ? v + "\nTotal turns: " + historySize() : v;
  }

  /** Bits per action in the information-state tensor. */
  protected int bitsPerAction() {
    return revealNumTurns ? cells + 2 : cells;
  }

  /** Longest own-visible action sequence in the information-state tensor. */
  protected int longestSequence() {
    return revealNumTurns ? 2 * cells - 1 : cells;
  }

  /** Size of the information-state tensor. */
  public int informationStateTensorSize() {
    return cells * cellStates() + longestSequence() * bitsPerAction();
  }

  @Override
  public void informationStateTensor(int player, float[] out) {
    checkPlayer(player);
    Arrays.fill(out, 0, informationStateTensorSize(), 0f);
    byte[] v = view[player];
    for (int c = 0; c < cells; c++) {
      out[tensorIndex(c, v[c])] = 1f;
    }
    int offset = cells * cellStates();
    int bits = bitsPerAction();
    for (int i = 0, n = historySize(); i < n; i++) {
      if (seqPlayer[i] == player) {
        if (revealNumTurns) {
          out[offset] = player;
          out[offset + 1 + seqAction[i]] = 1f;
        } else {
          out[offset + seqAction[i]] = 1f;
        }
        offset += bits;
      } else if (revealNumTurns) {
        out[offset] = seqPlayer[i];
        out[offset + 1 + cells] = 1f;
        offset += bits;
      }
    }
  }

  /** Fills the view part of the observation tensor and the optional turn count one-hot. */
  protected void fillObservation(int player, float[] out, int size) {
    checkPlayer(player);
    Arrays.fill(out, 0, size, 0f);
    byte[] v = view[player];
    for (int c = 0; c < cells; c++) {
      out[tensorIndex(c, v[c])] = 1f;
    }
    if (revealNumTurns) {
      int i = cells * cellStates() + historySize();
      if (i < size) {
        out[i] = 1f;
      }
    }
  }

  // ---- resampling ----

  /** What player p knows, as constraints on a reconstructed history. */
  private static final class Target {
    int p;
    int[] pActions;
    boolean[] pSuccess;
    int m;
    int length; // −1 when the number of moves is unknown to p
    int[] players; // mover at each index when revealed, else null
    int currentPlayer;
    /** Consistent histories in all (completions of the initial state); counting mode only. */
    long total;
    /** Memo of the exact counting while it runs (null before and after). */
    CountMemo memo;
    /** The exact counts the descent reads, or null when the skeleton counts are used. */
    CountTree tree;
    /** Node of the initial state in {@link #tree}, or −1 when the counting memoised none. */
    int root;
    /** Node of the state the last {@link #count} call counted, or −1 (counting only). */
    int lastNode;
    /**
     * Scratch of the counting, per history length (one recursion level each): the moves of the
     * position being counted, their nodes and their counts, before they go into {@link #tree}.
     */
    int[][] levelActions;
    int[][] levelChildren;
    long[][] levelCounts;
    /** Skeleton counts (known number of moves, too many positions to count), or null. */
    HiddenMoveSkeleton skeleton;
    /** Opponent moves in the true history (for messages). */
    int hidden;
    /** Exact counts of a skeleton target, built when a caller's skeleton draws all fail. */
    volatile Target exact;
  }

  /** Thrown by the counting memo when it would exceed its entry limit. */
  private static final class MemoFull extends RuntimeException {
    MemoFull() {
      super(null, null, false, false);
    }
  }

  /**
   * Memo of completion counts keyed by (both players' stones, the opponent's view mask: {@code
   * stride} words in all; own-move index and mover): open addressing over primitive arrays, so
   * that lookups during a descent allocate nothing.
   */
  private static final class CountMemo {
    private final int stride;
    /** Most entries kept; one more fails with {@link MemoFull}. */
    private final int limit;
    private long[] k;
    private int[] k3; // −1 marks an empty slot
    private long[] val;
    private int[] node;
    private int size;

    CountMemo(int stride, int limit) {
      this.stride = stride;
      this.limit = limit;
      allocate(256);
    }

    int size() {
      return size;
    }

    private void allocate(int capacity) {
      if ((long) capacity * stride > Integer.MAX_VALUE - 8) {
        throw new UnsupportedOperationException("resample: too many positions are consistent with the player's"
            + " information to count them (" + capacity / 2 + " already)");
      }
      k = new long[capacity * stride];
      k3 = new int[capacity];
      val = new long[capacity];
      node = new int[capacity];
      Arrays.fill(k3, -1);
    }

    private int slot(long[] key, int from, int d, int mask) {
      long h = 0x9E3779B97F4A7C15L;
      for (int j = 0; j < stride; j++) {
        h = mix64(h + key[from + j] * 0xC2B2AE3D27D4EB4FL);
      }
      return (int) mix64(h + d) & mask;
    }

    private boolean keyAt(int i, long[] key, int from, int d) {
      if (k3[i] != d) {
        return false;
      }
      int b = i * stride;
      for (int j = 0; j < stride; j++) {
        if (k[b + j] != key[from + j]) {
          return false;
        }
      }
      return true;
    }

    /** The slot of ({@code key[0 .. stride)}, d), or −1 when it is not stored. */
    int find(long[] key, int d) {
      int mask = k3.length - 1;
      for (int i = slot(key, 0, d, mask); k3[i] >= 0; i = (i + 1) & mask) {
        if (keyAt(i, key, 0, d)) {
          return i;
        }
      }
      return -1;
    }

    /** The count stored in {@code slot} (from {@link #find}). */
    long count(int slot) {
      return val[slot];
    }

    /** The count tree's node stored in {@code slot} (from {@link #find}). */
    int node(int slot) {
      return node[slot];
    }

    /**
     * Stores the count and the tree node of ({@code key[0 .. stride)}, d).
     *
     * @throws MemoFull when the memo already holds its limit of entries
     */
    void put(long[] key, int d, long count, int treeNode) {
      if (size >= limit) {
        throw new MemoFull();
      }
      if (2 * (size + 1) > k3.length) {
        long[] ok = k;
        int[] o3 = k3;
        long[] ov = val;
        int[] on = node;
        allocate(2 * o3.length);
        size = 0;
        for (int i = 0; i < o3.length; i++) {
          if (o3[i] >= 0) {
            insert(ok, i * stride, o3[i], ov[i], on[i]);
          }
        }
      }
      insert(key, 0, d, count, treeNode);
    }

    private void insert(long[] key, int from, int d, long count, int treeNode) {
      int mask = k3.length - 1;
      int i = slot(key, from, d, mask);
      while (k3[i] >= 0) {
        if (keyAt(i, key, from, d)) {
          val[i] = count;
          node[i] = treeNode;
          return;
        }
        i = (i + 1) & mask;
      }
      System.arraycopy(key, from, k, i * stride, stride);
      k3[i] = d;
      val[i] = count;
      node[i] = treeNode;
      size++;
    }
  }

  /**
   * The exact counts as the descent reads them: one node per memoised position (numbered in the
   * order the counting finished them), and per node its moves with a non-zero count of consistent
   * completions, in increasing cell order, each with that count and the node of the position it
   * leads to (−1 when the counting did not memoise that position: it then has one completion, the
   * history ending there). Node i's moves are {@code [nodeEdge[i], nodeEdge[i + 1])} of the edge
   * arrays. Primitive arrays only, so that a descent allocates nothing and hashes nothing; written
   * while counting, then only read.
   */
  private static final class CountTree {
    int nodes;
    int[] nodeEdge = new int[17];
    int edges;
    int[] edgeAction = new int[64];
    int[] edgeChild = new int[64];
    long[] edgeCount = new long[64];

    /** Appends a node with the first {@code n} of the given moves; returns its number. */
    int add(int n, int[] actions, int[] children, long[] counts) {
      if (nodes + 2 > nodeEdge.length) {
        nodeEdge = Arrays.copyOf(nodeEdge, 2 * nodeEdge.length);
      }
      if (edges + n > edgeAction.length) {
        int capacity = Math.max(2 * edgeAction.length, edges + n);
        edgeAction = Arrays.copyOf(edgeAction, capacity);
        edgeChild = Arrays.copyOf(edgeChild, capacity);
        edgeCount = Arrays.copyOf(edgeCount, capacity);
      }
      System.arraycopy(actions, 0, edgeAction, edges, n);
      System.arraycopy(children, 0, edgeChild, edges, n);
      System.arraycopy(counts, 0, edgeCount, edges, n);
      edges += n;
      nodeEdge[nodes + 1] = edges;
      return nodes++;
    }

    /** Drops the spare capacity once the counting is done. */
    void trim() {
      nodeEdge = Arrays.copyOf(nodeEdge, nodes + 1);
      edgeAction = Arrays.copyOf(edgeAction, edges);
      edgeChild = Arrays.copyOf(edgeChild, edges);
      edgeCount = Arrays.copyOf(edgeCount, edges);
    }
  }

  @Override
  public State resample(int player, SplittableRandom rng) {
    return resampleIntoNewState(player, rng);
  }

  /**
   * {@link #resample}'s rule, drawn into {@code target} (a state of the same game): the counts
   * (skeleton or positions, see the class comment) are computed once per information state and
   * player (cached on this state until it changes) and each draw replays the chosen history in
   * {@code target}; allocates nothing once the counts exist and the target has its buffers (first
   * call).
   *
   * @throws UnsupportedOperationException if the counts would exceed their bounds (too many hidden
   *     opponent moves for the board; one-line message), or more than 2^63 − 1 histories would
   *     have to be counted exactly
   */
  @Override
  public void resampleInto(int player, SplittableRandom rng, State target) {
    checkResampleTarget(player, target);
    PhantomState s = (PhantomState) target;
    if (s.blank == null) {
      s.blank = (PhantomState) game().newInitialState();
    }
    s.copyFrom(s.blank);
    // Several threads may resample one state at once (a search's workers resample from copies of
    // the root, which share the root's counts, see copyPhantomFrom). A worker that finds no counts
    // builds its own Target completely (every history consistent with the information) and only
    // then publishes it with a release store; a worker that finds a Target through the acquire
    // load therefore sees every plain write made while building it (the count tree's arrays,
    // their contents, total: release/acquire gives happens-before), and from then on everyone only
    // reads it: the descent follows the tree's nodes and moves, which the counting wrote for every
    // position it reached, and writes nothing. Two workers that both miss build equal counts
    // independently and the later store merely replaces an equal Target; each keeps using the one
    // it built.
    Target t = (Target) CACHE.getAcquire(cache, player);
    if (t == null) {
      t = prepare(player, s);
      CACHE.setRelease(cache, player, t);
    }
    if (t.skeleton != null) {
      if (drawFromSkeleton(t, s, rng)) {
        return;
      }
      // this caller's skeleton draws were all rejected (probability (1 - p)^SKELETON_TRIES at
      // acceptance rate p; the probe in prepare accepted one);
      // descend on the exact counts instead, kept beside the skeleton. The target stays a skeleton
      // target, so every later call makes the same skeleton draws first: what a call takes from
      // rng depends only on this state, the player and rng, never on what earlier calls cached.
      Target exact = t.exact;
      if (exact == null) {
        exact = target(player);
        s.copyFrom(s.blank);
        countExactly(exact, s);
        t.exact = exact; // volatile: published complete, like the cache entries
      }
      s.copyFrom(s.blank);
      t = exact;
    }
    long total = t.total;
    if (total <= 0) {
      throw new IllegalStateException("no history is consistent with player " + player
          + "'s information (internal error)");
    }
    // descend, choosing each hidden move with probability proportional to its completions, which
    // the count tree lists per position (the moves with no completion left out: a draw r < 0 never
    // picks them), so that a step reads arrays instead of counting the candidates' positions
    CountTree tree = t.tree;
    int node = t.root;
    int pIdx = 0;
    while (true) {
      if (accepts(t, s, pIdx)) {
        long stop = 1;
        long rest = total - stop;
        if (rest == 0 || rng.nextLong(total) < stop) {
          return;
        }
        total = rest;
      }
      if (s.boardOver()) {
        throw new IllegalStateException("resample descent lost its way (internal error)");
      }
      if (node < 0) {
        throw new IllegalStateException("resample descent lost its way (internal error)");
      }
      int from = tree.nodeEdge[node];
      int to = tree.nodeEdge[node + 1];
      if (s.toMove == t.p) {
        if (to != from + 1 || tree.edgeAction[from] != t.pActions[pIdx]) {
          throw new IllegalStateException("resample descent lost its way (internal error)");
        }
        s.applyActionUnchecked(t.pActions[pIdx]);
        node = tree.edgeChild[from];
        pIdx++;
        continue;
      }
      long r = rng.nextLong(total);
      int chosen = -1;
      long[] counts = tree.edgeCount;
      for (int e = from; e < to; e++) {
        long c = counts[e];
        if (r < c) {
          chosen = e;
          total = c;
          break;
        }
        r -= c;
      }
      if (chosen < 0) {
        throw new IllegalStateException("resample descent lost its way (internal error)");
      }
      s.applyActionUnchecked(tree.edgeAction[chosen]);
      node = tree.edgeChild[chosen];
    }
  }

  /** Positions the exact counting may memoise (a few seconds of counting at most). */
  static final int COUNT_POSITIONS_LIMIT = 1 << 17;
  /** Count states the skeleton counts may hold (about 40 MB). */
  static final int SKELETON_STATES_LIMIT = 1 << 19;
  /**
   * Skeleton draws rejected in a row (hidden stones ending the game early) before the exact
   * counting takes over.
   */
  static final int SKELETON_TRIES = 2_000;
  /**
   * Skeleton draws of the fixed-seed probe within which one must be accepted for a state to keep
   * the skeleton counts when the exact counts fit their bound: a state whose draws are accepted
   * with probability p keeps them with probability 1 − (1 − p)^200.
   */
  static final int PROBE_TRIES = 200;
  /** Seed of the generator that decides, once per state and player, whether skeletons are used. */
  private static final long PROBE_SEED = 0x5048_414E_544F_4D31L;

  /**
   * Sets the number of skeleton draws rejected in a row before the exact counting takes over
   * ({@link #SKELETON_TRIES} by default) for this state's resampling, and forgets its cached
   * counts; for tests, which exercise the fallback on positions where it is rare.
   */
  void skeletonTries(int tries) {
    skeletonTries = tries;
    cache[0] = null;
    cache[1] = null;
  }

  /**
   * For tests: sets the probe's draws ({@link #PROBE_TRIES} by default) and the exact counting's
   * bound ({@link #COUNT_POSITIONS_LIMIT}, or the heap cap if lower) for this state,
   * and forgets its cached counts.
   */
  void probeTries(int tries, int countLimit) {
    probeTries = tries;
    countPositionsLimit = countLimit;
    cache[0] = null;
    cache[1] = null;
  }

  /**
   * How this state's cached counts for {@code player} resample, for tests: {@code null} (none
   * yet), {@code "skeleton"}, {@code "skeleton+exact"} (skeleton counts and the exact counts of a
   * fallback) or {@code "exact"}.
   */
  String resampleMode(int player) {
    Target t = (Target) CACHE.getAcquire(cache, player);
    return t == null ? null : t.skeleton == null ? "exact" : t.exact != null ? "skeleton+exact" : "skeleton";
  }

  /** Limit scaled down to a quarter of the heap at {@code bytesEach} bytes per entry. */
  private static int heapBound(int limit, int bytesEach) {
    long heap = Runtime.getRuntime().maxMemory() / 4;
    return (int) Math.max(1024, Math.min(limit, heap / bytesEach));
  }

  /**
   * The counts for resampling player {@code player}'s information: the skeleton counts when the
   * number of moves is known and the target is not terminal, else the exact count of consistent
   * histories.
   *
   * @throws UnsupportedOperationException when the counts exceed their bound: names the game, the
   *     number of hidden opponent moves and what would work
   */
  private Target prepare(int player, PhantomState blankTarget) {
    Target t = target(player);
    if (t.length >= 0 && t.currentPlayer != TERMINAL) {
      int cap = heapBound(SKELETON_STATES_LIMIT, 100);
      HiddenMoveSkeleton sk;
      try {
        sk = HiddenMoveSkeleton.build(cells, player, t.pActions, t.pSuccess, t.length, t.players, t.currentPlayer,
            abrupt, cap);
      } catch (HiddenMoveSkeleton.TooLarge e) {
        throw refusal(t, e.states == Long.MAX_VALUE ? "the counts overflow"
            : "counting the consistent histories needs more than " + cap + " states");
      }
      if (sk != null) {
        if (!(sk.total > 0)) {
          throw new IllegalStateException("no history is consistent with player " + player
              + "'s information (internal error)");
        }
        // decide between the skeleton and the exact counts once, with a generator of our own, by
        // the acceptance rate the probe estimates (the hidden stones end the game early in almost
        // every draw on a small board late in the game): the skeleton is kept if one of the first
        // PROBE_TRIES draws is accepted (estimated rate at least about 1/PROBE_TRIES); otherwise
        // the exact counts are used if they fit their bound, and if they do not, the skeleton is
        // kept after all if one of skeletonTries draws is accepted
        t.skeleton = sk;
        SplittableRandom probe = new SplittableRandom(PROBE_SEED);
        int first = Math.min(probeTries, skeletonTries);
        boolean accepted = drawFromSkeleton(t, blankTarget, probe, first);
        blankTarget.copyFrom(blankTarget.blank);
        if (accepted) {
          return t;
        }
        try {
          countExactly(t, blankTarget);
          return t;
        } catch (UnsupportedOperationException refused) {
          t.skeleton = sk;
          t.memo = null;
          accepted = drawFromSkeleton(t, blankTarget, probe, skeletonTries - first);
          blankTarget.copyFrom(blankTarget.blank);
          if (accepted) {
            return t;
          }
          throw refused;
        }
      }
    }
    countExactly(t, blankTarget);
    return t;
  }

  /**
   * Counts the consistent completions of every prefix into {@code t}'s memo, bounded.
   *
   * @throws UnsupportedOperationException beyond {@link #COUNT_POSITIONS_LIMIT} positions
   */
  private void countExactly(Target t, PhantomState blankTarget) {
    // per position: the memo's entry (key, count, node; at most half its slots are used, and a
    // resize holds both tables) and the tree's moves (at most one per cell, arrays grown by
    // doubling); the memo is dropped once the counting is done
    int bytesEach = 8 * (3 * words * 8 + 16) + 2 * cells * 16;
    int limit = Math.min(countPositionsLimit, heapBound(COUNT_POSITIONS_LIMIT, bytesEach));
    t.skeleton = null;
    t.memo = new CountMemo(3 * words, limit);
    t.tree = new CountTree();
    t.levelActions = new int[16][];
    t.levelChildren = new int[16][];
    t.levelCounts = new long[16][];
    try {
      t.total = count(t, blankTarget, 0);
      t.root = t.lastNode;
      t.tree.trim();
    } catch (MemoFull e) {
      t.tree = null;
      throw refusal(t, "counting the consistent histories needs more than " + limit + " positions");
    } finally {
      t.memo = null;
      t.levelActions = null;
      t.levelChildren = null;
      t.levelCounts = null;
    }
  }

  /** The one-line refusal to resample: the game, the hidden moves, why, what would work. */
  private UnsupportedOperationException refusal(Target t, String why) {
    int failed = 0;
    for (boolean ok : t.pSuccess) {
      failed += ok ? 0 : 1;
    }
    return new UnsupportedOperationException("resample: " + game().spec() + " with " + t.hidden
        + " hidden opponent move" + (t.hidden == 1 ? "" : "s") + " (player " + t.p + " made " + t.m + " move"
        + (t.m == 1 ? "" : "s") + ", " + failed + " failed) cannot be drawn uniformly: " + why
        + "; a smaller board or a position with fewer hidden (or failed) moves works (limits in docs/games-board.md)");
  }

  /**
   * One draw from the skeleton counts into {@code s}: q's events (free, hit, claim) in proportion
   * to their weights, free and hit cells uniformly, and at each failed move of p its cell given to
   * one of the open claims uniformly; then the history is replayed on the board, and a draw whose
   * stones end the game early is rejected and redrawn. Allocates nothing once {@code s} has its
   * buffers.
   *
   * @return false if {@link #SKELETON_TRIES} draws in a row were rejected
   */
  private boolean drawFromSkeleton(Target t, PhantomState s, SplittableRandom rng) {
    return drawFromSkeleton(t, s, rng, skeletonTries);
  }

  /** As {@link #drawFromSkeleton(Target, PhantomState, SplittableRandom)}, at most {@code tries} draws. */
  private boolean drawFromSkeleton(Target t, PhantomState s, SplittableRandom rng, int tries) {
    HiddenMoveSkeleton sk = t.skeleton;
    if (s.freeCells == null || s.sequence.length < sk.n) {
      s.freeCells = new int[cells];
      s.hitCells = new int[cells];
      s.openClaims = new int[cells];
      s.sequence = new int[Math.max(sk.n, 1)];
    }
    int[] free = s.freeCells;
    int[] hits = s.hitCells;
    int[] pool = s.openClaims;
    int[] seq = s.sequence;
    int p = t.p;
    int q = 1 - p;
    for (int attempt = 0; attempt < tries; attempt++) {
      int nFree = 0;
      for (int c = 0; c < cells; c++) {
        if (!sk.isTarget[c]) {
          free[nFree++] = c;
        }
      }
      int i = 0;
      int j = 0;
      int h = 0;
      int claims = 0;
      int open = 0;
      int used = 0;
      int placed = 0; // p's successful stones so far, in hits[0 .. placed); hit ones first
      int mover = 0;
      for (int len = 0; len < sk.n; len++) {
        if (mover == p) {
          int cell = t.pActions[i];
          if (!sk.failed[i]) {
            hits[placed++] = cell;
            mover = q;
          } else {
            if (open == 0) {
              throw new IllegalStateException("resample descent lost its way (internal error)");
            }
            int pick = rng.nextInt(open);
            seq[pool[pick]] = cell;
            pool[pick] = pool[--open];
            mover = abrupt ? q : p;
          }
          seq[len] = cell;
          i++;
          continue;
        }
        double fw = sk.freeWeight(i, j, h, claims);
        double hw = sk.hitWeight(i, j, h, claims);
        double cw = sk.claimWeight(i, j, h, claims);
        double r = rng.nextDouble() * (fw + hw + cw);
        int event = r < fw ? 0 : r < fw + hw ? 1 : 2;
        if (event == 2 && cw <= 0) {
          event = hw > 0 ? 1 : 0; // rounding at the top of the range
        }
        if (event == 1 && hw <= 0 || event == 0 && fw <= 0) {
          throw new IllegalStateException("resample descent lost its way (internal error)");
        }
        if (event == 0) {
          int pick = used + rng.nextInt(nFree - used);
          int cell = free[pick];
          free[pick] = free[used];
          free[used++] = cell;
          seq[len] = cell;
          mover = p;
        } else if (event == 1) {
          int pick = h + rng.nextInt(placed - h);
          int cell = hits[pick];
          hits[pick] = hits[h];
          hits[h++] = cell;
          seq[len] = cell;
          mover = abrupt ? p : q;
        } else {
          seq[len] = -1; // the cell of the failed move of p that takes this claim
          pool[open++] = len;
          claims++;
          mover = p;
        }
        j++;
      }
      if (open != 0) {
        throw new IllegalStateException("resample descent lost its way (internal error)");
      }
      s.copyFrom(s.blank);
      boolean early = false;
      for (int len = 0; len < sk.n && !early; len++) {
        s.applyActionUnchecked(seq[len]);
        early = s.boardOver() && len + 1 < sk.n;
      }
      if (!early && accepts(t, s, t.m)) {
        return true;
      }
    }
    return false;
  }

  /** The constraints that player {@code player}'s information puts on a history. */
  private Target target(int player) {
    Target t = new Target();
    t.p = player;
    int n = historySize();
    int m = 0;
    for (int i = 0; i < n; i++) {
      if (seqPlayer[i] == player) {
        m++;
      }
    }
    t.m = m;
    t.hidden = n - m;
    t.pActions = new int[m];
    t.pSuccess = new boolean[m];
    int j = 0;
    for (int i = 0; i < n; i++) {
      if (seqPlayer[i] == player) {
        int a = seqAction[i];
        t.pActions[j] = a;
        t.pSuccess[j] = isOwnCode(player, view[player][a]);
        j++;
      }
    }
    t.length = infoShowsLength() || revealNumTurns ? n : -1;
    if (revealNumTurns) {
      t.players = Arrays.copyOf(seqPlayer, n);
    }
    t.currentPlayer = currentPlayer();
    return t;
  }

  /** Whether {@code code} in {@code player}'s view is one of its own stones. */
  protected abstract boolean isOwnCode(int player, byte code);

  /** Whether the history ending in {@code s} is itself consistent with the target. */
  private static boolean accepts(Target t, PhantomState s, int pIdx) {
    return pIdx == t.m && s.currentPlayer() == t.currentPlayer
        && (t.length < 0 || s.historySize() == t.length);
  }

  /**
   * Number of consistent histories that extend the one ending in {@code s}; sets {@code
   * t.lastNode} to the count tree's node of {@code s}, or −1 when {@code s} is not memoised (its
   * count is then 0 or 1: the history ending in it, if consistent, and no extension).
   *
   * @throws UnsupportedOperationException if the count exceeds {@link Long#MAX_VALUE}
   */
  private static long count(Target t, PhantomState s, int pIdx) {
    int len = s.historySize();
    long c = accepts(t, s, pIdx) ? 1 : 0;
    t.lastNode = -1;
    if ((t.length >= 0 && len >= t.length) || s.boardOver()) {
      return c;
    }
    int cp = s.toMove;
    if (t.players != null && t.players[len] != cp) {
      return c;
    }
    int q = 1 - t.p;
    int w = s.words;
    if (s.keyScratch == null) {
      s.keyScratch = new long[3 * w];
    }
    long[] key = s.keyScratch;
    s.stones(0, key, 0);
    s.stones(1, key, w);
    s.viewMask(s.view[q], key, 2 * w);
    int rest = pIdx * 4 + cp;
    int slot = t.memo.find(key, rest);
    if (slot >= 0) {
      t.lastNode = t.memo.node(slot);
      return t.memo.count(slot);
    }
    // a miss happens only while counting (which allocates the children anyway); the children
    // reuse nothing of this key, so keep it
    key = key.clone();
    long total = c;
    int n = 0;
    if (len >= t.levelActions.length) {
      int levels = Math.max(len + 1, 2 * t.levelActions.length);
      t.levelActions = Arrays.copyOf(t.levelActions, levels);
      t.levelChildren = Arrays.copyOf(t.levelChildren, levels);
      t.levelCounts = Arrays.copyOf(t.levelCounts, levels);
    }
    if (t.levelActions[len] == null) {
      t.levelActions[len] = new int[s.cells];
      t.levelChildren[len] = new int[s.cells];
      t.levelCounts[len] = new long[s.cells];
    }
    // the children's counting uses the next level's scratch, never this one
    int[] actions = t.levelActions[len];
    int[] children = t.levelChildren[len];
    long[] counts = t.levelCounts[len];
    if (cp == t.p) {
      if (pIdx < t.m) {
        int a = t.pActions[pIdx];
        if (s.occupied(a) != t.pSuccess[pIdx]) {
          PhantomState child = (PhantomState) s.copy();
          child.applyActionUnchecked(a);
          long k = count(t, child, pIdx + 1);
          total = addCounts(total, k);
          if (k > 0) {
            actions[n] = a;
            children[n] = t.lastNode;
            counts[n++] = k;
          }
        }
      }
    } else {
      byte[] v = s.view[cp];
      for (int a = 0; a < s.cells; a++) {
        if (v[a] == 0) {
          PhantomState child = (PhantomState) s.copy();
          child.applyActionUnchecked(a);
          long k = count(t, child, pIdx);
          total = addCounts(total, k);
          if (k > 0) {
            actions[n] = a;
            children[n] = t.lastNode;
            counts[n++] = k;
          }
        }
      }
    }
    // the memo's limit is checked before the node is added, so the tree never outgrows it
    int node = t.tree.nodes;
    t.memo.put(key, rest, total, node);
    t.tree.add(n, actions, children, counts);
    t.lastNode = node;
    return total;
  }

  private static long addCounts(long a, long b) {
    long sum = a + b;
    if (((a ^ sum) & (b ^ sum)) < 0) {
      throw new UnsupportedOperationException("resample: more than " + Long.MAX_VALUE
          + " histories are consistent with the player's information; they cannot be counted exactly");
    }
    return sum;
  }

  /** Writes the mask of non-empty cells of view {@code v} into {@code out[offset ..]}. */
  private void viewMask(byte[] v, long[] out, int offset) {
    Arrays.fill(out, offset, offset + words, 0L);
    for (int c = 0; c < v.length; c++) {
      if (v[c] != 0) {
        out[offset + (c >>> 6)] |= 1L << c;
      }
    }
  }
}
