package dev.ponder.app;

import dev.ponder.game.Game;
import dev.ponder.solve.GameTree;
import picocli.CommandLine.Option;

/** The game-tree size limit shared by {@code ponder solve} and {@code ponder exploitability}. */
public final class GameTreeOptions {
  @Option(names = "--max-histories", defaultValue = "5000000",
      description = "Refuse games whose tree has more histories than this (default: ${DEFAULT-VALUE}).")
  int maxHistories;

  /**
   * The full game tree of {@code game}, at most {@code --max-histories} histories.
   *
   * @throws UsageException when the tree is larger (the message names the limit) or the game
   *     cannot be enumerated
   */
  GameTree build(Game game) {
    try {
      return GameTree.build(game, maxHistories);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }
}
