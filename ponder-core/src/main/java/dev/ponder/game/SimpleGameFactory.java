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
 * no-argument constructor, as the registry requires. Parameters are checked against {@link
 * GameType#parameters()} by {@link GameRegistry#load(String)} before the constructor runs:
 * unknown keys, badly typed values and values outside a range declared with {@code
 * ParamSpec.ofInt(name, default, min, max, description)} (or {@code ofDouble}) are refused there
 * with a one-line {@link dev.ponder.spec.SpecException} ({@code game: key=value is out of range;
 * valid: min..max}). The game's constructor checks only what a single range cannot say: rules
 * between parameters (e.g. {@code rows·columns ≤ 64}), also with a one-line {@code SpecException}.
 */
public abstract class SimpleGameFactory implements GameFactory {
  private final GameType type;
  private final Function<Params, ? extends Game> create;
  private final List<String> aliases;

  /**
   * @param type the family's description, including its declared parameters
   * @param create makes a game from resolved parameters (usually the game's constructor); may
   *     throw {@link dev.ponder.spec.SpecException} when a rule between parameters is broken
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
   * @throws dev.ponder.spec.SpecException if the game refuses a combination of parameter values
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
