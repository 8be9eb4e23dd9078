package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/**
 * A command whose standard output could not be written (a full disk, {@code /dev/full}) exits 1
 * with one line, where Java's print stream would have let it end with 0; a closed pipe stays quiet.
 */
class StandardOutputCheckTest {
  /** A stream that fails every write, as a full disk does. */
  private static PrintStream failing() {
    return new PrintStream(new OutputStream() {
      @Override
      public void write(int b) throws IOException {
        throw new IOException("No space left on device");
      }
    }, false);
  }

  @Test
  void aFailedWriteEndsWithOneLineAndExitOne() {
    PrintStream out = failing();
    out.println("policy table");
    StringWriter err = new StringWriter();
    assertThat(Ponder.checkStandardOutput(0, out, "/dev/full", new PrintWriter(err))).isEqualTo(1);
    assertThat(err.toString()).isEqualTo(
        "ponder: error: cannot write to standard output (/dev/full); the output is incomplete" + System.lineSeparator());
    // a command that already failed keeps its own code
    assertThat(Ponder.checkStandardOutput(2, out, "", new PrintWriter(new StringWriter()))).isEqualTo(2);
  }

  @Test
  void aClosedPipeOrAGoodStreamIsNoError() {
    PrintStream out = failing();
    out.println("x");
    StringWriter err = new StringWriter();
    assertThat(Ponder.checkStandardOutput(0, out, "pipe:[4242]", new PrintWriter(err))).isEqualTo(0);
    PrintStream good = new PrintStream(OutputStream.nullOutputStream());
    good.println("x");
    assertThat(Ponder.checkStandardOutput(0, good, "/dev/pts/0", new PrintWriter(err))).isEqualTo(0);
    // where standard output goes is unknown (no /proc): a closed pipe cannot be told apart, so quiet
    assertThat(Ponder.checkStandardOutput(0, out, "", new PrintWriter(err))).isEqualTo(0);
    assertThat(err.toString()).isEmpty();
  }
}
