package dev.ponder.app;

import dev.ponder.game.Game;
import dev.ponder.game.GameFactory;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.GameType;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import dev.ponder.spec.Spec;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ponder games [NAME]}: every registered game (or the one named) with its type and
 * parameters: default, kind and, for numeric parameters, the accepted range. Given a game string
 * with parameters ({@code pig(players=3)}), it shows that family and then the game the string
 * loads: its number of players, utility type (zero-sum, constant-sum, general-sum; the family
 * line, which describes the default parameters, then says "with default parameters" when the two
 * differ), utility range and every parameter's resolved value, the ones
 * the string gives marked "(given)" (values a game derives from others, such as hex's
 * {@code num_rows} from {@code board_size}, are not). A utility bound the game declares nominal
 * ({@link dev.ponder.game.Game#maxUtilityNominal()}) is followed by "nominal". A game that is not
 * one of Ponder's (a game of your own on PONDER_CLASSPATH) has a line {@code from:} naming the jar
 * or class directory it comes from ({@link #origin}). An invalid string fails as {@code play} or {@code simulate} would (exit 2).
 */
@Command(name = "games", mixinStandardHelpOptions = true,
    description = {"List every registered game with its type (players, chance, information, utility) and parameters"
        + " (name=default (kind, accepted range) description); a utility bound marked nominal is not a strict bound.",
        "NAME may also be a game string such as pig(players=3): the family is shown, then the game the string loads"
            + " with every parameter's resolved value (the ones the string gives marked)."})
public final class GamesCommand implements PonderCommand {

  @Option(names = "--names", description = "Print only the names, one per line.")
  boolean namesOnly;

  @Parameters(arity = "0..1", paramLabel = "NAME",
      description = "Show only this game: its name or an alias (e.g. hex or kalah), or a game string (e.g. hex(board_size=7)).")
  String name;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    // an unknown name fails with the known games listed (SpecException: exit code 2)
    // a game string with parameters is loaded (a bad parameter fails here, exit code 2) and its
    // resolved values are shown after its family
    Spec asked = name == null ? null : Spec.parse(name.trim());
    Game loaded = asked != null && !asked.args().isEmpty() ? GameRegistry.load(name.trim()) : null;
    List<GameFactory> shown = asked == null ? GameRegistry.factories() : List.of(GameRegistry.factory(asked.name()));
    // the name column is as wide as the longest name, so every description starts in one column
    int width = 1;
    for (GameFactory f : shown) {
      width = Math.max(width, f.type().shortName().length());
    }
    for (GameFactory f : shown) {
      GameType t = f.type();
      if (namesOnly) {
        out.println(t.shortName());
        continue;
      }
      Game g = GameRegistry.load(t.shortName());
      String players = t.minPlayers() == t.maxPlayers() ? Integer.toString(t.minPlayers()) : t.minPlayers() + "-" + t.maxPlayers();
      // with a game string the family line still describes the defaults: say so where they differ
      boolean otherType = loaded != null && loaded.type().utility() != t.utility();
      boolean otherBounds = loaded != null && !otherType && (Double.compare(loaded.minUtility(), g.minUtility()) != 0
          || Double.compare(loaded.maxUtility(), g.maxUtility()) != 0);
      out.printf(Locale.ROOT, "%-" + width + "s %s; players %s (default %d); %s; %s; %s; utility [%s, %s]%s%n",
          t.shortName(), t.longName(), players, g.numPlayers(),
          t.hasChance() ? "chance" : "deterministic",
          t.isPerfectInformation() ? "perfect information" : "imperfect information",
          utilityWord(t.utility()) + (otherType ? " with default parameters" : ""),
          bound(g.minUtility(), g.minUtilityNominal()), bound(g.maxUtility(), g.maxUtilityNominal()),
          otherBounds ? " with default parameters" : "");
      if (!f.aliases().isEmpty()) {
        out.println("    aliases: " + String.join(", ", f.aliases()));
      }
      String from = origin(f.getClass());
      if (from != null) {
        out.println("    from: " + from);
      }
      for (ParamSpec p : t.parameters()) {
        out.println("    " + p.describe());
      }
    }
    if (loaded != null && !namesOnly) {
      Params values = loaded.params();
      out.println("game string " + loaded.spec() + ": players " + loaded.numPlayers() + "; " + utilityWord(loaded.type().utility()) + "; utility ["
          + bound(loaded.minUtility(), loaded.minUtilityNominal()) + ", " + bound(loaded.maxUtility(), loaded.maxUtilityNominal()) + "]");
      for (Map.Entry<String, Object> e : values.values().entrySet()) {
        out.println("    " + e.getKey() + "=" + ParamSpec.format(e.getValue()) + (values.isGiven(e.getKey()) ? " (given)" : ""));
      }
    }
    out.flush();
    return 0;
  }

  /**
   * Where a game's or an agent's factory class {@code c} comes from when it is not one of Ponder's
   * (its class was loaded from another jar or class directory than Ponder's own, as a game or agent
   * of your own on PONDER_CLASSPATH is, whatever its package: a fork's {@code dev.ponder.} class
   * too): the jar or class directory that holds it, as a path ({@code
   * /home/me/my-games/target/my-games-1.0.jar}), or its URL when it is not a file; null for
   * Ponder's own classes. {@code ponder games} and {@code ponder agents} print it as a line {@code
   * from: ...} under the name.
   */
  static String origin(Class<?> c) {
    java.security.CodeSource source = c.getProtectionDomain().getCodeSource();
    java.net.URL url = source == null ? null : source.getLocation();
    if (url != null && PONDERS_OWN.contains(url.toString())) {
      return null;
    }
    if (url == null) {
      return "an unknown location (class " + c.getName() + ")";
    }
    try {
      return java.nio.file.Path.of(url.toURI()).toString();
    } catch (java.net.URISyntaxException | IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
      return url.toString();
    }
  }

  /**
   * The locations (code-source URLs) of Ponder's own classes: one jar when run from {@code
   * ponder.jar}, each module's class directory or jar otherwise (in the build, in tests).
   */
  private static final java.util.Set<String> PONDERS_OWN = java.util.stream.Stream.of(dev.ponder.game.Game.class,
          dev.ponder.games.Bitsets.class, dev.ponder.search.mcts.MctsAgentFactory.class, dev.ponder.solve.CfrSolver.class,
          dev.ponder.arena.MatchRunner.class, GamesCommand.class)
      .map(k -> k.getProtectionDomain().getCodeSource())
      .filter(java.util.Objects::nonNull).map(cs -> cs.getLocation()).filter(java.util.Objects::nonNull)
      .map(java.net.URL::toString).collect(java.util.stream.Collectors.toUnmodifiableSet());

  /** zero-sum, constant-sum, general-sum or identical (OpenSpiel's utility types, as words). */
  private static String utilityWord(GameType.Utility u) {
    return u.name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** A utility bound, followed by " nominal" when the game declares it so (not a strict bound). */
  private static String bound(double d, boolean nominal) {
    return fmt(d) + (nominal ? " nominal" : "");
  }

  private static String fmt(double d) {
    return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
  }
}
