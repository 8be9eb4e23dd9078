package dev.ponder.solve;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.GameRegistry;
import org.junit.jupiter.api.Test;

/** A tree printed (a log line, a debugger) says which game and how large, not an object address. */
class GameTreeToStringTest {

  @Test
  void kuhnTreeNamesItsGameAndSizes() {
    // reference/REFERENCE.md: kuhn_poker has 4 chance, 24 decision and 30 terminal nodes (58
    // histories) and 12 information states, each with 2 actions; the longest history is two deals
    // and pass, bet, bet
    assertThat(GameTree.build(GameRegistry.load("kuhn_poker")).toString())
        .isEqualTo("GameTree[kuhn_poker: 58 histories, 12 information sets, 24 slots, max depth 5]");
    assertThat(GameTree.build(GameRegistry.load("kuhn_poker(players=3)")).toString())
        .startsWith("GameTree[kuhn_poker(players=3): ").contains(" 48 information sets, 96 slots, ");
  }
}
