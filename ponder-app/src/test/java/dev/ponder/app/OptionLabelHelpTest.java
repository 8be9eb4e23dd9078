package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every option that takes a value names it in the help as the option list explains it ({@code
 * --db=FILE}, {@code --resamples=N}), never with picocli's default label from the field's name
 * ({@code --db=<db>}, {@code --sco-resamples=<scoResamples>}, which arena, report, solve and
 * exploitability showed).
 */
class OptionLabelHelpTest {
  @Test
  void noOptionShowsTheFieldNameAsItsValue() {
    List<CommandLine> all = new ArrayList<>();
    collect(Ponder.commandLine(), all);
    assertThat(all).hasSizeGreaterThan(10);
    List<String> unlabelled = new ArrayList<>();
    for (CommandLine c : all) {
      for (CommandLine.Model.OptionSpec o : c.getCommandSpec().options()) {
        if (o.arity().max() > 0 && !o.hidden() && o.paramLabel().startsWith("<")) {
          unlabelled.add(c.getCommandSpec().qualifiedName() + " " + o.longestName() + "=" + o.paramLabel());
        }
      }
    }
    assertThat(unlabelled).isEmpty();
    String help = Cli.run("report", "--help").out;
    assertThat(help).contains("[--db=FILE]", "[--sco-resamples=N]").doesNotContain("=<");
  }

  private static void collect(CommandLine c, List<CommandLine> into) {
    into.add(c);
    for (CommandLine sub : c.getSubcommands().values()) {
      collect(sub, into);
    }
  }
}
