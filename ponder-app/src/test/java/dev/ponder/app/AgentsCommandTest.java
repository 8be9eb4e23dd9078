package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AgentsCommandTest {
  private static String[] run(String... args) {
    return Cli.runFields(args);
  }

  @Test
  void listsEveryZooAgentWithKeysAndSource() {
    String[] r = run("agents");
    assertThat(r[0]).isEqualTo("0");
    for (String name : new String[] {"random", "ucb_tuned", "gumbel", "smooth_uct", "rpo", "ments", "boltzmann",
        "mcts_solver", "score_bounded", "power_mean", "max_backup", "thompson", "sa_mcts", "bifv", "run1", "run2",
        "run4", "run5", "compose"}) {
      assertThat(r[1]).as(name).containsPattern("(?m)^" + name + " — ");
    }
    assertThat(r[1]).contains("Danihelka").contains("Winands").contains("    c=0.25 (double)");
  }

  @Test
  void unknownAgentIsAUsageError() {
    String[] r = run("agents", "no_such_agent");
    assertThat(r[0]).isEqualTo("2");
    assertThat(r[2]).contains("unknown agent 'no_such_agent'").contains("known agents");
  }

  @Test
  void namesOnly() {
    String[] r = run("agents", "--names", "random");
    assertThat(r[1].trim()).isEqualTo("random");
  }
}
