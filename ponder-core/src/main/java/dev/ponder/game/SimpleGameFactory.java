package dev.ponder.game;

import dev.ponder.spec.Params;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * A {@link GameFactory} that serves one fixed {@link GameType} (which carries the declared
 * parameters) and creates games with a constructor reference. A game's registry factory becomes
 *
 * <pre>{@code
 * public static final class Factory extends SimpleGameFactory {
 *   public Factory() {
 *     super(TYPE, MyGame::new);
 *   }
 * }
 * }</pre>
 *
 * <p>Subclasses listed in {@code META-INF/services/dev.ponder.game.GameFactory} keep a public
 * no-argument constructor, as {@link java.util.ServiceLoader} requires. Parameters are checked
 * against {@link GameType#parameters()} by {@link GameRegistry#load(String)} (unknown keys and
 * badly typed values are rejected there with a {@link dev.ponder.spec.SpecException}); range
 * checks stay in the game's constructor.
 */
public abstract class SimpleGameFactory implements GameFactory {
  private final GameType type;
  private final Function<Params, ? extends Game> create;
  private final List<String> aliases;

  /**
   * @param type the family's description, including its declared parameters
   * @param create makes a game from resolved parameters (usually the game's constructor); may
   *     throw {@link dev.ponder.spec.SpecException} for an out-of-range value
   * @param aliases other registry names of the family (e.g. {@code kalah}); none by default
   * @throws NullPointerException if {@code type}, {@code create} or an alias is null
   */
  protected SimpleGameFactory(GameType type, Function<Params, ? extends Game> create, String... aliases) {
    this.type = Objects.requireNonNull(type, "type");
    this.create = Objects.requireNonNull(create, "create");
    this.aliases = List.of(aliases);
  }

  @Override
  public final GameType type() {
    return type;
  }

  /**
   * Creates the game by the function given at construction.
   *
   * @throws dev.ponder.spec.SpecException if a parameter value is out of range
   */
  @Override
  public final Game create(Params params) {
    return create.apply(params);
  }

  @Override
  public final List<String> aliases() {
    return aliases;
  }
}
