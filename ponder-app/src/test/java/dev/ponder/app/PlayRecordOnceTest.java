package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.ponder.agent.Agent;
import dev.ponder.agent.AgentFactory;
import dev.ponder.agent.AgentRegistry;
import dev.ponder.game.Game;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code play --record}: the record is written once, by whichever of the match and a signal ends
 * it first, and the lines say what was written; a failed save keeps the failure's own error line
 * and exit status; an Error of an agent or the game (not only an exception) saves the moves so far.
 */
class PlayRecordOnceTest {
  @TempDir Path tmp;

  /** What {@code throwing(kind=...)} throws from selectAction: a StackOverflowError or a NoClassDefFoundError. */
  static final class Throwing implements AgentFactory {
    @Override
    public String name() {
      return "throwing_test";
    }

    @Override
    public String description() {
      return "test agent: throws an Error";
    }

    @Override
    public List<ParamSpec> parameters() {
      return List.of(ParamSpec.ofString("kind", "overflow", "overflow or noclass"));
    }

    @Override
    public Agent create(Game game, Params params, long seed) {
      boolean overflow = params.getString("kind").equals("overflow");
      return state -> {
        if (overflow) {
          throw new StackOverflowError();
        }
        throw new NoClassDefFoundError("org/example/Missing");
      };
    }
  }

  /** Plays the first legal action; before its first move it runs {@link #atFirstMove} (a signal's hook, in a test). */
  static final class Signalling implements AgentFactory {
    static volatile Runnable atFirstMove = () -> { };

    @Override
    public String name() {
      return "signalling_test";
    }

    @Override
    public String description() {
      return "test agent: runs a hook at its first move";
    }

    @Override
    public List<ParamSpec> parameters() {
      return List.of();
    }

    @Override
    public Agent create(Game game, Params params, long seed) {
      boolean[] ran = {false};
      return state -> {
        if (!ran[0]) {
          ran[0] = true;
          atFirstMove.run();
        }
        return state.legalActions()[0];
      };
    }
  }

  @BeforeAll
  static void register() {
    AgentRegistry.register(new Throwing());
    AgentRegistry.register(new Signalling());
    AgentRegistry.register(new PlayIllegalAgentMoveTest.Always99());
  }

  /** A play run whose PlayCommand the test can reach (for its interrupt line). */
  private record Run(PlayCommand play, Supplier<Integer> exec, StringWriter out, StringWriter err) {}

  private static Run prepare(String stdin, String... args) {
    CommandLine cl = Ponder.commandLine(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    PlayCommand play = (PlayCommand) cl.getSubcommands().get("play").getCommand();
    return new Run(play, () -> cl.execute(args), out, err);
  }

  /**
   * Runs a match with a {@code signalling_test} seat whose first move calls the interrupt hook (as
   * a signal would then) and returns the hook's line; the match itself must end with exit 0.
   */
  private static String interruptedAtFirstMove(Run run) {
    String[] line = new String[1];
    Signalling.atFirstMove = () -> line[0] = run.play().interruptedLine();
    try {
      assertThat(run.exec().get()).as(run.err().toString()).isZero();
    } finally {
      Signalling.atFirstMove = () -> { };
    }
    return line[0];
  }

  /** A save that fails after an agent's failure: the agent's error line and exit status stand, and one line says the save failed. */
  @Test
  void aFailedSaveKeepsTheOriginalErrorAndExitStatus() {
    assumeTrue(Files.isWritable(Path.of("/dev/full")), "needs /dev/full");
    Cli r = Cli.runWithInput("4\n", "play", "tic_tac_toe", "--players", "human,always99", "--record", "/dev/full");
    assertThat(r.exit).as(r.err).isEqualTo(1);
    List<String> lines = r.err.strip().lines().toList();
    assertThat(lines).as(r.err).hasSize(2);
    assertThat(lines.get(0)).startsWith("ponder: play: the match stopped after 1 action on the error below; they could not"
        + " be saved: cannot write --record /dev/full").doesNotContain("saved to");
    assertThat(lines.get(1)).startsWith("ponder: error: player 1's agent always99 chose illegal action 99 at move 1");
  }

  /** An agent's StackOverflowError or NoClassDefFoundError (a fault of its code, or of a game's) saves the moves so far too. */
  @Test
  void anErrorOfAnAgentSavesTheMovesSoFar() throws Exception {
    for (String kind : List.of("overflow", "noclass")) {
      Path rec = tmp.resolve(kind + ".txt");
      Cli r = Cli.runWithInput("4\n", "play", "tic_tac_toe", "--players", "human,throwing_test(kind=" + kind + ")",
          "--record", rec.toString());
      assertThat(r.exit).as(r.err).isEqualTo(1);
      assertThat(r.err).as(kind).startsWith("ponder: play: the match stopped after 1 action on the error below; saved to "
          + rec + " as a partial record of 1 action");
      assertThat(r.err.strip().lines().toList()).as(r.err).hasSize(2);
      assertThat(Files.readString(rec).strip()).isEqualTo("tic_tac_toe | 4");
    }
  }

  /**
   * A signal while the match is played saves the moves so far; the match, going on until the JVM
   * ends, does not write the record again (nor say it saved it).
   */
  @Test
  void aSignalDuringTheMatchWritesTheRecordOnce() throws Exception {
    Path rec = tmp.resolve("sig.txt");
    Run run = prepare("", "play", "tic_tac_toe", "--players", "random,signalling_test", "--seed", "3",
        "--record", rec.toString());
    assertThat(interruptedAtFirstMove(run)).isEqualTo("ponder: play: interrupted after 1 action; saved to " + rec
        + " as a partial record of 1 action (ponder replay " + rec + " shows the position)");
    assertThat(Files.readAllLines(rec)).singleElement().asString().matches("tic_tac_toe \\| \\d");
    assertThat(run.out().toString()).contains("result: ").doesNotContain("saved to");
  }

  /**
   * A signal after a match stopped on an error (its moves already saved) says what was saved and
   * does not write the record again.
   */
  @Test
  void aSignalAfterAnErrorSaysWhatWasSaved() throws Exception {
    Path rec = tmp.resolve("err.txt");
    Run run = prepare("4\n", "play", "tic_tac_toe", "--players", "human,always99", "--record", rec.toString());
    assertThat(run.exec().get()).isEqualTo(1);
    Files.delete(rec);
    assertThat(run.play().interruptedLine()).isEqualTo("ponder: play: interrupted as the match stopped (after 1 action on"
        + " an error); saved to " + rec + " as a partial record of 1 action (ponder replay " + rec + " shows the position)");
    assertThat(rec).doesNotExist();
    // after a finished match: its record, not a partial one
    Path done = tmp.resolve("done.txt");
    Run fin = prepare("", "play", "tic_tac_toe", "--players", "random,random", "--record", done.toString());
    assertThat(fin.exec().get()).isZero();
    assertThat(fin.play().interruptedLine()).isEqualTo("ponder: play: interrupted as the match ended; its record was saved to "
        + done);
  }

  /**
   * A match that stops before its first action (input ending at once, quit at the first prompt, an
   * undo back to the start, an error or a signal before any move) writes nothing: an existing
   * record is kept, and the line says so.
   */
  @Test
  void aMatchStoppedBeforeItsFirstActionKeepsAnExistingRecord() throws Exception {
    Path rec = tmp.resolve("kept.txt");
    String kept = "tic_tac_toe | 4 0" + System.lineSeparator();
    String nothing = "nothing saved to " + rec + " (no action was played; the file is left as it was)";
    Files.writeString(rec, kept);
    Cli ended = Cli.runWithInput("", "play", "tic_tac_toe", "--players", "human,random", "--record", rec.toString());
    assertThat(ended.exit).as(ended.err).isEqualTo(1);
    assertThat(ended.err.strip()).isEqualTo("ponder: error: input ended while waiting for player 0's move; " + nothing);
    assertThat(Files.readString(rec)).isEqualTo(kept);
    for (String input : List.of("quit\n", "4\nundo\nquit\n")) {
      Cli quit = Cli.runWithInput(input, "play", "tic_tac_toe", "--players", "human,random", "--record", rec.toString());
      assertThat(quit.exit).as(quit.err).isZero();
      assertThat(quit.out).as(input).contains("player 0 quit after 0 actions; " + nothing);
      assertThat(Files.readString(rec)).as(input).isEqualTo(kept);
    }
    Cli failed = Cli.run("play", "tic_tac_toe", "--players", "always99,random", "--record", rec.toString());
    assertThat(failed.exit).as(failed.err).isEqualTo(1);
    assertThat(failed.err).startsWith("ponder: play: the match stopped after 0 actions on the error below; " + nothing);
    assertThat(Files.readString(rec)).isEqualTo(kept);
    Run run = prepare("", "play", "tic_tac_toe", "--players", "signalling_test,random", "--record", rec.toString());
    assertThat(interruptedAtFirstMove(run)).isEqualTo("ponder: play: interrupted after 0 actions; " + nothing);
    assertThat(Files.readString(rec)).isEqualTo(kept);
  }
}
