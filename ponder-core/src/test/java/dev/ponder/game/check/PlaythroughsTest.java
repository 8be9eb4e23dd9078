package dev.ponder.game.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class PlaythroughsTest {

  @Test
  void sharedDirectoryFromPropertyOrFoundWalkingUp() {
    String saved = System.getProperty("ponder.shared");
    try {
      Path viaProperty = Playthroughs.sharedDir();
      assertThat(Files.isDirectory(viaProperty.resolve("reference/openspiel/playthroughs"))).isTrue();
      System.clearProperty("ponder.shared");
      boolean besideRepository = viaProperty.getFileName().toString().equals("shared");
      if (besideRepository) {
        // the standard layout: found by walking up from the working directory
        Path found = Playthroughs.sharedDir();
        assertThat(Files.isDirectory(found.resolve("reference"))).isTrue();
        assertThat(found.getFileName().toString()).isEqualTo("shared");
      }
      System.setProperty("ponder.shared", "/no/such/dir");
      assertThatThrownBy(Playthroughs::sharedDir).isInstanceOf(IllegalStateException.class).hasMessageContaining("/no/such/dir");
    } finally {
      if (saved == null) {
        System.clearProperty("ponder.shared");
      } else {
        System.setProperty("ponder.shared", saved);
      }
    }
  }

  @Test
  void listsTheGoldenFiles() {
    assertThat(Playthroughs.available()).contains("tic_tac_toe.txt", "pig_3p.txt", "kuhn_poker_2p.txt").isSorted();
    // every golden file parses
    for (String f : Playthroughs.available()) {
      Playthrough p = Playthrough.read(Playthroughs.file(f));
      assertThat(p.states()).as(f).isNotEmpty();
      assertThat(p.states().get(p.states().size() - 1).fields()).as(f).containsEntry("IsTerminal()", "True");
    }
  }
}
