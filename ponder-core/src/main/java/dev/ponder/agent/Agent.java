package dev.ponder.agent;

import dev.ponder.game.State;

/**
 * Something that chooses actions: a search, a learned policy, a human, an external program. Used
 * by {@code play} and the arena. An agent may only use what the acting player may know: for
 * imperfect-information games it must go through {@link State#currentPlayer()}, {@link
 * State#legalActions(int[])}, {@link State#informationStateString(int)}, {@link
 * State#informationStateKey(int)} and {@link State#resample(int, java.util.SplittableRandom)},
 * never read hidden parts of the state.
 *
 * <p>Agents act at decision nodes only: {@code play}, the arena and the tabularizer draw chance
 * outcomes themselves (by their probabilities) and never ask an agent at a chance node.
 *
 * <p>Thread safety: an agent object decides one position at a time. Callers must not call its
 * methods from two threads at once (a harness that evaluates positions in parallel creates one
 * agent per thread); an agent may use threads of its own inside one call (the MCTS agents'
 * {@code threads=T}). The MCTS agents detect a second concurrent search and throw {@link
 * IllegalStateException}; other agents need not.
 *
 * <p>The state given to {@link #selectAction} and {@link #informAction} is the caller's to keep:
 * an agent must not modify it (search from a copy). The arena hands each call a copy of the
 * match's state and records a match whose agent changed it as that agent's error.
 *
 * <p>Agents are created per match and seat by an {@link AgentFactory} with a seed. What repeats:
 * with one thread, the same seed gives the same sequence of decisions (for the same sequence of
 * states and {@link #informAction} calls), counted from creation or from {@link #restart()}.
 */
public interface Agent extends AutoCloseable {

  /**
   * Chooses an action for {@code state.currentPlayer()} at a decision node. Must not modify
   * {@code state}. Not for chance nodes: chance outcomes follow their probabilities ({@link
   * State#chanceOutcomes(int[], double[])}), which the caller draws.
   *
   * @param state a decision node: {@code 0 ≤ state.currentPlayer() < numPlayers}
   * @return one of {@code state.legalActions()}
   * @throws IllegalArgumentException if {@code state} is terminal or a chance node (every built-in
   *     agent checks both; an implementation that cannot tell should still never be called there)
   */
  int selectAction(State state);

  /**
   * The check the {@code random}, {@code uniform}, {@code tabular} and {@code human} agents make on
   * entry to {@link #selectAction} and {@link PolicyAgent#policy}: returns quietly at a decision
   * node and throws otherwise (MCTS agents refuse the same states in their engine, with the search's
   * own message).
   *
   * @throws IllegalArgumentException if {@code state} is terminal or a chance node, with a one-line
   *     message naming the game and which of the two it is
   */
  static void requireDecisionNode(State state) {
    int p = state.currentPlayer();
    if (p < 0) {
      throw new IllegalArgumentException("an agent acts at a decision node; " + state.game().name() + " is at "
          + (p == State.TERMINAL ? "a terminal state" : p == State.CHANCE ? "a chance node" : "player " + p));
    }
  }

  /**
   * Told after every action applied in the match (by any player or chance), with the state
   * before the action. Default: nothing. Searches that reuse their tree listen here.
   */
  default void informAction(State stateBefore, int player, int action) {}

  /**
   * Forgets anything about the current match (a new match begins): the agent returns to its
   * freshly created state, random generator included, so the decisions that follow repeat those
   * of a new agent created with the same seed (one thread). Default: nothing (for agents that keep
   * no state).
   */
  default void restart() {}

  /** Releases threads or processes the agent holds. */
  @Override
  default void close() {}
}
