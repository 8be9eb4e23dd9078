package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import java.io.BufferedReader;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** The human agent keeps the agents' rule: asked only at decision nodes, like every built-in agent. */
class HumanAgentTest {

  private static HumanAgent human(String input, StringWriter out) {
    return new HumanAgent(new BufferedReader(new StringReader(input)), new PrintWriter(out, true));
  }

  @Test
  void refusesATerminalStateOrAChanceNodeWithoutReadingInput() {
    State won = GameRegistry.load("tic_tac_toe").newInitialState();
    for (int a : new int[] {0, 3, 1, 4, 2}) {
      won.applyAction(a);
    }
    StringWriter out = new StringWriter();
    assertThatThrownBy(() -> human("4\n", out).selectAction(won))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("an agent acts at a decision node; tic_tac_toe is at a terminal state");
    State chance = GameRegistry.load("kuhn_poker").newInitialState();
    assertThatThrownBy(() -> human("0\n", out).selectAction(chance))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("an agent acts at a decision node; kuhn_poker is at a chance node");
    assertThat(out.toString()).as("no prompt was printed").isEmpty();
  }

  @Test
  void aDecisionNodeStillReadsTheMove() {
    StringWriter out = new StringWriter();
    State s = GameRegistry.load("tic_tac_toe").newInitialState();
    assertThat(human("4\n", out).selectAction(s)).isEqualTo(4);
    assertThat(out.toString()).contains("legal moves: ");
  }

  @Test
  void movesThatHoldASemicolonAreListedWithAnotherSeparator() {
    State nim = GameRegistry.load("nim").newInitialState();
    String list = HumanAgent.legalMoves(nim);
    assertThat(list).startsWith("0=pile:1, take:1; | 1=").doesNotContain(";;");
    assertThat(HumanAgent.legalMoves(GameRegistry.load("tic_tac_toe").newInitialState())).startsWith("0=x(0,0); 1=x(0,1); ");
  }
}
