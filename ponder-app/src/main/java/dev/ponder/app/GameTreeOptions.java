package dev.ponder.app;

import dev.ponder.game.Game;
import dev.ponder.game.GameType;
import dev.ponder.solve.GameTree;
import picocli.CommandLine.Option;

/** The game-tree size limit shared by {@code ponder solve} and {@code ponder exploitability}. */
public final class GameTreeOptions {
  @Option(names = "--max-histories", defaultValue = "5000000",
      description = "Refuse games whose tree has more histories than this; far larger trees are refused before the walk,"
          + " by a random-path estimate (default: ${DEFAULT-VALUE}).")
  int maxHistories;

  /**
   * Refuses games {@code command} cannot handle: exact solving and exploitability (NashConv) are
   * offered for zero-sum games only (CFR's guarantees and the exploitability convention assume
   * them), of any number of players, perfect or imperfect information.
   *
   * @throws UsageException naming the game's utility and what is accepted
   */
  static void requireZeroSum(Game game, String command) {
    if (game.type().utility() != GameType.Utility.ZERO_SUM) {
      throw new UsageException(game.name() + " is not zero-sum (" + game.type().utility().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-')
          + "); " + command + " supports zero-sum games, e.g. kuhn_poker, leduc_poker, liars_dice");
    }
  }

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
