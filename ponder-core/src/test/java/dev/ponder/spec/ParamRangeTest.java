package dev.ponder.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Declared ranges of integer and number parameters: enforced when resolving, shown in listings. */
class ParamRangeTest {
  private static final List<ParamSpec> DECLARED = List.of(
      ParamSpec.ofInt("board_size", 11, 1, 255, "cells per side"),
      ParamSpec.ofDouble("discount", 1.0, 0.0, 1.0, "per-step discount"),
      ParamSpec.ofInt("seed_like", 7, "no range declared"));

  private static Params resolve(Map<String, String> args) {
    return Params.resolve(new Spec("toy", args), DECLARED);
  }

  @Test
  void valuesAtTheBoundsAreAcceptedAndOneBeyondFailsWithOneLineNamingTheRange() {
    assertThat(resolve(Map.of("board_size", "1")).getInt("board_size")).isEqualTo(1);
    assertThat(resolve(Map.of("board_size", "255")).requireInt("board_size")).isEqualTo(255);
    assertThatThrownBy(() -> resolve(Map.of("board_size", "0"))).isInstanceOf(SpecException.class)
        .hasMessage("toy: board_size=0 is out of range; valid: 1..255");
    assertThatThrownBy(() -> resolve(Map.of("board_size", "256")))
        .hasMessage("toy: board_size=256 is out of range; valid: 1..255");
    // beyond Java's int: the declared range, not the int range, is what the message offers
    assertThatThrownBy(() -> resolve(Map.of("board_size", "99999999999")))
        .hasMessage("toy: board_size=99999999999 is out of range; valid: 1..255");
    assertThat(resolve(Map.of("discount", "0")).requireDouble("discount")).isEqualTo(0.0);
    assertThatThrownBy(() -> resolve(Map.of("discount", "1.5")))
        .hasMessage("toy: discount=1.5 is out of range; valid: 0..1");
    // a whole number typed for a double is echoed as typed, not as 2.0
    assertThatThrownBy(() -> resolve(Map.of("discount", "2")))
        .hasMessage("toy: discount=2 is out of range; valid: 0..1");
    // NaN is not a number at all, let alone one out of range
    assertThatThrownBy(() -> resolve(Map.of("discount", "NaN")))
        .hasMessage("toy: discount='NaN' is not a finite number; valid: 0..1");
    // a parameter without a range is still the game's own business
    assertThat(resolve(Map.of("seed_like", "-5")).getInt("seed_like")).isEqualTo(-5);
    assertThatThrownBy(() -> resolve(Map.of()).requireInt("seed_like")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("declares no range");
  }

  @Test
  void withReChecksTheRange() {
    Params p = resolve(Map.of("board_size", "5"));
    assertThat(p.with("board_size", "9").getInt("board_size")).isEqualTo(9);
    assertThatThrownBy(() -> p.with("board_size", "300")).hasMessage("toy: board_size=300 is out of range; valid: 1..255");
  }

  @Test
  void describeShowsTheRangeOnlyWhenDeclared() {
    assertThat(DECLARED.get(0).describe()).isEqualTo("board_size=11 (int, 1..255) cells per side");
    assertThat(DECLARED.get(1).describe()).isEqualTo("discount=1.0 (double, 0..1) per-step discount");
    assertThat(DECLARED.get(2).describe()).isEqualTo("seed_like=7 (int) no range declared");
    assertThat(DECLARED.get(0).rangeText()).isEqualTo("1..255");
    assertThat(DECLARED.get(2).hasRange()).isFalse();
    assertThat(DECLARED.get(2).rangeText()).isNull();
    // the four-argument constructor and factories keep working and declare no range
    ParamSpec old = new ParamSpec("n", ParamSpec.Kind.INT, 3, "old style");
    assertThat(old.min()).isNull();
    assertThat(old).isEqualTo(ParamSpec.ofInt("n", 3, "old style"));
  }

  /** A number parameter without a range accepts any finite number, says so, and refuses NaN and the infinities. */
  @Test
  void aNumberWithoutARangeAcceptsAnyFiniteNumber() {
    ParamSpec q = ParamSpec.ofDouble("q_init", 0.5, "Q of an unvisited child");
    assertThat(q.describe()).isEqualTo("q_init=0.5 (double, any finite number) Q of an unvisited child");
    assertThat(q.parse("-1e300")).isEqualTo(-1e300);
    for (String bad : new String[] {"NaN", "Infinity", "-Infinity"}) {
      assertThatThrownBy(() -> q.parse(bad)).isInstanceOf(SpecException.class)
          .hasMessage("q_init='" + bad + "' is not a finite number; valid: any finite number");
    }
  }

  /** Numbers are decimal: Java's hexadecimal floats and type suffixes are not numbers of a spec string. */
  @Test
  void numbersAreWrittenInDecimal() {
    ParamSpec c = ParamSpec.ofDouble("c", 1.0, "exploration constant");
    assertThat(c.parse("0.25")).isEqualTo(0.25);
    assertThat(c.parse(".5")).isEqualTo(0.5);
    assertThat(c.parse("2.")).isEqualTo(2.0);
    assertThat(c.parse("-3")).isEqualTo(-3.0);
    assertThat(c.parse("+1.5E-2")).isEqualTo(0.015);
    for (String bad : new String[] {"0x1p3", "1f", "2d", "1e", ".", "1.5.2", "e3", "1_000"}) {
      assertThatThrownBy(() -> c.parse(bad)).as(bad).isInstanceOf(SpecException.class)
          .hasMessage("c='" + bad + "' is not a finite number; valid: any finite number");
    }
  }

  @Test
  void inconsistentDeclarationsAreRefused() {
    assertThatThrownBy(() -> ParamSpec.ofInt("n", 0, 1, 10, "d")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("default 0 outside 1..10");
    assertThatThrownBy(() -> ParamSpec.ofInt("n", 5, 10, 1, "d")).hasMessageContaining("empty range");
    assertThatThrownBy(() -> ParamSpec.ofDouble("x", 0.5, Double.NaN, 1.0, "d")).hasMessageContaining("empty range");
    assertThatThrownBy(() -> new ParamSpec("b", ParamSpec.Kind.BOOL, true, "d", 0, 1))
        .hasMessageContaining("a range is for int");
    assertThatThrownBy(() -> new ParamSpec("n", ParamSpec.Kind.INT, 1, "d", 0, null))
        .hasMessageContaining("needs both bounds");
    assertThatThrownBy(() -> new ParamSpec("n", ParamSpec.Kind.INT, 1, "d", 0.0, 2.0))
        .hasMessageContaining("a range is for int");
  }
}
