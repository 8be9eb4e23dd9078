package dev.ponder.game;

import dev.ponder.spec.ParamSpec;
import java.util.List;

/**
 * Static description of a game family, independent of parameter values (OpenSpiel's
 * {@code GameType}).
 *
 * @param shortName registry name, e.g. {@code connect_four}
 * @param longName human name, e.g. {@code Connect Four}
 * @param chanceMode whether chance nodes occur
 * @param information perfect or imperfect information
 * @param utility relation between players' returns
 * @param rewardModel whether rewards arrive only at the end or along the way
 * @param minPlayers smallest supported number of players (≥ 1)
 * @param maxPlayers largest supported number of players
 * @param parameters declared parameters with defaults, in the order OpenSpiel lists them
 */
public record GameType(
    String shortName,
    String longName,
    ChanceMode chanceMode,
    Information information,
    Utility utility,
    RewardModel rewardModel,
    int minPlayers,
    int maxPlayers,
    List<ParamSpec> parameters) {

  /** OpenSpiel's {@code ChanceMode}; sampled stochastic games are not supported. */
  public enum ChanceMode {
    /** No chance nodes. */
    DETERMINISTIC,
    /** Chance nodes with explicit outcomes and probabilities ({@link State#chanceOutcomes(int[], double[])}). */
    EXPLICIT_STOCHASTIC
  }

  /** OpenSpiel's {@code Information}. */
  public enum Information {
    /** Every player sees the whole state (the information state is the history). */
    PERFECT_INFORMATION,
    /** Some part of the state is hidden from some player (cards, simultaneous moves, fog). */
    IMPERFECT_INFORMATION
  }

  /** OpenSpiel's {@code Utility}: how returns of different players relate. */
  public enum Utility {
    /** Returns sum to 0 at every terminal state. */
    ZERO_SUM,
    /** Returns sum to {@link Game#utilitySum()} at every terminal state. */
    CONSTANT_SUM,
    /** No relation between the players' returns. */
    GENERAL_SUM,
    /** Every player receives the same return (common payoff). */
    IDENTICAL
  }

  /** OpenSpiel's {@code RewardModel}. */
  public enum RewardModel {
    /** Returns arrive only at the end: {@link State#playerReturn(int)} is 0 before a terminal state. */
    TERMINAL,
    /** Rewards may arrive at any transition ({@link State#playerReward(int)}); the return is their sum. */
    REWARDS
  }

  /** The canonical constructor; {@code parameters} is copied (unmodifiable). */
  public GameType {
    parameters = List.copyOf(parameters);
  }

  /** Whether {@code information() == PERFECT_INFORMATION}. */
  public boolean isPerfectInformation() {
    return information == Information.PERFECT_INFORMATION;
  }

  /** Whether the game has chance nodes: {@code chanceMode() == EXPLICIT_STOCHASTIC}. */
  public boolean hasChance() {
    return chanceMode == ChanceMode.EXPLICIT_STOCHASTIC;
  }
}
