package dev.ponder.game;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.spec.SpecException;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The registry's loading rules, on catalogs built over a class loader that sees one services file
 * written by the test (the same code {@link GameRegistry} runs over the application's loader).
 */
class GameRegistryTest {
  private static final String PKG = "dev.ponder.game.RegistryToys$";

  @TempDir Path dir;

  private GameCatalog catalog(String... lines) throws IOException {
    Path file = dir.resolve(GameCatalog.SERVICES_FILE);
    Files.createDirectories(file.getParent());
    Files.writeString(file, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
    ClassLoader cl = new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader());
    return new GameCatalog(() -> cl);
  }

  @Test
  void anExplicitRegistrationBeforeTheFirstLookupWinsOverTheServicesFile() throws IOException {
    GameCatalog c = catalog(PKG + "Party");
    GameFactory mine = new RegistryToys.OtherParty();
    c.register(mine); // before any lookup: the services are read first, then replaced
    assertThat(c.find("party")).isSameAs(mine);
    // the replaced family's alias goes with it
    assertThat(c.find("fete")).isNull();
    assertThat(c.factories()).containsExactly(mine);
  }

  @Test
  void theRegistryReadsCommentsAndIgnoresAClassListedTwice() throws IOException {
    GameCatalog c = catalog("# games of the test", PKG + "Party   # the party", "", PKG + "Party");
    assertThat(c.factories()).hasSize(1);
    assertThat(c.find("party")).isInstanceOf(RegistryToys.Party.class);
    assertThat(c.find("fete")).isSameAs(c.find("party"));
  }

  @Test
  void twoProvidersWithOneNameFailNamingBothClasses() throws IOException {
    GameCatalog c = catalog(PKG + "Party", PKG + "OtherParty");
    assertThatThrownBy(c::factories).isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("two game providers answer to 'party': " + PKG + "Party (")
        .hasMessageContaining(" and " + PKG + "OtherParty (")
        .hasMessageContaining(GameCatalog.SERVICES_FILE + ":2)")
        .hasMessageEndingWith("give one game another GameType shortName or alias, or remove one line from " + GameCatalog.SERVICES_FILE)
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    // every later call fails the same way rather than serving a partial registry
    assertThatThrownBy(() -> c.find("party")).hasMessageStartingWith("two game providers answer to 'party'");
    // an alias counts as a name
    GameCatalog a = catalog(PKG + "Party", PKG + "Fiesta");
    assertThatThrownBy(a::factories).hasMessageStartingWith("two game providers answer to 'party': " + PKG + "Party (");
  }

  @Test
  void aMisspelledLineFailsWithOneLineNamingTheProviderTheFileAndTheFix() throws IOException {
    GameCatalog c = catalog(PKG + "Party", "dev.ponder.games.dice.DiceRace$Factroy");
    assertThatThrownBy(c::factories).isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("game provider dev.ponder.games.dice.DiceRace$Factroy (listed at ")
        .hasMessageContaining(GameCatalog.SERVICES_FILE + ":2) not found; fix or remove that line of " + GameCatalog.SERVICES_FILE)
        .hasMessageEndingWith("(the factory's binary name, package included; a factory nested in its game is written"
            + " Outer$Factory, e.g. com.example.Race$Factory)")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }

  @Test
  void otherBadProvidersAreNamedToo() throws IOException {
    assertThatThrownBy(() -> catalog("java.lang.String").factories())
        .hasMessageStartingWith("game provider java.lang.String (listed at ")
        .hasMessageContaining("does not implement dev.ponder.game.GameFactory");
    assertThatThrownBy(() -> catalog(PKG + "NeedsArgument").factories())
        .hasMessageContaining("NeedsArgument").hasMessageContaining("has no public no-argument constructor");
    assertThatThrownBy(() -> catalog(PKG + "Failing").factories())
        .hasMessageContaining("Failing").hasMessageEndingWith("could not be created: NullPointerException: type");
    assertThatThrownBy(() -> catalog("not a class").factories())
        .hasMessageStartingWith("'not a class' at ").hasMessageContaining("is not a class name");
  }

  @Test
  void aNameAliasOrKeyAGameStringCannotGiveIsRefused() throws IOException {
    // 'party(2)' could be listed but never loaded, 'my party' only where no list is split at spaces (the
    // commands' --games), and a key declared twice left one of the two unreachable; agent names already
    // followed this rule (MctsAgentFactory)
    assertThatThrownBy(() -> catalog(PKG + "SpacedParty").factories()).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("SpacedParty")
        .hasMessageEndingWith("declares an inconsistent game: the name 'my party' cannot be written in a specification"
            + " string (name or name(key=value,...)); use letters, digits and _");
    assertThatThrownBy(() -> catalog(PKG + "KeyTwiceParty").factories()).isInstanceOf(IllegalStateException.class)
        .hasMessageEndingWith("declares an inconsistent game: twice_party declares the parameter key 'n' twice");
    GameCatalog c = catalog(PKG + "Party");
    assertThatThrownBy(() -> c.register(new RegistryToys.BadAliasParty())).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("cannot register " + PKG + "BadAliasParty: alias_party: the alias 'party(2)' cannot be written in a"
            + " game string; use letters, digits and _");
    assertThatThrownBy(() -> c.register(new RegistryToys.SpacedParty())).isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("cannot register " + PKG + "SpacedParty: the name 'my party' cannot be written");
    assertThat(c.names()).containsExactly("party");
  }

  @Test
  void aNameOrAliasThatAListOfGameStringsSplitsIsRefused() throws IOException {
    // arena --games and bench --games split at a ';' outside parentheses: 'semi;party' would be
    // read there as the two games 'semi' and 'party'
    GameCatalog c = catalog(PKG + "Party");
    assertThatThrownBy(() -> c.register(new RegistryToys.SemicolonParty())).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("cannot register " + PKG + "SemicolonParty: the name 'semi;party' cannot be written in a"
            + " specification string (name or name(key=value,...)); use letters, digits and _");
    assertThatThrownBy(() -> c.register(new RegistryToys.SemicolonAliasParty())).isInstanceOf(IllegalArgumentException.class)
        .hasMessageEndingWith("semi_party: the alias 'semi;p' cannot be written in a game string; use letters, digits and _");
    assertThat(c.names()).containsExactly("party");
  }

  @Test
  void aPlayersParameterWiderThanTheTypesPlayerRangeIsRefused() throws IOException {
    assertThatThrownBy(() -> catalog(PKG + "WideParty").factories()).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("WideParty")
        .hasMessageEndingWith("declares an inconsistent game: wide_party: the players parameter accepts 1..10 but the "
            + "GameType's minPlayers..maxPlayers is 2..6; make the parameter's range lie within it");
    GameCatalog c = catalog(PKG + "Party");
    assertThatThrownBy(() -> c.register(new RegistryToys.WideParty())).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("the players parameter accepts 1..10");
    assertThat(c.find("wide_party")).isNull();
  }

  @Test
  void loadRefusesAGameWhosePlayerCountContradictsItsType() {
    GameRegistry.register(new RegistryToys.CrowdedParty());
    assertThatThrownBy(() -> GameRegistry.load("crowded_party")).isInstanceOf(IllegalStateException.class)
        .hasMessage("crowded_party: the game built from 'crowded_party' has 7 players, outside its GameType's "
            + "minPlayers..maxPlayers 2..6 (" + RegistryToys.CrowdedParty.class.getName() + ")");
    GameRegistry.register(new RegistryToys.Party());
    assertThat(GameRegistry.load("party(players=6)").numPlayers()).isEqualTo(6);
    assertThat(GameRegistry.load("fete(players=2)").numPlayers()).isEqualTo(2);
    assertThatThrownBy(() -> GameRegistry.load("party(players=7)")).isInstanceOf(SpecException.class)
        .hasMessage("party: players=7 is out of range; valid: 2..6");
  }

  @Test
  void aProviderThatUsesItsRegistryWhileItLoadsIsNamedNotRecursedInto() throws IOException {
    GameCatalog c = catalog(PKG + "Party", PKG + "LooksUpWhileCreated");
    RegistryToys.LooksUpWhileCreated.registry = c;
    String expected = "game provider " + PKG + "LooksUpWhileCreated (listed at " + dir.toUri().toURL()
        + GameCatalog.SERVICES_FILE + ":2) used GameRegistry while GameRegistry is still loading its providers; a"
        + " provider must not look up games while it is created or described (constructor, type, aliases, name):"
        + " look them up when it is used (e.g. in create)";
    assertThatThrownBy(c::factories).isInstanceOf(IllegalStateException.class).hasMessage(expected);
    // the failure stays, one line, for every later use
    assertThatThrownBy(() -> c.find("party")).isInstanceOf(IllegalStateException.class).hasMessage(expected);
    // from a method the registry calls while loading, too
    GameCatalog late = catalog(PKG + "LooksUpInAliases");
    RegistryToys.LooksUpWhileCreated.registry = late;
    assertThatThrownBy(late::names).isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("game provider " + PKG + "LooksUpInAliases (listed at ")
        .hasMessageContaining(" used GameRegistry while GameRegistry is still loading its providers;")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    // once loaded, a provider may use the registry (here: the constructor's look-up is answered)
    GameCatalog fine = catalog(PKG + "Party");
    RegistryToys.LooksUpWhileCreated.registry = fine;
    assertThat(fine.names()).containsExactly("party");
    fine.register(new RegistryToys.LooksUpWhileCreated());
    assertThat(fine.names()).containsExactly("looks_up", "party");
  }

  /** Compiles {@code sources} (path under the class directory → text) into the catalog's class directory. */
  private void compile(java.util.Map<String, String> sources) throws IOException {
    Path src = Files.createTempDirectory(dir.getParent() == null ? dir : dir.getParent(), "src");
    java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("-d", dir.toString()));
    for (var e : sources.entrySet()) {
      Path f = src.resolve(e.getKey());
      Files.createDirectories(f.getParent());
      Files.writeString(f, e.getValue(), StandardCharsets.UTF_8);
      args.add(f.toString());
    }
    assertThat(javax.tools.ToolProvider.getSystemJavaCompiler().run(null, null, null, args.toArray(String[]::new)))
        .isZero();
  }

  @Test
  void aClassWhoseSuperclassIsMissingNamesThatClassAsNotOnTheClassPath() throws IOException {
    compile(java.util.Map.of("org/example/base/Base.java", "package org.example.base; public class Base {}",
        "org/example/games/Sub.java", "package org.example.games; public class Sub extends org.example.base.Base {}"));
    Files.delete(dir.resolve("org/example/base/Base.class"));
    // the deepest cause is what the line shows (describe), as docs/foundation.md quotes it
    assertThatThrownBy(() -> catalog("org.example.games.Sub").factories()).isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("game provider org.example.games.Sub (listed at ")
        .hasMessageEndingWith(GameCatalog.SERVICES_FILE + ":1) could not be loaded: ClassNotFoundException:"
            + " org.example.base.Base (class org.example.base.Base, which it uses, is not on the class path: the jar or"
            + " class directory that holds it is missing from PONDER_CLASSPATH)");
  }

  @Test
  void aClassBuiltAgainstAnotherPonderSaysToRebuildItNotToExtendTheClassPath() throws IOException {
    compile(java.util.Map.of("dev/ponder/game/NewerBase.java", "package dev.ponder.game; public class NewerBase {}",
        "org/example/games/Newer.java", "package org.example.games; public class Newer extends dev.ponder.game.NewerBase {}"));
    Files.delete(dir.resolve("dev/ponder/game/NewerBase.class"));
    assertThatThrownBy(() -> catalog("org.example.games.Newer").factories()).isInstanceOf(IllegalStateException.class)
        .hasMessageEndingWith(GameCatalog.SERVICES_FILE + ":1) could not be loaded: ClassNotFoundException:"
            + " dev.ponder.game.NewerBase (class dev.ponder.game.NewerBase, which it uses, is not in this version of"
            + " Ponder: the class was built against another version; rebuild it against this one (./mvnw -q -B install"
            + " -DskipTests at Ponder's root installs this version))");
  }

  @Test
  void aLineSpelledOtherwiseThanItsClassSaysSoNotThatAClassIsMissing() throws IOException {
    compile(java.util.Map.of("org/example/games/MyGame.java", "package org.example.games; public class MyGame {}"));
    // a file system that ignores case finds MyGame.class for the line's Mygame: simulated by a copy
    Files.copy(dir.resolve("org/example/games/MyGame.class"), dir.resolve("org/example/games/Mygame.class"));
    assertThatThrownBy(() -> catalog("org.example.games.Mygame").factories()).isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("game provider org.example.games.Mygame (listed at ")
        .hasMessageEndingWith(" could not be loaded: NoClassDefFoundError: org/example/games/Mygame (wrong name:"
            + " org/example/games/MyGame) (the line's spelling differs from the class's name, org.example.games.MyGame:"
            + " a file system that ignores case found its file; fix or remove that line of " + GameCatalog.SERVICES_FILE
            + ")")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("class path"));
  }

  @Test
  void anAliasMayNotTakeAnotherGamesName() throws IOException {
    GameCatalog c = catalog(PKG + "Party");
    assertThatThrownBy(() -> c.register(new RegistryToys.Fiesta())).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("its alias 'party' is the name of the registered game");
  }
}
