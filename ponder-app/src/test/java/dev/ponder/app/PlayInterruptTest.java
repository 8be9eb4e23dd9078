package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.MatchRecord;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ponder play} interrupted by Ctrl-C (SIGINT) while a human types: one line, the moves so
 * far saved to {@code --record} as {@code quit} saves them, exit 130.
 */
class PlayInterruptTest {
  @TempDir Path dir;

  @Test
  @DisabledOnOs(OS.WINDOWS) // sends the signal with kill
  void sigintWhileAHumanTypesSavesThePartialRecordAndSaysSo() throws Exception {
    Signals.Interrupt sig = Signals.interrupt();
    Path rec = dir.resolve("m.txt");
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), Ponder.class.getName(), "play", "tic_tac_toe", "--players",
        "human,random", "--seed", "3", "--record", rec.toString()));
    Path out = dir.resolve("child.out");
    Path err = dir.resolve("child.err");
    Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    OutputStream in = p.getOutputStream();
    in.write("4\n".getBytes(StandardCharsets.UTF_8));
    in.flush(); // input stays open: the human is asked for the second move
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < deadline && p.isAlive()
        && Files.readString(out).split("player 0 move> ", -1).length < 3) {
      Thread.sleep(10);
    }
    assertThat(p.isAlive()).as("child ended before the signal; stderr: " + Files.readString(err)).isTrue();
    Process kill = new ProcessBuilder("kill", sig.flag(), Long.toString(p.pid())).inheritIO().start();
    assertThat(kill.waitFor(10, TimeUnit.SECONDS)).isTrue();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).isEqualTo(sig.exitCode());
    assertThat(Files.readString(err).strip()).isEqualTo("ponder: play: interrupted after 2 actions; saved to " + rec
        + " as a partial record of 2 actions (ponder replay " + rec + " shows the position)");
    int[] actions = MatchRecord.parse(Files.readString(rec).strip()).actions();
    assertThat(actions).hasSize(2);
    assertThat(actions[0]).isEqualTo(4);
  }

  /** The line the hook prints, before the match and without --record. */
  @Test
  void theLineSaysWhatWasSaved() throws Exception {
    PlayCommand c = new PlayCommand();
    assertThat(c.interruptedLine()).isEqualTo("ponder: play: interrupted before the match started; nothing was played or saved");
  }
}
