package dev.ponder.game;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.spec.SpecException;
import org.junit.jupiter.api.Test;

/** The unknown-game message says where games of one's own come from, as the unknown-agent one does. */
class UnknownGameHintTest {
  @Test
  void unknownGameMentionsPonderClasspath() {
    assertThatThrownBy(() -> GameRegistry.load("dice_race"))
        .isInstanceOf(SpecException.class)
        .hasMessageStartingWith("unknown game 'dice_race'; known games: ")
        .hasMessageEndingWith(" (games of your own: a jar on the class path, PONDER_CLASSPATH for the ponder"
            + " command, listing the factory class in META-INF/services/dev.ponder.game.GameFactory)");
  }
}
