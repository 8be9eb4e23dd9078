package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.GameRegistry;
import org.example.owngame.NoResampleGame;
import org.example.owngame.SharedCopyGame;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two faults of a game of one's own, said in one line as the game's (exit 1) by every command that
 * meets them: a {@code copy()}/{@code copyFrom} that shares an array with the original, and an
 * imperfect-information game without {@code resample}. Before, {@code play} blamed the agent for
 * the first ({@code player 0's agent uct(sims=50) chose illegal action 0 at move 0 of shared_copy;
 * legal: }, an empty list), {@code search} printed a result searched from a position the search
 * itself had moved, {@code solve} and {@code exploitability} measured a tree built on moved
 * positions (exit 0); and the second's line did not say whose fault it was.
 */
class GameCopyAndMissingMethodLineTest {
  private static final String SHARES = "; the game's copy() or copyFrom shares mutable data (an array, a list)"
      + " between a state and its copies, so play on a copy changed the original; the game API requires copies independent of"
      + " their source (State.copy, State.copyFrom); run ponder check 'shared_copy'";

  private static final String NO_RESAMPLE = "the game no_resample does not implement resample (State.resample or"
      + " State.resampleInto), which IS-MCTS needs to draw the worlds it searches in an imperfect-information game; a"
      + " fault of the game, not of its caller: implement it (docs/foundation.md, \"Imperfect-information games: the"
      + " rules\") and run ponder check 'no_resample'";

  @BeforeAll
  static void registerTheTestGames() {
    GameRegistry.register(new SharedCopyGame.Factory());
    GameRegistry.register(new NoResampleGame.Factory());
  }

  private static String line(String... args) {
    Cli r = Cli.run(args);
    assertThat(r.exit).as(String.join(" ", args) + ": " + r.err).isEqualTo(1);
    assertThat(r.err.lines()).as(String.join(" ", args) + ": " + r.err).hasSize(1);
    return r.err.strip();
  }

  /**
   * simulate and bench playouts start every playout from a copy of the initial state: with a copy
   * that shares its array, the first playout moved the initial state to the end, and every later
   * one started finished (mean length near 0, exit 0).
   */
  @Test
  void simulateAndBenchPlayoutsSayASharedCopyIsTheGamesFault() {
    assertThat(line("simulate", "shared_copy", "-n", "50"))
        .startsWith("ponder: error: shared_copy: the state at move 0 changed while a random playout ran on a copy of it"
            + " (copyFrom) (its current player went from 0 to TERMINAL; 'total 0, player 0 to move' became 'total ")
        .endsWith(SHARES);
    assertThat(line("bench", "playouts", "--games", "shared_copy", "--seconds", "0.05", "--runs", "1"))
        .startsWith("ponder: error: shared_copy: the state at move 0 changed while a random playout ran on a copy of it")
        .endsWith(SHARES);
    Cli ok = Cli.run("simulate", "shared_copy(share=false)", "-n", "50");
    assertThat(ok.exit).as(ok.err).isZero();
  }

  @Test
  void playSaysASharedCopyIsTheGamesFault() {
    assertThat(line("play", "shared_copy", "--players", "uct(sims=50),random"))
        .startsWith("ponder: error: shared_copy: the state at move 0 changed while player 0's agent uct(sims=50) ran"
            + " selectAction on a copy of it (its current player went from 0 to TERMINAL; 'total 0, player 0 to move'"
            + " became 'total ")
        .endsWith(SHARES)
        .doesNotContain("illegal");
    // agents that search nothing: the referee's own copy of the state before the move shows it
    assertThat(line("play", "shared_copy", "--players", "random,random"))
        .startsWith("ponder: error: shared_copy: the state at move 0 changed while the referee applied move add")
        .contains("to the state it was copied from ('total 0, player 0 to move' became 'total ")
        .endsWith(SHARES);
    // the same game copying its array plays to the end
    Cli ok = Cli.run("play", "shared_copy(share=false)", "--players", "uct(sims=50),random");
    assertThat(ok.exit).as(ok.err).isZero();
    assertThat(ok.out).contains("result: returns ");
  }

  @Test
  void searchSolveAndExploitabilitySayASharedCopyIsTheGamesFault() {
    assertThat(line("search", "shared_copy", "--agent", "uct(sims=50)"))
        .startsWith("ponder: error: shared_copy: the state at move 0 changed while the agent uct(sims=50) searched"
            + " copies of it (")
        .endsWith(SHARES);
    for (String[] args : new String[][] {
        {"solve", "shared_copy", "--iterations", "1", "--no-progress"},
        {"exploitability", "shared_copy", "--agent", "uniform", "--no-progress"}}) {
      assertThat(line(args)).as(args[0])
          .matches("ponder: error: shared_copy: the state at move \\d+ changed while the game tree was built below it,"
              + " its child after action \\d played on a copy of it \\('total \\d, player \\d to move' became"
              + " 'total \\d, player \\d to move'\\).*")
          .endsWith(SHARES);
    }
  }

  @Test
  void aMissingResampleIsSaidToBeTheGamesInEveryCommandThatSearches() {
    assertThat(line("play", "no_resample", "--players", "uct(sims=20),random"))
        .isEqualTo("ponder: error: game no_resample failed during player 0's agent uct(sims=20)'s selectAction at"
            + " move 1: " + NO_RESAMPLE);
    assertThat(line("search", "no_resample", "--history", "0", "--agent", "uct(sims=20)"))
        .isEqualTo("ponder: error: " + NO_RESAMPLE);
    assertThat(line("exploitability", "no_resample", "--agent", "uct(sims=20)", "--no-progress"))
        .isEqualTo("ponder: error: " + NO_RESAMPLE);
    // CFR walks the whole tree and draws no worlds: the game solves
    Cli solve = Cli.run("solve", "no_resample", "--iterations", "10", "--no-progress");
    assertThat(solve.exit).as(solve.err).isZero();
  }
}
