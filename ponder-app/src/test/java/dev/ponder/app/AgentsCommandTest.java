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

  /** A name given twice is one agent: listed once, all its keys under it (before: twice, c "common"). */
  @Test
  void aNameGivenTwiceIsListedOnce() {
    String[] twice = run("agents", "uct", "uct");
    String[] once = run("agents", "uct");
    assertThat(twice[0]).isEqualTo("0");
    assertThat(twice[1]).isEqualTo(once[1]).doesNotContain(AgentsCommand.COMMON_HEADER);
    assertThat(run("agents", "--names", "random", "random")[1].lines()).containsExactly("random");
  }

  /**
   * The keys every search agent takes are listed once, in a section of their own before the
   * agents; each search agent lists only its own keys and points at the section; every numeric key
   * shows its accepted range (or "any finite number") and every choice key its values.
   */
  @Test
  void commonKeysOnceAndEveryNumericKeyWithItsRange() {
    // the shipped agents only: in this JVM other test classes register agents of their own
    Cli shipped = Cli.runInChildJvm("agents");
    String[] r = {Integer.toString(shipped.exit), shipped.out, shipped.err};
    assertThat(r[0]).isEqualTo("0");
    java.util.List<String> lines = r[1].lines().toList();
    assertThat(lines.get(0)).startsWith("keys common to every search agent (bifv, boltzmann, compose, ").endsWith(":");
    for (String key : new String[] {"sims", "time_ms", "threads", "sync_us", "reuse", "expand", "chance_expand_all",
        "keying", "search_forced"}) {
      assertThat(lines.stream().filter(l -> l.startsWith("    " + key + "=")).count()).as(key).isEqualTo(1);
      assertThat(lines.indexOf(lines.stream().filter(l -> l.startsWith("    " + key + "=")).findFirst().orElseThrow()))
          .as(key).isLessThan(lines.indexOf(lines.stream().filter(l -> l.startsWith("bifv — ")).findFirst().orElseThrow()));
    }
    // each of the 21 search agents closes its own keys with the pointer; random, uniform and human have no keys
    assertThat(lines.stream().filter(l -> l.equals("    + the keys common to every search agent (listed first)")).count())
        .isEqualTo(21);
    assertThat(r[1]).containsPattern("(?m)^random — .*\n[a-z]");
    for (String l : lines) {
      if (l.contains(" (int") || l.contains(" (double")) {
        assertThat(l).as(l).containsPattern("\\((int|double), (-?[0-9.e-]+\\.\\.[0-9.e-]+|any finite number)\\) ");
      }
    }
    assertThat(r[1]).contains("    q_init=0.5 (double, any finite number) ", "    mu0=0.0 (double, any finite number) ",
        "    tuner_salt=1 (int, -2147483648..2147483647) ", "    params=2 (int, 2..4) 2 or 4");
    // a single agent lists all its keys under it, with no common section
    String uct = run("agents", "uct")[1];
    assertThat(uct).startsWith("uct — ").contains("    sims=1000 ").doesNotContain("keys common to every search agent");
    // "any finite number" is enforced
    String[] nan = Cli.runFields("search", "tic_tac_toe", "--agent", "boltzmann(q_init=NaN)");
    assertThat(nan[0]).isEqualTo("2");
    assertThat(nan[2].strip()).isEqualTo("ponder: boltzmann: q_init='NaN' is not a finite number; valid: any finite number");
  }

  /** keying's line says what auto picks: IS-MCTS (information_state) in imperfect-information games. */
  @Test
  void keyingSaysAutoIsInformationSetSearchWithImperfectInformation() {
    String uct = run("agents", "uct")[1];
    String keying = uct.lines().filter(l -> l.startsWith("    keying=auto ")).findFirst().orElseThrow();
    assertThat(keying).contains("auto = information_state in imperfect-information games, IS-MCTS")
        .contains("tree otherwise");
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
    assertThat(r[2].strip()).endsWith("reuse=yes is not valid; valid: true, false (or 1, 0; any case)");
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
