package dev.ponder.game;

import dev.ponder.spec.Params;
import dev.ponder.spec.Spec;
import dev.ponder.spec.SpecException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * All known games by name. Games come from {@link GameFactory} services on the class path (one
 * factory class per line in {@code META-INF/services/dev.ponder.game.GameFactory}) and from
 * {@link #register(GameFactory)}.
 */
public final class GameRegistry {
  private static final Map<String, GameFactory> FACTORIES = new TreeMap<>();
  private static final Map<String, GameFactory> ALIASES = new TreeMap<>();
  private static boolean loaded;

  private GameRegistry() {}

  private static synchronized void ensureLoaded() {
    if (loaded) {
      return;
    }
    loaded = true;
    for (GameFactory f : ServiceLoader.load(GameFactory.class)) {
      register(f);
    }
  }

  /** Adds a family; a later registration of the same name replaces the earlier one. */
  public static synchronized void register(GameFactory factory) {
    FACTORIES.put(factory.type().shortName(), factory);
    for (String alias : factory.aliases()) {
      ALIASES.put(alias, factory);
    }
  }

  /** Registered families sorted by name (aliases excluded). */
  public static synchronized List<GameFactory> factories() {
    ensureLoaded();
    return Collections.unmodifiableList(new ArrayList<>(FACTORIES.values()));
  }

  /**
   * The family named {@code name} (or an alias).
   *
   * @throws SpecException if unknown; the message lists the known games
   */
  public static synchronized GameFactory factory(String name) {
    ensureLoaded();
    GameFactory f = FACTORIES.get(name);
    if (f == null) {
      f = ALIASES.get(name);
    }
    if (f == null) {
      throw new SpecException("unknown game '" + name + "'; known games: " + String.join(", ", FACTORIES.keySet()));
    }
    return f;
  }

  /**
   * Creates a game from a game string such as {@code hex(board_size=7)}.
   *
   * @throws SpecException on an unknown game, unknown parameter or invalid value; the message
   *     lists what is valid
   */
  public static Game load(String gameString) {
    Spec spec = Spec.parse(gameString);
    GameFactory f = factory(spec.name());
    String canonical = f.type().shortName();
    Spec named = canonical.equals(spec.name()) ? spec : new Spec(canonical, spec.args());
    Params params = Params.resolve(named, f.type().parameters());
    return f.create(params);
  }
}
