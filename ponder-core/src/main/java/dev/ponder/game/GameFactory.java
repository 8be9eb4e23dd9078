package dev.ponder.game;

import dev.ponder.spec.Params;

/**
 * Creates games of one family from resolved parameters. Registered as a service: list the class
 * (a nested class as {@code Outer$Factory}) in {@code META-INF/services/dev.ponder.game.GameFactory};
 * it needs to be public with a public no-argument constructor. {@link GameRegistry} checks every
 * listed provider when it first loads and fails with one line naming a bad one (see there).
 */
public interface GameFactory {

  /** The family's static description, including its declared parameters. */
  GameType type();

  /**
   * Creates the game from parameters already resolved against {@link GameType#parameters()}
   * (declared ranges enforced).
   *
   * @throws dev.ponder.spec.SpecException if a rule between parameter values is broken
   */
  Game create(Params params);

  /** Other names under which the registry also finds this family (e.g. {@code kalah}). */
  default java.util.List<String> aliases() {
    return java.util.List.of();
  }
}
