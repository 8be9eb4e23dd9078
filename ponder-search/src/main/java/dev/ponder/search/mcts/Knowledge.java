package dev.ponder.search.mcts;

import dev.ponder.game.Game;
import java.util.Objects;

/**
 * The game-specific triad of a search (SPEC §1.2): prior policy, value estimator and history
 * resampler.
 *
 * @param prior π(·|s)
 * @param value v(s) ∈ ℝ^n
 * @param resample h ~ b(·|s)
 */
public record Knowledge(PriorPolicy prior, ValueEstimator value, ResampleHistory resample) {

  /** @throws NullPointerException if a component is null */
  public Knowledge {
    Objects.requireNonNull(prior, "prior");
    Objects.requireNonNull(value, "value");
    Objects.requireNonNull(resample, "resample");
  }

  /**
   * The reference knowledge: uniform prior, one random rollout, and the identity resampler for
   * perfect-information games or the game's own resampler otherwise.
   */
  public static Knowledge reference(Game game) {
    return new Knowledge(PriorPolicy.UNIFORM, RandomRollout.INSTANCE,
        game.type().isPerfectInformation() ? ResampleHistory.IDENTITY : ResampleHistory.GAME);
  }
}
