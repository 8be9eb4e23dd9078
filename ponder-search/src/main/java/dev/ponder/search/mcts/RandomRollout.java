package dev.ponder.search.mcts;

import dev.ponder.game.Distributions;
import dev.ponder.game.GameContract;
import dev.ponder.game.State;
import java.util.SplittableRandom;

/**
 * Knowledge: the value of a state is the return of one uniformly random playout to the end, chance
 * outcomes drawn with their probabilities (Abramson 1990; the default evaluator of UCT, Kocsis &amp;
 * Szepesvári 2006). Decisions are drawn by {@link State#sampleLegalAction}, which consumes the RNG
 * exactly as {@code actions[rng.nextInt(n)]} would. Uses the worker's buffers and RNG; allocates
 * nothing. The same rule as ponder-core's {@link dev.ponder.game.RandomPlayout} ("rollout" and
 * "playout" name one thing), on the search's own buffers; chance outcomes are drawn by {@link
 * Distributions#sampleOutcome}, as RandomPlayout draws them (a game whose probabilities do not sum
 * to 1 is refused).
 */
public final class RandomRollout implements ValueEstimator {
  /** The shared, stateless instance. */
  public static final RandomRollout INSTANCE = new RandomRollout();

  private RandomRollout() {}

  @Override
  public void evaluate(State state, double[] out, SearchContext ctx) {
    int[] actions = ctx.actionBuffer();
    SplittableRandom rng = ctx.rng();
    while (!state.isTerminal()) {
      int a;
      if (state.isChanceNode()) {
        double[] probs = ctx.probabilityBuffer();
        int n = state.chanceOutcomes(actions, probs);
        a = actions[Distributions.sampleOutcome(state, probs, n, rng.nextDouble())];
      } else {
        a = state.sampleLegalAction(rng, actions);
      }
      state.applyActionUnchecked(a);
    }
    state.returns(out);
    GameContract.checkReturns(state, out);
  }
}
