package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.agent.AgentRegistry;
import dev.ponder.search.mcts.Knowledge;
import dev.ponder.search.mcts.MctsAgentFactory;
import dev.ponder.search.mcts.Mechanisms;
import dev.ponder.search.mcts.PriorPolicy;
import dev.ponder.search.mcts.ResampleHistory;
import dev.ponder.game.Game;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * A mistake in an agent's own component (a selected entry outside the node's children, a value
 * outside the game's bounds, an undeclared auxiliary slot) ends {@code ponder search} with exit 1
 * and one line naming the component's class, not a crash inside Ponder or a silent wrong result.
 */
class OwnComponentErrorsCliTest {

  /** {@code own_bug_cli(bug=k)}: 1 one past the children, 3 an undeclared aux slot, 4 a value of 5. */
  static final class OwnBug extends MctsAgentFactory {
    OwnBug() {
      super("own_bug_cli", "test: deliberate mistakes", List.of(ParamSpec.ofInt("bug", 0, 0, 9, "which")),
          p -> switch (p.getInt("bug")) {
            case 1 -> Mechanisms.uct(0.25).withTreePolicy((t, n, c) -> t.firstChild(n) + t.numChildren(n));
            case 3 -> Mechanisms.uct(0.25).withTreePolicy((t, n, c) -> t.firstChild(n) + (t.aux(n, 0) > 0 ? 1 : 0));
            default -> Mechanisms.uct(0.25);
          });
    }

    @Override
    protected Knowledge knowledge(Game game, Params params) {
      return params.getInt("bug") != 4 ? super.knowledge(game, params)
          : new Knowledge(PriorPolicy.UNIFORM, (s, out, ctx) -> {
            out[0] = 5;
            out[1] = -5;
          }, ResampleHistory.IDENTITY);
    }
  }

  private static String[] search(int bug) {
    CommandLine cl = Ponder.commandLine();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out));
    cl.setErr(new PrintWriter(err));
    int code = cl.execute("search", "connect_four", "--history", "3,3,4", "--agent", "own_bug_cli(bug=" + bug + ",sims=300)");
    return new String[] {Integer.toString(code), out.toString(), err.toString()};
  }

  @Test
  void eachMistakeIsOneLineNamingTheComponentExit1() {
    AgentRegistry.register(new OwnBug());
    String owner = OwnBug.class.getName();
    String[] pick = search(1);
    assertThat(pick[0]).isEqualTo("1");
    assertThat(pick[2].strip()).startsWith("ponder: error: tree policy " + owner + "$$Lambda")
        .contains(" returned entry ").contains("at the root, whose children are entries ").doesNotContain("\n");
    String[] aux = search(3);
    assertThat(aux[0]).isEqualTo("1");
    assertThat(aux[2].strip()).startsWith("ponder: error: auxiliary slot beyond the mechanism's auxWidth 0 (Tree.aux called by "
        + owner + ".lambda$").contains("OwnComponentErrorsCliTest.java:").contains("Mechanism.withAuxWidth")
        .doesNotContain("\n");
    String[] value = search(4);
    assertThat(value[0]).isEqualTo("1");
    assertThat(value[2].strip()).startsWith("ponder: error: value estimator " + owner + "$$Lambda")
        .contains("wrote [5.0, -5.0]; every player's value must be finite and within connect_four's utility bounds [-1, 1]")
        .doesNotContain("\n");
    String[] fine = search(0);
    assertThat(fine[0]).as(fine[2]).isEqualTo("0");
  }
}
