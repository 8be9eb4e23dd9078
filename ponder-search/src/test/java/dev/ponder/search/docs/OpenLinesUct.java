package dev.ponder.search.docs;

import dev.ponder.game.Game;
import dev.ponder.search.mcts.Knowledge;
import dev.ponder.search.mcts.MctsAgentFactory;
import dev.ponder.search.mcts.Mechanisms;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import java.util.List;

/**
 * docs/search.md, "Extending the search from Java": an override of {@code knowledge} that replaces
 * the value estimator and keeps the reference's prior and resampler, through the accessors of the
 * {@link Knowledge} record.
 */
public final class OpenLinesUct extends MctsAgentFactory {
  public OpenLinesUct() {
    super("open_lines_uct", "UCT (Kocsis & Szepesvári 2006) with an open-lines value estimate",
        List.of(ParamSpec.ofDouble("c", 1.0, 0, 1e6, "exploration constant")),
        p -> Mechanisms.uct(p.getDouble("c")));
  }

  @Override
  protected Knowledge knowledge(Game game, Params params) {
    Knowledge reference = super.knowledge(game, params); // uniform prior, random rollout, the game's resampler
    return new Knowledge(reference.prior(), new OpenLinesEstimator(), reference.resample());
  }
}
