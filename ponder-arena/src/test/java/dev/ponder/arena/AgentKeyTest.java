package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.spec.SpecException;
import java.util.List;
import org.junit.jupiter.api.Test;

class AgentKeyTest {
  @Test
  void sameNameAndEveryValueAfterDefaultsIsTheSameAgent() {
    // first declares offset (int, default 0); flat_mc declares sims (int, default 10);
    // sleepy declares time_ms (default 5) and sleep_ms (default 0)
    assertThat(AgentKey.of("first")).isEqualTo("first(offset=0)");
    assertThat(AgentKey.of("first(offset=0)")).isEqualTo(AgentKey.of("first"));
    assertThat(AgentKey.of(" first( offset = 0 ) ")).isEqualTo(AgentKey.of("first"));
    assertThat(AgentKey.of("flat_mc(sims=10)")).isEqualTo(AgentKey.of("flat_mc"));
    assertThat(AgentKey.of("sleepy(sleep_ms=2,time_ms=7)")).isEqualTo(AgentKey.of("sleepy(time_ms=7,sleep_ms=2)"))
        .isEqualTo("sleepy(sleep_ms=2,time_ms=7)");
    assertThat(AgentKey.of("sleepy(time_ms=5)")).isEqualTo(AgentKey.of("sleepy(sleep_ms=0)"));
    // different values, different names: different agents
    assertThat(AgentKey.of("first(offset=1)")).isNotEqualTo(AgentKey.of("first"));
    assertThat(AgentKey.of("flat_mc(sims=11)")).isNotEqualTo(AgentKey.of("flat_mc"));
    assertThat(AgentKey.of("random")).isEqualTo("random").isNotEqualTo(AgentKey.of("first"));
    assertThatThrownBy(() -> AgentKey.of("first(nope=1)")).isInstanceOf(SpecException.class);
  }

  @Test
  void firstDuplicateNamesThePositionsOfBothSpellings() {
    assertThat(AgentKey.firstDuplicate(List.of("random", "first", "flat_mc", "first(offset=2)"))).isEmpty();
    assertThat(AgentKey.firstDuplicate(List.of("random", "first", "flat_mc(sims=10)", "first(offset=0)", "flat_mc")))
        .containsExactly(1, 3);
    assertThat(AgentKey.firstDuplicate(List.of("random", "random"))).containsExactly(0, 1);
  }
}
