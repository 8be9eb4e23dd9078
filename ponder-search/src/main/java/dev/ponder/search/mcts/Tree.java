package dev.ponder.search.mcts;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * The search tree as a struct of arrays indexed by {@code int} entry ids (no node objects).
 *
 * <p><b>Entries.</b> Every entry is an edge and a node at once: the statistics of the edge that
 * leads into it ({@link #action}, {@link #prior}, {@link #visits}, {@link #valueSum}) and the
 * node's own structure ({@link #player} to act, a contiguous block of children
 * {@code [firstChild, firstChild + numChildren)}, {@link #flags}). Children of a node are created
 * all at once when it is expanded, in ascending action order. Entry 0 is not used; the root is
 * {@link #root()}.
 *
 * <p><b>Keyed mode</b> (IS-MCTS and transposition DAGs): a decision node is an entry found through
 * a 64-bit key ({@link #lookup}/{@link #findOrCreate}); its children are pure edges whose own
 * child block stays empty, and the node reached through an edge depends on the sampled world. In
 * keyed mode {@link #visits} of a node entry counts the simulations that passed through the node
 * and {@link #valueSum} sums their values; for an edge entry they are the edge's n and W.
 *
 * <p><b>Notation.</b> Ponder's Javadoc writes {@code n(a)} for an edge's visits and {@code N} for
 * its node's: {@code n(a)} is ALGORITHMS.md's {@code N(s,a)} and {@code N} its {@code N(s)}.
 *
 * <p><b>Values.</b> {@link #valueSum} stores one sum per player (stride {@link #numPlayers()}),
 * in raw utility: {@code Q(e)[p] = valueSum(e, p) / visits(e)}. Mechanisms read the component of
 * the player who chooses the edge ({@code player(parent)}) and may normalize it with
 * {@link SearchContext#normalize(double)}.
 *
 * <p><b>Auxiliary statistics.</b> A mechanism that needs more per-edge state (MENTS soft values,
 * power means, Thompson posteriors, proven values) declares {@link Mechanism#auxWidth()} doubles
 * per entry and uses {@link #aux}/{@link #setAux}; new entries start at 0 there.
 *
 * <p><b>Concurrency.</b> With several workers ({@link #concurrent()}), visit and value updates are
 * atomic ({@link #addVisits}, {@link #addValue}); a read of {@link #visits} and {@link #valueSum}
 * of the same entry may see one update and not the other (a benign race of tree-parallel MCTS:
 * Q is briefly off by one sample). Expansion is claimed with a compare-and-set on the flags
 * ({@link #tryClaimExpansion}) and published with a release store, so a reader that sees
 * {@link #EXPANDED} sees the children. Read-modify-write updates of several fields (non-additive
 * backups, auxiliary statistics) hold {@link #lock(int)}. The arrays only grow between
 * simulations: the grower waits until no worker is inside a simulation ({@link #beginSimulation}).
 * A worker may search through a {@link #view}: the same entries, its own blocks for new entries,
 * and private visit and value counts for the entries from the root on, merged into the shared
 * ones by {@link #flushLocal}.
 *
 * <p>Memory: {@link #bytesPerEntry()} bytes per entry (36 for two players without auxiliary
 * statistics is the arithmetic: 4 action + 4 prior + 4 visits + 16 values + 8 for the node's
 * structure in one word (first child, child count, player, flags) + 8 per auxiliary double), plus 12 bytes per key slot in
 * keyed mode (24 per key at the maximum load of one half).
 */
public final class Tree extends CacheLinePadding {
  /** Children one node holds at most (legal actions or chance outcomes): 65,535, a 16-bit count. */
  public static final int MAX_CHILDREN = Character.MAX_VALUE;
  /** Flag: the node's children exist. */
  public static final int EXPANDED = 1;
  /** Flag: a worker is creating the node's children. */
  public static final int EXPANDING = 2;
  /** Flag: the state at this node is terminal. */
  public static final int TERMINAL = 4;
  /** Flag: the node's game-theoretic value is known (set by solver mechanisms). */
  public static final int PROVEN = 8;

  private static final VarHandle INTS = MethodHandles.arrayElementVarHandle(int[].class);
  private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);
  private static final VarHandle DOUBLES = MethodHandles.arrayElementVarHandle(double[].class);
  private static final int LOCK_STRIPES = 256;
  private static final int SLOT_STRIDE = 16;
  /** Largest number of workers sharing a tree. */
  public static final int MAX_WORKERS = 256;

  private final int numPlayers;
  private final int auxWidth;
  private final boolean concurrent;

  private int[] action;
  private float[] prior;
  private int[] visits;
  private double[] valueSum;
  /**
   * A node's structure in one word, so a node visited reads one cache line for it and an expansion
   * writes one: first child (bits 32–63), number of children (16–31), player to act (8–15,
   * signed), flags (0–7).
   */
  private long[] node;
  private double[] aux;
  private int size;
  private int root;

  private final LongIntMap keys;
  /** One padded slot per worker: 1 while the worker runs a simulation. */
  private final int[] readerSlots;
  private volatile boolean growing;
  private final Object growLock = new Object();
  private final Object[] locks;
  private final Object allocLock = new Object();
  /** Serializes {@link #flushLocal} of the views (private entries change only through flushes). */
  private final java.util.concurrent.locks.ReentrantLock flushLock;

  /** The tree that owns the entries: {@code this}, or the tree a worker view was made from. */
  private final Tree primary;
  /** Worker views of this tree (primary only); their array references follow every growth. */
  private Tree[] views = new Tree[0];

  // A worker view's private statistics for the entries [localFirst, localFirst + localLength):
  // added to the shared ones by flushLocal (see view()).
  private int localFirst;
  private int localLength;
  private int[] localVisits;
  private double[] localValues;
  private boolean[] localDirty;
  private int[] localDirtyList;
  private int localDirtyCount;
  private final int localLimit;
  /** A view's {@code localFirst + localLength}, published by its worker for {@link #commonLocalEnd}. */
  private volatile int publishedLocalEnd;
  /**
   * Primary: entries {@code [root, commonLocalEnd)} are private in every view (the least of the
   * views' published ends), so a merge adds to their shared statistics with plain additions (no
   * view updates them atomically); entries beyond it are added atomically. Never above the true
   * least end: a view's range only grows within a search, and the value is computed afresh from
   * what the views published.
   */
  private volatile int commonLocalEnd;
  /** Primary: serializes the computations of {@link #commonLocalEnd}. */
  private final Object rangeLock = new Object();
  // a view's block of reserved entries [chunkNext, chunkEnd)
  private int chunkNext;
  private int chunkEnd;
  /** Entries a view reserves at once. */
  static final int CHUNK = 512;
  /** Reserved entries never used (primary; blocks given back by views). */
  private int unused;

  /**
   * @param numPlayers players of the game, 1 ≤ numPlayers ≤ 127 (a player is packed into 8 signed
   *     bits)
   * @param auxWidth auxiliary doubles per entry (≥ 0)
   * @param concurrent whether several workers share the tree
   * @param keyed whether nodes are found by key (IS-MCTS, transpositions)
   * @param initialCapacity entries to allocate up front (any value; at least 16 are; grows as
   *     needed)
   * @throws IllegalArgumentException if {@code numPlayers} or {@code auxWidth} is out of range
   */
  public Tree(int numPlayers, int auxWidth, boolean concurrent, boolean keyed, int initialCapacity) {
    if (numPlayers < 1 || numPlayers > 127 || auxWidth < 0) {
      throw new IllegalArgumentException("numPlayers " + numPlayers + " (1..127), auxWidth " + auxWidth + " (≥ 0)");
    }
    this.numPlayers = numPlayers;
    this.auxWidth = auxWidth;
    this.concurrent = concurrent;
    int cap = Math.max(16, initialCapacity);
    action = new int[cap];
    prior = new float[cap];
    visits = new int[cap];
    valueSum = new double[cap * numPlayers];
    node = new long[cap];
    aux = new double[cap * auxWidth];
    keys = keyed ? new LongIntMap(cap) : null;
    readerSlots = new int[concurrent ? MAX_WORKERS * SLOT_STRIDE : 0];
    locks = new Object[concurrent ? LOCK_STRIPES : 1];
    for (int i = 0; i < locks.length; i++) {
      locks[i] = new Object();
    }
    this.primary = this;
    this.localLimit = 0;
    this.flushLock = concurrent ? new java.util.concurrent.locks.ReentrantLock() : null;
    clear();
  }

  /** A worker view of {@code primary} (see {@link #view}). */
  private Tree(Tree primary, int localLimit) {
    this.numPlayers = primary.numPlayers;
    this.auxWidth = primary.auxWidth;
    this.concurrent = true;
    this.keys = primary.keys;
    this.readerSlots = primary.readerSlots;
    this.locks = primary.locks;
    this.primary = primary;
    this.flushLock = primary.flushLock;
    this.localLimit = localLimit;
    this.localVisits = new int[0];
    this.localValues = new double[0];
    this.localDirty = new boolean[0];
    this.localDirtyList = new int[0];
    copyArrays(primary);
  }

  /**
   * A view of this (concurrent) tree for one worker: the same entries, structure and shared
   * statistics, plus private statistics for up to {@code localLimit} entries from the root on
   * ({@link #syncView}, {@link #extendLocal}). Visit and value updates of those entries go to the
   * view's private counters instead of the shared ones, and the view's reads add its private counts to the shared
   * ones, so a worker sees its own updates at once and the other workers' when they flush them
   * ({@link #flushLocal}). Shared statistics of the entries every simulation passes through (the
   * top of the tree) then change once per flush instead of once per simulation of every worker.
   * New entries come from blocks of {@value #CHUNK} the view reserves at once (see
   * {@link #releaseChunk}). Only for additive
   * statistics ({@link #addVisits}, {@link #addValue}); mechanisms that overwrite statistics
   * under {@link #lock} must use a view with no private entries. Create views between searches.
   *
   * @param localLimit most private entries (≥ 0); the private counters grow with the entries in
   *     use up to this many entries (9 + 8 · numPlayers bytes each; see {@link #extendLocal})
   * @throws IllegalStateException if this tree is not concurrent or is itself a view
   */
  Tree view(int localLimit) {
    if (!concurrent || primary != this) {
      throw new IllegalStateException("views are made from a concurrent primary tree");
    }
    Tree v = new Tree(this, Math.max(0, localLimit));
    views = Arrays.copyOf(views, views.length + 1);
    views[views.length - 1] = v;
    return v;
  }

  /**
   * Refreshes this view from its primary at the start of a search (array references, root) and
   * makes the entries from the root on private, as many as the view's private counters already
   * hold (nothing is allocated here: {@link #extendLocal} grows them in the worker's own thread).
   * Counts not flushed by an earlier (failed) search are dropped.
   */
  void syncView() {
    drainLocal(false, true); // counts left by a search that failed are dropped
    chunkNext = 0;
    chunkEnd = 0;
    copyArrays(primary);
    root = primary.root;
    localFirst = root;
    localLength = Math.min(localLimit, localVisits.length);
    publishLocalEnd();
  }

  /**
   * Publishes this view's private range and recomputes the primary's {@link #commonLocalEnd} from
   * every view's published range (views whose range starts elsewhere, not yet synced to this
   * search, count as no private entries). The volatile write after this worker's last atomic
   * update of an entry, and the merger's volatile read before its plain addition, order the two.
   */
  private void publishLocalEnd() {
    publishedLocalEnd = localFirst + localLength;
    Tree t = primary;
    synchronized (t.rangeLock) {
      int end = Integer.MAX_VALUE;
      for (Tree v : t.views) {
        end = Math.min(end, v.localFirst == localFirst ? v.publishedLocalEnd : localFirst);
      }
      t.commonLocalEnd = end;
    }
  }

  /**
   * Called by the view's worker between its simulations (the private range must not change
   * within a simulation): when entries in use from the root on lie beyond the private range and
   * the limit allows more, the private counters grow to cover them and half as many again (at
   * least {@value #LOCAL_MIN} entries, at most the limit), keeping their counts. The counters
   * follow the entries in use, not the tree's capacity, and each worker grows its own, in its own
   * thread: a growth of the tree's arrays copies no private counters, and a search with many
   * workers does not start by allocating every worker's counters for the whole capacity. The views
   * of a tree may therefore have private ranges of different lengths ({@link #drainLocal} adds to
   * the shared statistics atomically). O(1) when nothing grows.
   */
  void extendLocal() {
    if (localLength < localLimit && primary.size - localFirst > localLength) {
      growLocal(primary.size - localFirst);
    }
  }

  private void growLocal(int want) {
    if (want > localVisits.length) {
      int n = (int) Math.min(localLimit, Math.max(LOCAL_MIN, want + (long) (want >> 1)));
      localVisits = Arrays.copyOf(localVisits, n);
      localValues = Arrays.copyOf(localValues, n * numPlayers);
      localDirty = Arrays.copyOf(localDirty, n);
      localDirtyList = Arrays.copyOf(localDirtyList, n);
    }
    localLength = Math.min(localLimit, localVisits.length);
    publishLocalEnd();
  }

  /**
   * Private entries the worker views of this tree (primary) hold counters for in all, allocated
   * ({@link #extendLocal}); for tests and measurements.
   */
  long localEntriesAllocated() {
    long n = 0;
    for (Tree v : views) {
      n += v.localVisits.length;
    }
    return n;
  }

  /** Fewest private entries a view allocates at once ({@link #extendLocal}). */
  static final int LOCAL_MIN = 4096;

  /**
   * Adds this view's private visit and value counts to the shared statistics and clears them.
   * Views of one tree flush one at a time; the additions are plain for the entries private in
   * every view, atomic beyond them (an entry private to this view may be shared by another whose
   * private range is shorter, and updated by it atomically). Call inside
   * {@link #beginSimulation}/{@link #endSimulation} (arrays do not grow meanwhile).
   *
   * <p>Unless {@code all}, an entry whose private visits are less than 1/{@value #LAG_DIVISOR} of
   * its shared visits keeps its counts for a later flush: the other workers then see it with a
   * relative lag below that fraction, and the entries every simulation passes through (the top of
   * the tree, with the largest counts) are written, and so evicted from the other workers' caches,
   * much less often (mostly at the flushes with {@code all}).
   *
   * @param wait whether to wait for another view's flush; if false and one is running, nothing is
   *     flushed
   * @param all whether to flush every entry with private counts
   * @return whether the counts were flushed
   */
  boolean flushLocal(boolean wait, boolean all) {
    if (localDirtyCount == 0) {
      return true;
    }
    if (wait) {
      flushLock.lock();
    } else if (!flushLock.tryLock()) {
      return false;
    }
    try {
      drainLocal(true, all);
    } finally {
      flushLock.unlock();
    }
    return true;
  }

  /**
   * Clears this view's private counts, first adding them to the shared statistics if {@code
   * toShared}; with {@code toShared} and not {@code all}, entries whose private visits are below
   * 1/{@value #LAG_DIVISOR} of their shared visits are kept (see {@link #flushLocal}).
   */
  private void drainLocal(boolean toShared, boolean all) {
    int np = numPlayers;
    int kept = 0;
    int plainEnd = toShared ? primary.commonLocalEnd : 0;
    for (int k = 0; k < localDirtyCount; k++) {
      int i = localDirtyList[k];
      int e = localFirst + i;
      if (toShared && !all && (long) localVisits[i] * LAG_DIVISOR < visits[e]) {
        localDirtyList[kept++] = i;
        continue;
      }
      if (toShared && e < plainEnd) {
        visits[e] += localVisits[i];
        for (int p = 0; p < np; p++) {
          valueSum[e * np + p] += localValues[i * np + p];
        }
      } else if (toShared) {
        INTS.getAndAdd(visits, e, localVisits[i]);
        for (int p = 0; p < np; p++) {
          addShared(e * np + p, localValues[i * np + p]);
        }
      }
      localVisits[i] = 0;
      for (int p = 0; p < np; p++) {
        localValues[i * np + p] = 0;
      }
      localDirty[i] = false;
    }
    localDirtyCount = kept;
  }

  /** See {@link #flushLocal}. */
  static final int LAG_DIVISOR = 64;

  private void copyArrays(Tree t) {
    action = t.action;
    prior = t.prior;
    visits = t.visits;
    valueSum = t.valueSum;
    node = t.node;
    aux = t.aux;
  }

  /**
   * Whether this view keeps private statistics for {@code e} (see {@link #view}); always false
   * for a primary tree.
   */
  boolean isPrivate(int e) {
    return localIndex(e) >= 0;
  }

  /** Index into the private counters, or −1 when {@code e} is shared. */
  private int localIndex(int e) {
    int i = e - localFirst;
    return Integer.compareUnsigned(i, localLength) < 0 ? i : -1;
  }

  private void markDirty(int i) {
    if (!localDirty[i]) {
      localDirty[i] = true;
      localDirtyList[localDirtyCount++] = i;
    }
  }

  /**
   * Forgets every entry (keeps the arrays). Not thread-safe: call between searches. Package-private:
   * only the engine empties its tree ({@link MctsEngine#reset()}); a component that receives the
   * tree must not.
   */
  void clear() {
    size = 1;
    unused = 0;
    root = 0;
    if (keys != null) {
      keys.clear();
    }
  }

  /** Players of the game (1..127): the length of each entry's value vector. */
  public int numPlayers() {
    return numPlayers;
  }

  /** Auxiliary doubles per entry ({@link #aux}, {@link #setAux}). */
  public int auxWidth() {
    return auxWidth;
  }

  /** Whether several workers share the tree (atomic updates). */
  public boolean concurrent() {
    return concurrent;
  }

  /** Whether nodes are found by key (IS-MCTS, transpositions). */
  public boolean keyed() {
    return keys != null;
  }

  /** Entries in use (the root and every created child); entry ids are {@code 1..size()-1}. */
  public int size() {
    return primary.size - 1 - primary.unused;
  }

  /** Allocated capacity in entries. */
  public int capacity() {
    return action.length;
  }

  /** The root entry (0 if the tree is empty). */
  public int root() {
    return root;
  }

  void setRoot(int entry) {
    root = entry;
  }

  // ---- reading statistics ----

  /** Action of the edge into {@code e}; −1 for a keyed node entry or the root. */
  public int action(int e) {
    return action[e];
  }

  /** Prior probability of the edge into {@code e} (chance probability below a chance node). */
  public float prior(int e) {
    return prior[e];
  }

  /** Visit count n of the edge into {@code e}, or N(s) of a node (simulations through it). */
  public int visits(int e) {
    int v = visits[e];
    int i = e - localFirst;
    if (Integer.compareUnsigned(i, localLength) < 0) {
      v += localVisits[i];
    }
    return v;
  }

  /** Sum W of backed-up values of {@code p} (raw utility) through {@code e}. */
  public double valueSum(int e, int p) {
    double w = valueSum[e * numPlayers + p];
    int i = e - localFirst;
    if (Integer.compareUnsigned(i, localLength) < 0) {
      w += localValues[i * numPlayers + p];
    }
    return w;
  }

  /** Mean value Q of {@code p} (raw utility) through {@code e}; {@code fallback} when unvisited. */
  public double q(int e, int p, double fallback) {
    int n = visits(e);
    return n > 0 ? valueSum(e, p) / n : fallback;
  }

  /** First child entry of node {@code e} (meaningful when {@link #numChildren} &gt; 0). */
  public int firstChild(int e) {
    return (int) (node[e] >>> 32);
  }

  /** Number of children of node {@code e} (0 until expanded). */
  public int numChildren(int e) {
    return (int) (node[e] >>> 16) & 0xFFFF;
  }

  /** Player to act at node {@code e}: 0..n−1, or {@link dev.ponder.game.State#CHANCE}. */
  public int player(int e) {
    return (byte) (node[e] >>> 8);
  }

  /** Flags of {@code e} (acquire read): {@link #EXPANDED}, {@link #TERMINAL}, {@link #PROVEN}. */
  public int flags(int e) {
    return (int) (long) LONGS.getAcquire(node, e) & 0xFF;
  }

  /** Whether entry {@code e}'s children have been created ({@link #EXPANDED}). */
  public boolean isExpanded(int e) {
    return (flags(e) & EXPANDED) != 0;
  }

  /** Whether entry {@code e} is a terminal state ({@link #TERMINAL}). */
  public boolean isTerminal(int e) {
    return (flags(e) & TERMINAL) != 0;
  }

  /** Whether entry {@code e}'s value is proven (MCTS-Solver, score bounds; {@link #PROVEN}). */
  public boolean isProven(int e) {
    return (flags(e) & PROVEN) != 0;
  }

  /**
   * Auxiliary statistic {@code k} (0 ≤ k &lt; {@link #auxWidth()}) of entry {@code e}.
   *
   * @throws IndexOutOfBoundsException if {@code k} is outside {@code [0, auxWidth())}
   */
  public double aux(int e, int k) {
    if (Integer.compareUnsigned(k, auxWidth) >= 0) {
      throw new IndexOutOfBoundsException(auxSlotMessage(k)); // built here: the engine reads the thrower from the top frame
    }
    return aux[e * auxWidth + k];
  }

  // ---- writing statistics ----

  /** Adds {@code delta} to the visit count of {@code e} (atomic when concurrent). */
  public void addVisits(int e, int delta) {
    int i = localIndex(e);
    if (i >= 0) {
      markDirty(i);
      localVisits[i] += delta;
    } else if (concurrent) {
      INTS.getAndAdd(visits, e, delta);
    } else {
      visits[e] += delta;
    }
  }

  /** Adds {@code delta} to W of player {@code p} at {@code e} (atomic when concurrent). */
  public void addValue(int e, int p, double delta) {
    int l = localIndex(e);
    if (l >= 0) {
      markDirty(l);
      localValues[l * numPlayers + p] += delta;
      return;
    }
    int i = e * numPlayers + p;
    if (concurrent) {
      addShared(i, delta);
    } else {
      valueSum[i] += delta;
    }
  }

  private void addShared(int i, double delta) {
    double old;
    do {
      old = (double) DOUBLES.getVolatile(valueSum, i);
    } while (!DOUBLES.weakCompareAndSet(valueSum, i, old, old + delta));
  }

  /** Adds the vector {@code value} (length ≥ numPlayers) to W at {@code e}. */
  public void addValues(int e, double[] value) {
    for (int p = 0; p < numPlayers; p++) {
      addValue(e, p, value[p]);
    }
  }

  /**
   * The mean backup's update of one entry, N += 1 and W += {@code value} (length ≥ numPlayers):
   * the same as {@link #addVisits addVisits(e, 1)} followed by {@link #addValues}, with one
   * private-range check instead of 1 + numPlayers.
   */
  public void addVisitAndValues(int e, double[] value) {
    int np = numPlayers;
    int l = localIndex(e);
    if (l >= 0) {
      markDirty(l);
      localVisits[l]++;
      int b = l * np;
      for (int p = 0; p < np; p++) {
        localValues[b + p] += value[p];
      }
      return;
    }
    int b = e * np;
    if (concurrent) {
      INTS.getAndAdd(visits, e, 1);
      for (int p = 0; p < np; p++) {
        addShared(b + p, value[p]);
      }
    } else {
      visits[e]++;
      for (int p = 0; p < np; p++) {
        valueSum[b + p] += value[p];
      }
    }
  }

  /**
   * Overwrites n and W of {@code e} (for non-additive backups); callers under threads hold
   * {@link #lock(int)}.
   */
  public void setStats(int e, int n, double[] w) {
    requireShared();
    visits[e] = n;
    System.arraycopy(w, 0, valueSum, e * numPlayers, numPlayers);
  }

  /** Overwrites W of player {@code p} at {@code e}; callers under threads hold {@link #lock(int)}. */
  public void setValueSum(int e, int p, double w) {
    requireShared();
    valueSum[e * numPlayers + p] = w;
  }

  private void requireShared() {
    if (localLength != 0) {
      throw new IllegalStateException("statistics are overwritten in a worker view with private entries;"
          + " only additive updates may use private statistics");
    }
  }

  /**
   * Sets the prior π(a) of entry {@code e}: a probability in [0, 1], stored as a float (so 1/9
   * reads back as 0.1111111119…).
   */
  public void setPrior(int e, float p) {
    prior[e] = p;
  }

  /**
   * Sets auxiliary statistic {@code k} (0 ≤ k &lt; {@link #auxWidth()}) of entry {@code e}.
   *
   * @throws IndexOutOfBoundsException if {@code k} is outside {@code [0, auxWidth())}
   */
  public void setAux(int e, int k, double v) {
    if (Integer.compareUnsigned(k, auxWidth) >= 0) {
      throw new IndexOutOfBoundsException(auxSlotMessage(k)); // built here: the engine reads the thrower from the top frame
    }
    aux[e * auxWidth + k] = v;
  }

  /**
   * The error of a slot outside {@code [0, auxWidth)}: checked on every access, since a slot just
   * beyond a width above 0 would otherwise read or write the next entry's slots without failing.
   */
  private String auxSlotMessage(int k) {
    return "auxiliary slot " + k + " used, but the mechanism declares auxWidth " + auxWidth;
  }

  /** Sets flag bits on {@code e} (atomic). */
  public void setFlags(int e, int bits) {
    updateWord(e, 0L, bits & 0xFFL);
  }

  /** A monitor guarding read-modify-write updates of {@code e} (striped). */
  public Object lock(int e) {
    return locks[e & (locks.length - 1)];
  }

  // ---- structure ----

  /** Creates the root node (no incoming edge) for a state where {@code player} acts. */
  int newRoot(int player, long key) {
    int e = allocate(1);
    initEntry(e, -1, 0f, player);
    if (keys != null) {
      keys.put(key, e);
    }
    root = e;
    return e;
  }

  private void initEntry(int e, int a, float p, int pl) {
    action[e] = a;
    prior[e] = p;
    visits[e] = 0;
    Arrays.fill(valueSum, e * numPlayers, (e + 1) * numPlayers, 0.0);
    node[e] = pack(0, 0, pl, 0);
    if (auxWidth > 0) {
      Arrays.fill(aux, e * auxWidth, (e + 1) * auxWidth, 0.0);
    }
  }

  /**
   * Reserves {@code k} consecutive entries; −1 if the capacity is exhausted under threads (the
   * caller then evaluates without expanding; the tree grows before the next simulation).
   */
  private int allocate(int k) {
    if (primary != this) {
      // a view allocates from its own block of entries, so the entries two workers create and
      // then update are not interleaved on the same cache lines
      if (chunkNext + k <= chunkEnd) {
        int s = chunkNext;
        chunkNext += k;
        return s;
      }
      int[] range = primary.claimChunk(k, CHUNK, chunkEnd - chunkNext);
      if (range == null) {
        return -1;
      }
      chunkNext = range[0] + k;
      chunkEnd = range[1];
      return range[0];
    }
    if (!concurrent) {
      if (size + k > action.length) {
        grow(size + k);
        growthsInSearch++;
      }
      int s = size;
      size += k;
      return s;
    }
    synchronized (allocLock) {
      if (size + k > action.length) {
        return -1;
      }
      int s = size;
      size += k;
      return s;
    }
  }

  /**
   * Reserves between {@code k} and {@code max(k, chunk)} consecutive entries for a view and
   * records {@code abandoned} entries of its previous block as unused; null (and nothing
   * recorded: the view keeps its block) if fewer than {@code k} are free.
   */
  private int[] claimChunk(int k, int chunk, int abandoned) {
    synchronized (allocLock) {
      int free = action.length - size;
      if (free < k) {
        return null; // the view keeps its block (nothing abandoned)
      }
      unused += abandoned;
      int n = Math.max(k, Math.min(chunk, free));
      int s = size;
      size += n;
      return new int[] {s, s + n};
    }
  }

  /** Gives back the rest of this view's block (between searches or at the end of one). */
  void releaseChunk() {
    if (chunkEnd > chunkNext) {
      synchronized (primary.allocLock) {
        if (primary.size == chunkEnd) {
          primary.size = chunkNext;
        } else {
          primary.unused += chunkEnd - chunkNext;
        }
      }
    }
    chunkNext = 0;
    chunkEnd = 0;
  }

  /** Claims the right to expand {@code e}; false if it is expanded or another worker is at it. */
  boolean tryClaimExpansion(int e) {
    long old = (long) LONGS.getVolatile(node, e);
    if ((old & (EXPANDED | EXPANDING | TERMINAL)) != 0) {
      return false;
    }
    return LONGS.compareAndSet(node, e, old, old | EXPANDING);
  }

  /** Gives up a claim made by {@link #tryClaimExpansion}. */
  void releaseExpansion(int e) {
    updateWord(e, EXPANDING, 0L);
  }

  /**
   * Creates the children of {@code e} (claimed with {@link #tryClaimExpansion}, or unshared):
   * one per action with its prior and the player who acts after it ({@code childPlayer} may be
   * −2 for "not known yet", set on first visit by the engine).
   *
   * @return false if the capacity was exhausted (nothing created)
   */
  boolean expand(int e, int nodePlayer, int[] actions, float[] priors, int n) {
    return expand(e, nodePlayer, actions, priors, n, null, -1, null);
  }

  /**
   * As {@link #expand(int, int, int[], float[], int)}, and child {@code i} with {@code
   * terminal[i]} is created flagged {@link #TERMINAL} with {@code auxValues[i]} at auxiliary slot
   * {@code auxSlot} ({@code terminal} null: none is).
   *
   * <p>Memory ordering: the children's entries, terminal flags and auxiliary values are plain
   * writes made before the release (volatile compare-and-set) of the parent's word that sets
   * {@link #EXPANDED}; a worker learns of the children only through an acquire read of that word
   * ({@link #flags}, {@link #isExpanded}), so it sees each terminal child already flagged and with
   * its value, never a terminal child whose value is still the initial 0.
   */
  boolean expand(int e, int nodePlayer, int[] actions, float[] priors, int n, boolean[] terminal, int auxSlot,
      double[] auxValues) {
    if (n > MAX_CHILDREN) {
      throw new IllegalStateException("a node with " + n + " children exceeds the MCTS tree's limit of " + MAX_CHILDREN
          + " children per node");
    }
    int first = allocate(n);
    if (first < 0) {
      return false;
    }
    for (int i = 0; i < n; i++) {
      initEntry(first + i, actions[i], priors[i], -2);
      if (terminal != null && terminal[i]) {
        aux[(first + i) * auxWidth + auxSlot] = auxValues[i];
        node[first + i] = pack(0, 0, -2, TERMINAL);
      }
    }
    // one release of the whole word (flags other than EXPANDING kept): a reader that sees EXPANDED
    // sees the children
    updateWord(e, ~0xFFL | EXPANDING, pack(first, n, nodePlayer, EXPANDED));
    return true;
  }

  /** Sets the player to act at {@code e} (atomic when concurrent: the word also holds the flags). */
  void setPlayer(int e, int p) {
    long bits = (p & 0xFFL) << 8;
    if (!concurrent) {
      node[e] = (node[e] & ~0xFF00L) | bits;
      return;
    }
    updateWord(e, 0xFF00L, bits);
  }

  /**
   * Atomically replaces the word of {@code e} by {@code (word & ~clear) | set} (a compare-and-set
   * loop, with volatile semantics).
   */
  private void updateWord(int e, long clear, long set) {
    long old;
    do {
      old = (long) LONGS.getVolatile(node, e);
    } while (!LONGS.compareAndSet(node, e, old, (old & ~clear) | set));
  }

  /** The word of {@link #node}. */
  private static long pack(int first, int n, int pl, int fl) {
    return ((long) first << 32) | ((n & 0xFFFFL) << 16) | ((pl & 0xFFL) << 8) | (fl & 0xFFL);
  }

  /** The node entry stored under {@code key}, or −1. Keyed mode only. */
  public int lookup(long key) {
    return keys.get(key);
  }

  /**
   * The node entry under {@code key}, created (unexpanded, acting player {@code pl}) if absent;
   * −1 if the capacity is exhausted under threads.
   */
  int findOrCreate(long key, int pl) {
    int e = keys.get(key);
    if (e >= 0) {
      return e;
    }
    if (!concurrent) {
      if (keys.needsGrowth()) {
        keys.grow();
        keyGrowthsInSearch++;
      }
      e = allocate(1);
      initEntry(e, -1, 0f, pl);
      keys.put(key, e);
      return e;
    }
    synchronized (keys) {
      e = keys.get(key);
      if (e >= 0) {
        return e;
      }
      if (keys.needsGrowth()) {
        return -1;
      }
      e = allocate(1);
      if (e < 0) {
        return -1;
      }
      initEntry(e, -1, 0f, pl);
      keys.putRelease(key, e);
      return e;
    }
  }

  // ---- growth under threads ----

  /**
   * Called by worker {@code worker} before each simulation; ends with {@link #endSimulation}.
   * Grows the arrays first when fewer than {@code reserve} entries are free (or the key map is
   * full). Under threads this is a reader-writer protocol with one padded slot per worker (no
   * shared write on the reader's path): a reader publishes its slot, then checks the growth flag;
   * the grower raises the flag, then waits until every slot is clear (both sides use volatile
   * accesses, so at least one sees the other). A worker may call this again for its next
   * simulation without ending the previous one: while nothing needs to grow its slot stays set
   * (one volatile read, no fenced store per simulation), and a grower waits at most until this
   * worker's next call. Between two calls a worker must not wait for another worker.
   */
  void beginSimulation(int worker, int reserve) {
    beginSimulation(worker, reserve, 0L);
  }

  /**
   * {@link #beginSimulation(int, int)} that gives up waiting for a growth once {@link
   * System#nanoTime()} reaches {@code deadline} (0 = never): a grower then leaves the arrays as
   * they are, and a worker waiting for another's growth stops waiting. A negative {@code reserve}
   * asks for no room (a worker that only merges its private counts).
   *
   * @return true when the worker may run a simulation (its slot is set); false when the deadline
   *     passed while waiting (its slot is clear; end the search)
   */
  boolean beginSimulation(int worker, int reserve, long deadline) {
    if (!concurrent) {
      if (size + reserve > action.length) {
        grow(size + reserve);
        growthsInSearch++;
      }
      if (keys != null && reserve >= 0 && keys.needsGrowth()) {
        keys.grow();
        keyGrowthsInSearch++;
      }
      return true;
    }
    int slot = worker * SLOT_STRIDE;
    Tree t = primary;
    // the slot is written only by this worker, so a plain read sees its own last write
    if (readerSlots[slot] != 0 && !t.growing && t.hasRoom(reserve)) {
      return true;
    }
    while (true) {
      INTS.setVolatile(readerSlots, slot, 1);
      if (!t.growing) {
        if (t.hasRoom(reserve)) {
          return true;
        }
        INTS.setVolatile(readerSlots, slot, 0);
        if (!t.growShared(reserve, deadline)) {
          return false;
        }
        continue;
      }
      INTS.setVolatile(readerSlots, slot, 0);
      for (int round = 0; t.growing; round++) {
        if (waitRound(round, deadline)) {
          return false;
        }
      }
    }
  }

  /**
   * One round of waiting for another worker: a spin hint for the first rounds (the other worker,
   * running on its own core, is a simulation away), then yields, then sleeps growing from
   * {@value #PARK_NANOS} ns to about a millisecond. With more workers than cores the worker
   * waited for is often descheduled: spinning would burn the time slice it needs to get on, so
   * the waiter soon gives its core away.
   *
   * @param deadline {@link System#nanoTime()} at which to give up waiting, or 0 (never)
   * @return whether the deadline has passed (read once the spinning rounds are over)
   */
  static boolean waitRound(int round, long deadline) {
    if (round < SPIN_ROUNDS) {
      Thread.onSpinWait();
      return false;
    }
    if (deadline != 0 && System.nanoTime() - deadline >= 0) {
      return true;
    }
    int r = round - SPIN_ROUNDS - YIELD_ROUNDS;
    if (r < 0) {
      Thread.yield();
    } else {
      java.util.concurrent.locks.LockSupport.parkNanos(PARK_NANOS << Math.min(6, r >> 3));
    }
    return false;
  }

  /**
   * Rounds of {@link #waitRound} that spin, then yield, before it sleeps ({@value #PARK_NANOS} ns,
   * doubling every 8 rounds up to 64 times that).
   */
  private static final int SPIN_ROUNDS = 256;
  private static final int YIELD_ROUNDS = 64;
  private static final long PARK_NANOS = 20_000;

  /** Whether {@code reserve} more entries fit without growing the arrays or the key map. */
  private boolean hasRoom(int reserve) {
    return reserve < 0 || size + reserve <= action.length && (keys == null || !keys.needsGrowth());
  }

  /** Ends the simulations begun by {@link #beginSimulation} on worker {@code worker}. */
  void endSimulation(int worker) {
    if (concurrent) {
      INTS.setRelease(readerSlots, worker * SLOT_STRIDE, 0);
    }
  }

  /** Grows the arrays (or key map) under the growth flag; false, growing nothing, if {@code deadline} (0 = none) passed while waiting for the workers. */
  private boolean growShared(int reserve, long deadline) {
    synchronized (growLock) {
      growing = true;
      for (int i = 0; i < readerSlots.length; i += SLOT_STRIDE) {
        for (int round = 0; (int) INTS.getVolatile(readerSlots, i) != 0; round++) {
          if (waitRound(round, deadline)) {
            growing = false;
            return false;
          }
        }
      }
      if (size + reserve > action.length) {
        grow(size + reserve);
        growthsInSearch++;
        for (Tree v : views) {
          v.copyArrays(this); // private counters follow the entries in use (extendLocal), not the capacity
        }
      }
      if (keys != null && keys.needsGrowth()) {
        keys.grow();
        primary.keyGrowthsInSearch++;
      }
      growing = false;
      return true;
    }
  }

  /**
   * Growths of the arrays made while entries were being added (a simulation's or an expansion's
   * need), as opposed to {@link #ensureFree} between searches; for tests and measurements.
   */
  int growthsInSearch() {
    return growthsInSearch;
  }

  private int growthsInSearch;

  /**
   * Growths of the key table (keyed mode) made while keys were being added, as opposed to
   * {@link #ensureKeyRoom} between searches; for tests and measurements.
   */
  int keyGrowthsInSearch() {
    return keyGrowthsInSearch;
  }

  private int keyGrowthsInSearch;

  /** Keys stored (keyed mode: the node entries; 0 in tree mode). */
  int keyCount() {
    return keys == null ? 0 : keys.size();
  }

  /** Slots of the key table (keyed mode; 0 in tree mode); it holds half as many keys. */
  int keySlots() {
    return keys == null ? 0 : keys.capacity();
  }

  /**
   * Makes room in the key table (keyed mode; nothing in tree mode) for {@code more} keys beyond
   * those stored, before a search, so that the search itself need not grow it: if they do not fit
   * at its load of at most one half, the table grows once, to the smallest power of 2 of slots
   * that holds them. Never shrinks it. Not thread-safe: call between searches (the views share the
   * primary's table).
   *
   * @param more keys wanted beyond those stored (≥ 0)
   */
  void ensureKeyRoom(long more) {
    if (keys != null) {
      keys.ensureRoom(more);
    }
  }

  /**
   * Makes room for {@code free} more entries before a search, so that the search itself need not
   * grow the arrays: if fewer are free, the arrays grow once, to at least {@code size + free}
   * entries (the usual growth of one half plus 16 if that is more). Never shrinks them. Not
   * thread-safe: call between searches, on the primary tree (views pick the new arrays up at
   * {@link #syncView}).
   *
   * @param free entries wanted beyond those in use (≥ 0)
   */
  void ensureFree(int free) {
    long needed = (long) size + Math.max(0, free);
    if (needed > action.length) {
      grow((int) Math.min(Integer.MAX_VALUE - 16, needed));
    }
  }

  private void grow(int needed) {
    int cap = action.length;
    int newCap = Math.max(needed, cap + (cap >> 1) + 16);
    action = Arrays.copyOf(action, newCap);
    prior = Arrays.copyOf(prior, newCap);
    visits = Arrays.copyOf(visits, newCap);
    valueSum = Arrays.copyOf(valueSum, newCap * numPlayers);
    node = Arrays.copyOf(node, newCap);
    aux = Arrays.copyOf(aux, newCap * auxWidth);
  }

  // ---- reuse ----

  /**
   * Makes the subtree under {@code e} the whole tree (tree mode): its entries move to the front of
   * the same arrays, in their present order (a stable compaction: child blocks stay contiguous and
   * in action order), and {@code e} becomes the root: entry 1 when no entry of the subtree had a
   * lower id than {@code e} (always with one worker; with several, a descendant may have been
   * placed in a block reserved below {@code e}, and then the root keeps its rank). Nothing of the subtree changes but
   * the entry ids. The arrays and their capacity are kept, so the next search starts with all the
   * room the tree had; the work arrays of this method are kept between calls too (about 2 bits
   * per entry, and a stack of depth × branching entries), so re-rooting allocates nothing
   * once they have reached the tree's size. O(size()) time. Not thread-safe: call between
   * searches.
   *
   * <p>In place is safe because an entry's new id is its rank among the kept entries, never above
   * its old id: moving the kept entries in ascending order only overwrites entries already moved
   * or dropped. Each kept node's first child is renumbered by the same rank, computed before the
   * move from a bit set of the kept entries and a count of kept entries per 64-entry word.
   *
   * @throws IllegalStateException in keyed mode (a keyed tree keeps its nodes and moves the root)
   */
  void reroot(int e) {
    if (keys != null) {
      throw new IllegalStateException("reroot is for tree mode; keyed trees keep their nodes");
    }
    int end = size;
    int words = (end + 63) >>> 6;
    if (keepBits.length < words) {
      keepBits = new long[words + (words >> 1) + 1];
      keepRank = new int[keepBits.length];
    } else {
      Arrays.fill(keepBits, 0, words, 0L);
    }
    // mark the subtree: e, then every child block of a marked node; only nodes with children are
    // stacked, so the stack holds at most (branching − 1) entries per level of the tree
    long[] bits = keepBits;
    bits[e >>> 6] |= 1L << e;
    int sp = 0;
    if (numChildren(e) > 0) {
      keepStack[sp++] = e;
    }
    while (sp > 0) {
      int x = keepStack[--sp];
      int first = firstChild(x);
      int n = numChildren(x);
      for (int c = first; c < first + n; c++) {
        bits[c >>> 6] |= 1L << c;
        if (numChildren(c) > 0) {
          if (sp == keepStack.length) {
            keepStack = Arrays.copyOf(keepStack, Math.max(64, sp * 2));
          }
          keepStack[sp++] = c;
        }
      }
    }
    int[] rank = keepRank;
    int kept = 0;
    for (int w = 0; w < words; w++) {
      rank[w] = kept;
      kept += Long.bitCount(bits[w]);
    }
    int np = numPlayers;
    int d = 1;
    for (int w = 0; w < words; w++) {
      long m = bits[w];
      while (m != 0) {
        int x = (w << 6) + Long.numberOfTrailingZeros(m);
        m &= m - 1;
        long word = node[x];
        int n = (int) (word >>> 16) & 0xFFFF;
        int first = 0;
        if (n > 0) {
          int f = (int) (word >>> 32);
          first = 1 + rank[f >>> 6] + Long.bitCount(bits[f >>> 6] & ((1L << f) - 1));
        }
        node[d] = pack(first, n, (byte) (word >>> 8), (int) word & 0xFF & ~EXPANDING);
        if (d != x) {
          action[d] = action[x];
          prior[d] = prior[x];
          visits[d] = visits[x];
          System.arraycopy(valueSum, x * np, valueSum, d * np, np);
          if (auxWidth > 0) {
            System.arraycopy(aux, x * auxWidth, aux, d * auxWidth, auxWidth);
          }
        }
        d++;
      }
    }
    // the root's new place: entry 1 when it had the lowest id of the subtree, as with one worker;
    // with several workers a descendant can sit below it (its block was reserved earlier), and the
    // stable compaction keeps that order
    int newRoot = 1 + rank[e >>> 6] + Long.bitCount(bits[e >>> 6] & ((1L << e) - 1));
    action[newRoot] = -1;
    size = d;
    unused = 0;
    root = newRoot;
  }

  // reroot's work arrays, kept between calls: the kept entries (one bit each), the kept entries
  // before each 64-entry word, and the stack of the subtree walk
  private long[] keepBits = new long[0];
  private int[] keepRank = new int[0];
  private int[] keepStack = new int[64];

  /** Number of entries in the subtree under {@code e} (tree mode), {@code e} included. */
  public int subtreeSize(int e) {
    int count = 0;
    int[] stack = new int[64];
    int sp = 0;
    stack[sp++] = e;
    while (sp > 0) {
      int x = stack[--sp];
      count++;
      int n = numChildren(x);
      for (int i = 0; i < n; i++) {
        if (sp == stack.length) {
          stack = Arrays.copyOf(stack, sp * 2);
        }
        stack[sp++] = firstChild(x) + i;
      }
    }
    return count;
  }

  /** The child of {@code e} whose edge action is {@code a}, or −1. */
  public int child(int e, int a) {
    int first = firstChild(e);
    int n = numChildren(e);
    for (int i = 0; i < n; i++) {
      if (action[first + i] == a) {
        return first + i;
      }
    }
    return -1;
  }

  // ---- memory ----

  /** Bytes of array storage per entry (see the class comment). */
  public int bytesPerEntry() {
    return 4 + 4 + 4 + 8 * numPlayers + 8 + 8 * auxWidth;
  }

  /**
   * Bytes per entry in use: {@link #bytesPerEntry()} plus, in keyed mode, 24 bytes per key (a
   * 12-byte slot at the map's maximum load of one half) spread over the entries. Spare capacity
   * of the growable arrays (up to half again after a growth) is not counted.
   */
  public double bytesPerNode() {
    double b = bytesPerEntry();
    if (keys != null && size() > 0) {
      b += 24.0 * keys.size() / size();
    }
    return b;
  }

  /**
   * A readable dump of the first {@code depth} levels under {@code e} (tree mode): action, n,
   * prior and Q of every player. For debugging and tests.
   */
  public String dump(int e, int depth) {
    StringBuilder sb = new StringBuilder();
    dump(sb, e, depth, 0);
    return sb.toString();
  }

  private void dump(StringBuilder sb, int e, int depth, int indent) {
    sb.append("  ".repeat(indent)).append("a=").append(action[e]).append(" n=").append(visits[e])
        .append(" p=").append(prior[e]).append(" player=").append(player(e)).append(" Q=[");
    for (int p = 0; p < numPlayers; p++) {
      sb.append(p > 0 ? ", " : "").append(String.format(java.util.Locale.ROOT, "%.3f", q(e, p, Double.NaN)));
    }
    sb.append("]\n");
    if (depth > 0) {
      for (int i = 0; i < numChildren(e); i++) {
        dump(sb, firstChild(e) + i, depth - 1, indent + 1);
      }
    }
  }
}
