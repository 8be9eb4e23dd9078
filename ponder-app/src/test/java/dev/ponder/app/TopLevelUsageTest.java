package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@code ponder} without a command, {@code ponder help [COMMAND]}, and counts written in the singular for 1. */
class TopLevelUsageTest {

  /** No command is a usage error: the usage on stderr, nothing on stdout, exit 2. */
  @Test
  void noCommandPrintsTheUsageAndExits2() {
    Cli r = Cli.run();
    assertThat(r.exit).isEqualTo(2);
    assertThat(r.out).isEmpty();
    assertThat(r.err).startsWith("Usage: ponder ").contains("Commands:").contains("  arena ").contains("  help ")
        .endsWith("ponder: no command given; try 'ponder help COMMAND' or 'ponder COMMAND --help'" + System.lineSeparator());
    // --help is a request, not an error
    Cli help = Cli.run("--help");
    assertThat(help.exit).isZero();
    assertThat(help.out).startsWith("Usage: ponder ");
  }

  /** {@code ponder help COMMAND} prints that command's help, as {@code ponder COMMAND --help} does. */
  @Test
  void helpCommandPrintsACommandsHelp() {
    Cli r = Cli.run("help", "arena");
    assertThat(r.exit).as(r.err).isZero();
    assertThat(r.out).startsWith("Usage: ponder arena ").isEqualTo(Cli.run("arena", "--help").out);
    Cli top = Cli.run("help");
    assertThat(top.exit).isZero();
    assertThat(top.out).startsWith("Usage: ponder ").contains("Commands:");
    Cli unknown = Cli.run("help", "no_such_command");
    assertThat(unknown.exit).isEqualTo(2);
    // a subcommand's help: the path is followed (it printed bench's help for "help bench search")
    Cli sub = Cli.run("help", "bench", "search");
    assertThat(sub.exit).as(sub.err).isZero();
    assertThat(sub.out).startsWith("Usage: ponder bench search ").isEqualTo(Cli.run("bench", "search", "--help").out);
    Cli unknownSub = Cli.run("help", "bench", "nosuch");
    assertThat(unknownSub.exit).isEqualTo(2);
    assertThat(unknownSub.err.strip()).isEqualTo("ponder: unknown command 'nosuch'; commands: playouts, search"
        + " (see 'ponder bench --help')");
    assertThat(Cli.run("help", "help").out).startsWith("Usage: ponder help [-hV] [COMMAND [SUBCOMMAND...]]");
  }

  /** search shows the position it searched: a board under "position:", a one-line state after it. */
  @Test
  void searchPrintsThePositionItSearched() {
    Cli r = Cli.run("search", "connect_four", "--history", "3,3,4", "--agent", "uct(sims=10)");
    assertThat(r.exit).as(r.err).isZero();
    String nl = System.lineSeparator();
    assertThat(r.out).contains(nl + "position:" + nl + "    ......." + nl).contains(nl + "    ...o..." + nl + "    ...xx.." + nl);
    Cli nim = Cli.run("search", "nim", "--history", "0", "--agent", "uct(sims=10)");
    assertThat(nim.out).contains(nl + "position: (1): 0 3 5 7" + nl);
  }

  /** One simulation (and one node, one reused visit) is written in the singular. */
  @Test
  void oneSimulationIsSingular() {
    Cli r = Cli.run("search", "tic_tac_toe", "--agent", "uct(sims=1)");
    assertThat(r.exit).as(r.err).isZero();
    assertThat(r.out).contains("; 1 simulation, ").doesNotContain("1 simulations");
    Cli many = Cli.run("search", "tic_tac_toe", "--agent", "uct(sims=2)");
    assertThat(many.out).contains("; 2 simulations, ");
    assertThat(SearchCommand.count(1, "node")).isEqualTo("1 node");
    assertThat(SearchCommand.count(0, "node")).isEqualTo("0 nodes");
    Cli stats = Cli.run("play", "tic_tac_toe", "--players", "uct(sims=1),random", "--stats", "--seed", "3");
    assertThat(stats.exit).as(stats.err).isZero();
    assertThat(stats.err).contains("; 1 simulation, ").contains(" 0 root visits reused, ").doesNotContain("1 simulations");
  }
}
