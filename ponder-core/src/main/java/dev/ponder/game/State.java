package dev.ponder.game;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.StringJoiner;

/**
 * A mutable game state (OpenSpiel's {@code State}).
 *
 * <p>Players are {@code 0..n-1}; {@link #currentPlayer()} returns one of them or the sentinel
 * {@link #CHANCE} or {@link #TERMINAL}. Actions are {@code int}s; at a chance node the legal
 * actions are the chance outcomes' actions. {@link #applyAction(int)} checks legality and is
 * the safe entry point for tools; searches call {@link #applyActionUnchecked(int)}.
 *
 * <p>Implementations keep their board in primitive arrays so that {@link #copyFrom(State)} is a
 * few array copies and move generation into a caller buffer ({@link #legalActions(int[])})
 * allocates nothing. The base class records the action history.
 *
 * <p>States are not thread-safe: a state is used by one thread at a time. A search with several
 * threads gives each worker its own states: at the start of each search every worker copies the
 * searched state ({@link #copy()}, in its own thread, at the same time as the other workers: copy
 * and {@link #copyFrom(State)} must only read their source), then draws its worlds from its copy
 * ({@link #resampleInto}) into scratch states of its own. No other method is called on one state
 * by two threads at once, so a game may keep scratch buffers on a state, the one it resamples from
 * included.
 */
public abstract class State {
  /** {@link #currentPlayer()} at a chance node (OpenSpiel's kChancePlayerId). */
  public static final int CHANCE = -1;
  /** {@link #currentPlayer()} at a terminal state (OpenSpiel's kTerminalPlayerId). */
  public static final int TERMINAL = -4;

  private int[] history;
  private int historySize;

  /** An empty history (for subclasses; a game makes its initial state with {@link Game#newInitialState()}). */
  protected State() {
    history = new int[16];
  }

  /** The game this state belongs to. */
  public abstract Game game();

  /** The player to act, {@link #CHANCE} or {@link #TERMINAL}. */
  public abstract int currentPlayer();

  /** Whether the game is over: {@code currentPlayer() == TERMINAL}. */
  public boolean isTerminal() {
    return currentPlayer() == TERMINAL;
  }

  /** Whether chance acts next: {@code currentPlayer() == CHANCE}. */
  public boolean isChanceNode() {
    return currentPlayer() == CHANCE;
  }

  /**
   * Writes the legal actions in ascending order into {@code out} and returns how many there are:
   * the current player's actions at a decision node, the outcomes' actions at a chance node, none
   * at a terminal state. Allocates nothing.
   *
   * <p>At most {@link Game#maxActionsPerState()} actions are written, and callers size {@code
   * out} to exactly that ({@link #legalActions()}, {@link RandomPlayout}, the MCTS search, the
   * conformance kit): a game that writes more has a bug, which shows as an {@link
   * ArrayIndexOutOfBoundsException} thrown from inside this method in whatever command runs it
   * (the conformance kit reports it as a {@code legal-actions} failure with the history). As legal
   * actions are distinct and in {@code [0, numDistinctActions)}, the default bound (at least
   * {@link Game#numDistinctActions()}) is never exceeded by a correct game; a game that declares a
   * smaller bound must keep to it.
   *
   * <p>The order is relied on (legality is a binary search) and checked where a tool reads a whole
   * list anyway or looks an action up ({@link GameContract#checkAscending}, {@link
   * GameContract#indexOfLegal}): a list out of order is refused with a {@link
   * GameContractException} naming the game and the history.
   *
   * @param out buffer of length at least {@link Game#maxActionsPerState()}
   * @return number of actions written, at most {@link Game#maxActionsPerState()}
   */
  public abstract int legalActions(int[] out);

  /**
   * One legal action drawn uniformly at random at a decision node, for random playouts: exactly
   * {@code buffer[rng.nextInt(n)]} where {@code n = legalActions(buffer)}, the i-th action in
   * ascending order for {@code i = rng.nextInt(n)}. The default does just that (cost of {@link
   * #legalActions(int[])}); games that can find the i-th legal action without listing them all
   * (hex, gomoku and the phantom games select the i-th set bit of a bitset of free cells)
   * override it.
   *
   * <p>Contract of an override: for every decision node and every generator state it returns the
   * same action as the default <em>and</em> leaves {@code rng} in the same state, i.e. it makes
   * exactly one call {@code rng.nextInt(n)} with the same n and draws nothing else, so seeded
   * searches and benchmarks give identical results whichever runs. It does not change this state
   * and allocates nothing; the contents of {@code buffer} afterwards are unspecified (an override
   * may leave it untouched). The conformance kit checks the contract at every decision node of its
   * playouts ({@code sample-action}).
   *
   * <p>Only for decision nodes: at a chance node the result is unspecified (chance outcomes
   * follow their probabilities; draw them from {@link #chanceOutcomes}), which the default does
   * not check, so that a playout pays for no extra call per move.
   *
   * @param rng source of the one draw (the caller's)
   * @param buffer scratch of length at least {@link Game#maxActionsPerState()}
   * @return a legal action, in {@code [0, numDistinctActions)}
   * @throws IllegalStateException at a terminal state (no legal action to draw)
   */
  public int sampleLegalAction(SplittableRandom rng, int[] buffer) {
    int n = legalActions(buffer);
    if (n == 0) {
      throw notDecisionNode();
    }
    return buffer[rng.nextInt(n)];
  }

  /**
   * The error of {@link #sampleLegalAction} at a terminal state (or a chance node, for overrides
   * that check it).
   */
  protected final IllegalStateException notDecisionNode() {
    return new IllegalStateException("sampleLegalAction needs a decision node; " + game().name() + " is at "
        + (isTerminal() ? "a terminal state" : "a chance node"));
  }

  /**
   * Legal actions in ascending order: a new array of length {@link #legalActions(int[])}'s count
   * (empty at a terminal state).
   */
  public int[] legalActions() {
    int[] buf = new int[game().maxActionsPerState()];
    int n = legalActions(buf);
    return Arrays.copyOf(buf, n);
  }

  /**
   * Writes the chance outcomes in ascending action order into the two buffers and returns their
   * count k ≤ {@link Game#maxChanceOutcomes()}: {@code actions[0..k)} and {@code
   * probabilities[0..k)}, each probability positive, summing to 1. Allocates nothing. Games with
   * chance nodes override it (the default throws). Every tool that draws or weights outcomes
   * checks the sum (within {@link GameContract#PROBABILITY_SUM_TOLERANCE}) and refuses a game
   * whose probabilities do not form a distribution ({@link GameContract#checkChanceOutcomes}).
   *
   * <p>Both buffers hold at least {@link Game#maxChanceOutcomes()} entries; entries past k are
   * left alone. Callers size them so: {@link RandomPlayout} and the conformance kit allocate the
   * actions to {@code max(1, maxActionsPerState())} and the probabilities to {@code max(1,
   * maxChanceOutcomes())}; the MCTS search context allocates both to {@code max(1,
   * maxActionsPerState())}, which is at least {@code maxChanceOutcomes()}.
   *
   * @param actions buffer of length at least {@link Game#maxChanceOutcomes()}
   * @param probabilities buffer of length at least {@link Game#maxChanceOutcomes()}
   * @return the number of outcomes written
   * @throws IllegalStateException if this is not a chance node; the default's message says which
   *     history, and at a state that reports the chance player ({@link #currentPlayer()} is {@link
   *     #CHANCE}) that its class does not override this method (the game's bug)
   */
  public int chanceOutcomes(int[] actions, double[] probabilities) {
    String at = historySize <= 64 ? "history [" + historyString() + "]" : "a history of " + historySize + " actions";
    int p;
    try {
      p = currentPlayer();
    } catch (RuntimeException e) {
      p = Integer.MIN_VALUE; // the message is about chanceOutcomes; the fault of currentPlayer shows elsewhere
    }
    if (p == CHANCE) {
      throw new IllegalStateException(game().name() + ": the state at " + at + " reports the chance player (currentPlayer()"
          + " returns CHANCE) but its class " + getClass().getName() + " does not override chanceOutcomes(int[], double[])");
    }
    throw new IllegalStateException("chanceOutcomes needs a chance node; " + game().name() + " is at " + at
        + (p == TERMINAL ? ", a terminal state" : p >= 0 ? ", a decision of player " + p : ""));
  }

  /** Chance outcomes as a list (a new list); empty unless this is a chance node. */
  public List<ChanceOutcome> chanceOutcomes() {
    if (!isChanceNode()) {
      return List.of();
    }
    int max = Math.max(1, game().maxChanceOutcomes());
    int[] a = new int[max];
    double[] p = new double[max];
    int n = chanceOutcomes(a, p);
    List<ChanceOutcome> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      out.add(new ChanceOutcome(a[i], p[i]));
    }
    return out;
  }

  /** The buffer of the default {@link #isLegal}: made at its first call on this state, reused after; never copied. */
  private int[] legalScratch;

  /**
   * Whether {@code action} is legal here. The default generates the legal actions ({@link
   * #legalActions(int[])}) and searches them ({@link GameContract#indexOfLegal}); it allocates
   * nothing after its first call on a state, which makes a buffer of {@link
   * Game#maxActionsPerState()} ints and keeps it on the state for the next calls (a state is used
   * by one thread at a time, as the class comment says; a copy makes its own). A game that can
   * tell legality without listing every action (a free cell, a pile's size) overrides it with that
   * test, which must agree with {@link #legalActions(int[])}, as most games shipped with Ponder do.
   *
   * @throws GameContractException if {@code action} is among the legal actions but they are not
   *     in ascending order (a fault of the game, which the API forbids)
   */
  public boolean isLegal(int action) {
    if (isTerminal()) {
      return false;
    }
    int max = game().maxActionsPerState();
    int[] buf = legalScratch;
    if (buf == null || buf.length < max) {
      buf = legalScratch = new int[max];
    }
    int n = legalActions(buf);
    return GameContract.indexOfLegal(this, buf, n, action) >= 0;
  }

  /**
   * Applies {@code action} after checking that it is legal.
   *
   * @throws IllegalActionException naming the action and the legal ones if it is not legal
   * @throws GameContractException if the game's legal actions are not in ascending order and the
   *     action is among them ({@link #isLegal})
   */
  public final void applyAction(int action) {
    if (!isLegal(action)) {
      throw new IllegalActionException(illegalMessage(action));
    }
    applyActionUnchecked(action);
  }

  private String illegalMessage(int action) {
    if (isTerminal()) {
      return "illegal action " + action + " in " + game().name() + ": the game is over";
    }
    StringJoiner legal = new StringJoiner(", ");
    int p = currentPlayer();
    for (int a : legalActions()) {
      legal.add(a + " (" + actionToString(p, a) + ")");
    }
    return "illegal action " + action + " in " + game().name() + " for "
        + (p == CHANCE ? "chance" : "player " + p) + "; legal: " + legal;
  }

  /**
   * Applies a legal action without checking it (search hot path). Behaviour on an illegal action
   * is undefined.
   */
  public final void applyActionUnchecked(int action) {
    doApplyAction(action);
    if (historySize == history.length) {
      history = Arrays.copyOf(history, historySize * 2);
    }
    history[historySize++] = action;
  }

  /**
   * Game-specific effect of an action: what every game implements (not {@link #applyAction},
   * which is final and checks legality first). The base class records the history afterwards.
   */
  protected abstract void doApplyAction(int action);

  /** Whether {@link #undoAction(int)} is available for this game. */
  public boolean supportsUndo() {
    return false;
  }

  /**
   * Takes back the last action, which must be {@code action}.
   *
   * @throws UnsupportedOperationException if the game does not offer undo
   * @throws IllegalArgumentException if {@code action} is not the last action applied
   */
  public final void undoAction(int action) {
    if (!supportsUndo()) {
      throw new UnsupportedOperationException(game().name() + " does not support undo");
    }
    if (historySize == 0 || history[historySize - 1] != action) {
      throw new IllegalArgumentException("undo of " + action + " but the last action was "
          + (historySize == 0 ? "none" : history[historySize - 1]));
    }
    historySize--;
    doUndoAction(action);
  }

  /**
   * Game-specific undo of the last action; the base class has already removed it from the
   * history when this runs.
   *
   * @throws MissingGameMethodException by default: a game whose {@link #supportsUndo()} is true
   *     must override it
   */
  protected void doUndoAction(int action) {
    throw new MissingGameMethodException("doUndoAction", "the game " + game().spec() + " says it supports undo"
        + " (State.supportsUndo) but does not implement State.doUndoAction; a fault of the game: implement it or"
        + " return false from supportsUndo; run ponder check '" + game().spec() + "'");
  }

  /** An independent deep copy. */
  public abstract State copy();

  /**
   * Makes this state equal to {@code other} (same game) without allocating where capacities
   * suffice. Implementations must call {@link #copyHistoryFrom(State)}: the history is the base
   * class's, and a copy without it has the wrong history, move number and default hash (the
   * conformance kit's {@code copy} check fails).
   */
  public abstract void copyFrom(State other);

  /** Copies the base-class history; for use by {@link #copyFrom(State)} implementations. */
  protected final void copyHistoryFrom(State other) {
    if (history.length < other.historySize) {
      history = Arrays.copyOf(other.history, Math.max(other.history.length, 16));
    } else {
      System.arraycopy(other.history, 0, history, 0, other.historySize);
    }
    historySize = other.historySize;
  }

  /**
   * Return of {@code player}: the raw utility (the game's units, not normalized) accumulated so
   * far, the final total at a terminal state; zero before the end for terminal-reward games
   * ({@link GameType.RewardModel#TERMINAL}): the conformance kit fails {@code returns} at a
   * non-terminal state of such a game where it is not. At a terminal state it lies within
   * [{@link Game#minUtility()}, {@link Game#maxUtility()}], except on a side the game declares
   * nominal ({@link Game#minUtilityNominal()}, {@link Game#maxUtilityNominal()}), where it may fall
   * outside (2048's default game: returns above the nominal 20480).
   *
   * @param player 0 ≤ player &lt; {@link Game#numPlayers()}
   * @throws IllegalArgumentException if {@code player} is out of range (every built-in game
   *     checks; a game should)
   */
  public abstract double playerReturn(int player);

  /**
   * Writes every player's return ({@link #playerReturn(int)}, raw utility) into {@code
   * out[0..numPlayers)}.
   *
   * @param out buffer of length at least {@link Game#numPlayers()}
   * @throws ArrayIndexOutOfBoundsException if {@code out} is shorter
   */
  public void returns(double[] out) {
    int n = game().numPlayers();
    for (int p = 0; p < n; p++) {
      out[p] = playerReturn(p);
    }
  }

  /**
   * Every player's return ({@link #playerReturn(int)}, raw utility): a new {@code
   * double[numPlayers]} indexed by player.
   */
  public double[] returns() {
    double[] r = new double[game().numPlayers()];
    returns(r);
    return r;
  }

  /**
   * Reward received by {@code player} on the last transition (raw utility). For terminal-reward
   * games this is the return at a terminal state and 0 elsewhere (the default).
   *
   * @param player 0 ≤ player &lt; {@link Game#numPlayers()}
   */
  public double playerReward(int player) {
    return isTerminal() ? playerReturn(player) : 0.0;
  }

  /**
   * Every player's reward for the last transition ({@link #playerReward(int)}, raw utility): a new
   * {@code double[numPlayers]} indexed by player.
   */
  public double[] rewards() {
    double[] r = new double[game().numPlayers()];
    for (int p = 0; p < r.length; p++) {
      r[p] = playerReward(p);
    }
    return r;
  }

  /** Number of actions applied so far (chance included). */
  public final int historySize() {
    return historySize;
  }

  /**
   * The {@code i}-th action applied (chance outcomes included), 0 being the first.
   *
   * @param i 0 ≤ i &lt; {@link #historySize()}
   * @throws IndexOutOfBoundsException if {@code i} is out of range
   */
  public final int historyAt(int i) {
    if (i < 0 || i >= historySize) {
      throw new IndexOutOfBoundsException(i);
    }
    return history[i];
  }

  /**
   * The actions applied so far, chance outcomes included: a new array of length {@link
   * #historySize()}, first action first.
   */
  public final int[] history() {
    return Arrays.copyOf(history, historySize);
  }

  /** History as OpenSpiel prints it: actions joined by {@code ", "}. */
  public String historyString() {
    StringJoiner j = new StringJoiner(", ");
    for (int i = 0; i < historySize; i++) {
      j.add(Integer.toString(history[i]));
    }
    return j.toString();
  }

  /** OpenSpiel's MoveNumber: number of actions applied (chance included). */
  public int moveNumber() {
    return historySize;
  }

  /** Human-readable action, in the game's usual notation. */
  public abstract String actionToString(int player, int action);

  /** {@link #actionToString(int, int)} for the current player. */
  public String actionToString(int action) {
    return actionToString(currentPlayer(), action);
  }

  /**
   * The legal action whose string is {@code text} (compared exactly, then case-insensitively),
   * or whose integer id is {@code text}.
   *
   * @throws IllegalActionException if no legal action matches; the message lists the legal ones
   * @throws GameContractException if the id is among the legal actions but they are not in
   *     ascending order ({@link GameContract#indexOfLegal})
   */
  public int stringToAction(String text) {
    String t = text.trim();
    int p = currentPlayer();
    int[] legal = legalActions();
    for (int a : legal) {
      if (actionToString(p, a).equals(t)) {
        return a;
      }
    }
    for (int a : legal) {
      if (actionToString(p, a).equalsIgnoreCase(t)) {
        return a;
      }
    }
    try {
      int id = dev.ponder.spec.ParamSpec.asciiInt(t);
      if (GameContract.indexOfLegal(this, legal, legal.length, id) >= 0) {
        return id;
      }
    } catch (NumberFormatException ignored) {
      // fall through to the error
    }
    StringJoiner j = new StringJoiner(", ");
    for (int a : legal) {
      j.add(actionToString(p, a));
    }
    throw new IllegalActionException("'" + text + "' is not a legal move; legal: " + j);
  }

  /**
   * Everything {@code player} knows, as a string: equal strings mean the same information state.
   * Default (perfect information): the history.
   *
   * @param player 0 ≤ player &lt; {@link Game#numPlayers()}
   * @throws IllegalArgumentException if {@code player} is out of range
   */
  public String informationStateString(int player) {
    checkPlayer(player);
    return historyString();
  }

  /**
   * A 64-bit key of {@code player}'s information state: equal information states give equal keys
   * (distinct ones collide with probability about 2^-64). Used by IS-MCTS to key tree nodes
   * without building strings. Default: a hash of {@link #informationStateString(int)} (allocates);
   * games may override it with an incrementally maintained key, which must then depend on the
   * information state alone: a key that also reads what the string hides (a hidden card) splits
   * the player's information state by it, and IS-MCTS then plays as if it saw the card. The
   * conformance kit checks overrides ({@code information-state}): over the run one string comes
   * with one key and one key with one string, and a resampled world keeps the source's key.
   *
   * @param player 0 ≤ player &lt; {@link Game#numPlayers()}
   * @throws IllegalArgumentException if {@code player} is out of range
   */
  public long informationStateKey(int player) {
    String text = informationStateString(player);
    long h = 0x51AF_D7ED_558C_CD1DL + player;
    for (int i = 0; i < text.length(); i++) {
      h = mix64(h ^ text.charAt(i)) + 0x9E3779B97F4A7C15L;
    }
    return mix64(h ^ text.length());
  }

  /**
   * What {@code player} currently observes. Default (perfect information): {@link #toString()}.
   *
   * @param player 0 ≤ player &lt; {@link Game#numPlayers()}
   * @throws IllegalArgumentException if {@code player} is out of range
   */
  public String observationString(int player) {
    checkPlayer(player);
    return toString();
  }

  /**
   * Writes {@code player}'s information-state tensor into {@code out[0..size)}, where size is the product
   * of {@link Game#informationStateTensorShape()}, flattened row-major (the last dimension varies fastest,
   * as OpenSpiel's): every one of those entries is written, whatever {@code out} held, and entries
   * past them are left alone, so one buffer sized for the larger of a game's two tensors serves both.
   *
   * @param player 0 ≤ player &lt; {@link Game#numPlayers()}
   * @param out buffer of length at least size
   * @throws ArrayIndexOutOfBoundsException if {@code out} is shorter than size
   * @throws UnsupportedOperationException if the game does not provide it ({@link
   *     MissingGameMethodException} when it declares the shape)
   * @throws IllegalArgumentException if {@code player} is out of range (games that provide it)
   */
  public void informationStateTensor(int player, float[] out) {
    throw noTensor("informationStateTensor", game().informationStateTensorShape());
  }

  /**
   * Writes {@code player}'s observation tensor into {@code out[0..size)}, where size is the product
   * of {@link Game#observationTensorShape()}, flattened row-major (the last dimension varies fastest,
   * as OpenSpiel's): every one of those entries is written, whatever {@code out} held, and entries
   * past them are left alone, so one buffer sized for the larger of a game's two tensors serves both.
   *
   * @param player 0 ≤ player &lt; {@link Game#numPlayers()}
   * @param out buffer of length at least size
   * @throws ArrayIndexOutOfBoundsException if {@code out} is shorter than size
   * @throws UnsupportedOperationException if the game does not provide it ({@link
   *     MissingGameMethodException} when it declares the shape)
   * @throws IllegalArgumentException if {@code player} is out of range (games that provide it)
   */
  public void observationTensor(int player, float[] out) {
    throw noTensor("observationTensor", game().observationTensorShape());
  }

  /**
   * The error of a tensor's default: the game's fault ({@link MissingGameMethodException}) when the
   * game declares the tensor's shape, else the caller's (it asked for a tensor the game does not
   * offer).
   */
  private UnsupportedOperationException noTensor(String method, int[] shape) {
    if (shape.length > 0) {
      return new MissingGameMethodException(method, "the game " + game().spec() + " declares the shape of "
          + method + " but does not implement State." + method + "; a fault of the game: implement it or declare no"
          + " shape; run ponder check '" + game().spec() + "'");
    }
    return new UnsupportedOperationException(game().name() + " provides no "
        + (method.equals("observationTensor") ? "observation" : "information-state") + " tensor");
  }

  /**
   * A full state (world) drawn from those consistent with {@code player}'s information state, with
   * the same current player and legal actions, each with its probability given that information
   * (the chance probabilities of its outcomes; uniformly only where the consistent worlds are
   * equally likely, as in a deal from a shuffled deck), and with a choice of the other players'
   * hidden actions, if any. The world must not depend on anything {@code player} does not know:
   * returning this state itself (a copy) would show the hidden information to whoever uses it.
   * Perfect-information games return a copy. Used by the conformance kit and tools that draw one
   * world at a time; IS-MCTS draws its worlds through {@link #resampleInto}, which must follow the
   * same rules.
   *
   * @throws MissingGameMethodException for an imperfect-information game that does not implement
   *     it (nor {@link #resampleInto}): the game's fault, e.g. {@code the game nores_poker does not
   *     implement resample (State.resample or State.resampleInto), which IS-MCTS needs ...}
   */
  public State resample(int player, SplittableRandom rng) {
    if (game().type().isPerfectInformation()) {
      return copy();
    }
    throw new MissingGameMethodException("resample", "the game " + game().spec() + " does not implement resample"
        + " (State.resample or State.resampleInto), which IS-MCTS needs to draw the worlds it searches in an"
        + " imperfect-information game; a fault of the game, not of its caller: implement it (docs/foundation.md,"
        + " \"Imperfect-information games: the rules\") and run ponder check '" + game().spec() + "'");
  }

  /**
   * Fills {@code target} with a world drawn from the same distribution as
   * {@link #resample(int, SplittableRandom)}: a full state consistent with {@code player}'s
   * information state, with the same current player and legal actions (its history may be longer
   * or shorter where hidden actions vary in number, as in phantom games). This state is not
   * modified (scratch buffers of the game's own aside: a search with several threads calls this
   * method on each worker's own copy of the searched state, see the class Javadoc); whatever
   * {@code target} held before is overwritten.
   *
   * <p>IS-MCTS draws one world per simulation into a worker-owned scratch state through this
   * method. The default copies a {@link #resample} result into {@code target} and so allocates a
   * state per call; imperfect-information games override it to allocate nothing in steady state
   * (after the first calls on a given target, which may size its buffers).
   *
   * @param player the player whose information state the world must agree with, in
   *     {@code [0, numPlayers)}
   * @param rng source of the random choices (the caller's)
   * @param target a state of the same game (from its {@link Game#newInitialState()} or a
   *     {@link #copy()}), distinct from this one
   * @throws IllegalArgumentException if {@code player} is out of range or {@code target} is this
   *     state
   * @throws MissingGameMethodException if the game does not implement resampling (the default
   *     calls {@link #resample})
   */
  public void resampleInto(int player, SplittableRandom rng, State target) {
    checkResampleTarget(player, target);
    target.copyFrom(resample(player, rng));
  }

  /**
   * Whether {@link #resampleInto} keeps work on this state that its copies ({@link #copy()},
   * {@link #copyFrom}) take over, so that later draws from it or a copy cost less: phantom_ttt's
   * and dark_hex's counts, built on the first draw. A search with several threads, whose workers
   * draw from their own copies of the searched state, then draws once from the searched state
   * itself (in the caller's thread, before the workers copy it) where it would not otherwise, so
   * that the work is done once rather than once per worker. Default {@code false}: nothing kept,
   * no such draw.
   */
  public boolean keepsResampleWork() {
    return false;
  }

  /**
   * {@link #resampleInto} into a new state of this game (from {@link Game#newInitialState()}):
   * the {@link #resample} of games whose resampling rule lives in {@code resampleInto}. Such games
   * must override {@code resampleInto} (the default calls {@code resample}).
   *
   * @throws IllegalArgumentException if {@code player} is out of range
   */
  protected final State resampleIntoNewState(int player, SplittableRandom rng) {
    State s = game().newInitialState();
    resampleInto(player, rng, s);
    return s;
  }

  /**
   * Checks the arguments of {@link #resampleInto}: {@code player} in range and {@code target}
   * not this state.
   */
  protected final void checkResampleTarget(int player, State target) {
    checkPlayer(player);
    if (target == this) {
      throw new IllegalArgumentException("resampleInto needs a target state other than the source");
    }
  }

  /**
   * A 64-bit key of this state. Deterministic perfect-information games override it with an
   * incrementally maintained Zobrist hash (equal positions reached by different move orders hash
   * alike), and some games with chance (pig, backgammon, 2048) with a mix of the fields of their
   * position; the default hashes the action history.
   *
   * <p><b>What it is used for, and so what it must cover.</b> MCTS with {@code
   * keying=transpositions} keys its nodes by this hash together with the player to act: two
   * states with one hash share a node, its visit counts and its values. An override must
   * therefore cover everything that determines the future of the state: the position, the player
   * to move, a pending chance event, and any counter or flag the rules read (a move limit, a
   * passes-in-a-row count, a piece picked up but not yet placed); two states that differ in any
   * of these but hash alike are merged, and the search returns wrong values without any error.
   * It may leave out what has no effect on the future (the move order, a move counter no rule
   * reads). {@code ponder play} also compares hashes (with the boards) to tell whether two
   * action strings a human may mean lead to the same state. Copies, {@code copyFrom}, undo and a replayed {@link MatchRecord} must give the
   * same hash.
   *
   * <p>The conformance kit checks it ({@code hash}): copies keep it, and over every state its
   * playouts visit, two states with one hash must have the same current player, legal actions
   * and {@link #toString()} (in imperfect-information games also every player's
   * information-state string); when only {@code toString()} differs, the same seeded random
   * continuations from both must give the same players, legal actions, chance outcomes and
   * rewards to the end (a board that shows a move counter the rules never read passes).
   */
  public long hash() {
    long h = 0x9E3779B97F4A7C15L ^ game().name().hashCode();
    for (int i = 0; i < historySize; i++) {
      h = mix64(h + history[i] + 0x632BE59BD9B4E019L);
    }
    return h;
  }

  /** SplitMix64 finalizer, for hash mixing. */
  public static long mix64(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** Throws if {@code player} is not in {@code [0, numPlayers)}. */
  protected final void checkPlayer(int player) {
    if (player < 0 || player >= game().numPlayers()) {
      throw new IllegalArgumentException("player " + player + " out of range 0.." + (game().numPlayers() - 1));
    }
  }

  /** A readable rendering of the board or position. */
  @Override
  public abstract String toString();
}
