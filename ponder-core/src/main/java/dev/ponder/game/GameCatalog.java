package dev.ponder.game;

import dev.ponder.spec.ParamSpec;
import dev.ponder.spi.ServiceProviders;
import dev.ponder.spi.ServiceProviders.Listed;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * The state behind {@link GameRegistry}: the families read from the services files of one class
 * loader plus explicit registrations. Package-private so that tests can build catalogs over their
 * own class loaders; {@link GameRegistry} holds the one the application uses.
 *
 * <p>Rules (see {@link GameRegistry}): the services files are read on first use, one provider at
 * a time; a line that does not give a usable factory, a game type that contradicts itself, or two
 * providers answering to one name fail with an {@link IllegalStateException} whose one-line
 * message names the provider(s), the services file and what to fix. An explicit {@link
 * #register(GameFactory)} loads the services first and then replaces any family of the same name.
 */
final class GameCatalog {
  /** Resource path of the services file that lists game factories. */
  static final String SERVICES_FILE = ServiceProviders.servicesFile(GameFactory.class);

  private final Supplier<ClassLoader> loader;
  private final Map<String, GameFactory> factories = new TreeMap<>();
  private final Map<String, GameFactory> aliases = new TreeMap<>();
  private final ServiceProviders.LoadOnce once = new ServiceProviders.LoadOnce("game", "GameRegistry");

  GameCatalog(Supplier<ClassLoader> loader) {
    this.loader = loader;
  }

  synchronized void ensureLoaded() {
    once.ensure(this::load, () -> {
      factories.clear();
      aliases.clear();
    });
  }

  private void load() {
    Map<String, Listed> owner = new TreeMap<>();
    for (Listed l : ServiceProviders.list(loader.get(), GameFactory.class)) {
      once.creating(l);
      GameFactory f = instantiate(l);
      List<String> own = new ArrayList<>();
      own.add(f.type().shortName());
      for (String a : f.aliases()) {
        if (!own.contains(a)) {
          own.add(a);
        }
      }
      for (String name : own) {
        Listed before = owner.get(name);
        if (before != null) {
          throw new IllegalStateException("two game providers answer to '" + name + "': " + before.className()
              + " (" + before.where() + ") and " + l.className() + " (" + l.where() + "); give one game another "
              + "GameType shortName or alias, or remove one line from " + SERVICES_FILE);
        }
        owner.put(name, l);
      }
      factories.put(f.type().shortName(), f);
      for (String a : f.aliases()) {
        aliases.put(a, f);
      }
    }
  }

  /** Creates one provider and checks its game type; a failure names it, where it is listed and the fix. */
  private GameFactory instantiate(Listed l) {
    GameFactory f = ServiceProviders.instantiate(l, loader.get(), GameFactory.class, "game");
    String problem;
    try {
      problem = problem(f);
    } catch (RuntimeException e) {
      problem = "type() or aliases() threw " + ServiceProviders.describe(e);
    }
    if (problem != null) {
      throw new IllegalStateException(ServiceProviders.head(l, "game") + "declares an inconsistent game: " + problem);
    }
    return f;
  }

  /**
   * What is wrong with a factory's declared type, or null: a missing type or name, a name, alias
   * or parameter key that is not a {@linkplain dev.ponder.spec.Spec#isWord word} ({@link
   * dev.ponder.spec.Spec#namingProblem}; so none holds {@code ;}, where lists of game strings
   * split), a player range
   * that is empty or starts below 1, or a {@code players} parameter whose declared range does not
   * lie within {@code minPlayers..maxPlayers}.
   */
  static String problem(GameFactory f) {
    GameType t = f.type();
    if (t == null) {
      return "type() is null";
    }
    String name = t.shortName();
    if (name == null || name.isEmpty()) {
      return "the GameType has no shortName";
    }
    String naming = dev.ponder.spec.Spec.namingProblem(name, t.parameters().stream().map(ParamSpec::name).toList());
    if (naming != null) {
      return naming;
    }
    if (!(t.minPlayers() >= 1 && t.minPlayers() <= t.maxPlayers())) {
      return name + ": GameType players " + t.minPlayers() + ".." + t.maxPlayers() + " is not a range of at least one player";
    }
    for (ParamSpec p : t.parameters()) {
      if (!p.name().equals("players")) {
        continue;
      }
      if (p.kind() != ParamSpec.Kind.INT) {
        return name + ": the players parameter is " + p.kind() + ", not INT";
      }
      if (!p.hasRange()) {
        return name + ": the players parameter declares no range; declare ParamSpec.ofInt(\"players\", default, min, max, ...)"
            + " within the GameType's " + t.minPlayers() + ".." + t.maxPlayers();
      }
      int lo = p.min().intValue();
      int hi = p.max().intValue();
      if (lo < t.minPlayers() || hi > t.maxPlayers()) {
        return name + ": the players parameter accepts " + lo + ".." + hi + " but the GameType's minPlayers..maxPlayers is "
            + t.minPlayers() + ".." + t.maxPlayers() + "; make the parameter's range lie within it";
      }
    }
    for (String a : f.aliases()) {
      if (a == null || a.isEmpty()) {
        return name + ": an empty alias";
      }
      if (!dev.ponder.spec.Spec.isWord(a)) {
        return name + ": the alias '" + a + "' cannot be written in a game string; use letters, digits and _";
      }
    }
    return null;
  }

  synchronized void register(GameFactory factory) {
    // read the services first, so that they never replace an explicit registration
    ensureLoaded();
    String problem = problem(factory);
    if (problem != null) {
      throw new IllegalArgumentException("cannot register " + factory.getClass().getName() + ": " + problem);
    }
    String name = factory.type().shortName();
    for (String a : factory.aliases()) {
      GameFactory other = factories.get(a);
      if (other != null && !a.equals(name)) {
        throw new IllegalArgumentException("cannot register " + factory.getClass().getName() + ": its alias '" + a
            + "' is the name of the registered game " + other.getClass().getName());
      }
    }
    GameFactory old = factories.put(name, factory);
    if (old != null) {
      aliases.values().removeIf(f -> f == old);
    }
    aliases.remove(name);
    for (String a : factory.aliases()) {
      if (!a.equals(name)) {
        aliases.put(a, factory);
      }
    }
  }

  synchronized List<GameFactory> factories() {
    ensureLoaded();
    return Collections.unmodifiableList(new ArrayList<>(factories.values()));
  }

  /** The family named {@code name} or with that alias; null if none. */
  synchronized GameFactory find(String name) {
    ensureLoaded();
    GameFactory f = factories.get(name);
    return f != null ? f : aliases.get(name);
  }

  synchronized List<String> names() {
    ensureLoaded();
    return new ArrayList<>(factories.keySet());
  }
}
