package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** report's --report and its older name --out, the counts of its first line, and -V on subcommands. */
class ReportOptionsFixTest {
  @TempDir Path dir;

  @Test
  void reportAndOutTogetherAreRefusedAndOneGameIsSingular() throws Exception {
    Path db = dir.resolve("k.db");
    Cli a = Cli.run("arena", "--games", "tic_tac_toe", "--agents", "random,uct(sims=2)", "--seeds-per-pairing", "1",
        "--db", db.toString(), "--no-progress", "--resamples", "40", "--elo-resamples", "40", "--sco-resamples", "40");
    assertThat(a.exit).as(a.err).isZero();
    Cli both = Cli.run("report", "--db", db.toString(), "--out", dir.resolve("A").toString(), "--report",
        dir.resolve("B").toString());
    assertThat(both.exit).isEqualTo(2);
    assertThat(both.err).isEqualTo("ponder: --report and --out are one option (the second is the first's older name);"
        + " give only --report\n");
    assertThat(both.out).isEmpty();
    assertThat(dir.resolve("A")).doesNotExist();
    assertThat(dir.resolve("B")).doesNotExist();
    // either alone still works; the first line counts one game as "1 game", two matches as "matches"
    Cli out = Cli.run("report", "--db", db.toString(), "--out", dir.resolve("A").toString(), "--no-progress",
        "--resamples", "40", "--elo-resamples", "40", "--sco-resamples", "40");
    assertThat(out.exit).as(out.err).isZero();
    assertThat(out.out).startsWith("Tournament 1: 1 game, 2 agents, 2 matches stored (0 errors)\n")
        .contains("tic_tac_toe (2 players, 2 matches, 1 seed): ");
    assertThat(dir.resolve("A/report.md")).exists();
    assertThat(java.nio.file.Files.readString(dir.resolve("A/report.md"))).contains("2 players; 2 matches over 1 seed; 0 errors;");
    // the interrupt line with an unknown total counts one match as "1 match"
    assertThat(ArenaCommand.InterruptNotice.line(1, -1, Path.of("r.db"))).startsWith("interrupted: 1 match stored in r.db;");
  }

  @Test
  void everySubcommandPrintsTheVersion() {
    Cli top = Cli.run("--version");
    assertThat(top.exit).isZero();
    // the line the build stamped (PonderVersionTest checks its version and commit)
    assertThat(top.out).isEqualTo(dev.ponder.spi.PonderVersion.LINE + "\n")
        .matches("ponder \\S+ \\(commit ([0-9a-f]{7,40}(, modified)?|unknown)\\)\n");
    for (String command : Ponder.commandLine().getSubcommands().keySet()) {
      for (String flag : new String[] {"-V", "--version"}) {
        Cli v = Cli.run(command, flag);
        assertThat(v.exit).as(command + " " + flag).isZero();
        assertThat(v.out).as(command + " " + flag).isEqualTo(top.out);
      }
    }
    // help's own usage still works
    Cli help = Cli.run("help", "arena");
    assertThat(help.exit).isZero();
    assertThat(help.out).startsWith("Usage: ponder arena");
    // a subcommand of a subcommand too
    picocli.CommandLine bench = Ponder.commandLine().getSubcommands().get("bench");
    if (bench != null) {
      for (String sub : bench.getSubcommands().keySet()) {
        Cli v = Cli.run("bench", sub, "-V");
        assertThat(v.out).as("bench " + sub).isEqualTo(top.out);
      }
    }
  }
}
