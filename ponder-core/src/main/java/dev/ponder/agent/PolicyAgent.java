package dev.ponder.agent;

import dev.ponder.game.State;

/**
 * An agent that can report the distribution its decision comes from: for a search, the
 * posterior policy (e.g. normalized root visits). Used to tabularize agents for exploitability
 * and to explain decisions.
 */
public interface PolicyAgent extends Agent {

  /**
   * The agent's policy at {@code state} (a decision node), aligned with
   * {@code state.legalActions()}: one probability per legal action, in ascending action order,
   * summing to 1. Must not modify {@code state}.
   *
   * @param state a decision node
   * @return {@code double[k]} for the k legal actions, each in [0, 1]
   * @throws IllegalArgumentException if {@code state} is terminal or a chance node (as {@link
   *     Agent#selectAction})
   */
  double[] policy(State state);
}
