package dev.ponder.app;

import dev.ponder.agent.AgentFactory;
import dev.ponder.agent.AgentRegistry;
import dev.ponder.spec.ParamSpec;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ponder agents}: every registered agent with its description (the method and its source,
 * authors and year), its spec-string keys, their defaults and meaning.
 */
@Command(name = "agents", mixinStandardHelpOptions = true,
    description = "List every registered agent with the paper it implements and its keys with defaults.")
public final class AgentsCommand implements PonderCommand {

  @Option(names = "--names", description = "Print only the names, one per line.")
  boolean namesOnly;

  @Parameters(arity = "0..*", paramLabel = "NAME", description = "Show only these agents (default: all).")
  List<String> names = new ArrayList<>();

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    List<AgentFactory> list = new ArrayList<>();
    if (names.isEmpty()) {
      list.addAll(AgentRegistry.factories());
    } else {
      for (String n : names) {
        list.add(AgentRegistry.factory(n)); // unknown name: SpecException listing the known ones (exit 2)
      }
    }
    for (AgentFactory f : list) {
      if (namesOnly) {
        out.println(f.name());
        continue;
      }
      out.println(f.name() + " — " + f.description());
      for (ParamSpec p : f.parameters()) {
        out.println("    " + p.describe());
      }
    }
    out.flush();
    return 0;
  }
}
