package dev.ponder.spi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;

class FaultsTest {

  private static StackTraceElement frame(String cls, String method, String file, int line) {
    return new StackTraceElement(cls, method, file, line);
  }

  @Test
  void theFirstFrameOutsideTheJdkIsThePlace() {
    RuntimeException e = new NullPointerException("x");
    e.setStackTrace(new StackTraceElement[] {
        new StackTraceElement(null, "java.base", "17", "java.util.Objects", "requireNonNull", "Objects.java", 209),
        frame("jdk.internal.X", "y", "X.java", 1), frame("com.example.Rules", "fill", "Rules.java", 12),
        frame("com.example.Main", "main", "Main.java", 3)});
    assertThat(Faults.place(e).getClassName()).isEqualTo("com.example.Rules");
    assertThat(Faults.at(e)).isEqualTo(" at com.example.Rules.fill(Rules.java:12)");
  }

  @Test
  void aTraceOnlyInsideTheJdkFallsBackToTheTopFrameWithoutTheModulePrefix() {
    RuntimeException e = new IllegalStateException();
    e.setStackTrace(new StackTraceElement[] {
        new StackTraceElement(null, "java.base", "17", "java.util.ArrayList", "get", "ArrayList.java", 427),
        frame("sun.misc.Z", "z", null, -1)});
    assertThat(Faults.at(e)).isEqualTo(" at java.util.ArrayList.get(ArrayList.java:427)");
    e.setStackTrace(new StackTraceElement[] {frame("sun.misc.Z", "z", null, -1)});
    assertThat(Faults.at(e)).isEqualTo(" at sun.misc.Z.z(Unknown Source)");
    e.setStackTrace(new StackTraceElement[] {frame("a.B", "c", "B.java", -2)});
    assertThat(Faults.at(e)).isEqualTo(" at a.B.c(B.java)");
  }

  @Test
  void noTraceGivesNoPlace() {
    RuntimeException e = new RuntimeException("m", null, false, false) {};
    assertThat(Faults.place(e)).isNull();
    assertThat(Faults.at(e)).isEmpty();
  }

  @Test
  void aRealJdkThrowIsPlacedAtTheCallingLine() {
    List<String> none = new ArrayList<>();
    RuntimeException caught = null;
    try {
      none.get(3);
    } catch (IndexOutOfBoundsException e) {
      caught = e;
    }
    assertThat(Faults.place(caught).getClassName()).isEqualTo(FaultsTest.class.getName());
    assertThat(Faults.place(caught).getMethodName()).isEqualTo("aRealJdkThrowIsPlacedAtTheCallingLine");
    try {
      Objects.requireNonNull(null, "n");
    } catch (NullPointerException e) {
      caught = e;
    }
    assertThat(Faults.at(caught)).startsWith(" at " + FaultsTest.class.getName() + ".aRealJdkThrowIsPlacedAtTheCallingLine(FaultsTest.java:");
  }
}
