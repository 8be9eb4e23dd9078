package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A game tree that would outgrow the heap ends solve with one line saying what would run out and
 * what can help, exit 1, and now before the heap runs out: {@code pig(winscore=5)} (about 2.8 KB
 * per history, each history an information state keyed by its whole action string) is refused
 * while it is built, on the bytes it holds and the walk's projection; before, the walk ran until
 * an OutOfMemoryError (minutes on a default heap).
 */
class SolveTreeMemoryTest {
  @TempDir Path dir;

  @Test
  void aTreeBeyondTheHeapIsOneLineWithExit1() throws Exception {
    // pig's histories run up to its horizon: far beyond a small heap long before --max-histories
    List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx96m", "-cp",
        System.getProperty("java.class.path"), Ponder.class.getName(), "solve", "pig(winscore=5)", "--no-progress");
    Path err = dir.resolve("err.txt");
    Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(err.toFile()).start();
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).isEqualTo(1);
    String text = Files.readString(err);
    assertThat(text).hasLineCount(1).matches("ponder: error: solve: the game tree of pig\\(winscore=5\\) would not fit in the"
        + " JVM's memory \\(\\d+ MB\\): after \\d+ histories it held \\d+ MB, about \\d{4} bytes per history, and the walk was"
        + " projected to reach the bound of 5000000 histories, about \\d+ MB, more than the \\d+ MB of heap it could use; it is"
        + " probably too large for exact solving \\(--max-histories 5000000 bounds the count, not the memory; more memory,"
        + " -Xmx in PONDER_JAVA_OPTS, helps only a tree just too large for this heap\\)\\R");
  }
}
