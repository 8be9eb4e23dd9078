package dev.ponder.app;

import dev.ponder.agent.AgentFactory;
import dev.ponder.agent.AgentRegistry;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Spec;
import dev.ponder.spec.SpecException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ponder agents}: every registered agent with its description (the method and its source,
 * authors and year), its spec-string keys, their defaults, accepted range or values, and meaning.
 * The keys every listed search agent shares (budget, threads, reuse, keying, ...) are listed once,
 * first, in a section of their own; each agent then lists only its own keys. An agent that is
 * not one of Ponder's (an agent of your own on PONDER_CLASSPATH) has a line {@code from:} naming
 * the jar or class directory it comes from ({@link GamesCommand#origin}).
 */
@Command(name = "agents", mixinStandardHelpOptions = true,
    description = {"List every registered agent with the paper it implements and its keys: default, kind, accepted range"
        + " or values, meaning.", "The keys common to every search agent are listed once, first; each agent then lists its own."})
public final class AgentsCommand implements PonderCommand {

  @Option(names = "--names", description = "Print only the names, one per line.")
  boolean namesOnly;

  @Parameters(arity = "0..*", paramLabel = "NAME", description = "Show only these agents, by name (uct, not uct(c=1)); default: all.")
  List<String> names = new ArrayList<>();

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  /**
   * The agent named {@code name}. An agent string ({@code uct(c=1)}) is refused saying that names
   * are expected and which agent it names; an unknown name lists the known ones.
   *
   * @throws UsageException for an agent string
   * @throws dev.ponder.spec.SpecException for an unknown name (exit 2)
   */
  static AgentFactory factory(String name) {
    String n = name.trim();
    if (n.contains("(") || n.contains("=") || n.contains(",")) {
      String prefix = "agents takes agent names, not agent strings: '" + n + "'";
      String inner;
      try {
        inner = Spec.parse(n).name();
      } catch (SpecException e) {
        throw new UsageException(prefix + "; known agents: " + knownNames());
      }
      try {
        AgentRegistry.factory(inner);
      } catch (SpecException e) {
        throw new UsageException(prefix + "; " + e.getMessage());
      }
      throw new UsageException(prefix + " is agent '" + inner + "' with parameters; try: ponder agents " + inner);
    }
    return AgentRegistry.factory(n); // unknown name: SpecException listing the known ones (exit 2)
  }

  private static String knownNames() {
    List<String> n = new ArrayList<>();
    for (AgentFactory f : AgentRegistry.factories()) {
      n.add(f.name());
    }
    return String.join(", ", n);
  }

  /**
   * The legend printed under a listing that shows a verification tag: what {@code [recall]} and
   * {@code [UNVERIFIED]} mean (the convention of docs/zoo.md).
   */
  static final String TAG_LEGEND = "tags: [recall] a constant taken from the cited paper without re-reading it;"
      + " [UNVERIFIED] (also [UNVERIFIED default], [UNVERIFIED form]) a reconstruction or a Ponder design decision,"
      + " not checked against the source (docs/zoo.md)";

  private static boolean hasTag(String text) {
    return text.contains("[recall") || text.contains("[UNVERIFIED");
  }

  /**
   * A key for the listing: {@code name=default (kind[, min..max]) description}, booleans written
   * {@code true}/{@code false} as agent strings take them (the spec grammar also reads any case).
   */
  static String describe(ParamSpec p) {
    String d = p.describe();
    if (p.kind() != ParamSpec.Kind.BOOL) {
      return d;
    }
    String head = p.name() + "=" + ParamSpec.format(p.defaultValue());
    return p.name() + "=" + p.defaultValue() + d.substring(head.length());
  }

  /** The heading of the section of keys every listed search agent takes. */
  static final String COMMON_HEADER = "keys common to every search agent";

  /** The line closing each search agent's own keys, pointing at the common section. */
  static final String COMMON_NOTE = "+ the keys common to every search agent (listed first)";

  /**
   * A search agent: one that declares a simulation budget ({@code sims}). Other agents with keys
   * (e.g. {@code tabular(file=...)}) list their keys under themselves only.
   */
  static boolean isSearch(AgentFactory f) {
    return f.parameters().stream().anyMatch(p -> p.name().equals("sims"));
  }

  /**
   * The keys (same name, kind, default, range and description) that every listed search agent
   * ({@link #isSearch}) declares, in the first such agent's order; empty when fewer than two listed
   * agents are search agents (a single agent's keys are all listed under it).
   */
  static List<ParamSpec> commonKeys(List<AgentFactory> list) {
    List<List<ParamSpec>> withKeys = new ArrayList<>();
    for (AgentFactory f : list) {
      if (isSearch(f)) {
        withKeys.add(f.parameters());
      }
    }
    if (withKeys.size() < 2) {
      return List.of();
    }
    List<ParamSpec> common = new ArrayList<>();
    for (ParamSpec p : withKeys.get(0)) {
      if (withKeys.stream().allMatch(keys -> keys.contains(p))) {
        common.add(p);
      }
    }
    return common;
  }

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    List<AgentFactory> list = new ArrayList<>();
    if (names.isEmpty()) {
      list.addAll(AgentRegistry.factories());
    } else {
      java.util.Set<String> seen = new java.util.HashSet<>();
      for (String n : names) {
        AgentFactory f = factory(n);
        if (seen.add(f.name())) { // a name given twice is listed once (and its keys are not "common")
          list.add(f);
        }
      }
    }
    boolean tagged = false;
    List<ParamSpec> common = namesOnly ? List.of() : commonKeys(list);
    if (!common.isEmpty()) {
      List<String> who = new ArrayList<>();
      for (AgentFactory f : list) {
        if (isSearch(f)) {
          who.add(f.name());
        }
      }
      out.println(COMMON_HEADER + " (" + String.join(", ", who) + "):");
      for (ParamSpec p : common) {
        tagged |= hasTag(p.description());
        out.println("    " + describe(p));
      }
    }
    for (AgentFactory f : list) {
      if (namesOnly) {
        out.println(f.name());
        continue;
      }
      tagged |= hasTag(f.description());
      out.println(f.name() + " — " + f.description());
      String from = GamesCommand.origin(f.getClass());
      if (from != null) {
        out.println("    from: " + from);
      }
      boolean search = isSearch(f);
      for (ParamSpec p : f.parameters()) {
        if (search && common.contains(p)) {
          continue;
        }
        tagged |= hasTag(p.description());
        out.println("    " + describe(p));
      }
      if (!common.isEmpty() && search) {
        out.println("    " + COMMON_NOTE);
      }
    }
    if (tagged) {
      out.println(TAG_LEGEND);
    }
    out.flush();
    return 0;
  }
}
