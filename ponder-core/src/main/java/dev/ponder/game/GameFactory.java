package dev.ponder.game;

import dev.ponder.spec.Params;

/**
 * Creates games of one family from resolved parameters. Registered as a {@link java.util.ServiceLoader}
 * service: list the class in {@code META-INF/services/dev.ponder.game.GameFactory}; it needs a
 * public no-argument constructor.
 */
public interface GameFactory {

  /** The family's static description, including its declared parameters. */
  GameType type();

  /**
   * Creates the game.
   *
   * @throws dev.ponder.spec.SpecException if a parameter value is out of range
   */
  Game create(Params params);

  /** Other names under which the registry also finds this family (e.g. {@code kalah}). */
  default java.util.List<String> aliases() {
    return java.util.List.of();
  }
}
