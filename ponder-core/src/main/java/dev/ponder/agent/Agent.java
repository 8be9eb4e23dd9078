package dev.ponder.agent;

import dev.ponder.game.State;

/**
 * Something that chooses actions: a search, a learned policy, a human, an external program. Used
 * by {@code play} and the arena. An agent may only use what the acting player may know: for
 * imperfect-information games it must go through {@link State#informationStateString(int)} and
 * {@link State#resample(int, java.util.SplittableRandom)}, never read hidden parts of the state.
 *
 * <p>Agents are created per match and seat by an {@link AgentFactory} with a seed. What repeats:
 * with one thread, the same seed gives the same sequence of decisions (for the same sequence of
 * states and {@link #informAction} calls), counted from creation or from {@link #restart()}.
 */
public interface Agent extends AutoCloseable {

  /**
   * Chooses an action for {@code state.currentPlayer()} at a decision node. Must not modify
   * {@code state}.
   *
   * @return one of {@code state.legalActions()}
   */
  int selectAction(State state);

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
