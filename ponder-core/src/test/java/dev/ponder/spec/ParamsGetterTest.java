package dev.ponder.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The typed getters read only their own kinds: no truncation, no ClassCastException. */
class ParamsGetterTest {
  private final List<ParamSpec> declared = List.of(
      ParamSpec.ofInt("n", 3, "an integer"),
      ParamSpec.ofDouble("c", 1.0, "a number"),
      ParamSpec.ofBool("flag", false, "a boolean"),
      ParamSpec.ofString("name", "x", "a string"));
  private final Params p = Params.resolve(Spec.parse("toy(n=7,c=1.5,flag=true,name=abc)"), declared);

  @Test
  void eachGetterReadsItsKind() {
    assertThat(p.getInt("n")).isEqualTo(7);
    assertThat(p.getDouble("c")).isEqualTo(1.5);
    assertThat(p.getDouble("n")).isEqualTo(7.0); // an integer widens
    assertThat(p.getBool("flag")).isTrue();
    assertThat(p.getString("name")).isEqualTo("abc");
    assertThat(p.getString("c")).isEqualTo("1.5");
  }

  @Test
  void getIntOnANumberIsRefusedNotTruncated() {
    assertThatThrownBy(() -> p.getInt("c")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("toy: getInt(\"c\"): parameter 'c' is of kind DOUBLE, not INT");
  }

  @Test
  void getBoolOnANumberIsAnIllegalArgumentNotAClassCast() {
    assertThatThrownBy(() -> p.getBool("n")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("toy: getBool(\"n\"): parameter 'n' is of kind INT, not BOOL");
    assertThatThrownBy(() -> p.getDouble("flag")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("toy: getDouble(\"flag\"): parameter 'flag' is of kind BOOL, not DOUBLE or INT");
    assertThatThrownBy(() -> p.getInt("name")).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void undeclaredNameIsNamed() {
    assertThatThrownBy(() -> p.getInt("nosuch")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("toy has no parameter 'nosuch'");
  }

  @Test
  void typedGivesTheValueAsWrittenForMessages() {
    Params q = Params.resolve(Spec.parse("toy( c = 1e2 ,flag=TRUE)"), declared);
    assertThat(q.typed("c")).isEqualTo("1e2");
    assertThat(q.getDouble("c")).isEqualTo(100.0);
    assertThat(q.typed("flag")).isEqualTo("TRUE");
    assertThat(q.typed("n")).isEqualTo("3"); // not given: the default, formatted
    assertThat(q.withDerived("n", "5").typed("c")).isEqualTo("1e2");
  }
}
