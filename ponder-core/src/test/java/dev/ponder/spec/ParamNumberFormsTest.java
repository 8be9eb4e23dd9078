package dev.ponder.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Integers in exponent form (accepted when whole and in range) and numbers that are not finite
 * (refused echoing the text typed).
 */
class ParamNumberFormsTest {
  private static final List<ParamSpec> DECLARED = List.of(
      ParamSpec.ofInt("sims", 100, 0, 100_000_000, "simulations"),
      ParamSpec.ofInt("offset", 0, "no range declared"),
      ParamSpec.ofDouble("c", 1.4, 0.0, 1e6, "exploration"),
      ParamSpec.ofDouble("bias", 0.0, "no range declared"));

  private static Params resolve(String key, String value) {
    return Params.resolve(new Spec("uct", Map.of(key, value)), DECLARED);
  }

  @Test
  void anIntegerInExponentFormIsTakenWhenWhole() {
    assertThat(resolve("sims", "1e3").getInt("sims")).isEqualTo(1000);
    assertThat(resolve("sims", "1E3").getInt("sims")).isEqualTo(1000);
    assertThat(resolve("sims", "2.5e2").getInt("sims")).isEqualTo(250);
    assertThat(resolve("sims", "1e+8").getInt("sims")).isEqualTo(100_000_000);
    assertThat(resolve("sims", "0e5").getInt("sims")).isEqualTo(0);
    assertThat(resolve("offset", "-4e1").getInt("offset")).isEqualTo(-40);
    assertThat(resolve("offset", "1500e-1").getInt("offset")).isEqualTo(150);
    // the canonical string writes the integer
    assertThat(resolve("sims", "1e3").toSpecString()).isEqualTo("uct(sims=1000)");
  }

  /**
   * Digits of other scripts are refused: Integer.parseInt takes fullwidth "５" and Arabic-Indic
   * "١٠", which were then run and stored as typed ({@code uct(sims=５)}).
   */
  @Test
  void onlyAsciiDigitsAreAnInteger() {
    for (String v : List.of("５", "١٠", "1０", "٣e2")) {
      assertThatThrownBy(() -> resolve("sims", v)).as(v).isInstanceOf(SpecException.class)
          .hasMessageContaining("is not an integer");
    }
    assertThat(resolve("sims", "+12").getInt("sims")).isEqualTo(12);
    assertThat(resolve("offset", "-007").getInt("offset")).isEqualTo(-7);
    assertThat(ParamSpec.asciiInt("42")).isEqualTo(42);
    assertThatThrownBy(() -> ParamSpec.asciiInt("４２")).isInstanceOf(NumberFormatException.class);
    assertThatThrownBy(() -> dev.ponder.game.MatchRecord.parse("tic_tac_toe | ８ ０"))
        .hasMessage("malformed match record: action '８' is not an integer");
  }

  @Test
  void anExponentFormThatIsNotWholeOrOutOfRangeIsRefused() {
    assertThatThrownBy(() -> resolve("sims", "1.5e0")).isInstanceOf(SpecException.class)
        .hasMessage("uct: sims='1.5e0' is not an integer; valid: 0..100000000");
    assertThatThrownBy(() -> resolve("sims", "1e-4")).hasMessage("uct: sims='1e-4' is not an integer; valid: 0..100000000");
    assertThatThrownBy(() -> resolve("sims", "1.5")).hasMessage("uct: sims='1.5' is not an integer; valid: 0..100000000");
    assertThatThrownBy(() -> resolve("sims", "2e8")).hasMessage("uct: sims=200000000 is out of range; valid: 0..100000000");
    // beyond int (and beyond long, and an exponent beyond int): the text typed, never expanded
    assertThatThrownBy(() -> resolve("sims", "1e12")).hasMessage("uct: sims=1e12 is out of range; valid: 0..100000000");
    assertThatThrownBy(() -> resolve("sims", "1e400")).hasMessage("uct: sims=1e400 is out of range; valid: 0..100000000");
    assertThatThrownBy(() -> resolve("sims", "1e99999999999"))
        .hasMessage("uct: sims=1e99999999999 is out of range; valid: 0..100000000");
    assertThatThrownBy(() -> resolve("offset", "-3e9"))
        .hasMessage("uct: offset=-3e9 is out of range; valid: -2147483648..2147483647");
    assertThatThrownBy(() -> resolve("sims", "1e-99999999999")).hasMessage("uct: sims='1e-99999999999' is not an integer; valid: 0..100000000");
  }

  @Test
  void aValueOfTheWrongKindNamesTheDeclaredRange() {
    assertThatThrownBy(() -> resolve("c", "abc")).hasMessage("uct: c='abc' is not a finite number; valid: 0..1e6");
    assertThatThrownBy(() -> resolve("sims", "many")).hasMessage("uct: sims='many' is not an integer; valid: 0..100000000");
    // no range declared: the kind alone
    assertThatThrownBy(() -> resolve("bias", "abc")).hasMessage("uct: bias='abc' is not a finite number; valid: any finite number");
    assertThatThrownBy(() -> resolve("offset", "1.5")).hasMessage("uct: offset='1.5' is not an integer");
  }

  @Test
  void exactIntegerNeverExpandsTheExponent() {
    assertThat(ParamSpec.exactInteger("1e3")).isEqualTo(1000L);
    assertThat(ParamSpec.exactInteger("1.5e0")).isNull();
    assertThat(ParamSpec.exactInteger("9.223372036854775807e18")).isEqualTo(Long.MAX_VALUE);
    assertThatThrownBy(() -> ParamSpec.exactInteger("9.223372036854775808e18")).isInstanceOf(ArithmeticException.class);
    assertThatThrownBy(() -> ParamSpec.exactInteger("1e999999999")).isInstanceOf(ArithmeticException.class);
    assertThatThrownBy(() -> ParamSpec.exactInteger("1000")).isInstanceOf(NumberFormatException.class);
  }

  /** Trailing zeros of the mantissa change nothing: a whole number stays whole, a fraction a fraction. */
  @Test
  void trailingZerosOfTheMantissaKeepTheValue() {
    String zeros = "0".repeat(120_000);
    assertThat(ParamSpec.exactInteger("1" + zeros + "e-120000")).isEqualTo(1L);
    assertThat(ParamSpec.exactInteger("2.50e1")).isEqualTo(25L);
    assertThat(ParamSpec.exactInteger("-2.5000e1")).isEqualTo(-25L);
    assertThat(ParamSpec.exactInteger("-2.5001e1")).isNull();
    assertThat(ParamSpec.exactInteger("1" + zeros + "1e-120001")).isNull(); // 10.000…01
    assertThat(ParamSpec.exactInteger("0.000e5")).isZero();
    assertThatThrownBy(() -> ParamSpec.exactInteger("1" + zeros + "e0")).isInstanceOf(ArithmeticException.class);
  }

  @Test
  void aNumberThatIsNotFiniteIsRefusedAsTyped() {
    assertThatThrownBy(() -> resolve("c", "1e400")).isInstanceOf(SpecException.class)
        .hasMessage("uct: c='1e400' is not a finite number; valid: 0..1e6");
    assertThatThrownBy(() -> resolve("c", "NaN")).hasMessage("uct: c='NaN' is not a finite number; valid: 0..1e6");
    assertThatThrownBy(() -> resolve("c", "-Infinity")).hasMessage("uct: c='-Infinity' is not a finite number; valid: 0..1e6");
    assertThatThrownBy(() -> resolve("bias", "Infinity"))
        .hasMessage("uct: bias='Infinity' is not a finite number; valid: any finite number");
    assertThatThrownBy(() -> resolve("c", "2e6")).hasMessage("uct: c=2e6 is out of range; valid: 0..1e6");
  }
}
