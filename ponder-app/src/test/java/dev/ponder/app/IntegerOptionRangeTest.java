package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * A number too large for its option's Java type is refused naming the option's own range (they
 * named the type's: {@code perft -d 99999999999} said {@code valid: -2147483648..2147483647}, and
 * {@code simulate -n 1e400} the whole {@code long} range, negatives included), in one line with
 * exit 2.
 */
class IntegerOptionRangeTest {
  private static final String NL = System.lineSeparator();

  /** The options whose range is their whole type: seeds, and the hidden progress timings. */
  private static final Set<String> WHOLE_TYPE = Set.of("--seed", "--stats-seed", "--progress-interval", "--progress-delay");

  @Test
  void theExamplesNameTheOptionsRange() {
    Cli n = Cli.run("simulate", "tic_tac_toe", "-n", "1e400");
    assertThat(n.exit).isEqualTo(2);
    assertThat(n.err).isEqualTo("ponder: -n: '1e400' is out of range; valid: 1..9223372036854775807 (see 'ponder"
        + " simulate --help')" + NL);
    Cli d = Cli.run("perft", "tic_tac_toe", "-d", "99999999999");
    assertThat(d.exit).isEqualTo(2);
    assertThat(d.err).isEqualTo("ponder: -d: '99999999999' is out of range; valid: 1..2147483647 (see 'ponder perft"
        + " --help')" + NL);
    Cli forks = Cli.run("bench", "search", "--forks", "5e9");
    assertThat(forks.err).isEqualTo("ponder: --forks: '5e9' is out of range; valid: 1..100 (see 'ponder bench search"
        + " --help')" + NL);
    Cli threads = Cli.run("bench", "search", "--threads", "1,99999999999");
    assertThat(threads.err).isEqualTo("ponder: --threads: '99999999999' is out of range; valid: 1..64 (see 'ponder"
        + " bench search --help')" + NL);
    // within the type, the command's own check names the option and the range as before
    assertThat(Cli.run("bench", "search", "--forks", "101").err).isEqualTo("ponder: --forks must be in 1..100, got 101" + NL);
    assertThat(Cli.run("perft", "tic_tac_toe", "-d", "0").err).isEqualTo("ponder: -d must be at least 1, got 0" + NL);
  }

  /** Every int and long option of every command, beyond its type either way. */
  @Test
  void everyIntegerOptionNamesItsOwnRangeBeyondItsType() {
    List<String> checked = new ArrayList<>();
    walk(Ponder.commandLine(), new ArrayList<>(), checked);
    assertThat(checked).contains("perft --depth", "perft --max-nodes", "simulate --playouts", "check --playouts",
        "check --playout", "bench playouts --runs", "bench search --threads", "bench search --forks",
        "bench search --overrun-searches", "arena --seeds-per-pairing", "arena --parallel", "arena --resamples",
        "arena --population-size", "arena --sco-iterations", "report --parallel", "report --tournament",
        "solve --iterations", "exploitability --runs");
  }

  private static void walk(CommandLine c, List<String> path, List<String> checked) {
    for (CommandLine.Model.OptionSpec o : c.getCommandSpec().options()) {
      Class<?> t = o.auxiliaryTypes().length > 0 ? o.auxiliaryTypes()[0] : o.type();
      boolean isInt = t == int.class || t == Integer.class;
      if (!isInt && t != long.class && t != Long.class) {
        continue;
      }
      String typeRange = isInt ? Integer.MIN_VALUE + ".." + Integer.MAX_VALUE : Long.MIN_VALUE + ".." + Long.MAX_VALUE;
      for (String v : List.of("99999999999999999999", "1e400", "-1e400")) {
        List<String> args = new ArrayList<>(path);
        args.addAll(List.of(o.longestName(), v));
        Cli r = Cli.run(args.toArray(String[]::new));
        String as = String.join(" ", args) + ": " + r.err;
        assertThat(r.exit).as(as).isEqualTo(2);
        assertThat(r.err.lines()).as(as).hasSize(1);
        assertThat(r.err).as(as).startsWith("ponder: " + o.longestName() + ": '" + v + "' is out of range; valid: ");
        if (WHOLE_TYPE.contains(o.longestName())) {
          assertThat(r.err).as(as).contains(typeRange);
        } else {
          assertThat(r.err).as(as).doesNotContain(typeRange);
        }
      }
      checked.add(String.join(" ", path) + (path.isEmpty() ? "" : " ") + o.longestName());
    }
    for (CommandLine sub : c.getSubcommands().values()) {
      List<String> p = new ArrayList<>(path);
      p.add(sub.getCommandName());
      walk(sub, p, checked);
    }
  }
}
