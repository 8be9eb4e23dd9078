package dev.ponder.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The {@code name(key=value,...)} grammar and typed parameters shared by games and agents. */
class SpecTest {
  private static final List<ParamSpec> HEX_LIKE = List.of(
      ParamSpec.ofInt("board_size", 11, "cells per side"),
      ParamSpec.ofDouble("komi", 0.5, "bonus"),
      ParamSpec.ofBool("swap", false, "pie rule"),
      ParamSpec.ofString("string_rep", "standard", "notation"));

  @Test
  void parsesNamesArgumentsAndNestedSpecifications() {
    assertThat(Spec.parse("tic_tac_toe")).isEqualTo(new Spec("tic_tac_toe", Map.of()));
    assertThat(Spec.parse(" tic_tac_toe() ")).isEqualTo(new Spec("tic_tac_toe", Map.of()));
    Spec hex = Spec.parse("hex(board_size=7, swap=true)");
    assertThat(hex.name()).isEqualTo("hex");
    assertThat(hex.args()).containsExactly(Map.entry("board_size", "7"), Map.entry("swap", "true"));
    assertThat(hex.toString()).isEqualTo("hex(board_size=7,swap=true)");
    Spec nested = Spec.parse("turn_based_simultaneous_game(game=goofspiel(num_cards=4,players=3))");
    assertThat(nested.args()).containsExactly(Map.entry("game", "goofspiel(num_cards=4,players=3)"));
    assertThat(Spec.parse(nested.toString())).isEqualTo(nested);
  }

  @Test
  void malformedSpecificationsSayWhatIsWrong() {
    assertThatThrownBy(() -> Spec.parse("")).isInstanceOf(SpecException.class).hasMessageContaining("expected name or name(key=value,...)");
    assertThatThrownBy(() -> Spec.parse("hex(board_size=5")).hasMessageContaining("missing closing ')'");
    assertThatThrownBy(() -> Spec.parse("(board_size=5)")).hasMessageContaining("missing name before '('");
    assertThatThrownBy(() -> Spec.parse("hex(board_size)")).hasMessageContaining("argument 'board_size' is not key=value");
    assertThatThrownBy(() -> Spec.parse("hex(board_size=5,,swap=true)")).hasMessageContaining("empty argument");
    assertThatThrownBy(() -> Spec.parse("hex(a=1,a=2)")).hasMessageContaining("key 'a' given twice");
    assertThatThrownBy(() -> Spec.parse("t(game=g(x=1)")).hasMessageContaining("unbalanced '('");
    assertThatThrownBy(() -> Spec.parse("t(game=g)x=1)")).hasMessageContaining("unbalanced ')'");
    // an extra ')' that the text does not end with was called a missing one
    assertThatThrownBy(() -> Spec.parse("hex(board_size=3)),tic_tac_toe")).hasMessageEndingWith(": unbalanced ')'");
    assertThatThrownBy(() -> Spec.parse("hex(board_size=3)x")).hasMessageEndingWith(": trailing text 'x' after ')'");
  }

  @Test
  void typedParametersTakeDefaultsAndGivenValues() {
    Params d = Params.defaults("hex", HEX_LIKE);
    assertThat(d.getInt("board_size")).isEqualTo(11);
    assertThat(d.getDouble("komi")).isEqualTo(0.5);
    assertThat(d.getBool("swap")).isFalse();
    assertThat(d.getString("string_rep")).isEqualTo("standard");
    assertThat(d.toSpecString()).isEqualTo("hex");

    Params p = Params.resolve(Spec.parse("hex(swap=TRUE,board_size=7)"), HEX_LIKE);
    assertThat(p.getInt("board_size")).isEqualTo(7);
    assertThat(p.getBool("swap")).isTrue();
    assertThat(p.isGiven("board_size")).isTrue();
    assertThat(p.isGiven("komi")).isFalse();
    // only given parameters, in the order given; booleans printed as OpenSpiel prints them
    assertThat(p.toSpecString()).isEqualTo("hex(swap=True,board_size=7)");
    // OpenSpiel's GetParameters(): every value, keys sorted
    assertThat(p.toOpenSpielParameters()).isEqualTo("{board_size=7,komi=0.5,string_rep=standard,swap=True}");
    assertThat(p.with("board_size", "9").toSpecString()).isEqualTo("hex(swap=True,board_size=9)");
  }

  @Test
  void aDerivedValueIsResolvedButNotGiven() {
    Params p = Params.resolve(Spec.parse("hex(swap=TRUE)"), HEX_LIKE);
    Params d = p.withDerived("board_size", "7").withDerived("komi", "1.5");
    assertThat(d.getInt("board_size")).isEqualTo(7);
    assertThat(d.getDouble("komi")).isEqualTo(1.5);
    assertThat(d.isGiven("board_size")).isFalse();
    assertThat(d.isGiven("swap")).isTrue();
    assertThat(d.given()).containsOnlyKeys("swap");
    assertThat(d.toSpecString()).isEqualTo("hex(swap=True)");
    assertThat(d.toOpenSpielParameters()).isEqualTo("{board_size=7,komi=1.5,string_rep=standard,swap=True}");
    // with() rebuilds from the given values (a derived value is not one of them)
    assertThat(p.withDerived("board_size", "7").with("komi", "2").getInt("board_size")).isEqualTo(11);
    assertThatThrownBy(() -> p.withDerived("swap", "false")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'swap' was given");
    assertThatThrownBy(() -> p.withDerived("board_size", "x")).isInstanceOf(SpecException.class)
        .hasMessageStartingWith("hex: ");
  }

  @Test
  void unknownKeysAndBadValuesNameWhatIsValid() {
    assertThatThrownBy(() -> Params.resolve(Spec.parse("hex(size=5)"), HEX_LIKE))
        .isInstanceOf(SpecException.class)
        .hasMessage("unknown parameter 'size' for hex; valid: board_size, komi, swap, string_rep");
    assertThatThrownBy(() -> Params.resolve(Spec.parse("tic_tac_toe(x=1)"), List.of()))
        .hasMessage("unknown parameter 'x' for tic_tac_toe; valid: (none)");
    assertThatThrownBy(() -> Params.resolve(Spec.parse("hex(board_size=abc)"), HEX_LIKE))
        .hasMessage("hex: board_size='abc' is not an integer");
    assertThatThrownBy(() -> Params.resolve(Spec.parse("hex(board_size=5.5)"), HEX_LIKE))
        .hasMessage("hex: board_size='5.5' is not an integer");
    Params huge = Params.resolve(Spec.parse("hex(board_size=99999999999)"), HEX_LIKE);
    assertThatThrownBy(() -> huge.requireInt("board_size", 1, 25))
        .hasMessage("hex: board_size=99999999999 is out of range; valid: 1..25");
    assertThatThrownBy(() -> huge.getInt("board_size"))
        .hasMessage("hex: board_size=99999999999 is out of range; valid: -2147483648..2147483647");
    assertThat(Params.resolve(Spec.parse("hex(board_size=-2147483648)"), HEX_LIKE).getInt("board_size"))
        .isEqualTo(Integer.MIN_VALUE);
    assertThatThrownBy(() -> Params.resolve(Spec.parse("hex(board_size=2147483648)"), HEX_LIKE).requireInt("board_size", 1, 25))
        .hasMessage("hex: board_size=2147483648 is out of range; valid: 1..25");
    assertThatThrownBy(() -> Params.resolve(Spec.parse("hex(komi=half)"), HEX_LIKE))
        .hasMessage("hex: komi='half' is not a finite number; valid: any finite number");
    assertThatThrownBy(() -> Params.resolve(Spec.parse("hex(swap=yes)"), HEX_LIKE))
        .hasMessage("hex: swap=yes is not valid; valid: true, false (or 1, 0; any case)");
    // the spellings the message names are exactly the accepted ones
    for (String t : new String[] {"true", "True", "TRUE", "1"}) {
      assertThat(Params.resolve(Spec.parse("hex(swap=" + t + ")"), HEX_LIKE).getBool("swap")).as(t).isTrue();
    }
    for (String f : new String[] {"false", "False", "FALSE", "0"}) {
      assertThat(Params.resolve(Spec.parse("hex(swap=" + f + ")"), HEX_LIKE).getBool("swap")).as(f).isFalse();
    }
    for (String bad : new String[] {"no", "on", "t", "01", "2", "yes"}) {
      assertThatThrownBy(() -> Params.resolve(Spec.parse("hex(swap=" + bad + ")"), HEX_LIKE)).as(bad)
          .hasMessage("hex: swap=" + bad + " is not valid; valid: true, false (or 1, 0; any case)");
    }
    Params p = Params.resolve(Spec.parse("hex(board_size=0,string_rep=fancy)"), HEX_LIKE);
    assertThatThrownBy(() -> p.requireInt("board_size", 1, 25))
        .hasMessage("hex: board_size=0 is out of range; valid: 1..25");
    assertThatThrownBy(() -> p.requireOneOf("string_rep", "standard", "explicit"))
        .hasMessage("hex: string_rep=fancy is not valid; valid: standard, explicit");
  }
}
