package dev.ponder.search;

import java.util.Arrays;

/**
 * The outcome of one search at a decision state, for play and explanation.
 *
 * <p>A record of arrays: {@link #equals} and {@link #hashCode} are the record's, which compare the
 * array components by reference, so two results of identical searches are not {@code equals};
 * compare the components ({@code Arrays.equals(a.visits(), b.visits())}, {@code
 * Arrays.deepEquals(a.q(), b.q())}, …), leaving out {@link #elapsedMs()}, which is wall time.
 * {@link #toString()} prints the arrays by content.
 *
 * @param player the player the search was for
 * @param action the chosen action a*
 * @param actions the root's legal actions in ascending order
 * @param policy posterior policy π̂ aligned with {@code actions}, summing to 1
 * @param visits root edge visit counts n(a) (N(s,a) of ALGORITHMS.md) aligned with {@code
 *     actions}; an {@code int} each (at most {@code Integer.MAX_VALUE}), while {@code simulations}
 *     and {@code reusedVisits} are {@code long}; the MCTS engine keeps the root's visits, reused
 *     ones included, at most {@code Integer.MAX_VALUE − 2^16}: it starts afresh rather than reuse a
 *     tree whose kept visits plus the planned simulations could pass that, and caps a time budget's
 *     simulations there
 * @param q per action the mean value vector Q(a): {@code double[actions.length][numPlayers]} (raw
 *     utility; NaN when unvisited)
 * @param prior the prior π(a) aligned with {@code actions}, in [0, 1], at float precision (the tree
 *     stores priors as floats: a uniform 1/9 reads 0.1111111119389534)
 * @param rootValue the root's mean value vector (raw utility, one entry per player)
 * @param principalVariation the chosen action, then the most-visited line below it (actions,
 *     chance outcomes included): with tree keying it follows the most-visited child down the tree; with
 *     {@code keying=transpositions} it follows keys and stops at the first chance node (keyed
 *     chance outcomes have no node); with IS-MCTS it is the chosen action alone
 * @param principalVariationVisits aligned with {@code principalVariation} (same length): per move
 *     the visit count n of the edge taken (the child's visits in the tree after the search, reused
 *     visits included), so the first entry is the chosen action's entry of {@code visits}; with
 *     tree keying each entry is at most the one before it (a child's visits are at most its
 *     parent's); with {@code keying=transpositions} an entry counts every path into that position
 *     and may exceed the one before; 0 for a forced move; −1 where unknown (a result built by a
 *     constructor without this component)
 * @param principalVariationQ aligned with {@code principalVariation} (same length): per move the
 *     mean value Q of the edge taken for the player who made the move (raw utility, as in {@code
 *     q}); NaN for a chance outcome, an unvisited edge, a forced move, or where unknown
 * @param simulations simulations run (= root visits added by this search); 0 for a forced move
 *     (one legal action) answered without a search, see {@link #forced()}
 * @param nodes tree entries after the search
 * @param maxDepth deepest node depth a simulation reached: tree edges from the root (a root child
 *     is at 1; in keyed trees chance outcomes add no depth)
 * @param elapsedMs wall time of the search in milliseconds
 * @param bytesPerNode tree storage per entry in bytes
 * @param policyKind what {@code policy} is: the visit distribution or Gumbel's improved policy
 *     (then the chosen action need not be its argmax)
 * @param provenValue null when the mechanism proves nothing (its backup is not a
 *     {@link dev.ponder.search.mcts.ProvenValues}); else {@code double[actions.length][]}, per action
 *     (aligned with {@code actions}) the game-theoretic value vector ({@code numPlayers} long) the search proved for that child (raw utility, one entry per
 *     player), or a null row where that child is not proven
 * @param rootProvenValue the proven value vector of the root (raw utility, one entry per player),
 *     or null when the root is not proven
 * @param reusedVisits the root's visit count N kept from the previous search's tree when tree
 *     reuse ({@code reuse=true}) found this position in it, else 0; the root's visits after the
 *     search are this plus {@code simulations}
 * @param forced whether this is a forced move answered without a search (one legal action and
 *     {@code search_forced=false}), set only by the engine's forced-move path; a searched root with
 *     one action is not forced even when it ran 0 simulations (a reused proven root, a time budget
 *     spent before the first simulation)
 */
public record SearchResult(
    int player,
    int action,
    int[] actions,
    double[] policy,
    int[] visits,
    double[][] q,
    double[] prior,
    double[] rootValue,
    int[] principalVariation,
    int[] principalVariationVisits,
    double[] principalVariationQ,
    long simulations,
    int nodes,
    int maxDepth,
    double elapsedMs,
    double bytesPerNode,
    PolicyKind policyKind,
    double[][] provenValue,
    double[] rootProvenValue,
    long reusedVisits,
    boolean forced) {

  /**
   * Checks the lengths; a null kind is read as the visit distribution; null principal-variation
   * visits or Q are read as unknown (−1 visits, NaN Q for each move).
   *
   * @throws IllegalArgumentException if {@code provenValue} is not null and has not one row per
   *     action, or {@code principalVariationVisits} or {@code principalVariationQ} is not null and
   *     not as long as {@code principalVariation}
   */
  public SearchResult {
    if (policyKind == null) {
      policyKind = PolicyKind.VISIT_COUNTS;
    }
    int pvLength = principalVariation == null ? 0 : principalVariation.length;
    if (principalVariationVisits == null) {
      principalVariationVisits = new int[pvLength];
      Arrays.fill(principalVariationVisits, -1);
    } else if (principalVariationVisits.length != pvLength) {
      throw new IllegalArgumentException("principalVariationVisits has " + principalVariationVisits.length
          + " entries for " + pvLength + " moves");
    }
    if (principalVariationQ == null) {
      principalVariationQ = new double[pvLength];
      Arrays.fill(principalVariationQ, Double.NaN);
    } else if (principalVariationQ.length != pvLength) {
      throw new IllegalArgumentException("principalVariationQ has " + principalVariationQ.length
          + " entries for " + pvLength + " moves");
    }
    if (provenValue != null && provenValue.length != actions.length) {
      throw new IllegalArgumentException("provenValue has " + provenValue.length + " rows for " + actions.length + " actions");
    }
  }

  /**
   * A result without the principal variation's visits and Q: {@code principalVariationVisits}
   * −1 and {@code principalVariationQ} NaN for each move.
   */
  public SearchResult(int player, int action, int[] actions, double[] policy, int[] visits, double[][] q,
      double[] prior, double[] rootValue, int[] principalVariation, long simulations, int nodes, int maxDepth,
      double elapsedMs, double bytesPerNode, PolicyKind policyKind, double[][] provenValue, double[] rootProvenValue,
      long reusedVisits, boolean forced) {
    this(player, action, actions, policy, visits, q, prior, rootValue, principalVariation, null, null, simulations,
        nodes, maxDepth, elapsedMs, bytesPerNode, policyKind, provenValue, rootProvenValue, reusedVisits, forced);
  }

  /** A searched result ({@code forced} false). */
  public SearchResult(int player, int action, int[] actions, double[] policy, int[] visits, double[][] q,
      double[] prior, double[] rootValue, int[] principalVariation, long simulations, int nodes, int maxDepth,
      double elapsedMs, double bytesPerNode, PolicyKind policyKind, double[][] provenValue, double[] rootProvenValue,
      long reusedVisits) {
    this(player, action, actions, policy, visits, q, prior, rootValue, principalVariation, simulations, nodes,
        maxDepth, elapsedMs, bytesPerNode, policyKind, provenValue, rootProvenValue, reusedVisits, false);
  }

  /** A searched result without a reused subtree ({@code reusedVisits} 0, {@code forced} false). */
  public SearchResult(int player, int action, int[] actions, double[] policy, int[] visits, double[][] q,
      double[] prior, double[] rootValue, int[] principalVariation, long simulations, int nodes, int maxDepth,
      double elapsedMs, double bytesPerNode, PolicyKind policyKind, double[][] provenValue, double[] rootProvenValue) {
    this(player, action, actions, policy, visits, q, prior, rootValue, principalVariation, simulations, nodes,
        maxDepth, elapsedMs, bytesPerNode, policyKind, provenValue, rootProvenValue, 0L, false);
  }

  /** A searched result with π̂ the visit distribution and nothing proven. */
  public SearchResult(int player, int action, int[] actions, double[] policy, int[] visits, double[][] q,
      double[] prior, double[] rootValue, int[] principalVariation, long simulations, int nodes, int maxDepth,
      double elapsedMs, double bytesPerNode) {
    this(player, action, actions, policy, visits, q, prior, rootValue, principalVariation, simulations, nodes,
        maxDepth, elapsedMs, bytesPerNode, PolicyKind.VISIT_COUNTS, null, null, 0L, false);
  }

  /**
   * Whether this is a forced move answered without a search: the position had one legal action and
   * the engine did not search it (its default, {@link dev.ponder.search.mcts.MctsConfig#searchForced()}
   * false). Then π̂ and the prior are 1, the visits 0, Q and the root value NaN, the principal
   * variation is the action (its visits 0, its Q NaN), {@code simulations}, {@code nodes}, {@code maxDepth} and
   * {@code reusedVisits} are 0. The flag is set by the forced-move path alone, not inferred from the
   * counts: a searched root that ran no simulation (a reused proven root, a time budget spent before
   * the first simulation) is not forced.
   */
  public boolean forced() {
    return forced;
  }

  /** Whether the mechanism proves game-theoretic values (MCTS-Solver, Score-Bounded MCTS). */
  public boolean provesValues() {
    return provenValue != null;
  }

  /**
   * The proven value vector of the child at index {@code i} of {@link #actions} (raw utility,
   * {@code numPlayers} long, indexed by player), or null where that child is not proven or the
   * mechanism proves nothing.
   *
   * @throws ArrayIndexOutOfBoundsException if the mechanism proves values and {@code i} is not in
   *     {@code [0, actions.length)}
   */
  public double[] provenValueAt(int i) {
    return provenValue == null ? null : provenValue[i];
  }

  /** Whether the search proved the root's game-theoretic value. */
  public boolean rootProven() {
    return rootProvenValue != null;
  }

  /**
   * Every component as the record would print it, but the arrays by their contents (the record's
   * own {@code toString} prints an array as its type and address), e.g. {@code SearchResult[player=1,
   * action=5, actions=[0, 1, ...], policy=[...], visits=[...], q=[[1.0, -1.0], ...], ...]}.
   */
  @Override
  public String toString() {
    return "SearchResult[player=" + player + ", action=" + action + ", actions=" + Arrays.toString(actions)
        + ", policy=" + Arrays.toString(policy) + ", visits=" + Arrays.toString(visits) + ", q=" + Arrays.deepToString(q)
        + ", prior=" + Arrays.toString(prior) + ", rootValue=" + Arrays.toString(rootValue) + ", principalVariation="
        + Arrays.toString(principalVariation) + ", principalVariationVisits=" + Arrays.toString(principalVariationVisits)
        + ", principalVariationQ=" + Arrays.toString(principalVariationQ) + ", simulations=" + simulations + ", nodes="
        + nodes + ", maxDepth=" + maxDepth + ", elapsedMs=" + elapsedMs + ", bytesPerNode=" + bytesPerNode
        + ", policyKind=" + policyKind + ", provenValue=" + Arrays.deepToString(provenValue) + ", rootProvenValue="
        + Arrays.toString(rootProvenValue) + ", reusedVisits=" + reusedVisits + ", forced=" + forced + "]";
  }

  /** Index of {@code a} in {@link #actions}, or −1. */
  public int indexOf(int a) {
    return Arrays.binarySearch(actions, a) >= 0 ? Arrays.binarySearch(actions, a) : -1;
  }

  /** Total root edge visits. */
  public long totalVisits() {
    long s = 0;
    for (int v : visits) {
      s += v;
    }
    return s;
  }
}
