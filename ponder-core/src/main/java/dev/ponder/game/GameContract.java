package dev.ponder.game;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.StringJoiner;

/**
 * The checks of the game API's contract that tools make on the lists they read anyway, so that a
 * game that breaks it is refused in one line instead of giving silently wrong numbers: chance
 * outcomes' probabilities form a distribution ({@link #checkChanceOutcomes}), legal actions are in
 * strictly ascending order ({@link #checkAscending}, {@link #indexOfLegal}), a terminal state's
 * returns are finite ({@link #checkReturns}). The conformance kit
 * ({@code ponder check}) checks these and much more on random playouts; these checks are the ones
 * whose violation would change a result without a word, made where a result is computed.
 *
 * <p>Who checks what: the chance outcomes wherever an outcome is drawn ({@link
 * Distributions#sampleOutcome}, which draws and checks in one pass: {@link RandomPlayout}, the
 * MCTS engine's sampled chance steps and random rollout, the arena's and {@code ponder play}'s
 * referee) or weighted ({@link #checkChanceOutcomes}: the MCTS engine's expanded chance nodes, the
 * game tree of the solvers, best response and exploitability, {@code ponder perft}); the ascending order wherever a list is walked whole anyway (the game tree, perft, the
 * root of each MCTS search) and wherever legality is looked up ({@link State#isLegal}, {@link
 * State#stringToAction}), where a miss is confirmed before it is reported; the returns wherever a
 * terminal state's returns are read (the arena's and {@code ponder play}'s referee at the end of a
 * match, {@code ponder simulate}'s playouts, each terminal of the game tree, the MCTS engine's
 * terminal values and the end of its random rollout). The search's inner
 * nodes are not checked for order (no cost on its hot path).
 *
 * <p>The passing path of every check allocates nothing; a failure throws {@link
 * GameContractException}. Two faults of a game are told by other means: a copy that shares data
 * with its original ({@link CopyWatch}) and a method the API requires of the game that it lacks
 * ({@link MissingGameMethodException}).
 */
public final class GameContract {
  private GameContract() {}

  /**
   * How far the probabilities of a chance node's outcomes may sum from 1: {@value}, the conformance
   * kit's tolerance ({@code chance-outcomes}).
   */
  public static final double PROBABILITY_SUM_TOLERANCE = 1e-9;

  /** {@link #PROBABILITY_SUM_TOLERANCE} as messages write it. */
  static final String TOLERANCE_TEXT = "1e-9";

  /** Entries of a list shown in a message; longer lists end in "...". */
  private static final int SHOWN = 24;

  /**
   * Checks that the {@code k} probabilities {@code probabilities[0..k)} that {@code s} (a chance
   * node) wrote in {@link State#chanceOutcomes(int[], double[])} form a distribution: none negative
   * or NaN, and their sum within {@link #PROBABILITY_SUM_TOLERANCE} of 1 (so k ≥ 1). Costs k
   * additions and comparisons; allocates nothing unless it throws.
   *
   * @param s the chance node the outcomes were read from (named, with its history, in the message)
   * @param probabilities the probabilities written by {@code s.chanceOutcomes}
   * @param k the count {@code s.chanceOutcomes} returned
   * @throws GameContractException one line naming the game, the history and the sum (or the
   *     negative probability), e.g. {@code race: the chance outcomes after history [1] have
   *     probabilities summing to 0.9, not 1 (±1e-9); ...}
   */
  public static void checkChanceOutcomes(State s, double[] probabilities, int k) {
    double sum = 0;
    boolean negative = false;
    for (int i = 0; i < k; i++) {
      double p = probabilities[i];
      sum += p;
      negative |= !(p >= 0);
    }
    if (negative || !(Math.abs(sum - 1) <= PROBABILITY_SUM_TOLERANCE)) {
      throw notADistribution(s, probabilities, k, sum);
    }
  }

  /** The error of {@link #checkChanceOutcomes} (and {@link Distributions#sampleOutcome}) for a list that failed it. */
  static GameContractException notADistribution(State s, double[] probabilities, int k, double sum) {
    String what;
    if (k <= 0) {
      what = "lists no outcomes";
    } else {
      int bad = -1;
      for (int i = 0; i < k && bad < 0; i++) {
        if (!(probabilities[i] >= 0)) {
          bad = i;
        }
      }
      what = bad >= 0
          ? "give outcome " + bad + " of " + k + " the probability " + probabilities[bad]
          : "have probabilities summing to " + number(sum) + ", not 1 (±" + TOLERANCE_TEXT + ")";
    }
    return new GameContractException(s.game().spec() + ": the chance outcomes " + at(s) + " " + what
        + "; the game API requires a probability distribution (State.chanceOutcomes)" + checkHint(s));
  }

  /**
   * Checks that the returns {@code s} (a terminal state) gave in {@link State#returns()} are finite
   * numbers (no NaN, no infinity), as the game API requires: a tournament's averages, ratings and
   * ballots are sums of returns, which one NaN would silently turn into NaN. Costs one comparison
   * per player; allocates nothing unless it throws.
   *
   * @param s the terminal state the returns were read from (named, with its history, in the message)
   * @param returns the returns, one per player
   * @throws GameContractException one line naming the game, the history and the returns, e.g. {@code
   *     nan_die: the returns at the end of history [1, 2] are [NaN, NaN], not finite numbers; the game
   *     API requires finite returns (State.returns); run ponder check 'nan_die'}
   */
  public static void checkReturns(State s, double[] returns) {
    checkReturns(s, returns, 0, returns.length);
  }

  /**
   * Checks that the returns {@code s} (a terminal state) gave, stored in {@code values[from ..
   * from + n)} (n = the number of players), are finite numbers, as {@link #checkReturns(State,
   * double[])} does for a whole array. Costs n comparisons; allocates nothing unless it throws.
   *
   * @throws GameContractException one line naming the game, the history and the returns
   */
  public static void checkReturns(State s, double[] values, int from, int n) {
    for (int i = from; i < from + n; i++) {
      if (!Double.isFinite(values[i])) {
        StringJoiner j = new StringJoiner(", ", "[", "]");
        for (int q = from; q < from + n; q++) {
          j.add(Double.toString(values[q]));
        }
        throw new GameContractException(s.game().spec() + ": the returns "
            + (s.historySize() == 0 ? "at the initial state" : "at the end of history [" + s.historyString() + "]")
            + " are " + j + ", not finite numbers; the game API requires finite returns (State.returns)"
            + checkHint(s));
      }
    }
  }

  /**
   * How far the returns of one terminal state of a zero-sum or constant-sum game may sum from the
   * game's declared sum ({@link Game#utilitySum()}), relative to the returns' scale: {@value} times
   * the larger of 1 and the sum of the returns' magnitudes.
   */
  public static final double UTILITY_SUM_TOLERANCE = 1e-9;

  /**
   * Checks that the returns {@code s} (a terminal state) gave, stored in {@code values[from ..
   * from + n)} (n = the number of players), sum to {@code declared}, the sum the game declares
   * (0 for a zero-sum game, {@link Game#utilitySum()} for a constant-sum one), within {@link
   * #UTILITY_SUM_TOLERANCE} times the larger of 1 and Σ|returns|. A {@code declared} of NaN (a
   * general-sum or identical-interest game) checks nothing. The solvers and the exploitability,
   * which assume the declared sum, call it on every terminal of the game tree. Costs n additions;
   * allocates nothing unless it throws.
   *
   * @throws GameContractException one line naming the game, the history, the returns and the sums,
   *     e.g. {@code hidden_guess(leak=0.5): the returns at the end of history [1, 1] are [0.5, 1.0],
   *     summing to 1.5, not to 1 as the game declares (constant-sum, Game.utilitySum); run ponder
   *     check 'hidden_guess(leak=0.5)'}
   */
  public static void checkUtilitySum(State s, double[] values, int from, int n, double declared) {
    if (Double.isNaN(declared)) {
      return;
    }
    double sum = 0;
    double magnitude = 0;
    for (int i = from; i < from + n; i++) {
      sum += values[i];
      magnitude += Math.abs(values[i]);
    }
    if (!(Math.abs(sum - declared) <= UTILITY_SUM_TOLERANCE * Math.max(1, magnitude))) {
      StringJoiner j = new StringJoiner(", ", "[", "]");
      for (int q = from; q < from + n; q++) {
        j.add(Double.toString(values[q]));
      }
      boolean zeroSum = s.game().type().utility() == GameType.Utility.ZERO_SUM;
      throw new GameContractException(s.game().spec() + ": the returns "
          + (s.historySize() == 0 ? "at the initial state" : "at the end of history [" + s.historyString() + "]")
          + " are " + j + ", summing to " + number(sum) + ", not to " + number(declared)
          + (zeroSum ? " as the game declares (zero-sum, GameType.utility)"
              : " as the game declares (constant-sum, Game.utilitySum)")
          + checkHint(s));
    }
  }

  /**
   * Checks that {@code actions[0..k)}, read from {@code s} by {@link State#legalActions(int[])} or
   * {@link State#chanceOutcomes(int[], double[])}, are in strictly ascending order (sorted, no
   * repeats), as the game API requires. Costs k − 1 comparisons; allocates nothing unless it
   * throws.
   *
   * @throws GameContractException one line naming the game, the history and the list
   */
  public static void checkAscending(State s, int[] actions, int k) {
    for (int i = 1; i < k; i++) {
      if (!(actions[i] > actions[i - 1])) {
        throw notAscending(s, actions, k, i);
      }
    }
  }

  /**
   * The position of {@code action} in the legal actions {@code legal[0..n)} of {@code s}, or −1
   * when it is not among them: a binary search, as the list is ascending; a miss is confirmed by a
   * linear scan, so that a game whose list is not ascending is named as such rather than told that
   * one of its own legal actions is illegal. Allocates nothing unless it throws.
   *
   * @throws GameContractException when {@code action} is in the list but the list is not in
   *     ascending order (see {@link #checkAscending})
   */
  public static int indexOfLegal(State s, int[] legal, int n, int action) {
    int lo = 0;
    int hi = n - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int a = legal[mid];
      if (a < action) {
        lo = mid + 1;
      } else if (a > action) {
        hi = mid - 1;
      } else {
        return mid;
      }
    }
    for (int i = 0; i < n; i++) {
      if (legal[i] == action) {
        checkAscending(s, legal, n);
        // ascending, yet the search missed: cannot happen; report it as what it must be
        throw notAscending(s, legal, n, 1);
      }
    }
    return -1;
  }

  private static GameContractException notAscending(State s, int[] actions, int k, int i) {
    int p = s.currentPlayer();
    String whose = p == State.CHANCE ? "the chance outcomes' actions" : "the legal actions of player " + p;
    String fault = actions[i] == actions[i - 1] ? "repeat " + actions[i] : "are not in ascending order";
    return new GameContractException(s.game().spec() + ": " + whose + " " + at(s) + ", " + list(actions, k) + ", "
        + fault + "; the game API requires them strictly ascending (State.legalActions)" + checkHint(s));
  }

  /** {@code at the initial state} or {@code after history [1, 0]}. */
  private static String at(State s) {
    return s.historySize() == 0 ? "at the initial state" : "after history [" + s.historyString() + "]";
  }

  private static String checkHint(State s) {
    return "; run ponder check '" + s.game().spec() + "'";
  }

  private static String list(int[] a, int k) {
    StringJoiner j = new StringJoiner(", ", "[", "]");
    for (int i = 0; i < Math.min(k, SHOWN); i++) {
      j.add(Integer.toString(a[i]));
    }
    if (k > SHOWN) {
      j.add("... (" + k + " in all)");
    }
    return j.toString();
  }

  /**
   * {@code x} as the contract's messages write a sum: to 12 significant digits, plain notation,
   * without trailing zeros (0.9 for 0.8999999999999999, the float sum of 1/3 + 1/3 + (1/3 − 0.1));
   * NaN and the infinities as Java writes them. Shared with the conformance kit, so that both say
   * the same number.
   */
  public static String number(double x) {
    if (!Double.isFinite(x)) {
      return Double.toString(x);
    }
    return new BigDecimal(x).round(new MathContext(12)).stripTrailingZeros().toPlainString();
  }
}
