package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Command-line errors are one line on stderr, the help hint included. */
class PonderErrorLineTest {

  @Test
  void parseErrorsAreOneLineWithTheHelpHint() {
    Cli forks = Cli.run("bench", "search", "--forks", "abc");
    assertThat(forks.exit).isEqualTo(2);
    assertThat(forks.out).isEmpty();
    assertThat(forks.err).isEqualTo("ponder: Invalid value for option '--forks': 'abc' is not an int "
        + "(see 'ponder bench search --help')" + System.lineSeparator());
    Cli unknown = Cli.run("nosuchcmd");
    assertThat(unknown.exit).isEqualTo(2);
    assertThat(unknown.err.lines()).singleElement().asString()
        .startsWith("ponder: unknown command 'nosuchcmd'; commands: ").endsWith("(see 'ponder --help')");
  }

  @Test
  void otherParseErrorsAreOneLineToo() {
    for (String[] args : new String[][] {
        {"bench", "search", "--threads", "1,,2"}, {"bench", "search", "--no-such-option"}, {"bench", "nosuch"}}) {
      Cli r = Cli.run(args);
      assertThat(r.exit).as(String.join(" ", args)).isEqualTo(2);
      assertThat(r.err.lines()).as(r.err).singleElement().asString().startsWith("ponder: ").contains("(see 'ponder bench");
    }
  }
}
