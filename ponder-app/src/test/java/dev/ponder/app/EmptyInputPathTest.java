package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * An empty path names the working directory: given for a file to read, it was reported as "a
 * directory" ({@code cannot read : Is a directory}), which is not what the user typed. Each input
 * option now says the path is empty, as the output options do.
 */
class EmptyInputPathTest {
  private static void refused(String line, String... args) {
    Cli r = Cli.run(args);
    assertThat(r.exit).as(r.err).isEqualTo(2);
    assertThat(r.out).isEmpty();
    assertThat(r.err).isEqualTo("ponder: " + line + System.lineSeparator());
  }

  @Test
  void anEmptyInputPathIsNamedAsEmpty() {
    refused("replay needs a file name; the path is empty", "replay", "");
    refused("--policy needs a file name; the path is empty", "exploitability", "kuhn_poker", "--policy", "");
    refused("--db needs a file name; the path is empty", "report", "--db", "");
    refused("--db needs a file name; the path is empty", "report", "--db", " ");
  }
}
