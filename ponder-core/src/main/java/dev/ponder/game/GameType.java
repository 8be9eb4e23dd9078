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
    DETERMINISTIC, EXPLICIT_STOCHASTIC
  }

  /** OpenSpiel's {@code Information}. */
  public enum Information {
    PERFECT_INFORMATION, IMPERFECT_INFORMATION
  }

  /** OpenSpiel's {@code Utility}: how returns of different players relate. */
  public enum Utility {
    ZERO_SUM, CONSTANT_SUM, GENERAL_SUM, IDENTICAL
  }

  /** OpenSpiel's {@code RewardModel}. */
  public enum RewardModel {
    TERMINAL, REWARDS
  }

  public GameType {
    parameters = List.copyOf(parameters);
  }

  public boolean isPerfectInformation() {
    return information == Information.PERFECT_INFORMATION;
  }

  public boolean hasChance() {
    return chanceMode == ChanceMode.EXPLICIT_STOCHASTIC;
  }
}
