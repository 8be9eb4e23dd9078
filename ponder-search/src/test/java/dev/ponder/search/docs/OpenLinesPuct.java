// docs/search.md, "Extending the search from Java": an agent with knowledge of its own.
// (shown there in package org.example.search, a project of your own)
package dev.ponder.search.docs;

import dev.ponder.game.Game;
import dev.ponder.games.tictactoe.TicTacToe;
import dev.ponder.search.mcts.Knowledge;
import dev.ponder.search.mcts.MctsAgentFactory;
import dev.ponder.search.mcts.Mechanisms;
import dev.ponder.search.mcts.PriorPolicy;
import dev.ponder.search.mcts.Puct;
import dev.ponder.search.mcts.ResampleHistory;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import dev.ponder.spec.SpecException;
import java.util.List;

public final class OpenLinesPuct extends MctsAgentFactory {
  public OpenLinesPuct() {
    super("open_lines_puct", "PUCT (Silver et al. 2018) with an open-lines value estimate, tic_tac_toe only",
        List.of(ParamSpec.ofDouble("c_init", 1.25, 0, 1e6, "c_init of the AlphaZero schedule")),
        p -> Mechanisms.puct(p.getDouble("c_init"), 19652, Puct.Fpu.LOSS, 0));
  }

  @Override
  protected Knowledge knowledge(Game game, Params params) {
    if (!(game instanceof TicTacToe)) {
      throw new SpecException("open_lines_puct plays tic_tac_toe only, not " + game.spec());
    }
    return new Knowledge(PriorPolicy.UNIFORM, new OpenLinesEstimator(), ResampleHistory.IDENTITY);
  }
}
