package dev.ponder.arena;

import dev.ponder.agent.AgentRegistry;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import dev.ponder.spec.Spec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What makes two agent strings the same agent: the agent's name and the value of every declared
 * parameter once the defaults are filled in ({@link AgentRegistry#resolve}), compared by value
 * and independent of key order; an agent that plays as another ({@link
 * dev.ponder.agent.AgentFactory#playsAs()}, e.g. {@code uniform} as {@code random}) is keyed by
 * that agent's name. {@code uct}, {@code uct(sims=1000)} (1000 being the default) and
 * {@code uct(c=1,sims=1000)} / {@code uct(sims=1000,c=1.0)} are pairwise the same agent; the
 * store keeps agent strings as spelled, so this is used to refuse such duplicates, never to
 * rename them.
 */
public final class AgentKey {
  private AgentKey() {}

  /**
   * The canonical key: {@code name(k1=v1,...)} over every declared parameter, sorted by key,
   * with each value in its parsed type's rendering ({@code 5} and {@code 5.0} for a number
   * parameter both give {@code 5.0}).
   *
   * @throws dev.ponder.spec.SpecException on an unknown agent, unknown key or bad value
   */
  public static String of(String agentString) {
    Params p = AgentRegistry.resolve(agentString);
    Map<String, String> sorted = new TreeMap<>();
    for (Map.Entry<String, Object> e : p.values().entrySet()) {
      sorted.put(e.getKey(), ParamSpec.format(e.getValue()));
    }
    return new Spec(AgentRegistry.factory(Spec.parse(agentString).name()).playsAs(), sorted).toString();
  }

  /**
   * The first pair of entries (by position) that are the same agent, or an empty list if all
   * entries differ.
   *
   * @return empty, or the indices {@code [i, j]} with {@code i < j}
   * @throws dev.ponder.spec.SpecException on an invalid agent string
   */
  public static List<Integer> firstDuplicate(List<String> agentStrings) {
    Map<String, Integer> seen = new java.util.HashMap<>();
    for (int j = 0; j < agentStrings.size(); j++) {
      Integer i = seen.putIfAbsent(of(agentStrings.get(j)), j);
      if (i != null) {
        List<Integer> out = new ArrayList<>();
        out.add(i);
        out.add(j);
        return out;
      }
    }
    return List.of();
  }

  /**
   * Refuses two entries of a tournament's agents that are the same agent once the budget and the
   * defaults are filled in ({@link #of}); e.g. {@code uct} and {@code uct(sims=1000)}, 1000 being
   * uct's default, or two names of one agent ({@code random} and {@code uniform}, which plays as
   * random). Stored agent strings are left as spelled (a tournament is identified by them), so
   * duplicates are refused rather than merged. {@link Tournament} calls it for every tournament,
   * from the CLI ({@code ponder arena}, whose option names the messages use) or from Java.
   *
   * @param given the agents as given (before the budget)
   * @param budgeted the same after {@link Budget#apply}
   * @param budgetText the budget text ({@code sims=400}, or empty)
   * @throws dev.ponder.spec.SpecException one line naming both spellings, e.g. {@code --agents lists
   *     the same agent twice: 'uct' and 'uct(sims=1000)' have the same value for every parameter
   *     once the defaults are filled in (uct(...)); list it once}
   */
  public static void requireDistinctAgents(List<String> given, List<String> budgeted, String budgetText) {
    List<Integer> dup = firstDuplicate(budgeted);
    if (dup.isEmpty()) {
      return;
    }
    String a = given.get(dup.get(0));
    String b = given.get(dup.get(1));
    if (a.equals(b)) {
      throw new dev.ponder.spec.SpecException("--agents lists '" + a + "' twice; each entry must be different");
    }
    String nameA = Spec.parse(a).name();
    String nameB = Spec.parse(b).name();
    if (!nameA.equals(nameB)) {
      String alias = AgentRegistry.factory(nameA).playsAs().equals(nameA) ? nameB : nameA;
      throw new dev.ponder.spec.SpecException("--agents lists the same agent twice: '" + a + "' and '" + b
          + "' are one agent ('" + alias + "' plays as '" + AgentRegistry.factory(alias).playsAs()
          + "', seed for seed); list it once");
    }
    boolean byBudget = !budgeted.get(dup.get(0)).equals(a) || !budgeted.get(dup.get(1)).equals(b);
    throw new dev.ponder.spec.SpecException("--agents lists the same agent twice: '" + a + "' and '" + b + "' have"
        + sameValues(byBudget, budgetText, of(budgeted.get(dup.get(0)))) + "; list it once");
  }

  /**
   * Refuses a benchmark agent that is also one of the agents, verbatim or as the same agent once
   * the budget and the defaults are filled in ({@link #of}): the benchmark schedule measures every
   * agent against the benchmark, so the entry would be measured against itself and rated twice.
   *
   * @throws dev.ponder.spec.SpecException one line naming both spellings
   */
  public static void requireBenchmarkNotAnAgent(List<String> given, List<String> budgeted, String benchGiven,
      String benchBudgeted, String budgetText) {
    String key = of(benchBudgeted);
    for (int i = 0; i < given.size(); i++) {
      String a = given.get(i);
      if (a.equals(benchGiven)) {
        throw new dev.ponder.spec.SpecException("--benchmark '" + benchGiven + "' is also listed in --agents; the"
            + " benchmark must be different from every agent it is measured against: leave it out of --agents");
      }
      if (of(budgeted.get(i)).equals(key)) {
        boolean byBudget = !budgeted.get(i).equals(a) || !benchBudgeted.equals(benchGiven);
        throw new dev.ponder.spec.SpecException("--benchmark '" + benchGiven + "' and the --agents entry '" + a
            + "' are the same agent: they have" + sameValues(byBudget, budgetText, key) + "; leave it out of --agents");
      }
    }
  }

  /**
   * Why two spellings are one agent: " the same value for every parameter once [the budget … and
   * ]the defaults are filled in (KEY)".
   */
  private static String sameValues(boolean byBudget, String budgetText, String key) {
    return " the same value for every parameter once " + (byBudget ? "the budget " + budgetText + " and " : "")
        + "the defaults are filled in (" + key + ")";
  }
}
