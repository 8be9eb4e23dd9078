package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.agent.Agent;
import dev.ponder.agent.AgentRegistry;
import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import org.junit.jupiter.api.Test;

/**
 * IS-MCTS on dark hex boards over 64 cells: the search resamples a world for every simulation,
 * which the resampler now does on any accepted board size (it used to refuse more than 64 cells).
 */
class DarkHexLargeBoardSearchTest {
  @Test
  void bothPlayersSearchANineByNineGameWithWorldResampling() {
    Game g = GameRegistry.load("dark_hex(board_size=9)");
    State s = g.newInitialState();
    Agent[] agents = {AgentRegistry.create("uct(sims=150)", g, 1), AgentRegistry.create("uct(sims=150)", g, 2)};
    for (int ply = 0; ply < 8 && !s.isTerminal(); ply++) {
      int p = s.currentPlayer();
      int a = agents[p].selectAction(s);
      assertThat(s.isLegal(a)).as("ply %d: action %d", ply, a).isTrue();
      s.applyAction(a);
    }
    assertThat(s.historySize()).isEqualTo(8);
  }

  @Test
  void searchCommandSearchesAnInformationStateOnA65CellBoard() {
    Cli r = Cli.run("search", "dark_hex(num_rows=5,num_cols=13)", "--history", "0,64,64", "--agent", "uct(sims=200)");
    assertThat(r.err).isEmpty();
    assertThat(r.exit).isZero();
    assertThat(r.out).contains("200 simulations").contains("chosen: ");
  }
}
