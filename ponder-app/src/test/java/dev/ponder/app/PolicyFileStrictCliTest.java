package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A policy file that names one action under two keys ({@code "0"} and {@code "00"}) is refused
 * when it is read, in one line naming the file, the information state and the key, exit 2, by
 * every command that reads it: {@code exploitability --policy}, and the agent {@code tabular} in
 * {@code exploitability --agent}, {@code arena} and {@code play}. Before, the sum check saw both
 * keys and then one value replaced the other: {@code exploitability} failed with a runtime error
 * that named no file, and an arena played the file as "always pass" at that state.
 */
class PolicyFileStrictCliTest {
  @TempDir Path dir;

  /** A complete kuhn_poker policy whose state '1p' lists action 0 twice, as "0" and "00". */
  private Path twoSpellings() throws Exception {
    StringBuilder sb = new StringBuilder("{\"game\": \"kuhn_poker\", \"policy\": {");
    for (String s : new String[] {"0", "1", "2", "0p", "1p", "2p", "0b", "1b", "2b", "0pb", "1pb", "2pb"}) {
      sb.append('"').append(s).append("\": ").append(s.equals("1p") ? "{\"0\": 0.5, \"00\": 0.5}" : "{\"0\": 0.5, \"1\": 0.5}")
          .append(s.equals("2pb") ? "" : ", ");
    }
    Path f = dir.resolve("dupact.json");
    Files.writeString(f, sb.append("}}").toString());
    return f;
  }

  @Test
  void everyReaderRefusesTheFileInOneLine() throws Exception {
    Path f = twoSpellings();
    String why = "policy file " + f + ": action key '00' at information state '1p' is not a plain non-negative integer"
        + " (action keys are written as 0, 1, 12, ...: digits only, no sign, no leading zeros, no spaces)";
    Cli policy = Cli.run("exploitability", "kuhn_poker", "--policy", f.toString());
    assertThat(policy.exit).as(policy.err).isEqualTo(2);
    assertThat(policy.err).isEqualTo("ponder: " + why + "\n");
    assertThat(policy.out).isEmpty();
    String agent = "tabular(file=" + f + ")";
    Cli tab = Cli.run("exploitability", "kuhn_poker", "--agent", agent, "--runs", "1", "--no-progress");
    assertThat(tab.exit).as(tab.err).isEqualTo(2);
    assertThat(tab.err).isEqualTo("ponder: tabular: " + why + "\n");
    Cli arena = Cli.run("arena", "--games", "kuhn_poker", "--agents", agent + ",uniform", "--seeds-per-pairing", "2",
        "--parallel", "1", "--db", dir.resolve("a.db").toString(), "--no-progress");
    assertThat(arena.exit).as(arena.out + arena.err).isEqualTo(2);
    assertThat(arena.err).isEqualTo("ponder: tabular: " + why + "\n");
    assertThat(arena.out).doesNotContain("matches");
    Cli play = Cli.run("play", "kuhn_poker", "--players", agent + ",uniform");
    assertThat(play.exit).as(play.err).isEqualTo(2);
    assertThat(play.err).isEqualTo("ponder: tabular: " + why + "\n");
  }

  @Test
  void notJsonGetsOurWords() throws Exception {
    Path f = dir.resolve("notjson.json");
    Files.writeString(f, "hello\n");
    Cli c = Cli.run("exploitability", "kuhn_poker", "--policy", f.toString());
    assertThat(c.exit).isEqualTo(2);
    assertThat(c.err).startsWith("ponder: cannot read policy " + f + ": not JSON: unexpected text 'hello' at line 1, column 1")
        .doesNotContain("NaN").doesNotContain("INF").hasLineCount(1);
  }

  /**
   * A policy file that is missing or a directory is named once, with the reason in the words
   * replay and report --db use: the line gave Java's message, the path a second time
   * ({@code cannot read policy p.json: p.json (No such file or directory)}).
   */
  @Test
  void aMissingFileOrADirectoryIsNamedOnceWithItsReason() {
    Path missing = dir.resolve("none.json");
    Cli c = Cli.run("exploitability", "kuhn_poker", "--policy", missing.toString());
    assertThat(c.exit).isEqualTo(2);
    assertThat(c.err).isEqualTo("ponder: cannot read policy " + missing + ": no such file\n");
    Cli d = Cli.run("exploitability", "kuhn_poker", "--policy", dir.toString());
    assertThat(d.exit).isEqualTo(2);
    assertThat(d.err).isEqualTo("ponder: cannot read policy " + dir + ": it is a directory\n");
    Cli agent = Cli.run("play", "kuhn_poker", "--players", "tabular(file=" + missing + "),uniform");
    assertThat(agent.exit).isEqualTo(2);
    assertThat(agent.err).isEqualTo("ponder: tabular: cannot read policy " + missing + ": no such file\n");
  }
}
