package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.agent.Agent;
import dev.ponder.agent.AgentFactory;
import dev.ponder.agent.AgentRegistry;
import dev.ponder.game.Game;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * In {@code play}, an agent that chooses an illegal move is a runtime failure of that agent: exit 1
 * with one {@code ponder: error:} line naming the seat, the agent and the move (not exit 2, a usage
 * error, as if the user had typed something wrong); a human's illegal input is still re-asked.
 */
class PlayIllegalAgentMoveTest {
  /** {@code always99}: chooses action 99, legal in no built-in game. */
  static final class Always99 implements AgentFactory {
    @Override
    public String name() {
      return "always99";
    }

    @Override
    public String description() {
      return "test agent: always action 99";
    }

    @Override
    public List<ParamSpec> parameters() {
      return List.of();
    }

    @Override
    public Agent create(Game game, Params params, long seed) {
      return state -> 99;
    }
  }

  @BeforeAll
  static void register() {
    AgentRegistry.register(new Always99());
  }

  @Test
  void anAgentsIllegalMoveIsARuntimeFailureNamingTheAgent() {
    Cli r = Cli.run("play", "tic_tac_toe", "--players", "random,always99", "--seed", "3");
    assertThat(r.exit).as(r.err).isEqualTo(1);
    assertThat(r.err.strip().lines().toList()).singleElement().asString()
        .startsWith("ponder: error: player 1's agent always99 chose illegal action 99 at move 1 of tic_tac_toe; legal: ");
  }

  /** An agent's failure after a human's move: the move so far is saved to --record, and a note says so. */
  @Test
  void anAgentsFailureSavesThePartialRecord(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) throws Exception {
    java.nio.file.Path rec = tmp.resolve("m.txt");
    Cli r = Cli.runWithInput("4\n", "play", "tic_tac_toe", "--players", "human,always99", "--record", rec.toString());
    assertThat(r.exit).as(r.err).isEqualTo(1);
    assertThat(r.err.strip().lines().toList()).containsExactly(
        "ponder: play: the match stopped after 1 action on the error below; saved to " + rec
            + " as a partial record of 1 action (ponder replay " + rec + " shows the position)",
        r.err.strip().lines().toList().get(1));
    assertThat(r.err).contains("ponder: error: player 1's agent always99 chose illegal action 99 at move 1");
    assertThat(java.nio.file.Files.readString(rec).strip()).isEqualTo("tic_tac_toe | 4");
  }

  @Test
  void aHumansIllegalInputIsAskedAgain() {
    // 99 is no move: the human is told and asked again; then quits (exit 0)
    Cli r = Cli.runWithInput("99\nquit\n", "play", "tic_tac_toe", "--players", "human,random");
    assertThat(r.exit).as(r.out + r.err).isZero();
    assertThat(r.err).doesNotContain("ponder: error:");
  }
}
