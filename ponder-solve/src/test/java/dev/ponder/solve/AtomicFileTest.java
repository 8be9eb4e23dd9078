package dev.ponder.solve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.game.GameRegistry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** Atomic replacement of policy files and charts: a failed write leaves the previous file as it was. */
class AtomicFileTest {
  @TempDir Path dir;

  private static final GameTree KUHN = GameTree.build(GameRegistry.load("kuhn_poker"));

  private List<String> names() throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  private Path previousPolicy() throws IOException {
    Path file = dir.resolve("p.json");
    CfrSolver cfr = new CfrSolver(KUHN, CfrSolver.Variant.CFR_PLUS);
    cfr.run(50);
    TabularPolicy.fromSlots(KUHN, cfr.averagePolicy()).write(file);
    return file;
  }

  @Test
  void aWriteThatFailsPartWayLeavesThePreviousFileByteIdenticalAndNoTemporaryFile() throws IOException {
    Path file = previousPolicy();
    byte[] before = Files.readAllBytes(file);
    // the content fails after half of a policy has been written (as a full disk does)
    byte[] half = java.util.Arrays.copyOf(before, before.length / 2);
    assertThatThrownBy(() -> AtomicFile.write(file, out -> {
      out.write(half);
      out.flush();
      throw new IOException("No space left on device");
    })).isInstanceOf(IOException.class).hasMessage("No space left on device");
    assertThat(Files.readAllBytes(file)).isEqualTo(before);
    assertThat(names()).containsExactly("p.json");
    // an unchecked failure of the serializer too
    assertThatThrownBy(() -> AtomicFile.write(file, out -> {
      out.write(half);
      throw new IllegalStateException("serializer failed");
    })).isInstanceOf(IllegalStateException.class);
    assertThat(Files.readAllBytes(file)).isEqualTo(before);
    assertThat(names()).containsExactly("p.json");
    assertThat(TabularPolicy.read(file).toSlots(KUHN)).hasSize(KUHN.numSlots());
  }

  @Test
  void aSuccessfulWriteReplacesTheFileWhole() throws IOException {
    Path file = previousPolicy();
    TabularPolicy uniform = TabularPolicy.fromSlots(KUHN, new CfrSolver(KUHN, CfrSolver.Variant.CFR).averagePolicy());
    uniform.putRun("note", "second");
    uniform.write(file);
    assertThat(TabularPolicy.read(file).run()).containsEntry("note", "second");
    assertThat(names()).containsExactly("p.json");
  }

  @Test
  void aPolicyWrittenOverADirectoryFailsAndLeavesNoTemporaryFile() throws IOException {
    Path target = Files.createDirectory(dir.resolve("d.json"));
    Files.writeString(target.resolve("inside"), "kept");
    TabularPolicy p = TabularPolicy.fromSlots(KUHN, new CfrSolver(KUHN, CfrSolver.Variant.CFR).averagePolicy());
    assertThatThrownBy(() -> p.write(target)).isInstanceOf(IOException.class);
    assertThat(names()).containsExactly("d.json");
    assertThat(Files.readString(target.resolve("inside"))).isEqualTo("kept");
  }

  @Test
  void aChartThatCannotBeMovedIntoPlaceLeavesThePreviousChart() throws IOException {
    Path chart = dir.resolve("c.svg");
    ConvergenceChart.write(chart, "first", new long[] {1, 10}, new double[] {0.5, 0.1});
    byte[] before = Files.readAllBytes(chart);
    assertThatThrownBy(() -> AtomicFile.write(chart, out -> {
      out.write("<svg".getBytes(StandardCharsets.UTF_8));
      throw new IOException("disk full");
    })).hasMessage("disk full");
    assertThat(Files.readAllBytes(chart)).isEqualTo(before);
    ConvergenceChart.write(chart, "second", new long[] {1, 10}, new double[] {0.5, 0.1});
    assertThat(Files.readString(chart)).contains("second").endsWith("</svg>\n");
    assertThat(names()).containsExactly("c.svg");
  }

  @Test
  @DisabledOnOs(OS.WINDOWS)
  void permissionsAndSymbolicLinksSurviveTheReplacement() throws IOException {
    Path file = previousPolicy();
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r-----"));
    Path link = Files.createSymbolicLink(dir.resolve("link.json"), file.getFileName());
    TabularPolicy p = TabularPolicy.fromSlots(KUHN, new CfrSolver(KUHN, CfrSolver.Variant.CFR).averagePolicy());
    p.putRun("via", "link");
    p.write(link);
    assertThat(Files.isSymbolicLink(link)).isTrue();
    assertThat(TabularPolicy.read(file).run()).containsEntry("via", "link");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-r-----");
    assertThat(names()).containsExactly("link.json", "p.json");
  }

  /**
   * A target that is a named pipe (as {@code /dev/stdout} to a pipe, or a device such as
   * {@code /dev/full}) is written into, not replaced: a rename over it put a regular file in its
   * place ({@code solve --out /dev/full} replaced the device node when run as root, and said
   * "saved").
   */
  @Test
  @DisabledOnOs(OS.WINDOWS)
  void aNamedPipeIsWrittenIntoNotReplaced() throws Exception {
    Path fifo = dir.resolve("pipe");
    Process mk;
    try {
      mk = new ProcessBuilder("mkfifo", fifo.toString()).redirectErrorStream(true).start();
    } catch (IOException e) {
      org.junit.jupiter.api.Assumptions.abort("no mkfifo: " + e.getMessage());
      return;
    }
    org.junit.jupiter.api.Assumptions.assumeTrue(mk.waitFor() == 0, "mkfifo failed");
    java.util.concurrent.CompletableFuture<byte[]> read = new java.util.concurrent.CompletableFuture<>();
    Thread reader = new Thread(() -> {
      try {
        read.complete(Files.readAllBytes(fifo));
      } catch (IOException e) {
        read.completeExceptionally(e);
      }
    });
    reader.setDaemon(true); // on a failure of the write the reader may wait for ever
    reader.start();
    AtomicFile.write(fifo, out -> out.write("policy".getBytes(StandardCharsets.UTF_8)));
    assertThat(Files.isRegularFile(fifo)).as("the pipe is still a pipe").isFalse();
    assertThat(Files.exists(fifo)).isTrue();
    assertThat(new String(read.get(10, java.util.concurrent.TimeUnit.SECONDS), StandardCharsets.UTF_8))
        .isEqualTo("policy");
    assertThat(names()).containsExactly("pipe");
  }

  @Test
  void theProcesssOwnStandardOutputIsWrittenThroughSystemOutAfterWhatWasPrinted() throws IOException {
    // a shell's `>> log.txt` makes /dev/stdout lead to a regular file; a rename over it would
    // replace the lines printed before the write
    java.io.PrintStream saved = System.out;
    java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
    java.io.PrintStream capture = new java.io.PrintStream(captured, false, StandardCharsets.UTF_8);
    System.setOut(capture);
    try {
      System.out.print("iteration table\n");
      for (String name : List.of("/dev/stdout", "/proc/self/fd/1")) {
        AtomicFile.write(Path.of(name), out -> {
          out.write(("policy via " + name + "\n").getBytes(StandardCharsets.UTF_8));
          out.close(); // must not close the process's standard output
        });
      }
      System.out.print("after\n");
    } finally {
      System.setOut(saved);
    }
    assertThat(captured.toString(StandardCharsets.UTF_8))
        .isEqualTo("iteration table\npolicy via /dev/stdout\npolicy via /proc/self/fd/1\nafter\n");
    assertThat(capture.checkError()).isFalse();
  }
}
