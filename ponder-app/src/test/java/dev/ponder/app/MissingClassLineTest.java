package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.agent.AgentRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.example.ownagent.MissingClassAgent;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An agent of one's own whose code needs a class that is not on the class path (its jar on
 * PONDER_CLASSPATH, the jar of the game class it uses not): the error line names the error, the
 * place in the agent's code, that the class is not on the class path, and the {@code --verbose}
 * hint, in every command that creates agents.
 */
class MissingClassLineTest {
  @TempDir Path dir;

  @BeforeAll
  static void registerTheTestAgent() {
    AgentRegistry.register(new MissingClassAgent());
  }

  /** The line of {@code MissingClassAgent.java} that holds {@code text} (1-based), read from the test sources. */
  private static int lineOf(String text) throws java.io.IOException {
    List<String> lines = Files.readAllLines(Path.of("src/test/java/org/example/ownagent/MissingClassAgent.java"));
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).contains(text)) {
        return i + 1;
      }
    }
    throw new AssertionError(text + " not in MissingClassAgent.java");
  }

  @Test
  void aClassMissingFromTheClassPathIsNamedWithThePlaceAndTheClassPath() throws Exception {
    String place = " at org.example.ownagent.MissingClassAgent.knowledge(MissingClassAgent.java:"
        + lineOf("\"org/example/games/SubtractNim\"") + ")";
    String expected = "ponder: error: NoClassDefFoundError: org/example/games/SubtractNim" + place
        + " (class org.example.games.SubtractNim is not on the class path: add the jar or class directory that holds it"
        + " to PONDER_CLASSPATH; --verbose prints the stack trace)";
    for (String[] args : new String[][] {
        {"search", "tic_tac_toe", "--agent", "missing_class"},
        {"play", "tic_tac_toe", "--players", "missing_class,random"},
        {"arena", "--games", "tic_tac_toe", "--agents", "missing_class,random", "--seeds-per-pairing", "1",
            "--db", dir.resolve("a.db").toString()}}) {
      Cli r = Cli.run(args);
      assertThat(r.exit).as(String.join(" ", args) + ": " + r.err).isEqualTo(1);
      assertThat(r.err.lines().filter(l -> l.startsWith("ponder: ")).toList()).as(r.err).containsExactly(expected);
    }
    // --verbose: the trace follows, the note on the class path stays
    Cli v = Cli.run("search", "tic_tac_toe", "--agent", "missing_class", "--verbose");
    assertThat(v.exit).isEqualTo(1);
    assertThat(v.err.lines().findFirst().orElseThrow()).isEqualTo("ponder: error: NoClassDefFoundError:"
        + " org/example/games/SubtractNim" + place + " (class org.example.games.SubtractNim is not on the class path: add"
        + " the jar or class directory that holds it to PONDER_CLASSPATH)");
    assertThat(v.err).contains("\tat org.example.ownagent.MissingClassAgent.knowledge(");
  }

  @Test
  void aClassNotFoundExceptionAmongTheCausesOfAnOwnExceptionIsNamedToo() throws Exception {
    Cli r = Cli.run("search", "tic_tac_toe", "--agent", "missing_class(kind=1)");
    assertThat(r.exit).as(r.err).isEqualTo(1);
    assertThat(r.err.lines()).as(r.err).singleElement().asString().isEqualTo(
        "ponder: error: IllegalStateException: cannot load the oracle's tables at org.example.ownagent.MissingClassAgent"
            + ".knowledge(MissingClassAgent.java:" + lineOf("throw new IllegalStateException(") + ") (class"
            + " org.example.games.Gone is not on the class path: add the jar or class directory that holds it to"
            + " PONDER_CLASSPATH; --verbose prints the stack trace)");
  }

  @Test
  void aMissingClassOfPondersOwnPackagesSaysToRebuildAgainstThisPonder() throws Exception {
    Cli r = Cli.run("search", "tic_tac_toe", "--agent", "missing_class(kind=2)");
    assertThat(r.exit).as(r.err).isEqualTo(1);
    assertThat(r.err.lines()).as(r.err).singleElement().asString().isEqualTo(
        "ponder: error: NoClassDefFoundError: dev/ponder/search/mcts/NewerApi at org.example.ownagent.MissingClassAgent"
            + ".knowledge(MissingClassAgent.java:" + lineOf("\"dev/ponder/search/mcts/NewerApi\"") + ") (class"
            + " dev.ponder.search.mcts.NewerApi is not in this version of Ponder: the code that uses it was built against"
            + " another version; rebuild it against this one (./mvnw -q -B install -DskipTests at Ponder's root installs"
            + " this version); --verbose prints the stack trace)");
    assertThat(r.err).doesNotContain("PONDER_CLASSPATH");
  }

  @Test
  void anErrorOfTheJvmItselfKeepsItsOwnHint() {
    assertThat(Ponder.hint(new NoClassDefFoundError("Could not initialize class org.example.X"), false))
        .isEqualTo(" (--verbose prints the stack trace)");
    assertThat(dev.ponder.spi.Faults.missingClass(new NoClassDefFoundError("org/example/games/SubtractNim"), null)).isEqualTo(
        "org.example.games.SubtractNim");
    assertThat(dev.ponder.spi.Faults.missingClass(new IllegalStateException("x"), null)).isNull();
  }
}
