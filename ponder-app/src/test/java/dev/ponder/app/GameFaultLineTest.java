package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.GameRegistry;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A game's own bug (an exception in its code) is reported in one line naming the exception and where it was thrown. */
class GameFaultLineTest {

  @BeforeAll
  static void registerTheTestGame() {
    GameRegistry.register(new RaceGame.CrashFactory());
    GameRegistry.register(new RaceGame.LeakyFactory());
    GameRegistry.register(new org.example.owngame.OwnFaultGame.Factory());
    GameRegistry.register(new dev.ponder.game.fixtures.TakeAwayGame.DeclaredImperfectFactory());
  }

  /** The line of {@code OwnFaultGame.java} that holds {@code text} (1-based), read from the test sources. */
  private static int lineOf(String text) throws java.io.IOException {
    List<String> lines = java.nio.file.Files.readAllLines(
        java.nio.file.Path.of("../ponder-core/src/test/java/org/example/owngame/OwnFaultGame.java"));
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).contains(text)) {
        return i + 1;
      }
    }
    throw new AssertionError(text + " not in OwnFaultGame.java");
  }

  @Test
  void anyExceptionOfCodeOutsidePonderIsNamedWithItsClassAndPlaceInEveryCommand() throws Exception {
    // an IllegalStateException of a game of one's own: not one of the classic faults (index, null,
    // cast, ...), but thrown outside Ponder, so named as the arena names it
    String place = "at org.example.owngame.OwnFaultGame$S.doApplyAction(OwnFaultGame.java:"
        + lineOf("throw new IllegalStateException(\"roll bookkeeping") + ")";
    String game = "own_fault(fault=apply)";
    for (String[] args : new String[][] {
        {"simulate", game, "-n", "3"},
        {"search", game, "--history", "0,0,0", "--agent", "uct(sims=50)"},
        {"play", game, "--players", "random,random"},
        {"perft", game, "--depth", "6"},
        {"solve", game, "--iterations", "1", "--no-progress"},
        {"exploitability", game, "--agent", "uniform", "--no-progress"}}) {
      Cli r = Cli.run(args);
      assertThat(r.exit).as(String.join(" ", args) + ": " + r.err).isEqualTo(1);
      assertThat(r.err.lines()).as(String.join(" ", args) + ": " + r.err).singleElement().asString()
          .isEqualTo("ponder: error: IllegalStateException: roll bookkeeping out of sync " + place
              + " (--verbose prints the stack trace)");
    }
    // an IllegalArgumentException of the game's code while the tree is walked is the game's fault
    // (exit 1, named), not a refusal of the input (exit 2)
    for (String command : new String[] {"solve", "exploitability"}) {
      Cli r = command.equals("solve") ? Cli.run("solve", "own_fault(fault=argument)", "--iterations", "1", "--no-progress")
          : Cli.run("exploitability", "own_fault(fault=argument)", "--agent", "uniform", "--no-progress");
      assertThat(r.exit).as(command + ": " + r.err).isEqualTo(1);
      assertThat(r.err.lines()).as(r.err).singleElement().asString()
          .isEqualTo("ponder: error: IllegalArgumentException: no move from total 3 at org.example.owngame.OwnFaultGame$S"
              + ".doApplyAction(OwnFaultGame.java:" + lineOf("throw new IllegalArgumentException(") + ")"
              + " (--verbose prints the stack trace)");
    }
    // a bare exception (no message) is named by its class, with its place
    String init = "ponder: error: UnsupportedOperationException at org.example.owngame.OwnFaultGame.newInitialState("
        + "OwnFaultGame.java:" + lineOf("throw new UnsupportedOperationException()") + ")";
    for (String[] args : new String[][] {
        {"simulate", "own_fault(fault=init)"},
        {"search", "own_fault(fault=init)", "--agent", "uct(sims=50)"},
        {"play", "own_fault(fault=init)", "--players", "random,random"},
        {"check", "own_fault(fault=init)"}}) {
      Cli r = Cli.run(args);
      assertThat(r.exit).as(String.join(" ", args) + ": " + r.err).isEqualTo(1);
      assertThat(r.err.lines()).as(String.join(" ", args) + ": " + r.err).singleElement().asString()
          .isEqualTo(init + " (--verbose prints the stack trace)");
    }
    // --verbose: the line, then the stack trace
    Cli v = Cli.run("simulate", "own_fault(fault=init)", "--verbose");
    assertThat(v.err.lines().findFirst()).hasValue(init);
    assertThat(v.err).contains("java.lang.UnsupportedOperationException").contains("\tat org.example.owngame.OwnFaultGame");
  }

  @Test
  void aStateThatReportsTheChancePlayerWithoutChanceOutcomesIsToldSo() {
    Cli r = Cli.run("simulate", "own_fault(fault=nochance)", "-n", "1");
    assertThat(r.exit).as(r.err).isEqualTo(1);
    assertThat(r.err.lines()).as(r.err).singleElement().asString()
        .matches("ponder: error: own_fault: the state at history \\[[01]\\] reports the chance player"
            + " \\(currentPlayer\\(\\) returns CHANCE\\) but its class org\\.example\\.owngame\\.OwnFaultGame\\$S does not"
            + " override chanceOutcomes\\(int\\[\\], double\\[\\]\\)");
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
          .contains("RaceGame$RaceState.legalActions(RaceGame.java:")
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

  @Test
  void informationStatesWithoutPerfectRecallAreTheGamesFaultExitOne() {
    // a refusal of the game's information states is a fault of the game (exit 1, as a broken
    // GameContract rule), not a usage error (exit 2) of the command's input
    for (String command : new String[] {"solve", "exploitability"}) {
      Cli r = command.equals("solve") ? Cli.run("solve", "own_fault(fault=recall)", "--iterations", "1", "--no-progress")
          : Cli.run("exploitability", "own_fault(fault=recall)", "--agent", "uniform", "--no-progress");
      assertThat(r.exit).as(command + ": " + r.err).isEqualTo(1);
      assertThat(r.err.lines()).as(r.err).singleElement().asString()
          .startsWith("ponder: error: own_fault(fault=recall): information state 'to move 0' of player 0 recurs on one"
              + " history, after [")
          .endsWith(": the game tree (solve, exploitability, best response) requires perfect recall (an information state"
              + " must hold everything its player saw and did before)");
    }
  }

  @Test
  void anImperfectInformationGameWithoutPerfectRecallIsPointedToPonderCheck() {
    // markov_take_away_declared_imperfect: imperfect information declared, the information state
    // the position alone, so player 0 reaches '7 left, player 0 to move' after taking 1 or 2 first
    String game = "markov_take_away_declared_imperfect";
    for (String command : new String[] {"solve", "exploitability"}) {
      Cli r = command.equals("solve") ? Cli.run("solve", game, "--iterations", "1", "--no-progress")
          : Cli.run("exploitability", game, "--agent", "uniform", "--no-progress");
      assertThat(r.exit).as(command + ": " + r.err).isEqualTo(1);
      assertThat(r.err.lines()).as(r.err).containsExactly("ponder: error: " + game + ": information state '1 left,"
          + " player 0 to move' of player 0 is reached after histories [0, 0, 0, 0, 0, 0, 0, 1] and [0, 0, 0, 0, 0, 0, 1,"
          + " 0], along which that player's own earlier information states or actions differ: the game tree (solve,"
          + " exploitability, best response) requires perfect recall (an information state must hold everything its"
          + " player saw and did before); run ponder check '" + game + "'");
    }
  }
}
