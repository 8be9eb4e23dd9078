package dev.ponder.app;

import dev.ponder.game.fixtures.FlawedDieGame;
import dev.ponder.game.fixtures.HiddenGuessGame;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.GameRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A game of the user's own that breaks the API's contract is refused in one line by every
 * command that would otherwise compute with it (exit 1: a fault of the game's code): chance
 * probabilities summing to 0.9, and legal actions listed as [1, 0]. Before, solve, exploitability,
 * perft, simulate, search and play ran without a word on the first (solve's value used the
 * weights as they were), and play, replay and arena called the second game's own legal move 0
 * illegal ("illegal action 0 in flawed_die for player 0; legal: 1 (roll), 0 (stay)"). Returns of
 * NaN are refused too (before, only the arena did).
 */
class GameContractCliTest {
  @TempDir Path dir;

  @BeforeAll
  static void registerTheTestGame() {
    GameRegistry.register(new FlawedDieGame.Factory());
    GameRegistry.register(new HiddenGuessGame.Factory());
  }

  private static final String SUM = "ponder: error: flawed_die(shortfall=0.1): the chance outcomes after history [1] have"
      + " probabilities summing to 0.9, not 1 (±1e-9); the game API requires a probability distribution"
      + " (State.chanceOutcomes); run ponder check 'flawed_die(shortfall=0.1)'";

  private static final String ORDER = "flawed_die(descending=True): the legal actions of player 0 at the initial state,"
      + " [1, 0], are not in ascending order; the game API requires them strictly ascending (State.legalActions);"
      + " run ponder check 'flawed_die(descending=True)'";

  /** The command's stderr, whose last line is the error, and its exit code 1. */
  private static String lastErrorLine(Cli c) {
    assertThat(c.exit).as(c.err).isEqualTo(1);
    String[] lines = c.err.strip().split("\n");
    return lines[lines.length - 1];
  }

  @ParameterizedTest
  @ValueSource(strings = {"solve|--iterations|10|--no-progress", "exploitability|--agent|uct(sims=20)|--no-progress",
      "perft", "simulate|-n|200", "search|--agent|uct(sims=100)", "search|--agent|uct(sims=100,chance_expand_all=true)"})
  void chanceProbabilitiesSummingToPointNineAreRefused(String command) {
    String[] words = command.split("\\|");
    String[] args = new String[words.length + 1];
    args[0] = words[0];
    args[1] = "flawed_die(shortfall=0.1)";
    System.arraycopy(words, 1, args, 2, words.length - 1);
    assertThat(lastErrorLine(Cli.run(args))).isEqualTo(SUM);
  }

  /** The conformance kit writes the sum as every other command does (before: 0.8999999999999999). */
  @Test
  void checkWritesTheSumAsTheOtherCommandsDo() {
    Cli c = Cli.run("check", "flawed_die(shortfall=0.1)");
    assertThat(c.exit).as(c.err).isEqualTo(1);
    assertThat(c.err).contains(": chance-outcomes: probabilities sum to 0.9, not 1 (±1e-9)").doesNotContain("0.8999");
  }

  @Test
  void playRefusesTheBadDistributionWhereTheRefereeDrawsAFace() {
    Cli c = Cli.runWithInput("roll\n", "play", "flawed_die(shortfall=0.1)", "--players", "human,random");
    assertThat(lastErrorLine(c)).endsWith(SUM);
  }

  @ParameterizedTest
  @ValueSource(strings = {"solve|--iterations|10|--no-progress", "perft", "simulate|-n|200",
      "search|--agent|uct(sims=100)"})
  void legalActionsOutOfOrderAreRefused(String command) {
    String[] words = command.split("\\|");
    String[] args = new String[words.length + 1];
    args[0] = words[0];
    args[1] = "flawed_die(descending=true)";
    System.arraycopy(words, 1, args, 2, words.length - 1);
    assertThat(lastErrorLine(Cli.run(args))).isEqualTo("ponder: error: " + ORDER);
  }

  @Test
  void playSaysTheListIsOutOfOrderRatherThanThatTheMoveIsIllegal() {
    Cli c = Cli.runWithInput("stay\n", "play", "flawed_die(descending=true)", "--players", "human,random");
    assertThat(lastErrorLine(c)).endsWith("ponder: error: " + ORDER).doesNotContain("illegal action");
  }

  @Test
  void replaySaysSoNamingTheFile() throws Exception {
    Path f = dir.resolve("m.txt");
    Files.writeString(f, "flawed_die(descending=true) | 0\n");
    assertThat(lastErrorLine(Cli.run("replay", f.toString()))).isEqualTo("ponder: error: " + f + ": " + ORDER);
  }

  /**
   * A file of several records: the flawed game's records are not replayed, with the contract's
   * message, and the other games' records are. Before, the first record of the flawed game
   * stopped the whole file.
   */
  @Test
  void replayOfSeveralRecordsGoesOnWithTheOtherGames() throws Exception {
    Path f = dir.resolve("several.txt");
    Files.writeString(f, "flawed_die(descending=true) | 0\ntic_tac_toe | 4 0\nflawed_die(descending=true) | 1\n"
        + "tic_tac_toe | 4\n");
    Cli c = Cli.run("replay", f.toString());
    assertThat(c.exit).as(c.err).isEqualTo(2);
    assertThat(c.out.lines()).containsExactly(
        f + ":1: not replayed: " + ORDER,
        f + ":2: tic_tac_toe after 2 actions; to move: player 0",
        f + ":3: not replayed: " + ORDER,
        f + ":4: tic_tac_toe after 1 action; to move: player 1");
    assertThat(c.err.strip()).isEqualTo("ponder: 2 of 4 match records in " + f + " failed (lines 1, 3)");
  }

  private static final String NAN_START = "ponder: error: flawed_die(nan=True): the returns at the end of history [1, ";

  private static final String NAN_END = "] are [NaN, NaN], not finite numbers; the game API requires finite returns"
      + " (State.returns); run ponder check 'flawed_die(nan=True)'";

  /**
   * Returns of NaN after a roll are refused in one line by every command that reads a terminal's
   * returns: the random playouts, the game tree (solve, exploitability and its best response) and
   * the search's terminal values, the random rollout's end among them (chance_expand_all reaches the
   * terminals by expansion; a search that never expands the root only by the rollout). Before, they printed
   * NaN means and values, or ran on without a word; only the arena refused them.
   */
  @ParameterizedTest
  @ValueSource(strings = {"simulate|-n|200", "solve|--iterations|10|--no-progress",
      "exploitability|--agent|uct(sims=20)|--no-progress", "search|--agent|uct(sims=100)",
      "search|--agent|uct(sims=100,chance_expand_all=true)", "search|--agent|uct(sims=50,expand=1000)"})
  void nanReturnsAreRefused(String command) {
    String[] words = command.split("\\|");
    String[] args = new String[words.length + 1];
    args[0] = words[0];
    args[1] = "flawed_die(nan=true)";
    System.arraycopy(words, 1, args, 2, words.length - 1);
    assertThat(lastErrorLine(Cli.run(args))).startsWith(NAN_START).endsWith(NAN_END).hasSize(
        NAN_START.length() + 1 + NAN_END.length());
  }

  @Test
  void playRefusesNanReturnsAtTheEnd() {
    Cli c = Cli.runWithInput("roll\n", "play", "flawed_die(nan=true)", "--players", "human,random", "--seed", "1");
    assertThat(lastErrorLine(c)).startsWith(NAN_START).endsWith(NAN_END);
    assertThat(c.out).doesNotContain("result:");
  }

  @Test
  void arenaNamesTheGameNotTheSeat() {
    Cli c = Cli.run("arena", "--games", "flawed_die(descending=true)", "--agents", "random,uct", "--budget", "sims=20",
        "--seeds-per-pairing", "4", "--seed", "3", "--db", dir.resolve("a.db").toString(), "--no-progress",
        "--resamples", "40", "--elo-resamples", "40", "--sco-resamples", "40", "--alpharank-resamples", "40");
    assertThat(c.exit).as(c.err).isEqualTo(1);
    assertThat(c.err).contains("failed (in State.isLegal) at move 0: " + ORDER).doesNotContain("chose illegal action");
  }

  /**
   * A game declared zero-sum (or constant-sum) whose returns at a terminal do not sum to 0 (or to
   * its declared sum) is refused by the game tree of solve and exploitability, in one line with exit
   * 1: NashConv and CFR assume the declared sum. Before, they computed on without a word.
   */
  @ParameterizedTest
  @ValueSource(strings = {"solve|flawed_die(surplus=0.25)|--iterations|10|--no-progress",
      "exploitability|flawed_die(surplus=0.25)|--agent|uniform|--no-progress",
      "solve|hidden_guess(leak=0.5)|--iterations|10|--no-progress",
      "exploitability|hidden_guess(leak=0.5)|--agent|uniform|--no-progress"})
  void returnsThatDoNotSumAsDeclaredAreRefused(String command) {
    String[] args = command.split("\\|");
    String line = lastErrorLine(Cli.run(args));
    if (args[1].startsWith("flawed_die")) {
      assertThat(line).isEqualTo("ponder: error: flawed_die(surplus=0.25): the returns at the end of history [1, 0] are"
          + " [-1.0, 1.25], summing to 0.25, not to 0 as the game declares (zero-sum, GameType.utility); run ponder check"
          + " 'flawed_die(surplus=0.25)'");
    } else {
      assertThat(line).isEqualTo("ponder: error: hidden_guess(leak=0.5): the returns at the end of history [1, 1] are"
          + " [0.5, 1.0], summing to 1.5, not to 1 as the game declares (constant-sum, Game.utilitySum); run ponder check"
          + " 'hidden_guess(leak=0.5)'");
    }
  }
}
