package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.agent.AgentRegistry;
import dev.ponder.agent.fixtures.Mutator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * In {@code play}, as in the arena, agents are given copies of the match's state: an agent that
 * changes the state it is given cannot change the match, and the change stops the match with one
 * line naming the agent and the call (exit 1). The agent is ponder-core's test {@link Mutator}.
 */
class PlayAgentStateCopyTest {
  @BeforeAll
  static void register() {
    AgentRegistry.register(new Mutator());
  }

  @Test
  void anAgentThatChangesTheStateInSelectActionStopsTheMatchWithoutChangingIt() {
    Cli r = Cli.run("play", "tic_tac_toe", "--players", "mutator,random");
    assertThat(r.exit).as(r.out + r.err).isEqualTo(1);
    assertThat(r.err.strip().lines().toList()).singleElement().asString()
        .isEqualTo("ponder: error: seat 0's agent mutator modified the state it was given in selectAction (its"
            + " history went from 0 to 1 actions); an agent must not change the state (search from a copy: State.copy)");
    // the match's own state never saw the agent's move: no move was played
    assertThat(r.out).doesNotContain("1. player 0");
  }

  @Test
  void anAgentThatChangesTheStateInInformActionIsNamedToo() {
    // both seats play their lowest legal action: 0, 1, then 2; told of 2, seat 0 (told first) applies it again
    Cli r = Cli.run("play", "tic_tac_toe", "--players", "mutator(in=inform),mutator(in=inform)");
    assertThat(r.exit).as(r.out + r.err).isEqualTo(1);
    assertThat(r.err.strip().lines().toList()).singleElement().asString()
        .isEqualTo("ponder: error: seat 0's agent mutator(in=inform) modified the state it was given in informAction"
            + " (its history went from 2 to 3 actions); an agent must not change the state (search from a copy: State.copy)");
    assertThat(r.out).contains("2. player 1 (mutator(in=inform)): o(0,1)").doesNotContain("3. player 0");
  }
}
