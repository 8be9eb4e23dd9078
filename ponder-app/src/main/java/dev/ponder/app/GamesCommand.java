package dev.ponder.app;

import dev.ponder.game.Game;
import dev.ponder.game.GameFactory;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.GameType;
import dev.ponder.spec.ParamSpec;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ponder games [NAME]}: every registered game (or the one named) with its type and
 * parameters: default, kind and, for numeric parameters, the accepted range.
 */
@Command(name = "games", mixinStandardHelpOptions = true,
    description = "List every registered game with its type (players, chance, information, utility) and parameters"
        + " (name=default (kind, accepted range) description).")
public final class GamesCommand implements PonderCommand {

  @Option(names = "--names", description = "Print only the names, one per line.")
  boolean namesOnly;

  @Parameters(arity = "0..1", paramLabel = "NAME",
      description = "Show only this game (its name or an alias, e.g. hex or kalah).")
  String name;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    // an unknown name fails with the known games listed (SpecException: exit code 2)
    List<GameFactory> shown = name == null ? GameRegistry.factories() : List.of(GameRegistry.factory(name.trim()));
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
      out.printf(Locale.ROOT, "%-" + width + "s %s; players %s (default %d); %s; %s; %s; utility [%s, %s]%n",
          t.shortName(), t.longName(), players, g.numPlayers(),
          t.hasChance() ? "chance" : "deterministic",
          t.isPerfectInformation() ? "perfect information" : "imperfect information",
          t.utility().name().toLowerCase(Locale.ROOT).replace('_', '-'),
          fmt(g.minUtility()), fmt(g.maxUtility()));
      if (!f.aliases().isEmpty()) {
        out.println("    aliases: " + String.join(", ", f.aliases()));
      }
      for (ParamSpec p : t.parameters()) {
        out.println("    " + p.describe());
      }
    }
    out.flush();
    return 0;
  }

  private static String fmt(double d) {
    return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
  }
}
