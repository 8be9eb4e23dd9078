package dev.ponder.game;

import java.util.SplittableRandom;

/**
 * Plays random playouts without allocating per move: decisions uniform over the legal actions
 * (through {@link State#sampleLegalAction}, which draws exactly as {@code
 * actions[rng.nextInt(n)]} over the listed actions would), chance outcomes drawn with their
 * probabilities by {@link Distributions#sampleOutcome} (the first outcome whose running sum of
 * probabilities exceeds one uniform draw; the sum is checked to be 1). Owns one scratch state and
 * the action buffers; not thread-safe (one per thread).
 * The search's random rollout ({@code dev.ponder.search.mcts.RandomRollout}) follows the same rule.
 */
public final class RandomPlayout {
  private final State work;
  private final int[] actions;
  private final double[] probabilities;

  /** A runner for {@code game}'s states. */
  public RandomPlayout(Game game) {
    this.work = game.newInitialState();
    this.actions = new int[Math.max(1, game.maxActionsPerState())];
    this.probabilities = new double[Math.max(1, game.maxChanceOutcomes())];
  }

  /**
   * Copies {@code from} into the scratch state and plays to the end (or until {@code maxActions}
   * actions have been applied).
   *
   * @param from start state (not modified)
   * @param rng source of every random choice
   * @param maxActions cap on the actions applied (use {@link Integer#MAX_VALUE} for none)
   * @return the number of actions applied, chance outcomes included
   * @throws GameContractException at a chance node whose probabilities do not sum to 1
   */
  public int run(State from, SplittableRandom rng, int maxActions) {
    work.copyFrom(from);
    int n = 0;
    while (n < maxActions) {
      int p = work.currentPlayer();
      if (p == State.TERMINAL) {
        break;
      }
      int a;
      if (p == State.CHANCE) {
        int k = work.chanceOutcomes(actions, probabilities);
        a = actions[Distributions.sampleOutcome(work, probabilities, k, rng.nextDouble())];
      } else {
        a = work.sampleLegalAction(rng, actions);
      }
      work.applyActionUnchecked(a);
      n++;
    }
    return n;
  }

  /** {@link #run(State, SplittableRandom, int)} to the end of the game. */
  public int run(State from, SplittableRandom rng) {
    return run(from, rng, Integer.MAX_VALUE);
  }

  /** The scratch state: after {@link #run} the final state of the last playout. */
  public State state() {
    return work;
  }
}
