package dev.ponder.game;

import dev.ponder.spec.Params;
import dev.ponder.spec.Spec;
import dev.ponder.spec.SpecException;
import java.util.List;

/**
 * All known games by name. Games come from {@link GameFactory} services on the class path (one
 * factory class per line in {@code META-INF/services/dev.ponder.game.GameFactory}) and from
 * {@link #register(GameFactory)}.
 *
 * <p><b>Loading.</b> The services files are read on first use, one provider at a time (lines may
 * carry {@code #} comments; a class listed twice is loaded once). Each provider must be a public
 * class implementing {@link GameFactory} with a public no-argument constructor whose {@link
 * GameType} is consistent: {@code 1 ≤ minPlayers ≤ maxPlayers}, and a {@code players} parameter,
 * if declared, is an int whose declared range lies within {@code minPlayers..maxPlayers}. A
 * provider that fails any of this, or two providers answering to the same name (short name or
 * alias), make every registry call throw an {@link IllegalStateException} whose one-line message
 * names the provider(s), where they are listed (file and line) and what to fix. Broken providers
 * are not skipped: a game that silently dropped out of the registry would also drop out of every
 * test that iterates {@link #factories()}.
 *
 * <p><b>Explicit registration.</b> {@link #register(GameFactory)} first loads the services, then
 * replaces any family of the same short name (and that family's aliases): an explicit
 * registration always wins over the services files, whatever the order of the calls.
 */
public final class GameRegistry {
  private static final GameCatalog CATALOG = new GameCatalog(() -> {
    ClassLoader cl = Thread.currentThread().getContextClassLoader();
    return cl != null ? cl : GameRegistry.class.getClassLoader();
  });

  private GameRegistry() {}

  /**
   * Adds a family, replacing a registered family of the same short name (services included).
   *
   * @throws IllegalArgumentException if the factory's type is inconsistent (see the class
   *     comment) or one of its aliases is another registered family's short name
   * @throws IllegalStateException if the services files hold a bad provider
   */
  public static void register(GameFactory factory) {
    CATALOG.register(factory);
  }

  /**
   * Registered families sorted by name (aliases excluded).
   *
   * @throws IllegalStateException if the services files hold a bad provider
   */
  public static List<GameFactory> factories() {
    return CATALOG.factories();
  }

  /**
   * The family named {@code name} (or an alias).
   *
   * @throws SpecException if unknown; the message lists the known games, suggests the closest when
   *     one is clearly closest ({@link dev.ponder.spec.Suggestions}) and says how games of one's own
   *     are found (PONDER_CLASSPATH)
   * @throws IllegalStateException if the services files hold a bad provider
   */
  public static GameFactory factory(String name) {
    GameFactory f = CATALOG.find(name);
    if (f == null) {
      throw new SpecException("unknown game '" + name + "'; known games: " + String.join(", ", CATALOG.names())
          + dev.ponder.spec.Suggestions.didYouMean(name, CATALOG.names())
          + " (games of your own: a jar on the class path, PONDER_CLASSPATH for the ponder command, listing the"
          + " factory class in " + GameCatalog.SERVICES_FILE + ")");
    }
    return f;
  }

  /**
   * Creates a game from a game string such as {@code hex(board_size=7)}: parses it, resolves the
   * parameters against the declared ones (unknown keys, bad values and values outside a declared
   * range are refused) and calls the factory.
   *
   * @throws SpecException on an unknown game, unknown parameter or invalid value; the message
   *     lists what is valid
   * @throws IllegalStateException if the created game's {@link Game#numPlayers()} lies outside
   *     its type's {@code minPlayers..maxPlayers} (a bug in the game), or the services files hold a
   *     bad provider
   */
  public static Game load(String gameString) {
    Spec spec = Spec.parse(gameString);
    GameFactory f = factory(spec.name());
    GameType t = f.type();
    String canonical = t.shortName();
    Spec named = canonical.equals(spec.name()) ? spec : new Spec(canonical, spec.args());
    Params params = Params.resolve(named, t.parameters());
    Game g = f.create(params);
    int n = g.numPlayers();
    if (n < t.minPlayers() || n > t.maxPlayers()) {
      throw new IllegalStateException(canonical + ": the game built from '" + gameString + "' has " + n
          + " players, outside its GameType's minPlayers..maxPlayers " + t.minPlayers() + ".." + t.maxPlayers()
          + " (" + f.getClass().getName() + ")");
    }
    return g;
  }
}
