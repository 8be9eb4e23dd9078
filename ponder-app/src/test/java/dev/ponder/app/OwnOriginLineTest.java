package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.agent.AgentRegistry;
import dev.ponder.game.GameRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import org.example.ownagent.MissingClassAgent;
import org.example.owngame.OwnFaultGame;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code ponder games} and {@code ponder agents} tell a game or agent of one's own (a class outside
 * Ponder's packages, as on PONDER_CLASSPATH) from Ponder's: a line {@code from:} naming the jar or
 * class directory its class was loaded from.
 */
class OwnOriginLineTest {

  @BeforeAll
  static void register() {
    GameRegistry.register(new OwnFaultGame.Factory());
    AgentRegistry.register(new MissingClassAgent());
  }

  /** The jar or class directory that holds {@code c}, found independently of the command's code. */
  private static String location(Class<?> c) throws Exception {
    Path p = Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
    assertThat(Files.exists(p)).isTrue();
    return p.toString();
  }

  @Test
  void aGameOfOnesOwnNamesWhereItComesFromPondersDoNot() throws Exception {
    Cli own = Cli.run("games", "own_fault");
    assertThat(own.exit).as(own.err).isEqualTo(0);
    assertThat(own.out.lines()).contains("    from: " + location(OwnFaultGame.Factory.class));
    assertThat(Cli.run("games").out).contains("own_fault").contains("\n    from: " + location(OwnFaultGame.Factory.class)
        + "\n");
    for (dev.ponder.game.GameFactory f : GameRegistry.factories()) {
      if (f.getClass().getName().startsWith("dev.ponder.games.")) { // the shipped games
        assertThat(Cli.run("games", f.type().shortName()).out).as(f.type().shortName()).doesNotContain("from:");
      }
    }
    assertThat(Cli.run("games", "own_fault", "--names").out).isEqualTo("own_fault\n");
  }

  @Test
  void aClassOfPondersPackagesFromAnotherJarOrDirectoryNamesWhereItComesFrom() throws Exception {
    // a fork's dev.ponder class on PONDER_CLASSPATH: here a class of this package from the test classes
    assertThat(location(OwnOriginLineTest.class)).isNotEqualTo(location(GamesCommand.class));
    assertThat(GamesCommand.origin(OwnOriginLineTest.class)).isEqualTo(location(OwnOriginLineTest.class));
    // Ponder's own classes, in every module, do not
    for (Class<?> c : new Class<?>[] {GamesCommand.class, dev.ponder.game.Game.class, dev.ponder.games.Bitsets.class,
        dev.ponder.search.mcts.MctsAgentFactory.class, dev.ponder.solve.CfrSolver.class, dev.ponder.arena.MatchRunner.class}) {
      assertThat(GamesCommand.origin(c)).as(c.getName()).isNull();
    }
    // the shipped agents, as Ponder's services files list them (other tests register agents of their
    // own, from test classes and test jars, which name where they come from)
    java.util.Set<String> shipped = new java.util.HashSet<>();
    try (var modules = Files.list(Path.of(".."))) {
      for (Path m : modules.toList()) {
        Path services = m.resolve("src/main/resources/META-INF/services/dev.ponder.agent.AgentFactory");
        if (Files.exists(services)) {
          Files.readAllLines(services).stream().map(l -> l.replaceFirst("#.*", "").strip()).filter(l -> !l.isEmpty())
              .forEach(shipped::add);
        }
      }
    }
    assertThat(shipped).isNotEmpty();
    for (dev.ponder.agent.AgentFactory f : AgentRegistry.factories()) {
      if (shipped.contains(f.getClass().getName())) {
        assertThat(GamesCommand.origin(f.getClass())).as(f.getClass().getName()).isNull();
      }
    }
  }

  @Test
  void anAgentOfOnesOwnNamesWhereItComesFrom() throws Exception {
    Cli own = Cli.run("agents", "missing_class", "uct");
    assertThat(own.exit).as(own.err).isEqualTo(0);
    assertThat(own.out.lines().filter(l -> l.startsWith("    from: ")).toList())
        .containsExactly("    from: " + location(MissingClassAgent.class));
    assertThat(own.out).contains("missing_class — test: a class it uses is not on the class path\n    from: ");
  }
}
