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
}
