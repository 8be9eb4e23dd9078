package dev.ponder.solve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.ponder.game.GameRegistry;
import org.junit.jupiter.api.Test;

/**
 * A tree that would not fit in the heap is refused while it is built, long before the heap runs
 * out: pig(winscore=5), whose histories of up to 2,000 actions are each an information state
 * keyed by a string of up to about 4,000 characters (about 2.8 KB per history, against under 200
 * bytes for liars_dice), passes the random-path size estimate and used to walk for minutes before
 * an OutOfMemoryError. The budgets here are given, so the outcome does not depend on this JVM's
 * heap.
 */
class GameTreeMemoryTest {
  private static final long MB = 1024 * 1024;

  @Test
  void pigIsRefusedAfterAFewThousandHistoriesOnASmallHeap() {
    GameTree.MemoryException e = catchThrowableOfType(
        () -> GameTree.build(GameRegistry.load("pig(winscore=5)"), GameTree.DEFAULT_MAX_HISTORIES, null, 64 * MB),
        GameTree.MemoryException.class);
    assertThat(e).isNotNull();
    assertThat(e.histories()).isLessThanOrEqualTo(2L * GameTree.MEMORY_CHECK_EVERY);
    assertThat(e.bytesPerHistory()).isBetween(2_000L, 5_000L);
    assertThat(e.budget()).isEqualTo(64 * MB);
    assertThat(e.getMessage()).startsWith("pig(winscore=5): the game tree would not fit in the JVM's memory: after "
        + e.histories() + " histories it held ").contains("bytes per history, and the walk was projected to reach the bound"
        + " of 5000000 histories").endsWith("more than the 64 MB of heap it could use").doesNotContain("\n");
    // "a few thousand histories" is the count bound above, not a wall-clock one that a loaded machine could miss
  }

  /** On a large heap the projection to the bound refuses it too, once it holds a sixteenth of the budget. */
  @Test
  void pigIsRefusedOnTheProjectionLongBeforeItFillsALargeHeap() {
    long budget = 1024 * MB;
    GameTree.MemoryException e = catchThrowableOfType(
        () -> GameTree.build(GameRegistry.load("pig(winscore=5)"), GameTree.DEFAULT_MAX_HISTORIES, null, budget),
        GameTree.MemoryException.class);
    assertThat(e).isNotNull();
    // a sixteenth of 1 GB is 64 MB, about 24,000 histories of pig: refused at the first check past it
    assertThat(e.histories() * e.bytesPerHistory()).isBetween(budget / 16, budget / 16 + 2L * GameTree.MEMORY_CHECK_EVERY
        * e.bytesPerHistory());
  }

  /** Trees that fit are built as before; a tree projected beyond the budget from its own walk is refused early. */
  @Test
  void treesThatFitAreBuiltAndTheWalksEstimateIsUsedBelowTheBound() {
    GameTree liars = GameTree.build(GameRegistry.load("liars_dice"), GameTree.DEFAULT_MAX_HISTORIES, null, 96 * MB);
    assertThat(liars.numNodes()).isEqualTo(294_883);
    GameTree ttt = GameTree.build(GameRegistry.load("tic_tac_toe"), GameTree.DEFAULT_MAX_HISTORIES, null, 512 * MB);
    assertThat(ttt.numNodes()).isEqualTo(549_946);
    // tic_tac_toe holds about 100 MB: refused in a 64 MB budget, by the walk's estimate of its size
    // (about 550,000 histories), well before the bound of 5,000,000
    GameTree.MemoryException e = catchThrowableOfType(
        () -> GameTree.build(GameRegistry.load("tic_tac_toe"), GameTree.DEFAULT_MAX_HISTORIES, null, 64 * MB),
        GameTree.MemoryException.class);
    assertThat(e).isNotNull();
    assertThat(e.getMessage()).containsPattern("projected to reach about [45]\\d{5} histories");
    assertThat(e.histories()).isLessThan(549_946);
    // no budget: no check
    assertThat(GameTree.build(GameRegistry.load("kuhn_poker"), 100, null, 0).numNodes()).isEqualTo(58);
  }

  @Test
  void keyBytesCountTheStringAndItsIndex() {
    assertThat(GameTree.keyBytes("")).isEqualTo(120);
    assertThat(GameTree.keyBytes("0, 1, 2")).isEqualTo(127);
    assertThat(GameTree.keyBytes("\u2192x")).isEqualTo(124); // two bytes per character outside Latin-1
  }
}
