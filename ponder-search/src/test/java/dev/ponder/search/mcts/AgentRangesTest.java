package dev.ponder.search.mcts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.agent.AgentFactory;
import dev.ponder.agent.AgentRegistry;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import dev.ponder.spec.SpecException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Every MCTS agent's own numeric keys: the range {@code ponder agents} shows is the range its
 * mechanism accepts (both bounds build; one step beyond is refused by the declared range and, with
 * the range bypassed, by the mechanism itself). {@code compose} refuses a key its operators do not
 * read, so each of its keys is tried with the operator that reads it chosen.
 */
class AgentRangesTest {
  private static final Set<String> ENGINE_KEYS =
      MctsAgentFactory.engineParameters().stream().map(ParamSpec::name).collect(Collectors.toSet());

  /** The settings under which {@code compose} reads each of its numeric keys (none: the defaults read it). */
  private static final Map<String, Map<String, String>> COMPOSE_CONTEXT = Map.of(
      "tau", Map.of("tree", "boltzmann"),
      // the declared range is ments' (0..1e6); tree=boltzmann narrows it to 0..1 (ZooAgentsTest)
      "epsilon", Map.of("tree", "ments"),
      "power", Map.of("backup", "power_mean"),
      "discount", Map.of("backup", "discount"),
      "exponent", Map.of("backup", "robbins_monro"),
      "dirichlet_alpha", Map.of("root", "dirichlet"),
      "dirichlet_epsilon", Map.of("root", "dirichlet"));

  /** {@code compose}'s numeric keys that its operators bound (fpu_value is any number: an FPU constant or factor). */
  private static final Set<String> COMPOSE_RANGED =
      Set.of("c", "c_base", "tau", "epsilon", "power", "discount", "exponent", "dirichlet_alpha", "dirichlet_epsilon");

  private static Params withContext(Params ps, String agent, String key) {
    if (agent.equals("compose")) {
      for (Map.Entry<String, String> e : COMPOSE_CONTEXT.getOrDefault(key, Map.of()).entrySet()) {
        ps = ps.with(e.getKey(), e.getValue());
      }
    }
    return ps;
  }

  private static String contextArgs(String agent, String key) {
    StringBuilder b = new StringBuilder();
    if (agent.equals("compose")) {
      for (Map.Entry<String, String> e : COMPOSE_CONTEXT.getOrDefault(key, Map.of()).entrySet()) {
        b.append(',').append(e.getKey()).append('=').append(e.getValue());
      }
    }
    return b.toString();
  }

  private static List<ParamSpec> withoutRange(List<ParamSpec> ps) {
    return ps.stream().map(p -> new ParamSpec(p.name(), p.kind(), p.defaultValue(), p.description())).toList();
  }

  /**
   * The agents Ponder ships, as this module's services file lists them: other test classes register
   * agents of their own (the documentation's open_lines_puct), which are not held to Ponder's ranges
   * and would join the loop whenever those classes ran first.
   */
  private static Set<String> shipped() throws java.io.IOException {
    java.nio.file.Path services = java.nio.file.Path.of("src/main/resources/META-INF/services/dev.ponder.agent.AgentFactory");
    return java.nio.file.Files.readAllLines(services).stream().map(l -> l.replaceFirst("#.*", "").strip())
        .filter(l -> !l.isEmpty()).collect(Collectors.toSet());
  }

  @Test
  void declaredRangesAreWhatTheMechanismsAccept() throws Exception {
    int checked = 0;
    Set<String> composeChecked = new LinkedHashSet<>();
    Set<String> shipped = shipped();
    Set<String> seen = new LinkedHashSet<>();
    for (AgentFactory af : AgentRegistry.factories()) {
      if (!(af instanceof MctsAgentFactory f) || !shipped.contains(af.getClass().getName())) {
        continue;
      }
      seen.add(af.getClass().getName());
      String agent = f.name();
      for (ParamSpec p : f.parameters()) {
        if (ENGINE_KEYS.contains(p.name()) || !p.hasRange()
            || (p.kind() != ParamSpec.Kind.DOUBLE && p.kind() != ParamSpec.Kind.INT)) {
          continue;
        }
        boolean isInt = p.kind() == ParamSpec.Kind.INT;
        String[] inside = isInt
            ? new String[] {Long.toString(p.min().longValue()), Long.toString(p.max().longValue())}
            : new String[] {Double.toString(p.min().doubleValue()), Double.toString(p.max().doubleValue())};
        String[] outside = isInt
            ? new String[] {Long.toString(p.min().longValue() - 1), Long.toString(p.max().longValue() + 1)}
            : new String[] {Double.toString(Math.nextDown(p.min().doubleValue())), Double.toString(Math.nextUp(p.max().doubleValue()))};
        for (String v : inside) {
          Params ps = withContext(Params.defaults(agent, f.parameters()), agent, p.name()).with(p.name(), v);
          assertThat(f.mechanism(ps)).as(agent + " " + p.name() + "=" + v).isNotNull();
        }
        for (String v : outside) {
          String s = agent + "(" + p.name() + "=" + v + contextArgs(agent, p.name()) + ")";
          assertThatThrownBy(() -> AgentRegistry.resolve(s)).as(s).isInstanceOf(SpecException.class)
              .hasMessageContaining("out of range");
          Params raw = withContext(Params.defaults(agent, withoutRange(f.parameters())), agent, p.name()).with(p.name(), v);
          assertThatThrownBy(() -> f.mechanism(raw)).as(s + " (mechanism)").isInstanceOf(SpecException.class);
        }
        checked++;
        if (agent.equals("compose")) {
          composeChecked.add(p.name());
        }
      }
    }
    assertThat(composeChecked).as("compose's ranged keys checked").containsExactlyInAnyOrderElementsOf(COMPOSE_RANGED);
    // uct, puct and the zoo's ranged keys (gumbel 4, smooth_uct 4, rpo, ments 2, boltzmann 2, ...)
    assertThat(checked).isGreaterThanOrEqualTo(30);
    // every shipped agent is an MCTS agent and was looked at
    assertThat(seen).containsExactlyInAnyOrderElementsOf(shipped);
  }
}
