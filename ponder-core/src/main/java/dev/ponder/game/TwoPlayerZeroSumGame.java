package dev.ponder.game;

import dev.ponder.spec.Params;

/**
 * Base for two-player zero-sum games without chance nodes (OpenSpiel's {@code kTwoPlayers},
 * {@code kZeroSum}, {@code kDeterministic}): the board games whose only outcomes are a win, a
 * draw or a loss. It fixes the constants such games share:
 *
 * <ul>
 *   <li>{@link #numPlayers()} = 2 (players 0 and 1);
 *   <li>{@link #maxChanceOutcomes()} = 0 and {@link #maxChanceNodesInHistory()} = 0;
 *   <li>{@link #utilitySum()} = 0 (player 1's return is always minus player 0's);
 *   <li>{@link #minUtility()} = −1 and {@link #maxUtility()} = +1 (loss and win, a draw is 0);
 *       games whose returns range further (e.g. a score margin) override these two.
 * </ul>
 *
 * <p>Subclasses still give the action space, the game length, the tensor shapes and the initial
 * state.
 */
public abstract class TwoPlayerZeroSumGame extends AbstractGame {

  /**
   * @param type the family's description; it must declare exactly two players, zero-sum utility
   *     and no chance
   * @param params resolved parameters
   * @throws IllegalArgumentException if {@code type} is not two-player, zero-sum and
   *     deterministic (the message names the type and what differs)
   */
  protected TwoPlayerZeroSumGame(GameType type, Params params) {
    super(type, params);
    if (type.minPlayers() != 2 || type.maxPlayers() != 2) {
      throw new IllegalArgumentException(type.shortName() + ": a two-player zero-sum game needs exactly 2 players, "
          + "the type declares " + type.minPlayers() + ".." + type.maxPlayers());
    }
    if (type.utility() != GameType.Utility.ZERO_SUM) {
      throw new IllegalArgumentException(type.shortName() + ": a two-player zero-sum game needs utility ZERO_SUM, "
          + "the type declares " + type.utility());
    }
    if (type.hasChance()) {
      throw new IllegalArgumentException(type.shortName() + ": a two-player zero-sum game has no chance nodes, "
          + "the type declares " + type.chanceMode());
    }
  }

  /** Always 2. */
  @Override
  public final int numPlayers() {
    return 2;
  }

  /** Always 0: no chance nodes. */
  @Override
  public final int maxChanceOutcomes() {
    return 0;
  }

  /** Always 0: no chance nodes. */
  @Override
  public final int maxChanceNodesInHistory() {
    return 0;
  }

  /** Always 0: the two returns are opposite. */
  @Override
  public final double utilitySum() {
    return 0.0;
  }

  /** −1 (a loss); override when returns range further, e.g. a score margin. */
  @Override
  public double minUtility() {
    return -1;
  }

  /** +1 (a win); override when returns range further, e.g. a score margin. */
  @Override
  public double maxUtility() {
    return 1;
  }
}
