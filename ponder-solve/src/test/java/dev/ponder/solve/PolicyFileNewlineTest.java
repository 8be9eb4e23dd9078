package dev.ponder.solve;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A written policy file ends with a newline, as a text file does, and reads back the same. */
class PolicyFileNewlineTest {
  @Test
  void writtenFileEndsWithOneNewlineAndReadsBack(@TempDir Path dir) throws Exception {
    TabularPolicy p = new TabularPolicy("kuhn_poker");
    p.put(0, "0", new int[] {0, 1}, new double[] {0.25, 0.75});
    p.put(1, "1b", new int[] {0, 1}, new double[] {1, 0});
    Path f = dir.resolve("p.json");
    p.write(f);
    String text = Files.readString(f);
    assertThat(text).endsWith("}\n").doesNotEndWith("\n\n");
    TabularPolicy back = TabularPolicy.read(f);
    assertThat(back.size()).isEqualTo(2);
    assertThat(back.probabilities(0, "0")).containsExactly(0.25, 0.75);
    assertThat(back.probabilities(1, "1b")).containsExactly(1.0, 0.0);
  }
}
