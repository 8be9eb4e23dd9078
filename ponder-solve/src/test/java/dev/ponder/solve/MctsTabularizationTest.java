package dev.ponder.solve;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.agent.AgentRegistry;
import dev.ponder.agent.PolicyAgent;
import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.search.mcts.MctsAgent;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The MCTS engine's agents tabularize on Kuhn poker into valid, seed-deterministic policies. */
class MctsTabularizationTest {
  private static final Game KUHN = GameRegistry.load("kuhn_poker");
  private static final GameTree TREE = GameTree.build(KUHN);
  private static final double UNIFORM = 0.458333;

  @ParameterizedTest
  @ValueSource(strings = {"puct(sims=100)", "uct(sims=100)", "m_seed(sims=100)", "uct(sims=100,reuse=true)", "sa_mcts(sims=100)"})
  void searchAgentsTabularizeDeterministically(String spec) {
    TabularPolicy a = Tabularizer.tabularize(KUHN, s -> (PolicyAgent) AgentRegistry.create(spec, KUHN, s), 4, 3);
    TabularPolicy b = Tabularizer.tabularize(KUHN, s -> (PolicyAgent) AgentRegistry.create(spec, KUHN, s), 4, 3);
    assertThat(a.size()).isEqualTo(12);
    assertThat(a.coverage(TREE).missing()).isZero();
    double[] slots = a.toSlots(TREE);
    assertThat(b.toSlots(TREE)).containsExactly(slots);
    double e = PolicyEvaluation.exploitability(TREE, slots);
    // a search with 100 simulations per decision is less exploitable than uniform random play
    // and more than an equilibrium
    assertThat(e).isGreaterThan(0.0).isLessThan(UNIFORM);
  }

  /**
   * With {@code reuse=true} each player's agent keeps its tree from one of its information states
   * to the next of the same line when the walk asks them in a row, and never hands a player the
   * tree grown for the other: each agent searches for one player only. In Kuhn poker player 0's
   * "0", "1", "2" are each followed, among player 0's queries, by "0pb", "1pb", "2pb" (deals (0, 1),
   * (1, 0), (2, 0), pass then bet), which keep the tree; player 1 decides once per deal and
   * never reuses.
   */
  @Test
  void reuseKeepsEachPlayersOwnTreeInWalkOrder() {
    List<MctsAgent> made = new ArrayList<>();
    List<String> reusedAt = new ArrayList<>();
    Tabularizer.tabularize(KUHN, s -> {
      MctsAgent a = (MctsAgent) AgentRegistry.create("uct(sims=200,reuse=true)", KUHN, s);
      made.add(a);
      return new PolicyAgent() {
        @Override
        public int selectAction(dev.ponder.game.State state) {
          return a.selectAction(state);
        }

        @Override
        public double[] policy(dev.ponder.game.State state) {
          double[] p = a.policy(state);
          if (a.lastResult().reusedVisits() > 0) {
            reusedAt.add(state.currentPlayer() + ":" + state.informationStateString(state.currentPlayer()));
          }
          return p;
        }

        @Override
        public void close() {
          a.close();
        }
      };
    }, 2, 5);
    assertThat(made).hasSize(4);
    assertThat(reusedAt).containsExactlyInAnyOrder("0:0pb", "0:1pb", "0:2pb", "0:0pb", "0:1pb", "0:2pb");
  }
}
