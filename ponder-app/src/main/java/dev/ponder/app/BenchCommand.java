package dev.ponder.app;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code ponder bench}: speed benchmarks, one subcommand per area (add yours to
 * {@code subcommands}).
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
    description = "Speed benchmarks (e.g. 'ponder bench search').",
    subcommands = {SearchBenchCommand.class})
public final class BenchCommand implements PonderCommand {

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getOut());
    return 0;
  }
}
