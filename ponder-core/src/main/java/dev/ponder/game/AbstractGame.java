package dev.ponder.game;

import dev.ponder.spec.Params;

/** Convenience base for {@link Game} implementations: holds the type and the parameters. */
public abstract class AbstractGame implements Game {
  private final GameType type;
  private final Params params;

  /**
   * @param type the game's type (what {@link #type()} returns)
   * @param params the resolved parameters (what {@link #params()} returns)
   */
  protected AbstractGame(GameType type, Params params) {
    this.type = type;
    this.params = params;
  }

  @Override
  public final GameType type() {
    return type;
  }

  @Override
  public final Params params() {
    return params;
  }

  @Override
  public String toString() {
    return spec();
  }
}
