package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.spec.SpecException;
import java.util.List;
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

  /** An agent that names a budget of its own (sims or time_ms) keeps it: --budget fills neither key in. */
  @Test
  void anAgentWithItsOwnBudgetKeepsIt() {
    assertThat(Budget.apply("uct(time_ms=5,c=1.4)", Budget.parse("sims=100"))).isEqualTo("uct(time_ms=5,c=1.4)");
    assertThat(Budget.apply("uct(sims=7)", Budget.parse("sims=100,time_ms=50"))).isEqualTo("uct(sims=7)");
    assertThat(Budget.apply("uct(time_ms=5)", Budget.parse("sims=100,time_ms=50"))).isEqualTo("uct(time_ms=5)");
    assertThat(Budget.apply("uct(c=1.4)", Budget.parse("sims=100"))).isEqualTo("uct(c=1.4,sims=100)");
    assertThat(Budget.apply("uct", Budget.parse("sims=100,time_ms=50"))).isEqualTo("uct(sims=100,time_ms=50)");
    // sims=0 means no simulation limit: no budget of its own, so the time budget is added
    assertThat(Budget.apply("uct(sims=0)", Budget.parse("time_ms=2"))).isEqualTo("uct(sims=0,time_ms=2)");
  }

  @Test
  void malformedBudgetIsAUsageError() {
    assertThatThrownBy(() -> Budget.parse("sims")).isInstanceOf(SpecException.class).hasMessageContaining("sims=400");
    assertThatThrownBy(() -> Budget.apply("flat_mc", Budget.parse("sims=abc"))).isInstanceOf(SpecException.class);
  }

  /**
   * A number too large for a double is out of range, not "not a number"; Java's other number forms
   * are not numbers here, as nowhere else in Ponder.
   */
  @Test
  void aNumberBeyondEveryRangeIsOutOfRangeAndJavasOtherFormsAreNotNumbers() {
    for (String v : List.of("1e400", "-1e400", "Infinity")) {
      assertThatThrownBy(() -> Budget.parse("sims=" + v)).isInstanceOf(SpecException.class)
          .hasMessage("budget 'sims=" + v + "': sims='" + v + "' is out of range; give a whole number of at least 1");
    }
    for (String v : List.of("0x1p3", "8d", "NaN")) {
      assertThatThrownBy(() -> Budget.parse("time_ms=" + v)).isInstanceOf(SpecException.class)
          .hasMessage("budget 'time_ms=" + v + "': time_ms='" + v + "' is not a number; give a whole number of at least 1");
    }
  }

  /**
   * A key given twice is refused in one line, as in an agent string ({@code uct(sims=1,sims=2)}),
   * rather than keeping the last value; a stored budget written by a build that took the last one
   * still reads that way.
   */
  @Test
  void aRepeatedBudgetKeyIsRefused() {
    assertThatThrownBy(() -> Budget.parse("sims=10,sims=20")).isInstanceOf(SpecException.class)
        .hasMessage("malformed budget 'sims=10,sims=20': key 'sims' given twice");
    assertThatThrownBy(() -> Budget.parse("sims=10, time_ms=5,sims =10")).isInstanceOf(SpecException.class)
        .hasMessageContaining("key 'sims' given twice");
    assertThatThrownBy(() -> new Tournament(new TournamentConfig(java.util.List.of("tic_tac_toe"),
        java.util.List.of("random", "flat_mc"), "sims=10,sims=20", 1, 1, TournamentConfig.ROUND_ROBIN, "", false))).isInstanceOf(SpecException.class)
        .hasMessageContaining("given twice");
    assertThat(Budget.parseStored("sims=10,sims=20")).containsExactly(java.util.Map.entry("sims", "20"));
  }

  /**
   * A budget of 0 is no budget (0 means no limit: {@code uct(time_ms=0)} searched its default
   * 1,000 simulations under a label saying 0 ms), and a blank budget is none given: both are
   * refused in one line, as {@code sims=0} was already refused by the agents; a 0 in the words of
   * every number below its least value (it said "time_ms=0 is no budget (0 means no limit); give
   * time_ms of at least 1").
   */
  @Test
  void aZeroOrBlankBudgetIsRefused() {
    assertThatThrownBy(() -> Budget.parse("time_ms=0")).isInstanceOf(SpecException.class)
        .hasMessage("budget 'time_ms=0': time_ms must be at least 1, got 0");
    assertThatThrownBy(() -> Budget.parse("sims=400,time_ms=0.0")).isInstanceOf(SpecException.class)
        .hasMessage("budget 'sims=400,time_ms=0.0': time_ms must be at least 1, got 0.0");
    assertThatThrownBy(() -> Budget.parse("sims=0")).isInstanceOf(SpecException.class)
        .hasMessage("budget 'sims=0': sims must be at least 1, got 0");
    // not a number: the budget's line, not the first agent's (whose range 0..N names the 0 refused above)
    assertThatThrownBy(() -> Budget.parse("sims=abc")).isInstanceOf(SpecException.class)
        .hasMessage("budget 'sims=abc': sims='abc' is not a number; give a whole number of at least 1");
    assertThatThrownBy(() -> Budget.parse("time_ms=NaN")).isInstanceOf(SpecException.class)
        .hasMessage("budget 'time_ms=NaN': time_ms='NaN' is not a number; give a whole number of at least 1");
    // a fraction: the budget's line too (it was the first agent's "uct: sims='1.5' is not an integer; valid: 0..")
    assertThatThrownBy(() -> Budget.parse("sims=1.5")).isInstanceOf(SpecException.class)
        .hasMessage("budget 'sims=1.5': sims='1.5' is not a whole number; give a whole number of at least 1");
    assertThat(Budget.parse("sims=1e3")).containsEntry("sims", "1e3"); // a whole number in exponent form, as agents take it
    assertThat(Budget.parse("sims=400,c=abc")).containsEntry("c", "abc"); // other keys are the agents' to judge
    assertThatThrownBy(() -> Budget.parse(" ")).isInstanceOf(SpecException.class)
        .hasMessage("malformed budget ' ': it is blank; expected key=value[,key=value...], e.g. sims=400 or time_ms=50"
            + " (leave --budget out for none)");
    assertThatThrownBy(() -> new Tournament(new TournamentConfig(java.util.List.of("tic_tac_toe"),
        java.util.List.of("random", "uct"), "time_ms=0", 1, 1, TournamentConfig.ROUND_ROBIN, "", false)))
        .isInstanceOf(SpecException.class).hasMessage("budget 'time_ms=0': time_ms must be at least 1, got 0");
    // a stored budget is read as it was written
    assertThat(Budget.parseStored("time_ms=0")).containsExactly(java.util.Map.entry("time_ms", "0"));
    assertThat(Budget.parse("")).isEmpty();
    assertThat(Budget.parse(null)).isEmpty();
  }

  /**
   * A negative budget is refused as below 1 (the agents' own range, 0..N, names a 0 that
   * --budget refuses), and an empty item as malformed (a trailing comma was dropped unseen).
   */
  @Test
  void aNegativeBudgetOrAnEmptyItemIsRefused() {
    assertThatThrownBy(() -> Budget.parse("sims=-1")).isInstanceOf(SpecException.class)
        .hasMessage("budget 'sims=-1': sims must be at least 1, got -1");
    assertThatThrownBy(() -> Budget.parse("sims=5,")).isInstanceOf(SpecException.class)
        .hasMessageStartingWith("malformed budget 'sims=5,': expected key=value");
    assertThatThrownBy(() -> Budget.parse("sims=5,,time_ms=9")).isInstanceOf(SpecException.class)
        .hasMessageStartingWith("malformed budget 'sims=5,,time_ms=9': expected key=value");
    assertThat(Budget.parseStored("sims=5,")).containsExactly(java.util.Map.entry("sims", "5"));
  }

  @Test
  void aBudgetKeyNoAgentDeclaresIsAnError() {
    Budget.checkDeclared(Budget.parse("sims=40"), java.util.List.of("random", "flat_mc"));
    assertThatThrownBy(() -> Budget.checkDeclared(Budget.parse("sim=40"), java.util.List.of("random", "flat_mc")))
        .isInstanceOf(SpecException.class).hasMessageContaining("budget key 'sim'").hasMessageContaining("sims");
  }
}
