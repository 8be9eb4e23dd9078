package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.spec.SpecException;
import org.junit.jupiter.api.Test;

class BudgetTest {
  @Test
  void budgetGoesToAgentsThatDeclareTheKeyUnlessSetExplicitly() {
    var b = Budget.parse("sims=40");
    assertThat(Budget.apply("flat_mc", b)).isEqualTo("flat_mc(sims=40)");
    assertThat(Budget.apply("flat_mc(sims=5)", b)).isEqualTo("flat_mc(sims=5)");
    assertThat(Budget.apply("random", b)).isEqualTo("random");
    assertThat(Budget.apply("first(offset=1)", Budget.parse("sims=40,time_ms=50"))).isEqualTo("first(offset=1)");
    assertThat(Budget.parse("")).isEmpty();
  }

  @Test
  void malformedBudgetIsAUsageError() {
    assertThatThrownBy(() -> Budget.parse("sims")).isInstanceOf(SpecException.class).hasMessageContaining("sims=400");
    assertThatThrownBy(() -> Budget.apply("flat_mc", Budget.parse("sims=abc"))).isInstanceOf(SpecException.class);
  }

  @Test
  void aBudgetKeyNoAgentDeclaresIsAnError() {
    Budget.checkDeclared(Budget.parse("sims=40"), java.util.List.of("random", "flat_mc"));
    assertThatThrownBy(() -> Budget.checkDeclared(Budget.parse("sim=40"), java.util.List.of("random", "flat_mc")))
        .isInstanceOf(SpecException.class).hasMessageContaining("budget key 'sim'").hasMessageContaining("sims");
  }
}
