package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ponder solve "pig(winscore=5)"} on a small heap: the tree (about 2.8 KB per history, each
 * history an information state keyed by its whole action string) is refused while it is built, in
 * one line naming the memory, the histories built and the bytes per history, exit 1, within
 * seconds; before, the walk ran until the heap was exhausted (minutes on a default heap).
 */
class SolveMemoryCliTest {
  @TempDir Path dir;

  @Test
  void pigIsRefusedBeforeTheHeapRunsOut() throws Exception {
    List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx128m", "-cp",
        System.getProperty("java.class.path"), Ponder.class.getName(), "solve", "pig(winscore=5)", "--no-progress");
    Path err = dir.resolve("err");
    Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(err.toFile()).start();
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("refused in time").isTrue();
    assertThat(p.exitValue()).isEqualTo(1);
    String text = Files.readString(err);
    assertThat(text).hasLineCount(1).matches("ponder: error: solve: the game tree of pig\\(winscore=5\\) would not fit in the"
        + " JVM's memory \\(\\d+ MB\\): after \\d+ histories it held \\d+ MB, about \\d{4} bytes per history, and the walk was"
        + " projected to reach the bound of 5000000 histories, about \\d+ MB, more than the \\d+ MB of heap it could use; it is"
        + " probably too large for exact solving \\(--max-histories 5000000 bounds the count, not the memory; more memory,"
        + " -Xmx in PONDER_JAVA_OPTS, helps only a tree just too large for this heap\\)\\R");
  }
}
