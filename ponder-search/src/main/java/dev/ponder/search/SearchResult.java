package dev.ponder.search;

import java.util.Arrays;

/**
 * The outcome of one search at a decision state, for play and explanation.
 *
 * @param player the player the search was for
 * @param action the chosen action a*
 * @param actions the root's legal actions in ascending order
 * @param policy posterior policy π̂ aligned with {@code actions}, summing to 1
 * @param visits root edge visit counts n(a) aligned with {@code actions}
 * @param q per action the mean value vector Q(a) (raw utility, one entry per player; NaN when
 *     unvisited)
 * @param prior the prior π(a) aligned with {@code actions}
 * @param rootValue the root's mean value vector (raw utility, one entry per player)
 * @param principalVariation most-visited line from the root (actions, chance outcomes included)
 * @param simulations simulations run (= root visits added by this search)
 * @param nodes tree entries after the search
 * @param maxDepth deepest tree depth reached by a simulation
 * @param elapsedMs wall time of the search in milliseconds
 * @param bytesPerNode tree storage per entry in bytes
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
    long simulations,
    int nodes,
    int maxDepth,
    double elapsedMs,
    double bytesPerNode) {

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
