package dev.ponder.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent registry's loading rules, on catalogs built over a class loader that sees one services
 * file written by the test (the same code {@link AgentRegistry} runs over the application's loader).
 */
class AgentRegistryTest {
  private static final String PKG = "dev.ponder.agent.AgentToys$";

  @TempDir Path dir;

  private AgentCatalog catalog(String... lines) throws IOException {
    Path file = dir.resolve(AgentCatalog.SERVICES_FILE);
    Files.createDirectories(file.getParent());
    Files.writeString(file, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
    ClassLoader cl = new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader());
    return new AgentCatalog(() -> cl);
  }

  @Test
  void aProviderThatUsesItsRegistryWhileItLoadsIsNamedNotRecursedInto() throws IOException {
    AgentCatalog c = catalog(PKG + "Alpha", PKG + "LooksUpWhileCreated");
    AgentToys.LooksUpWhileCreated.registry = c;
    String expected = "agent provider " + PKG + "LooksUpWhileCreated (listed at " + dir.toUri().toURL()
        + AgentCatalog.SERVICES_FILE + ":2) used AgentRegistry while AgentRegistry is still loading its providers; a"
        + " provider must not look up agents while it is created or described (constructor, type, aliases, name):"
        + " look them up when it is used (e.g. in create)";
    assertThatThrownBy(c::names).isInstanceOf(IllegalStateException.class).hasMessage(expected);
    assertThatThrownBy(() -> c.find("alpha")).isInstanceOf(IllegalStateException.class).hasMessage(expected);
    // once loaded, the same provider may use the registry
    AgentCatalog fine = catalog(PKG + "Alpha");
    AgentToys.LooksUpWhileCreated.registry = fine;
    fine.register(new AgentToys.LooksUpWhileCreated());
    assertThat(fine.names()).containsExactly("alpha", "gamma", "random");
  }

  @Test
  void theServicesAndTheBuiltInRandomAreLoadedWithCommentsAndRepeatsHandled() throws IOException {
    AgentCatalog c = catalog("# agents of the test", PKG + "Beta  # b", "", PKG + "Alpha", PKG + "Beta");
    assertThat(c.names()).containsExactly("alpha", "beta", "random");
    assertThat(c.find("alpha")).isInstanceOf(AgentToys.Alpha.class);
    assertThat(c.find("random")).isInstanceOf(RandomAgent.Factory.class);
    assertThat(c.find("gamma")).isNull();
  }

  @Test
  void aNameOrKeyAnAgentStringCannotGiveIsRefused() throws IOException {
    // MctsAgentFactory refused these in its constructor; an AgentFactory of one's own was taken as it was
    assertThatThrownBy(() -> catalog(PKG + "Alpha", PKG + "Spaced").names()).isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("agent provider " + PKG + "Spaced (listed at ")
        .hasMessageContaining(":2) declares an agent that cannot be named: the name 'my agent' cannot be written in a"
            + " specification string (name or name(key=value,...)); use letters, digits and _; fix or remove that line of "
            + AgentCatalog.SERVICES_FILE);
    assertThatThrownBy(() -> catalog(PKG + "KeyTwice").names()).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("declares an agent that cannot be named: twice declares the parameter key 'n' twice;");
    AgentCatalog c = catalog(PKG + "Alpha");
    assertThatThrownBy(() -> c.register(new AgentToys.Spaced())).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("cannot register " + PKG + "Spaced: the name 'my agent' cannot be written in a specification string"
            + " (name or name(key=value,...)); use letters, digits and _");
    assertThatThrownBy(() -> c.register(new AgentToys.KeyTwice())).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("cannot register " + PKG + "KeyTwice: twice declares the parameter key 'n' twice");
    assertThat(c.names()).containsExactly("alpha", "random");
  }

  @Test
  void anExplicitRegistrationBeforeTheFirstLookupWinsOverTheServicesFile() throws IOException {
    AgentCatalog c = catalog(PKG + "Alpha");
    AgentFactory mine = new AgentToys.OtherAlpha();
    c.register(mine); // before any lookup: the services are read first, then replaced
    assertThat(c.find("alpha")).isSameAs(mine);
    assertThat(c.factories()).hasSize(2).contains(mine);
    AgentFactory later = new AgentToys.Alpha();
    c.register(later); // a later registration replaces an earlier one
    assertThat(c.find("alpha")).isSameAs(later);
  }

  @Test
  void twoProvidersWithOneNameFailNamingBothClassesAndLines() throws IOException {
    AgentCatalog c = catalog(PKG + "Alpha", PKG + "Beta", PKG + "OtherAlpha");
    assertThatThrownBy(c::factories).isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("two agent providers answer to 'alpha': " + PKG + "Alpha (listed at ")
        .hasMessageContaining(AgentCatalog.SERVICES_FILE + ":1) and " + PKG + "OtherAlpha (listed at ")
        .hasMessageContaining(AgentCatalog.SERVICES_FILE + ":3);")
        .hasMessageEndingWith("give one agent another name(), or remove one line from " + AgentCatalog.SERVICES_FILE)
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    // every later call fails the same way rather than serving a partial registry
    assertThatThrownBy(() -> c.find("beta")).isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("two agent providers answer to 'alpha'");
  }

  @Test
  void aProviderTakingTheBuiltInRandomsNameFails() throws IOException {
    assertThatThrownBy(() -> catalog(PKG + "FakeRandom").names()).isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("two agent providers answer to 'random': " + RandomAgent.Factory.class.getName()
            + " (built into " + AgentRegistry.class.getName() + ") and " + PKG + "FakeRandom (listed at ")
        .hasMessageContaining(AgentCatalog.SERVICES_FILE + ":1);");
  }

  @Test
  void aMisspelledLineFailsWithOneLineNamingTheProviderTheFileAndTheFix() throws IOException {
    AgentCatalog c = catalog(PKG + "Alpha", "dev.ponder.search.mcts.zoo.ZooAgents$Compsoe");
    assertThatThrownBy(c::factories).isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("agent provider dev.ponder.search.mcts.zoo.ZooAgents$Compsoe (listed at ")
        .hasMessageContaining(AgentCatalog.SERVICES_FILE + ":2) not found; fix or remove that line of " + AgentCatalog.SERVICES_FILE)
        // the hint fits an agent's factory (usually top-level), not a game's nested Factory
        .hasMessageEndingWith("(the agent factory's class name, package included, e.g. org.example.search.MyAgent;"
            + " a nested class is written Outer$Inner)")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n").doesNotContain("Outer$Factory"));
  }

  @Test
  void otherBadProvidersAreNamedToo() throws IOException {
    assertThatThrownBy(() -> catalog("java.lang.String").factories())
        .hasMessageStartingWith("agent provider java.lang.String (listed at ")
        .hasMessageContaining("does not implement dev.ponder.agent.AgentFactory");
    assertThatThrownBy(() -> catalog(PKG + "Named").factories())
        .hasMessageContaining("is not a public concrete top-level or static nested class");
    assertThatThrownBy(() -> catalog(PKG + "NeedsArgument").factories())
        .hasMessageContaining("NeedsArgument").hasMessageContaining("has no public no-argument constructor");
    assertThatThrownBy(() -> catalog(PKG + "Failing").factories())
        .hasMessageContaining("Failing").hasMessageEndingWith("could not be created: NullPointerException: name");
    assertThatThrownBy(() -> catalog(PKG + "Nameless").factories())
        .hasMessageStartingWith("agent provider " + PKG + "Nameless (listed at ").hasMessageContaining(":1) has no name()");
    assertThatThrownBy(() -> catalog("not a class").factories())
        .hasMessageStartingWith("'not a class' at ").hasMessageContaining("is not a class name");
  }

  @Test
  void theApplicationRegistryServesTheBuiltInRandom() {
    assertThat(AgentRegistry.factory("random")).isInstanceOf(RandomAgent.Factory.class);
    assertThatThrownBy(() -> AgentRegistry.factory("no_such_agent"))
        .hasMessageStartingWith("unknown agent 'no_such_agent'; known agents: ").hasMessageContaining("random");
  }

  /** The unknown-agent line says where agents of one's own come from. */
  @Test
  void anUnknownAgentNamesTheWayToAddOne() {
    assertThatThrownBy(() -> AgentRegistry.factory("my_tuned"))
        .hasMessageEndingWith(" (agents of your own: a jar on the class path, PONDER_CLASSPATH for the ponder"
            + " command, listing the factory class in META-INF/services/dev.ponder.agent.AgentFactory)")
        .hasMessageNotContaining("\n");
  }
}
