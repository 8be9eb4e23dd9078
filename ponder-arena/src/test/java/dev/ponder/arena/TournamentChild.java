package dev.ponder.arena;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * A tournament in its own JVM, for the kill-and-resume test: {@code db games agents budget
 * seedsPerPairing seed parallel} (games and agents separated by ';').
 */
public final class TournamentChild {
  private TournamentChild() {}

  public static void main(String[] args) {
    TournamentConfig c = config(args[1], args[2], args[3], Integer.parseInt(args[4]), Long.parseLong(args[5]));
    try (ArenaStore store = ArenaStore.open(Path.of(args[0]))) {
      new Tournament(c).run(store, Integer.parseInt(args[6]), (d, t) -> Progress.none(), null);
    }
  }

  static TournamentConfig config(String games, String agents, String budget, int matches, long seed) {
    List<String> g = Arrays.asList(games.split(";"));
    var b = Budget.parse(budget);
    List<String> a = Arrays.stream(agents.split(";")).map(x -> Budget.apply(x, b)).toList();
    return new TournamentConfig(g, a, budget, matches, seed, TournamentConfig.ROUND_ROBIN, "", false);
  }
}
