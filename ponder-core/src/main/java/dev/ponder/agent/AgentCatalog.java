package dev.ponder.agent;

import dev.ponder.spi.ServiceProviders;
import dev.ponder.spi.ServiceProviders.Listed;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * The state behind {@link AgentRegistry}: the built-in {@code random} agent, the agents read from
 * the services files of one class loader, and explicit registrations. Package-private so that
 * tests can build catalogs over their own class loaders; {@link AgentRegistry} holds the one the
 * application uses.
 *
 * <p>Rules (see {@link AgentRegistry}): the services files are read on first use, one provider at
 * a time (through {@link ServiceProviders}); a line that does not give a usable factory, a factory
 * without a name, or two providers answering to one name (the built-in {@code random} included)
 * fail with an {@link IllegalStateException} whose one-line message names the provider(s), the
 * services file and line, and what to fix. An explicit {@link #register(AgentFactory)} loads the
 * services first and then replaces any agent of the same name.
 */
final class AgentCatalog {
  /** Resource path of the services file that lists agent factories. */
  static final String SERVICES_FILE = ServiceProviders.servicesFile(AgentFactory.class);

  /** Where the built-in {@code random} agent is "listed" in messages. */
  static final String BUILT_IN = "built into " + AgentRegistry.class.getName();

  private final Supplier<ClassLoader> loader;
  private final Map<String, AgentFactory> factories = new TreeMap<>();
  private final ServiceProviders.LoadOnce once = new ServiceProviders.LoadOnce("agent", "AgentRegistry");

  AgentCatalog(Supplier<ClassLoader> loader) {
    this.loader = loader;
  }

  synchronized void ensureLoaded() {
    once.ensure(this::load, factories::clear);
  }

  private void load() {
    Map<String, Listed> owner = new TreeMap<>();
    AgentFactory random = new RandomAgent.Factory();
    owner.put(random.name(), new Listed(random.getClass().getName(), BUILT_IN));
    factories.put(random.name(), random);
    for (Listed l : ServiceProviders.list(loader.get(), AgentFactory.class)) {
      once.creating(l);
      AgentFactory f = ServiceProviders.instantiate(l, loader.get(), AgentFactory.class, "agent");
      String name;
      try {
        name = f.name();
      } catch (RuntimeException e) {
        throw new IllegalStateException(ServiceProviders.head(l, "agent") + "has a name() that threw "
            + ServiceProviders.describe(e) + "; fix or remove that line of " + SERVICES_FILE, e);
      }
      if (name == null || name.isEmpty()) {
        throw new IllegalStateException(ServiceProviders.head(l, "agent") + "has no name(); fix or remove that line of "
            + SERVICES_FILE);
      }
      String naming;
      try {
        naming = namingProblem(f);
      } catch (RuntimeException e) {
        throw new IllegalStateException(ServiceProviders.head(l, "agent") + "has a parameters() that threw "
            + ServiceProviders.describe(e) + "; fix or remove that line of " + SERVICES_FILE, e);
      }
      if (naming != null) {
        throw new IllegalStateException(ServiceProviders.head(l, "agent") + "declares an agent that cannot be named: "
            + naming + "; fix or remove that line of " + SERVICES_FILE);
      }
      Listed before = owner.get(name);
      if (before != null) {
        throw new IllegalStateException("two agent providers answer to '" + name + "': " + before.className() + " ("
            + (before.where().equals(BUILT_IN) ? BUILT_IN : "listed at " + before.where()) + ") and " + l.className()
            + " (listed at " + l.where() + "); give one agent another name(), or remove one line from " + SERVICES_FILE);
      }
      owner.put(name, l);
      factories.put(name, f);
    }
  }

  synchronized void register(AgentFactory factory) {
    // read the services first, so that they never replace an explicit registration
    ensureLoaded();
    String name = factory.name();
    if (name == null || name.isEmpty()) {
      throw new IllegalArgumentException("cannot register " + factory.getClass().getName() + ": it has no name()");
    }
    String naming = namingProblem(factory);
    if (naming != null) {
      throw new IllegalArgumentException("cannot register " + factory.getClass().getName() + ": " + naming);
    }
    factories.put(name, factory);
  }

  /** A name or a parameter key that an agent string cannot give, or a key declared twice; null if none. */
  private static String namingProblem(AgentFactory f) {
    List<dev.ponder.spec.ParamSpec> params = f.parameters();
    return dev.ponder.spec.Spec.namingProblem(f.name(),
        params == null ? List.of() : params.stream().map(dev.ponder.spec.ParamSpec::name).toList());
  }

  synchronized List<AgentFactory> factories() {
    ensureLoaded();
    return Collections.unmodifiableList(new ArrayList<>(factories.values()));
  }

  /** The agent named {@code name}; null if none. */
  synchronized AgentFactory find(String name) {
    ensureLoaded();
    return factories.get(name);
  }

  synchronized List<String> names() {
    ensureLoaded();
    return new ArrayList<>(factories.keySet());
  }
}
