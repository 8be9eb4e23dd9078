package dev.ponder.search.mcts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.agent.AgentFactory;
import dev.ponder.agent.AgentRegistry;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import dev.ponder.spec.SpecException;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Every MCTS agent's own numeric keys: the range {@code ponder agents} shows is the range its
 * mechanism accepts (both bounds build; one step beyond is refused by the declared range and, with
 * the range bypassed, by the mechanism itself).
 */
class AgentRangesTest {
  private static final Set<String> ENGINE_KEYS =
      MctsAgentFactory.engineParameters().stream().map(ParamSpec::name).collect(Collectors.toSet());

  private static List<ParamSpec> withoutRange(List<ParamSpec> ps) {
    return ps.stream().map(p -> new ParamSpec(p.name(), p.kind(), p.defaultValue(), p.description())).toList();
  }

  @Test
  void declaredRangesAreWhatTheMechanismsAccept() {
    int checked = 0;
    for (AgentFactory af : AgentRegistry.factories()) {
      if (!(af instanceof MctsAgentFactory f)) {
        continue;
      }
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
          Params ps = Params.defaults(agent, f.parameters()).with(p.name(), v);
          assertThat(f.mechanism(ps)).as(agent + " " + p.name() + "=" + v).isNotNull();
        }
        for (String v : outside) {
          String s = agent + "(" + p.name() + "=" + v + ")";
          assertThatThrownBy(() -> AgentRegistry.resolve(s)).as(s).isInstanceOf(SpecException.class)
              .hasMessageContaining("out of range");
          Params raw = Params.defaults(agent, withoutRange(f.parameters())).with(p.name(), v);
          assertThatThrownBy(() -> f.mechanism(raw)).as(s + " (mechanism)").isInstanceOf(SpecException.class);
        }
        checked++;
      }
    }
    // uct, puct and the zoo's ranged keys (gumbel 4, smooth_uct 4, rpo, ments 2, boltzmann 2, ...)
    assertThat(checked).isGreaterThanOrEqualTo(30);
  }
}
