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

  /** Booleans are listed as agent strings write them (false, not Python's False). */
  @Test
  void booleanDefaultsAreWrittenInLowerCase() {
    String[] r = run("agents", "uct", "compose");
    assertThat(r[0]).isEqualTo("0");
    assertThat(r[1]).contains("    reuse=false (bool) ", "    chance_expand_all=false (bool) ", "    blend_prior=false (bool) ")
        .doesNotContain("=False").doesNotContain("=True");
    assertThat(run("agents", "bifv")[1]).contains("    noise=true (bool) ");
  }

  /** A listing that shows a verification tag explains it in a legend line; one without tags has none. */
  @Test
  void verificationTagsHaveALegend() {
    String[] r = run("agents", "power_mean");
    assertThat(r[1]).contains("[UNVERIFIED default]");
    assertThat(r[1]).containsPattern("(?m)^tags: \\[recall\\] a constant taken from the cited paper without re-reading it;"
        + " \\[UNVERIFIED\\] .*a reconstruction or a Ponder design decision");
    assertThat(run("agents", "uct")[1]).doesNotContain("tags:");
  }

  /** power_mean's exponent is named power, as in compose; p stays an alias, not both at once. */
  @Test
  void powerMeanTakesPowerLikeCompose() {
    assertThat(run("agents", "power_mean")[1]).contains("    power=2.0 (double, 1..1e6) ").contains("    p=2.0 (double, 1..1e6) alias of power");
    assertThat(run("agents", "compose")[1]).contains("    power=2.0 (double, 1..1e6) ");
    String[] a = run("search", "tic_tac_toe", "--agent", "power_mean(power=8,sims=200)", "--json");
    String[] b = run("search", "tic_tac_toe", "--agent", "power_mean(p=8,sims=200)", "--json");
    String[] d = run("search", "tic_tac_toe", "--agent", "power_mean(sims=200)", "--json");
    assertThat(a[0]).isEqualTo("0");
    assertThat(children(a[1])).isEqualTo(children(b[1])).isNotEqualTo(children(d[1]));
    String[] both = run("search", "tic_tac_toe", "--agent", "power_mean(power=8,p=8)");
    assertThat(both[0]).isEqualTo("2");
    assertThat(both[2].strip()).isEqualTo("ponder: power_mean: give power or its alias p, not both");
  }

  private static String children(String json) {
    return json.substring(json.indexOf("\"children\""), json.indexOf("\"root_value\""));
  }
}
