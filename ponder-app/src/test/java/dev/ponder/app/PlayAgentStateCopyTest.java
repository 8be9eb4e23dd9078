package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.agent.Agent;
import dev.ponder.agent.AgentFactory;
import dev.ponder.agent.AgentRegistry;
import dev.ponder.game.Game;
import dev.ponder.game.State;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * In {@code play}, as in the arena, agents are given copies of the match's state: an agent that
 * changes the state it is given cannot change the match, and the change stops the match with one
 * line naming the agent and the call (exit 1).
 */
class PlayAgentStateCopyTest {
  /**
   * {@code play_mutator(in=select|inform)}: applies the lowest legal action to the state it is
   * given in selectAction (then chooses the lowest legal action of what is left), or applies the
   * move it is told of a second time in informAction once two moves have been played.
   */
  static final class Mutator implements AgentFactory {
    @Override
    public String name() {
      return "play_mutator";
    }

    @Override
    public String description() {
      return "test agent: modifies the state it is given";
    }

    @Override
    public List<ParamSpec> parameters() {
      return List.of(ParamSpec.ofString("in", "select", "where it modifies the state: select or inform"));
    }

    @Override
    public Agent create(Game game, Params params, long seed) {
      boolean inSelect = params.getString("in").equals("select");
      return new Agent() {
        @Override
        public int selectAction(State state) {
          if (inSelect) {
            state.applyAction(state.legalActions()[0]);
          }
          return state.legalActions()[0];
        }

        @Override
        public void informAction(State stateBefore, int player, int action) {
          if (!inSelect && stateBefore.historySize() >= 2) {
            stateBefore.applyAction(action);
          }
        }
      };
    }
  }

  @BeforeAll
  static void register() {
    AgentRegistry.register(new Mutator());
  }

  @Test
  void anAgentThatChangesTheStateInSelectActionStopsTheMatchWithoutChangingIt() {
    Cli r = Cli.run("play", "tic_tac_toe", "--players", "play_mutator,random");
    assertThat(r.exit).as(r.out + r.err).isEqualTo(1);
    assertThat(r.err.strip().lines().toList()).singleElement().asString()
        .isEqualTo("ponder: error: seat 0's agent play_mutator modified the state it was given in selectAction (its"
            + " history went from 0 to 1 actions); an agent must not change the state (search from a copy: State.copy)");
    // the match's own state never saw the agent's move: no move was played
    assertThat(r.out).doesNotContain("1. player 0");
  }

  @Test
  void anAgentThatChangesTheStateInInformActionIsNamedToo() {
    // both seats play their lowest legal action: 0, 1, then 2; told of 2, seat 0 (told first) applies it again
    Cli r = Cli.run("play", "tic_tac_toe", "--players", "play_mutator(in=inform),play_mutator(in=inform)");
    assertThat(r.exit).as(r.out + r.err).isEqualTo(1);
    assertThat(r.err.strip().lines().toList()).singleElement().asString()
        .isEqualTo("ponder: error: seat 0's agent play_mutator(in=inform) modified the state it was given in informAction"
            + " (its history went from 2 to 3 actions); an agent must not change the state (search from a copy: State.copy)");
    assertThat(r.out).contains("2. player 1 (play_mutator(in=inform)): o(0,1)").doesNotContain("3. player 0");
  }
}
