package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.GameRegistry;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A game's own bug (an exception in its code) is reported in one line naming the exception and where it was thrown. */
class GameFaultLineTest {

  @BeforeAll
  static void registerTheTestGame() {
    GameRegistry.register(new CrashRaceGame.Factory());
    GameRegistry.register(new LeakyRaceGame.Factory());
  }

  @Test
  void aGameThatThrowsIsNamedWithTheExceptionAndItsPlace() {
    String game = "crash_race(legal_crash_at=0)"; // legalActions overruns its buffer at the first state
    for (String[] args : new String[][] {
        {"search", game, "--agent", "uct(sims=50)"},
        {"simulate", game, "-n", "2"},
        {"perft", game, "--depth", "4"}}) {
      Cli r = Cli.run(args);
      assertThat(r.exit).as(String.join(" ", args) + ": " + r.err).isEqualTo(1);
      assertThat(r.err.lines()).as(r.err).singleElement().asString()
          .startsWith("ponder: error: ArrayIndexOutOfBoundsException: Index 2 out of bounds for length 2 at ")
          .contains("CrashRaceGame$RaceState.legalActions(CrashRaceGame.java:")
          .endsWith("(--verbose prints the stack trace)");
    }
  }

  @Test
  void reportedConditionsKeepTheirOwnMessage() {
    // an error the code reports on purpose is printed as it is, without class or place
    Cli r = Cli.run("search", "leaky_race(leak=false)", "--history", "1,x");
    assertThat(r.exit).isEqualTo(2);
    assertThat(r.err).doesNotContain("Exception").doesNotContain(" at ");
  }
}
