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
    assertThat(r[1]).contains("Danihelka").contains("Winands").contains("    c=0.25 (double, 0..1e6)");
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

  /** An agent string where a name is expected is refused saying names are expected and which name it holds. */
  @Test
  void anAgentStringWhereANameIsExpectedNamesTheAgent() {
    String[] r = run("agents", "uct(c=1)");
    assertThat(r[0]).isEqualTo("2");
    assertThat(r[2].strip()).isEqualTo("ponder: agents takes agent names, not agent strings: 'uct(c=1)' is agent 'uct'"
        + " with parameters; try: ponder agents uct");
    String[] unknown = run("agents", "nosuch(c=1)");
    assertThat(unknown[0]).isEqualTo("2");
    assertThat(unknown[2].strip()).startsWith("ponder: agents takes agent names, not agent strings: 'nosuch(c=1)'; unknown agent 'nosuch'; known agents: ");
  }

  /** Boolean parameters of agents accept the spellings the message names, and only those. */
  @Test
  void booleanAgentParametersAcceptTheSpellingsTheMessageNames() {
    for (String v : new String[] {"true", "False", "TRUE", "1", "0"}) {
      assertThat(dev.ponder.agent.AgentRegistry.resolve("uct(reuse=" + v + ")").values().get("reuse"))
          .as(v).isEqualTo(v.equals("1") || v.equalsIgnoreCase("true"));
    }
    String[] r = Cli.runFields("search", "tic_tac_toe", "--agent", "uct(reuse=yes)");
    assertThat(r[0]).isEqualTo("2");
    assertThat(r[2].strip()).endsWith("bad value 'yes' for reuse: expected true or false (or 1 or 0; any case)");
  }
}
