package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A game tree that outgrows the heap ends solve with one line saying what ran out and what can help. */
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
    assertThat(text.lines()).singleElement().asString()
        .startsWith("ponder: error: solve: the game tree of pig(winscore=5) did not fit in the JVM's memory (")
        .contains("histories; it is probably too large for exact solving (--max-histories 5000000 bounds the count, not the memory");
  }
}
