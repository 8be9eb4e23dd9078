package dev.ponder.solve;

import dev.ponder.game.CopyWatch;
import dev.ponder.game.Game;
import dev.ponder.game.GameContract;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.GameType;
import dev.ponder.game.State;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The whole game tree of a small game, flattened into primitive arrays, with its information
 * states indexed. Every node is one history (never merged with another history), so values
 * cached per node are values of histories. Solvers, best response and policy evaluation work on
 * this tree.
 *
 * <p>Layout: node {@code v} has {@link #player(int)} (a player, {@link State#CHANCE} or
 * {@link State#TERMINAL}); its children are {@code child(v, j)} for {@code j <
 * numChildren(v)}, in ascending action order; chance children carry their probability. A
 * decision node belongs to information set {@link #infoset(int)}; an information set owns
 * {@code numActions} consecutive <em>slots</em> starting at {@link #slotStart(int)}, one per legal
 * action, in which policies, regrets and strategy sums are stored.
 *
 * <p>Information sets are keyed by the acting player and that player's information-state string
 * (OpenSpiel's string, so tabular policies interchange): one string may be the information state
 * of two players (phantom_ttt's empty board), and then names two information sets, one per
 * player ({@link #infosetOf(int, String)}; {@link #hasSharedKeys()}). The tree requires the same
 * legal actions at all histories of an information set (checked while building). Memory grows with the number of histories: fine
 * for kuhn_poker, leduc_poker and liars_dice with one die (about 3·10^5 histories).
 *
 * <p>Index ranges: nodes {@code 0 ≤ node < numNodes()} (the root is 0, a node is numbered before
 * its children); children {@code 0 ≤ j < numChildren(node)}; information sets {@code 0 ≤ infoset
 * < numInfosets()}; slots {@code 0 ≤ slot < numSlots()}. An <em>information set</em> here is one
 * player's information state (OpenSpiel's term; {@link #infosetKey(int)} is its string). The
 * accessors do not check their indices (they serve the solvers' inner loops): an index out of
 * range throws {@link ArrayIndexOutOfBoundsException} or returns another node's entry.
 *
 * <p>A <em>policy slot array</em> is a {@code double[numSlots()]} holding, for each information
 * set {@code I}, the probability of each legal action at {@code [slotStart(I), slotStart(I) +
 * numActions(I))}, finite, non-negative, summing to 1 ({@link PolicyEvaluation} checks it).
 */
public final class GameTree {
  private final Game game;
  private final int numPlayers;
  private int numNodes;
  private int[] nodePlayer = new int[1024];
  private int[] nodeInfoset = new int[1024];
  private int[] nodeFirstChild = new int[1024];
  private int[] nodeNumChildren = new int[1024];
  private int numEdges;
  private int[] edgeChild = new int[2048];
  private int[] edgeAction = new int[2048];
  private double[] edgeProb = new double[2048];
  private double[] utilities;
  /**
   * The sum every terminal's returns must have: 0 for a zero-sum game, {@link Game#utilitySum()}
   * for a constant-sum one, NaN (not checked) otherwise.
   */
  private final double declaredSum;
  private int maxDepth;

  private final List<String> infosetKeys = new ArrayList<>();
  /** Per player, information-state string to information set. */
  private final List<Map<String, Integer>> infosetIndex = new ArrayList<>();
  private boolean sharedKeys;
  private int[] isPlayer = new int[256];
  private int[] isSlotStart = new int[256];
  private int[] isNumActions = new int[256];
  /**
   * Per information set: its player's own sequence before it, as the slot of that player's last
   * (information set, action) pair on the way there, −1 if none (the perfect-recall check).
   */
  private int[] isParentSlot = new int[256];
  /** Per information set: the node of its first history (for the perfect-recall message). */
  private int[] isFirstNode = new int[256];
  /** Per information set: how many of its nodes lie on the history being built (more than one: a cycle). */
  private int[] isOnPath = new int[256];
  private int numSlots;
  private int[] slotAction = new int[512];
  private int[] isNodeStart;
  private int[] isNodes;
  /** Per node: its information set's first slot (decision nodes), −1 for chance and terminal nodes. */
  private int[] nodeSlot;
  private final int maxActions;
  private int maxHistories = DEFAULT_MAX_HISTORIES;
  /** Bytes of the information-state strings and their index entries ({@link #keyBytes(String)}). */
  private long keyBytes;
  /** Heap the build may fill ({@link #memoryBudget()}); 0: no check. */
  private long memoryBudget;
  /** Whether {@link #memoryBudget} came from the heap and may be measured again before a refusal. */
  private boolean budgetFromHeap;
  private java.util.function.LongConsumer progress;

  private GameTree(Game game) {
    this.game = game;
    this.numPlayers = game.numPlayers();
    GameType.Utility u = game.type().utility();
    this.declaredSum = u == GameType.Utility.ZERO_SUM ? 0.0 : u == GameType.Utility.CONSTANT_SUM ? game.utilitySum() : Double.NaN;
    this.maxActions = game.maxActionsPerState();
    for (int p = 0; p < numPlayers; p++) {
      infosetIndex.add(new HashMap<>());
    }
  }

  private static final String RECALL = ": the game tree (solve, exploitability, best response) requires perfect recall"
      + " (an information state must hold everything its player saw and did before)";

  /** Default bound on the number of histories {@link #build(Game)} accepts. */
  public static final int DEFAULT_MAX_HISTORIES = 5_000_000;

  /**
   * The older name of {@link #DEFAULT_MAX_HISTORIES} (the bound counts histories, not tree nodes
   * of any other kind).
   *
   * @deprecated use {@link #DEFAULT_MAX_HISTORIES}
   */
  @Deprecated
  public static final int DEFAULT_MAX_NODES = DEFAULT_MAX_HISTORIES;

  /**
   * Builds the tree of {@code game} by enumerating every history from the initial state, up to
   * {@link #DEFAULT_MAX_HISTORIES} histories.
   *
   * @throws IllegalArgumentException if two histories of one information state have different
   *     legal actions or different players, if the information states do not give perfect recall
   *     (an information state of player p reached by two histories along which p's own earlier
   *     information states or actions differ, such as one that recurs at two of p's decisions on
   *     one history; a game whose {@link Game#perfectRecall()} is false is refused only for
   *     that), both faults of the game's code, thrown as an {@link InformationStateException};
   *     if the tree has more histories than the bound, or it would not fit in the JVM's heap
   *     (a {@link MemoryException}, found while it is built: see {@link #build(Game, int,
   *     java.util.function.LongConsumer)})
   * @throws dev.ponder.game.GameContractException (an {@link IllegalStateException}) if a chance
   *     node's probabilities do not sum to 1, a node's legal actions are not strictly ascending, or
   *     a terminal's returns are not finite or, in a zero-sum or constant-sum game, do not sum to
   *     the declared sum within {@link GameContract#UTILITY_SUM_TOLERANCE} relative ({@link
   *     GameContract}): one line naming the game and the history
   * @throws IllegalStateException if the game is constant-sum and does not declare its sum ({@link
   *     Game#utilitySum()})
   */
  public static GameTree build(Game game) {
    return build(game, DEFAULT_MAX_HISTORIES);
  }

  /**
   * Builds the tree of {@code game}, failing once it exceeds {@code maxHistories} histories.
   *
   * @throws IllegalArgumentException as {@link #build(Game)}; a {@link TooLargeException} when
   *     the tree has more histories than {@code maxHistories} (its message names the bound)
   */
  public static GameTree build(Game game, int maxHistories) {
    return build(game, maxHistories, null);
  }

  /** Histories between two calls of a build's progress listener. */
  public static final int PROGRESS_EVERY = 1 << 20;

  /**
   * Builds the tree of {@code game} as {@link #build(Game, int)}, calling {@code progress} with
   * the number of histories built so far every {@value #PROGRESS_EVERY} histories (on the
   * building thread; a large tree takes seconds per call, a small one never calls it).
   *
   * <p>Memory: every {@value #MEMORY_CHECK_EVERY} histories the build counts the bytes the tree
   * holds (its arrays at their capacities, the information-state strings and their index) and
   * refuses the tree with a {@link MemoryException} when they exceed 4/5 of the heap left to it
   * ({@link Runtime#maxMemory()} less what else is in use, measured again after a collection before
   * a refusal), or when the tree holds more than a sixteenth of that and its bytes per history,
   * times the histories the walk is projected to reach (an estimate read off the depth-first
   * walk's path, at most {@code maxHistories}), exceed it: a tree that would exhaust the heap is
   * refused in seconds instead of failing with an {@link OutOfMemoryError} after minutes of
   * collection.
   *
   * @param maxHistories at least 1
   * @param progress listener, or null
   * @throws IllegalArgumentException as {@link #build(Game)}, or if {@code maxHistories < 1}
   * @throws MemoryException when the tree would not fit in the heap (one line with the figures)
   */
  public static GameTree build(Game game, int maxHistories, java.util.function.LongConsumer progress) {
    return build(game, maxHistories, progress, -1);
  }

  /**
   * {@link #build(Game, int, java.util.function.LongConsumer)} with the heap the build may fill
   * set to {@code budget} bytes (0: not checked; −1: {@link #memoryBudget()}, measured again
   * after a collection before the tree is refused).
   */
  static GameTree build(Game game, int maxHistories, java.util.function.LongConsumer progress, long budget) {
    if (maxHistories < 1) {
      throw new IllegalArgumentException("the bound on histories must be at least 1, got " + maxHistories);
    }
    GameTree t = new GameTree(game);
    t.maxHistories = maxHistories;
    t.progress = progress;
    t.budgetFromHeap = budget < 0;
    t.memoryBudget = budget < 0 ? memoryBudget() : budget;
    if (estimateExceeds(game, 1000.0 * maxHistories)) {
      throw t.tooLarge();
    }
    double[] utils = new double[1024 * game.numPlayers()];
    t.utilities = utils;
    t.expand(game.newInitialState());
    t.utilities = Arrays.copyOf(t.utilities, t.numNodes * t.numPlayers);
    t.indexInfosetNodes();
    return t;
  }

  private TooLargeException tooLarge() {
    return new TooLargeException(game, maxHistories);
  }

  /**
   * A refusal of the game's information states, a fault of the game's code rather than of the
   * caller's input: an information state of one player that breaks perfect recall (it recurs on one
   * history, or is reached after two histories along which that player's own earlier information
   * states or actions differ) or has different legal actions at two histories. The message is one
   * line naming the game, the information state and the histories. An {@link
   * IllegalArgumentException}, as {@link #build(Game)} documents; the commands report it as a
   * fault of the game (exit 1), like a broken {@link GameContract} rule.
   */
  public static final class InformationStateException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    InformationStateException(String message) {
      super(message);
    }
  }

  /**
   * The refusal of a tree with more histories than the bound ({@link #build(Game, int, java.util.function.LongConsumer)}).
   * Its message names the game with the parameters given, the bound, and the two ways out: a
   * larger bound or smaller values of the game's integer parameters (those that bound a game's
   * length or size) that are above the least value their range allows ({@code players=2} of a
   * game for 2 or more, {@code starting_player=0} are not listed), e.g. {@code dice_race has more
   * than 5000000 histories: too large for exact game-tree solving; try smaller parameters (target,
   * faces, horizon) or a larger bound on histories}; with integer parameters all at their least,
   * {@code try smaller game parameters or a larger bound on histories}; with none, the bound
   * alone. {@link #message(String)} writes it with the bound's own name (the
   * command line's {@code --max-histories}).
   */
  public static final class TooLargeException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    private final String game;
    private final int maxHistories;
    private final List<String> sizeParameters;

    /** Whether the game declares integer parameters at all (none: the bound alone is the way out). */
    private final boolean intParameters;

    TooLargeException(Game game, int maxHistories) {
      this(echo(game.spec()), maxHistories, reducible(game), game.type().parameters().stream()
          .anyMatch(p -> p.kind() == dev.ponder.spec.ParamSpec.Kind.INT));
    }

    private TooLargeException(String game, int maxHistories, List<String> sizeParameters, boolean intParameters) {
      super(text(game, maxHistories, sizeParameters, intParameters, "a larger bound on histories"));
      this.game = game;
      this.maxHistories = maxHistories;
      this.sizeParameters = sizeParameters;
      this.intParameters = intParameters;
    }

    /**
     * The game's integer parameters that can still be made smaller: above the least value their
     * range allows (an integer parameter without a range always can), in declaration order. {@code
     * players=2} of a game for 2 or more players, and {@code starting_player=0}, are at their least.
     */
    static List<String> reducible(Game game) {
      List<String> out = new java.util.ArrayList<>();
      for (dev.ponder.spec.ParamSpec p : game.type().parameters()) {
        if (p.kind() != dev.ponder.spec.ParamSpec.Kind.INT) {
          continue;
        }
        Object v = game.params().values().get(p.name());
        if (p.min() == null || !(v instanceof Number n) || n.longValue() > p.min().longValue()) {
          out.add(p.name());
        }
      }
      return out;
    }

    /** The bound the tree exceeded, at least 1. */
    public int maxHistories() {
      return maxHistories;
    }

    /**
     * The message with {@code bound} naming how to raise the bound, e.g. {@code "a larger
     * --max-histories"} (one line).
     */
    public String message(String bound) {
      return text(game, maxHistories, sizeParameters, intParameters, bound);
    }

    private static String text(String game, int maxHistories, List<String> sizeParameters, boolean intParameters,
        String bound) {
      String smaller = !sizeParameters.isEmpty() ? "smaller parameters (" + String.join(", ", sizeParameters) + ") or "
          : intParameters ? "smaller game parameters or " : "";
      return game + " has more than " + maxHistories + " histories: too large for exact game-tree solving; try " + smaller
          + bound;
    }
  }

  /** Random paths of {@link #estimateExceeds}; a majority must exceed the threshold. */
  private static final int ESTIMATE_PATHS = 9;

  /**
   * Whether Knuth's random-path estimate of the number of histories (Knuth 1975, "Estimating the
   * efficiency of backtrack programs") exceeds {@code threshold} on a majority of {@value
   * #ESTIMATE_PATHS} seeded random paths. One path from the root picks a child uniformly at every
   * node (chance nodes included) and estimates the count as {@code 1 + b0 + b0·b1 + ...}, {@code
   * b_d} being the number of children at depth {@code d}; the estimate is unbiased, so by Markov's
   * inequality a tree of {@code N} histories makes one path exceed {@code 1000·N} with probability
   * at most 1/1000, and a majority of nine with probability below 2·10^-13. Called with
   * {@code threshold = 1000·maxHistories}, it refuses huge trees (pig: histories of up to 2000
   * actions, whose walk would exhaust memory long before counting {@code maxHistories} histories)
   * without walking them; a path stops as soon as its running sum passes the threshold.
   */
  private static boolean estimateExceeds(Game game, double threshold) {
    java.util.SplittableRandom rng = new java.util.SplittableRandom(0x6b6e757468L);
    int[] actions = new int[game.maxActionsPerState()];
    double[] probs = new double[actions.length];
    int above = 0;
    for (int path = 0; path < ESTIMATE_PATHS; path++) {
      State s = game.newInitialState();
      double estimate = 1;
      double width = 1;
      while (s.currentPlayer() != State.TERMINAL) {
        int k = s.currentPlayer() == State.CHANCE ? s.chanceOutcomes(actions, probs) : s.legalActions(actions);
        width *= k;
        estimate += width;
        if (estimate > threshold) {
          above++;
          break;
        }
        s.applyActionUnchecked(actions[rng.nextInt(k)]);
      }
      if (above > ESTIMATE_PATHS / 2) {
        return true;
      }
      if (path + 1 - above > ESTIMATE_PATHS / 2) {
        return false;
      }
    }
    return false;
  }

  /** Histories between two checks of the build's memory ({@link #checkMemory}). */
  static final int MEMORY_CHECK_EVERY = 1 << 13;

  /**
   * Bytes an information-state string and its index entries hold: the string (object, array
   * header, one byte per character, two when some character is outside Latin-1), the map entry and
   * its table slot, the boxed index and the list slot (measured within 30% on tic_tac_toe and
   * pig).
   */
  static long keyBytes(String key) {
    int n = key.length();
    boolean latin1 = true;
    for (int i = 0; i < n && latin1; i++) {
      latin1 = key.charAt(i) < 256;
    }
    return 120 + (latin1 ? n : 2L * n);
  }

  /**
   * Bytes the tree holds so far: its arrays at their capacities, the information-state strings
   * and their index ({@link #keyBytes}), and the states of the history being built ({@code
   * stackState[0..top]}, counted by their action histories).
   */
  long retainedBytes(State[] stackState, int top) {
    long b = (long) nodePlayer.length * 16 + (long) utilities.length * 8 + (long) edgeChild.length * 16
        + (long) isPlayer.length * 24 + (long) slotAction.length * 4 + keyBytes;
    for (int d = 0; d <= top; d++) {
      if (stackState[d] != null) {
        b += 64 + 4L * stackState[d].historySize();
      }
    }
    return b;
  }

  /**
   * The walk's estimate of the tree's number of histories from how far the depth-first walk has
   * gone: each frame of the history being built has finished {@code stackNext[d] − 1} of its
   * {@code k_d} children, and taking siblings' subtrees as equal in size, the walk has covered the
   * fraction {@code f = Σ_d (stackNext[d] − 1) / k_d · Π_{e<d} 1/k_e} of the tree (the estimator
   * of Knuth's random paths, read off the walk's own path); the estimate is {@code numNodes / f},
   * infinite while {@code f} is 0 (the walk is still on its first path) or too small for a
   * double. Rough: a tree whose first subtrees are larger than their later siblings is
   * overestimated.
   */
  double estimatedHistories(int[] stackNode, int[] stackNext, int top) {
    double f = 0;
    double w = 1;
    for (int d = 0; d <= top && w > 0; d++) {
      int k = nodeNumChildren[stackNode[d]];
      f += w * (stackNext[d] - 1) / k;
      w /= k;
    }
    return f > 0 ? numNodes / f : Double.POSITIVE_INFINITY;
  }

  /**
   * Heap the build of a tree may fill: 4/5 of what the JVM can still allocate ({@link
   * Runtime#maxMemory()} less what is in use), leaving room for the garbage of the walk and the
   * arrays that grow by doubling.
   */
  static long memoryBudget() {
    Runtime rt = Runtime.getRuntime();
    return (rt.maxMemory() - (rt.totalMemory() - rt.freeMemory())) / 5 * 4;
  }

  /**
   * Refuses the tree, every {@value #MEMORY_CHECK_EVERY} histories, when it cannot fit in {@link
   * #memoryBudget}: when what it holds already exceeds the budget, or when it holds more than a
   * sixteenth of it and its bytes per history so far, times the histories it is projected to reach
   * (the walk's estimate {@link #estimatedHistories}, at most the bound on histories), exceed the
   * budget. A tree holding less than a sixteenth of the budget is never refused on the estimate,
   * which is rough.
   *
   * @throws MemoryException the one-line refusal
   */
  private void checkMemory(State[] stackState, int[] stackNode, int[] stackNext, int top) {
    long held = retainedBytes(stackState, top);
    double perHistory = (double) held / numNodes + FINISH_BYTES_PER_PLAYER * numPlayers + FINISH_BYTES;
    double reach = Math.min(maxHistories, Math.max(numNodes, estimatedHistories(stackNode, stackNext, top)));
    if (budgetFromHeap && (held > memoryBudget || held > memoryBudget / 16 && perHistory * reach > memoryBudget)) {
      // the budget was taken at the start, garbage included: measured again once, after a
      // collection, as the heap less what else is live (the heap in use less the tree's share)
      budgetFromHeap = false;
      System.gc();
      Runtime rt = Runtime.getRuntime();
      long others = Math.max(0, rt.totalMemory() - rt.freeMemory() - held);
      memoryBudget = Math.max(memoryBudget, (rt.maxMemory() - others) / 5 * 4);
    }
    if (held > memoryBudget || held > memoryBudget / 16 && perHistory * reach > memoryBudget) {
      throw new MemoryException(game, numNodes, held, perHistory, (long) reach, reach >= maxHistories, maxHistories,
          memoryBudget);
    }
  }

  /** Bytes per history and player that finishing the tree adds (the utilities trimmed to size). */
  private static final int FINISH_BYTES_PER_PLAYER = 8;

  /** Bytes per history that finishing the tree adds (the per-node slot index and information-set node lists). */
  private static final int FINISH_BYTES = 8;

  /**
   * The refusal of a tree that would not fit in the JVM's heap, found while it is built ({@link
   * #build(Game, int, java.util.function.LongConsumer)}): what it held after how many histories,
   * its bytes per history, and the histories it was projected to reach. An {@link
   * IllegalArgumentException}, as {@link TooLargeException}; the commands print it as a memory
   * error (exit 1), like an {@link OutOfMemoryError} during the build.
   */
  public static final class MemoryException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    private final long histories;
    private final long bytesPerHistory;
    private final long budget;
    private final String details;

    MemoryException(Game game, long histories, long held, double perHistory, long reach, boolean atBound, int maxHistories,
        long budget) {
      this(echo(game.spec()), histories, Math.round(perHistory), budget, "after " + histories + " histories it held "
          + mb(held) + " MB, about " + Math.round(perHistory) + " bytes per history, and the walk was projected to reach "
          + (atBound ? "the bound of " + maxHistories : "about " + reach) + " histories, about " + mb(perHistory * reach)
          + " MB, more than the " + mb(budget) + " MB of heap it could use");
    }

    private MemoryException(String game, long histories, long bytesPerHistory, long budget, String details) {
      super(game + ": the game tree would not fit in the JVM's memory: " + details);
      this.histories = histories;
      this.bytesPerHistory = bytesPerHistory;
      this.budget = budget;
      this.details = details;
    }

    private static long mb(double bytes) {
      return Math.round(bytes / (1024 * 1024));
    }

    /** Histories built when the tree was refused. */
    public long histories() {
      return histories;
    }

    /** The tree's bytes per history when it was refused (its arrays, strings and index, and what finishing it adds). */
    public long bytesPerHistory() {
      return bytesPerHistory;
    }

    /** Heap the build could fill, in bytes ({@link #memoryBudget()}). */
    public long budget() {
      return budget;
    }

    /**
     * What was measured and projected, e.g. {@code after 98304 histories it held 259 MB, about 2783
     * bytes per history, and the walk was projected to reach the bound of 5000000 histories, about
     * 13271 MB, more than the 3815 MB of heap it could use}.
     */
    public String details() {
      return details;
    }
  }

  private int newNode() {
    if (numNodes >= maxHistories) {
      throw tooLarge();
    }
    if (progress != null && numNodes > 0 && numNodes % PROGRESS_EVERY == 0) {
      progress.accept(numNodes);
    }
    if (numNodes == nodePlayer.length) {
      int cap = numNodes * 2;
      nodePlayer = Arrays.copyOf(nodePlayer, cap);
      nodeInfoset = Arrays.copyOf(nodeInfoset, cap);
      nodeFirstChild = Arrays.copyOf(nodeFirstChild, cap);
      nodeNumChildren = Arrays.copyOf(nodeNumChildren, cap);
      utilities = Arrays.copyOf(utilities, cap * numPlayers);
    }
    return numNodes++;
  }

  private int newEdges(int k) {
    while (numEdges + k > edgeChild.length) {
      int cap = edgeChild.length * 2;
      edgeChild = Arrays.copyOf(edgeChild, cap);
      edgeAction = Arrays.copyOf(edgeAction, cap);
      edgeProb = Arrays.copyOf(edgeProb, cap);
    }
    int e = numEdges;
    numEdges += k;
    return e;
  }

  /**
   * Enumerates every history below {@code root} depth-first, children in ascending action order,
   * numbering nodes in preorder (a node before its children, a child's whole subtree before the
   * next child) and information sets in order of first visit. The walk keeps its own stack (one
   * frame per ply of the current history), so a game's depth is bounded by memory, not by the
   * thread's call stack. A node's state is copied for each child but the last, which advances the
   * node's own state.
   */
  private void expand(State root) {
    int[] actions = new int[maxActions];
    double[] probs = new double[maxActions];
    // frame d: the history's state at depth d, its node, and the index of its next child
    State[] stackState = new State[64];
    // frame d's board (State.toString) when it was pushed, if it has two or more children: its
    // children but the last are played on copies, which must leave it as it was (CopyWatch)
    String[] stackBoard = new String[64];
    int[] stackNode = new int[64];
    int[] stackNext = new int[64];
    // per frame and player: that player's last (information set, action) slot on the way to the frame's node
    int[] stackOwn = new int[64 * numPlayers];
    // the same for the history being visited
    int[] own = new int[numPlayers];
    Arrays.fill(own, -1);
    int top = -1;
    State s = root;
    while (true) {
      // visit s, at depth top + 1
      int depth = top + 1;
      maxDepth = Math.max(maxDepth, depth);
      int v = visit(s, actions, probs, own, stackNode, top);
      if ((numNodes & (MEMORY_CHECK_EVERY - 1)) == 0 && memoryBudget > 0) {
        checkMemory(stackState, stackNode, stackNext, top);
      }
      if (nodeNumChildren[v] > 0) {
        top++;
        if (top == stackNode.length) {
          stackState = Arrays.copyOf(stackState, top * 2);
          stackBoard = Arrays.copyOf(stackBoard, top * 2);
          stackNode = Arrays.copyOf(stackNode, top * 2);
          stackNext = Arrays.copyOf(stackNext, top * 2);
          stackOwn = Arrays.copyOf(stackOwn, top * 2 * numPlayers);
        }
        stackState[top] = s;
        stackBoard[top] = nodeNumChildren[v] > 1 ? s.toString() : null;
        stackNode[top] = v;
        stackNext[top] = 0;
        System.arraycopy(own, 0, stackOwn, top * numPlayers, numPlayers);
      }
      // the next child of the deepest frame that has one left; frames without are done
      while (top >= 0 && stackNext[top] == nodeNumChildren[stackNode[top]]) {
        stackState[top] = null;
        stackBoard[top] = null;
        if (nodeInfoset[stackNode[top]] >= 0) {
          isOnPath[nodeInfoset[stackNode[top]]]--;
        }
        top--;
      }
      if (top < 0) {
        return;
      }
      int u = stackNode[top];
      int j = stackNext[top]++;
      int e = nodeFirstChild[u] + j;
      System.arraycopy(stackOwn, top * numPlayers, own, 0, numPlayers);
      if (nodePlayer[u] >= 0) {
        own[nodePlayer[u]] = isSlotStart[nodeInfoset[u]] + j;
      }
      if (j > 0) {
        // the children before this one were played on copies of the node's state: unchanged
        // unless the game's copy shares data with its source (the game's fault)
        State parent = stackState[top];
        String board = parent.toString();
        if (!board.equals(stackBoard[top]) || parent.currentPlayer() != nodePlayer[u]) {
          throw CopyWatch.fault(parent, stackBoard[top], board, "the game tree was built below it, its child after"
              + " action " + edgeAction[e - 1] + " played on a copy of it");
        }
      }
      State c;
      if (stackNext[top] == nodeNumChildren[u]) {
        // the last child takes the parent's state itself (no copy): along a forced line no
        // ancestor's state is kept, so memory does not grow with the square of the depth
        c = stackState[top];
        stackState[top] = null;
      } else {
        c = stackState[top].copy();
      }
      c.applyActionUnchecked(edgeAction[e]);
      edgeChild[e] = numNodes; // the child's number: the next node, assigned by visit
      s = c;
    }
  }

  /**
   * Creates the node of history {@code s}: its player, information set, utilities (terminal) and
   * its outgoing edges (actions and chance probabilities; the children are filled in by
   * {@link #expand}). {@code actions} and {@code probs} are scratch buffers; {@code own} holds,
   * per player, the slot of that player's last (information set, action) pair on this history
   * (−1: none yet); {@code pathNodes[0..pathTop]} are the nodes of the history's proper prefixes.
   */
  private int visit(State s, int[] actions, double[] probs, int[] own, int[] pathNodes, int pathTop) {
    int v = newNode();
    int p = s.currentPlayer();
    nodePlayer[v] = p;
    nodeInfoset[v] = -1;
    if (p == State.TERMINAL) {
      for (int q = 0; q < numPlayers; q++) {
        utilities[v * numPlayers + q] = s.playerReturn(q);
      }
      // a NaN or infinite return would turn every value, regret and exploitability into NaN, and
      // returns that do not sum as the game declares would make NashConv and CFR's guarantees wrong
      GameContract.checkReturns(s, utilities, v * numPlayers, numPlayers);
      GameContract.checkUtilitySum(s, utilities, v * numPlayers, numPlayers, declaredSum);
      nodeNumChildren[v] = 0;
      return v;
    }
    int k;
    if (p == State.CHANCE) {
      k = s.chanceOutcomes(actions, probs);
      GameContract.checkChanceOutcomes(s, probs, k);
      GameContract.checkAscending(s, actions, k);
    } else {
      k = s.legalActions(actions);
      GameContract.checkAscending(s, actions, k);
      String key = s.informationStateString(p);
      int i = infoset(p, key, actions, k);
      nodeInfoset[v] = i;
      if (isOnPath[i] > 0) {
        int earlier = 0;
        for (int d = pathTop; d >= 0; d--) {
          if (nodeInfoset[pathNodes[d]] == i) {
            earlier = pathNodes[d];
          }
        }
        throw new InformationStateException(echo(game.spec()) + ": information state '" + oneLine(key) + "' of player " + p
            + " recurs on one history, after [" + historyOf(earlier) + "] and [" + s.historyString() + "]" + RECALL);
      }
      isOnPath[i]++;
      if (isFirstNode[i] < 0) {
        isFirstNode[i] = v;
        isParentSlot[i] = own[p];
      } else if (isParentSlot[i] != own[p] && game.perfectRecall()) {
        throw new InformationStateException(echo(game.spec()) + ": information state '" + oneLine(key) + "' of player " + p
            + " is reached after histories [" + historyOf(isFirstNode[i]) + "] and [" + s.historyString() + "], along which"
            + " that player's own earlier information states or actions differ" + RECALL);
      }
    }
    int e = newEdges(k);
    nodeFirstChild[v] = e;
    nodeNumChildren[v] = k;
    for (int j = 0; j < k; j++) {
      edgeAction[e + j] = actions[j];
      edgeProb[e + j] = p == State.CHANCE ? probs[j] : 1.0;
    }
    return v;
  }

  private int infoset(int player, String key, int[] actions, int k) {
    Integer id = infosetIndex.get(player).get(key);
    if (id != null) {
      int i = id;
      boolean same = isNumActions[i] == k;
      for (int j = 0; same && j < k; j++) {
        same = slotAction[isSlotStart[i] + j] == actions[j];
      }
      if (!same) {
        throw new InformationStateException(game.name() + ": information state '" + oneLine(key) + "' of player " + player
            + " has different legal actions at different histories");
      }
      return i;
    }
    for (int q = 0; q < numPlayers && !sharedKeys; q++) {
      sharedKeys = q != player && infosetIndex.get(q).containsKey(key);
    }
    int i = infosetKeys.size();
    infosetKeys.add(key);
    infosetIndex.get(player).put(key, i);
    keyBytes += keyBytes(key);
    if (i == isPlayer.length) {
      isPlayer = Arrays.copyOf(isPlayer, i * 2);
      isSlotStart = Arrays.copyOf(isSlotStart, i * 2);
      isNumActions = Arrays.copyOf(isNumActions, i * 2);
      isParentSlot = Arrays.copyOf(isParentSlot, i * 2);
      isFirstNode = Arrays.copyOf(isFirstNode, i * 2);
      isOnPath = Arrays.copyOf(isOnPath, i * 2);
    }
    isFirstNode[i] = -1;
    isPlayer[i] = player;
    isSlotStart[i] = numSlots;
    isNumActions[i] = k;
    while (numSlots + k > slotAction.length) {
      slotAction = Arrays.copyOf(slotAction, slotAction.length * 2);
    }
    System.arraycopy(actions, 0, slotAction, numSlots, k);
    numSlots += k;
    return i;
  }

  /**
   * The history of node {@code v} (already built) as {@link State#historyString()} writes it, found
   * by descending from the root: nodes are numbered in preorder, so {@code v} lies below the last
   * child numbered at most {@code v} (children not built yet have edge child 0, never a child's
   * number).
   */
  private String historyOf(int v) {
    StringBuilder sb = new StringBuilder();
    int u = 0;
    while (u != v) {
      int e0 = nodeFirstChild[u];
      int next = -1;
      for (int j = 0; j < nodeNumChildren[u]; j++) {
        int c = edgeChild[e0 + j];
        if (c > 0 && c <= v) {
          next = j;
        }
      }
      sb.append(sb.length() == 0 ? "" : ", ").append(edgeAction[e0 + next]);
      u = edgeChild[e0 + next];
    }
    return sb.toString();
  }

  /** {@code key} on one line (line breaks shown as {@code |}), at most 80 characters, for messages. */
  static String oneLine(String key) {
    String k = key.replace("\n", "|");
    return k.length() <= 80 ? k : k.substring(0, 77) + "...";
  }

  private void indexInfosetNodes() {
    int m = infosetKeys.size();
    nodeSlot = new int[numNodes];
    for (int v = 0; v < numNodes; v++) {
      nodeSlot[v] = nodeInfoset[v] >= 0 ? isSlotStart[nodeInfoset[v]] : -1;
    }
    isNodeStart = new int[m + 1];
    for (int v = 0; v < numNodes; v++) {
      if (nodeInfoset[v] >= 0) {
        isNodeStart[nodeInfoset[v] + 1]++;
      }
    }
    for (int i = 0; i < m; i++) {
      isNodeStart[i + 1] += isNodeStart[i];
    }
    isNodes = new int[isNodeStart[m]];
    int[] fill = Arrays.copyOf(isNodeStart, m);
    for (int v = 0; v < numNodes; v++) {
      if (nodeInfoset[v] >= 0) {
        isNodes[fill[nodeInfoset[v]]++] = v;
      }
    }
  }

  /**
   * A game string as messages show it: boolean parameter values in lower case ({@code
   * leduc_poker(suit_isomorphism=true)}), the form users type and the documentation uses, where
   * {@link Game#spec()} prints OpenSpiel's {@code True}/{@code False}; nested game strings alike.
   * Any other text is returned unchanged (also a string that does not parse).
   *
   * <p>Internal: message formatting shared with the {@code ponder} command (another module, hence
   * public); not part of the game-theory API and may change without notice.
   */
  public static String echo(String spec) {
    if (spec == null || spec.indexOf('(') < 0) {
      return spec;
    }
    try {
      dev.ponder.spec.Spec s = dev.ponder.spec.Spec.parse(spec);
      Map<String, String> args = new java.util.LinkedHashMap<>();
      for (Map.Entry<String, String> e : s.args().entrySet()) {
        String v = e.getValue();
        if (v.indexOf('(') >= 0) {
          v = echo(v);
        } else if (v.equals("True") || v.equals("False")) {
          v = v.toLowerCase(java.util.Locale.ROOT);
        }
        args.put(e.getKey(), v);
      }
      return new dev.ponder.spec.Spec(s.name(), args).toString();
    } catch (RuntimeException e) {
      return spec;
    }
  }

  /**
   * Refuses a game whose utility is neither zero-sum nor constant-sum ({@link GameType#utility()}):
   * CFR's guarantees and NashConv as exploitability (the mean best-response gain) assume a
   * zero-sum game (a constant-sum game is one, shifted), so {@link CfrSolver}, {@link MccfrSolver},
   * {@link PolicyEvaluation#nashConv} and {@link PolicyEvaluation#exploitability} refuse the others,
   * as the commands {@code solve} and {@code exploitability} do, with the same message. The message
   * names the game with the parameters given, its utility, and whether the game with its default
   * parameters is zero-sum: {@code goofspiel(num_cards=3,returns_type=total_points) is general-sum,
   * not zero-sum with these parameters (goofspiel with its default parameters is zero-sum);
   * CfrSolver supports zero- and constant-sum games, e.g. kuhn_poker, leduc_poker, liars_dice}.
   *
   * @param user what refuses the game, named in the message ({@code "solve"}, {@code "CfrSolver"})
   * @throws IllegalArgumentException for a general-sum or identical-payoff game (one line)
   * @throws NullPointerException if {@code game} is null
   */
  public static void requireZeroSum(Game game, String user) {
    java.util.Objects.requireNonNull(game, "game");
    GameType.Utility u = game.type().utility();
    if (u == GameType.Utility.ZERO_SUM || u == GameType.Utility.CONSTANT_SUM) {
      return;
    }
    String utility = u.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    String note = "";
    if (!game.spec().equals(game.name())) {
      try {
        GameType.Utility dflt = GameRegistry.load(game.name()).type().utility();
        if (dflt == GameType.Utility.ZERO_SUM || dflt == GameType.Utility.CONSTANT_SUM) {
          note = " with these parameters (" + game.name() + " with its default parameters is zero-sum)";
        }
      } catch (RuntimeException e) {
        note = "";
      }
    }
    throw new IllegalArgumentException(echo(game.spec()) + " is " + utility + ", not zero-sum" + note + "; " + user
        + " supports zero- and constant-sum games, e.g. kuhn_poker, leduc_poker, liars_dice");
  }

  /** The game the tree was built from. */
  public Game game() {
    return game;
  }

  // Raw arrays for the solvers' inner loops (same package; read only; indexed by node or edge,
  // valid below numNodes() and the edge count; a node's edges are nodeFirstChildArray()[v] ..
  // + nodeNumChildrenArray()[v] - 1).

  int[] nodePlayerArray() {
    return nodePlayer;
  }

  int[] nodeFirstChildArray() {
    return nodeFirstChild;
  }

  int[] nodeNumChildrenArray() {
    return nodeNumChildren;
  }

  /** Per node, the first slot of its information set; −1 for chance and terminal nodes. */
  int[] nodeSlotArray() {
    return nodeSlot;
  }

  int[] edgeChildArray() {
    return edgeChild;
  }

  double[] edgeProbArray() {
    return edgeProb;
  }

  /** Terminal utilities, {@code utilities[node * numPlayers() + player]}. */
  double[] utilityArray() {
    return utilities;
  }

  /** Number of players n ({@link Game#numPlayers()}); players are 0..n−1. */
  public int numPlayers() {
    return numPlayers;
  }

  /** Number of histories (nodes), the root being node 0. */
  public int numNodes() {
    return numNodes;
  }

  /** Length of the longest history. */
  public int maxDepth() {
    return maxDepth;
  }

  /** Largest number of children of any node. */
  public int maxActions() {
    return maxActions;
  }

  /**
   * Player to act at {@code node}: 0..n−1, {@link State#CHANCE} or {@link State#TERMINAL}.
   *
   * @param node 0 ≤ node &lt; {@link #numNodes()}
   */
  public int player(int node) {
    return nodePlayer[node];
  }

  /**
   * Information set of a decision node (0 ≤ result &lt; {@link #numInfosets()}), −1 for chance and
   * terminal nodes.
   *
   * @param node 0 ≤ node &lt; {@link #numNodes()}
   */
  public int infoset(int node) {
    return nodeInfoset[node];
  }

  /**
   * Number of children of {@code node}: its legal actions (decision node), its chance outcomes
   * (chance node), 0 at a terminal node.
   *
   * @param node 0 ≤ node &lt; {@link #numNodes()}
   */
  public int numChildren(int node) {
    return nodeNumChildren[node];
  }

  /**
   * The {@code j}-th child of {@code node}, children in ascending action order ({@link
   * #action(int, int)}); at a decision node child {@code j} follows the action of slot {@code
   * slotStart(infoset(node)) + j}.
   *
   * @param node 0 ≤ node &lt; {@link #numNodes()}
   * @param j 0 ≤ j &lt; {@link #numChildren(int) numChildren(node)}
   * @return a node, 0 &lt; result &lt; {@link #numNodes()}
   */
  public int child(int node, int j) {
    return edgeChild[nodeFirstChild[node] + j];
  }

  /**
   * Action leading to the {@code j}-th child.
   *
   * @param node 0 ≤ node &lt; {@link #numNodes()}
   * @param j 0 ≤ j &lt; {@link #numChildren(int) numChildren(node)}
   */
  public int action(int node, int j) {
    return edgeAction[nodeFirstChild[node] + j];
  }

  /**
   * Probability of the {@code j}-th chance outcome, in (0, 1] (1 at decision nodes).
   *
   * @param node 0 ≤ node &lt; {@link #numNodes()}
   * @param j 0 ≤ j &lt; {@link #numChildren(int) numChildren(node)}
   */
  public double chanceProb(int node, int j) {
    return edgeProb[nodeFirstChild[node] + j];
  }

  /**
   * Return ({@link State#playerReturn(int)}, raw utility) of {@code player} at terminal node
   * {@code node}; 0 (unused) at other nodes.
   *
   * @param node 0 ≤ node &lt; {@link #numNodes()}
   * @param player 0 ≤ player &lt; {@link #numPlayers()}
   */
  public double utility(int node, int player) {
    return utilities[node * numPlayers + player];
  }

  /** Number of information sets (one acting player's information state each). */
  public int numInfosets() {
    return infosetKeys.size();
  }

  /**
   * The information-state string of {@code infoset} ({@link State#informationStateString(int)} of
   * its player).
   *
   * @param infoset 0 ≤ infoset &lt; {@link #numInfosets()}
   * @throws IndexOutOfBoundsException if {@code infoset} is out of range
   */
  public String infosetKey(int infoset) {
    return infosetKeys.get(infoset);
  }

  /**
   * Index of the information set of {@code player} whose information-state string is {@code key},
   * or −1 if there is none.
   *
   * @param player 0 ≤ player &lt; {@link #numPlayers()}
   * @throws IllegalArgumentException if {@code player} is out of range
   */
  public int infosetOf(int player, String key) {
    if (player < 0 || player >= numPlayers) {
      throw new IllegalArgumentException("player " + player + " out of range 0.." + (numPlayers - 1));
    }
    Integer i = infosetIndex.get(player).get(key);
    return i == null ? -1 : i;
  }

  /**
   * Index of the information set whose information-state string is {@code key}, whichever player
   * it belongs to, or −1 if there is none.
   *
   * @throws IllegalArgumentException if the string is the information state of two players (then
   *     use {@link #infosetOf(int, String)})
   */
  public int infosetOf(String key) {
    int found = -1;
    for (int p = 0; p < numPlayers; p++) {
      Integer i = infosetIndex.get(p).get(key);
      if (i != null) {
        if (found >= 0) {
          throw new IllegalArgumentException("information state '" + oneLine(key) + "' belongs to players "
              + isPlayer[found] + " and " + p + "; name the player");
        }
        found = i;
      }
    }
    return found;
  }

  /**
   * Whether some information-state string is the information state of two players (then a
   * policy keyed by the string alone cannot tell them apart; {@link TabularPolicy} keys such a
   * game's policy by player as well).
   */
  public boolean hasSharedKeys() {
    return sharedKeys;
  }

  /**
   * The player (0..n−1) who acts at {@code infoset}.
   *
   * @param infoset 0 ≤ infoset &lt; {@link #numInfosets()}
   */
  public int infosetPlayer(int infoset) {
    return isPlayer[infoset];
  }

  /**
   * Number of legal actions (≥ 1) at {@code infoset}, hence of its slots.
   *
   * @param infoset 0 ≤ infoset &lt; {@link #numInfosets()}
   */
  public int numActions(int infoset) {
    return isNumActions[infoset];
  }

  /**
   * First slot of {@code infoset}: its slots are {@code [slotStart, slotStart + numActions)}, one
   * per legal action in ascending action order ({@link #slotAction(int)}); information sets'
   * slots are consecutive and do not overlap, the first starting at 0.
   *
   * @param infoset 0 ≤ infoset &lt; {@link #numInfosets()}
   * @return 0 ≤ result &lt; {@link #numSlots()}
   */
  public int slotStart(int infoset) {
    return isSlotStart[infoset];
  }

  /** Total number of (information set, action) slots: the length of a policy slot array. */
  public int numSlots() {
    return numSlots;
  }
  /**
   * The tree's size in one line, for logs and a debugger: the game string, then the counts of
   * {@link #numNodes()}, {@link #numInfosets()}, {@link #numSlots()} and {@link #maxDepth()}, e.g.
   * {@code GameTree[kuhn_poker: 58 histories, 12 information sets, 24 slots, max depth 5]}.
   */
  @Override
  public String toString() {
    return "GameTree[" + game.spec() + ": " + numNodes + " histories, " + numInfosets() + " information sets, "
        + numSlots() + " slots, max depth " + maxDepth() + "]";
  }


  /**
   * The legal action (a game action id) a slot stands for.
   *
   * @param slot 0 ≤ slot &lt; {@link #numSlots()}
   */
  public int slotAction(int slot) {
    return slotAction[slot];
  }

  /**
   * Number of histories (≥ 1) in an information set.
   *
   * @param infoset 0 ≤ infoset &lt; {@link #numInfosets()}
   */
  public int infosetSize(int infoset) {
    return isNodeStart[infoset + 1] - isNodeStart[infoset];
  }

  /**
   * The {@code k}-th history (node) of an information set, in node order.
   *
   * @param infoset 0 ≤ infoset &lt; {@link #numInfosets()}
   * @param k 0 ≤ k &lt; {@link #infosetSize(int) infosetSize(infoset)}
   */
  public int infosetNode(int infoset, int k) {
    return isNodes[isNodeStart[infoset] + k];
  }

  /** How far an information set's probabilities in a policy slot array may sum from 1 (as {@link TabularPolicy#put}). */
  static final double POLICY_SUM_TOLERANCE = 1e-6;

  /**
   * Refuses an array that is not a policy slot array of this tree: its length is not
   * {@link #numSlots()}, or at some information set an entry is negative, NaN or infinite, or the
   * entries do not sum to 1 within {@value #POLICY_SUM_TOLERANCE}. One pass over the slots.
   *
   * @throws NullPointerException if {@code policy} is null
   * @throws IllegalArgumentException one line naming the wrong length, or the information state
   *     (its string and player), the action and the offending value or sum
   */
  void checkPolicy(double[] policy) {
    java.util.Objects.requireNonNull(policy, "policy");
    if (policy.length != numSlots) {
      throw new IllegalArgumentException("the policy has " + policy.length + " slots; the tree has " + numSlots);
    }
    for (int i = 0; i < infosetKeys.size(); i++) {
      int s = isSlotStart[i];
      int k = isNumActions[i];
      double sum = 0;
      for (int j = s; j < s + k; j++) {
        double x = policy[j];
        if (!(x >= 0) || Double.isInfinite(x)) {
          String what = Double.isNaN(x) ? "NaN" : Double.isInfinite(x) ? "infinite" : "negative";
          throw new IllegalArgumentException(policyAt(i) + ": probability of action " + slotAction[j] + " is " + what + " (" + x
              + "); probabilities are finite numbers in [0, 1]");
        }
        sum += x;
      }
      if (!(Math.abs(sum - 1) <= POLICY_SUM_TOLERANCE)) {
        throw new IllegalArgumentException(policyAt(i) + ": probabilities sum to " + sum + ", not 1 (within "
            + POLICY_SUM_TOLERANCE + ")");
      }
    }
  }

  /** "policy at information state '...' (player p)", for messages. */
  private String policyAt(int infoset) {
    return "policy at information state '" + oneLine(infosetKeys.get(infoset)) + "' (player " + isPlayer[infoset] + ")";
  }

  /** A new policy slot array holding the uniform policy ({@code 1/numActions(I)} in each slot of I). */
  public double[] uniformSlots() {
    double[] s = new double[numSlots];
    for (int i = 0; i < numInfosets(); i++) {
      int k = isNumActions[i];
      Arrays.fill(s, isSlotStart[i], isSlotStart[i] + k, 1.0 / k);
    }
    return s;
  }

  /**
   * Per information set, {@code weights} normalized to sum to 1 (uniform where an information
   * set's weights sum to 0): e.g. the average policy {@code S/ΣS} from cumulative strategy sums.
   *
   * @param weights non-negative weights, one per slot ({@link #numSlots()} long)
   * @return a new policy slot array
   * @throws IllegalArgumentException if {@code weights} is not {@link #numSlots()} long
   */
  public double[] normalizedSlots(double[] weights) {
    if (weights.length != numSlots) {
      throw new IllegalArgumentException("the weights have " + weights.length + " slots; the tree of " + game.spec() + " has " + numSlots);
    }
    double[] out = new double[numSlots];
    for (int i = 0; i < numInfosets(); i++) {
      int s = isSlotStart[i];
      int k = isNumActions[i];
      double sum = 0;
      for (int j = s; j < s + k; j++) {
        sum += weights[j];
      }
      for (int j = s; j < s + k; j++) {
        out[j] = sum > 0 ? weights[j] / sum : 1.0 / k;
      }
    }
    return out;
  }
}
