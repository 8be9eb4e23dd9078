package dev.ponder.solve;

import dev.ponder.agent.PolicyAgent;
import dev.ponder.game.Game;
import dev.ponder.game.State;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.LongFunction;

/**
 * Turns any {@link PolicyAgent} into a {@link TabularPolicy} (seed 000 App. D.2): walk the game
 * tree depth-first in ascending action order, and at the first history reaching each information
 * state ask the agent for its policy {@code runs} times (M, default 20) and average the
 * distributions (for a search: its root visit distribution or posterior policy).
 *
 * <p>Run r uses its own agent, created once with seed {@code seed + r}; an agent's random stream
 * advances over the information states in walk order, so the result is a deterministic function of
 * the seed. The agent only sees states through its own API (it must read nothing hidden).
 */
public final class Tabularizer {
  /** Default number of runs per information state (seed 000). */
  public static final int DEFAULT_RUNS = 20;

  private Tabularizer() {}

  /**
   * @param agentForSeed creates the agent for a run from its seed
   * @param runs M ≥ 1
   * @throws IllegalArgumentException if {@code runs < 1} or the agent returns a policy of the
   *     wrong length or not summing to 1
   */
  public static TabularPolicy tabularize(Game game, LongFunction<? extends PolicyAgent> agentForSeed, int runs, long seed) {
    if (runs < 1) {
      throw new IllegalArgumentException("runs must be at least 1, got " + runs);
    }
    PolicyAgent[] agents = new PolicyAgent[runs];
    for (int r = 0; r < runs; r++) {
      agents[r] = agentForSeed.apply(seed + r);
    }
    try {
      TabularPolicy out = new TabularPolicy(game.spec());
      walk(game.newInitialState(), agents, out, new HashSet<>());
      return out;
    } finally {
      for (PolicyAgent a : agents) {
        a.close();
      }
    }
  }

  /** Tabularizes with the given agents (one per run), in order; they are not closed. */
  public static TabularPolicy tabularize(Game game, List<? extends PolicyAgent> agents) {
    TabularPolicy out = new TabularPolicy(game.spec());
    walk(game.newInitialState(), agents.toArray(new PolicyAgent[0]), out, new HashSet<>());
    return out;
  }

  private static void walk(State s, PolicyAgent[] agents, TabularPolicy out, Set<String> seen) {
    if (s.isTerminal()) {
      return;
    }
    int[] legal = s.legalActions();
    if (!s.isChanceNode()) {
      int p = s.currentPlayer();
      String key = s.informationStateString(p);
      if (seen.add(key)) {
        double[] avg = new double[legal.length];
        for (PolicyAgent a : agents) {
          double[] pi = a.policy(s.copy());
          if (pi.length != legal.length) {
            throw new IllegalArgumentException("agent returned " + pi.length + " probabilities for " + legal.length + " legal actions at '" + key + "'");
          }
          for (int j = 0; j < legal.length; j++) {
            avg[j] += pi[j] / agents.length;
          }
        }
        double sum = 0;
        for (double x : avg) {
          sum += x;
        }
        for (int j = 0; j < avg.length; j++) {
          avg[j] /= sum;
        }
        out.put(key, legal, avg);
      }
    }
    for (int a : legal) {
      State c = s.copy();
      c.applyActionUnchecked(a);
      walk(c, agents, out, seen);
    }
  }
}
