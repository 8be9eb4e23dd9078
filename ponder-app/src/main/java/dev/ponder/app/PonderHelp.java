package dev.ponder.app;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code ponder help [COMMAND [SUBCOMMAND...]]}: the help of the named command, as {@code ponder
 * COMMAND [SUBCOMMAND...] --help} prints it ({@code ponder help bench search}); without a name,
 * ponder's own. picocli's help command takes one name, so {@code ponder help bench search}
 * printed the help of {@code bench}.
 */
@Command(name = "help", helpCommand = true, description = "Print the help of a command, e.g. ponder help bench search.",
    customSynopsis = "ponder help [-hV] [COMMAND [SUBCOMMAND...]]",
    mixinStandardHelpOptions = false)
final class PonderHelp implements CommandLine.IHelpCommandInitializable2, Runnable {
  @Parameters(paramLabel = "COMMAND", arity = "0..*", description = "The command, and its subcommands, whose help to print.")
  List<String> path = new ArrayList<>();

  @CommandLine.Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
  boolean helpRequested;

  private CommandLine self;
  private CommandLine.Help.ColorScheme colorScheme;
  private PrintWriter out;

  @Override
  public void init(CommandLine helpCommandLine, CommandLine.Help.ColorScheme colorScheme, PrintWriter outWriter,
      PrintWriter errWriter) {
    this.self = helpCommandLine;
    this.colorScheme = colorScheme;
    this.out = outWriter;
  }

  @Override
  public void run() {
    CommandLine target = self.getParent();
    for (String name : path) {
      CommandLine sub = target.getSubcommands().get(name);
      if (sub == null) {
        // worded as the unknown command it is (Ponder.usageLine: the commands there, did you mean)
        throw new CommandLine.ParameterException(target, "Unknown subcommand '" + name + "'.", null, name);
      }
      target = sub;
    }
    target.usage(out, colorScheme);
  }
}
