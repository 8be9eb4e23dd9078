package dev.ponder.app;

import dev.ponder.arena.ArenaStore;
import dev.ponder.arena.TournamentConfig;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.MatchRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * For a run that starts a new tournament beside stored ones: the stored tournament of the same
 * agents and games (in the same order) nearest to its configuration and the settings that differ,
 * for the arena's warning ({@link ArenaCommand#newTournamentWarning}), e.g. {@code tournament 1 differs only in its budget
 * (sims=200 there, sims=100 here)}. A setting left as the user wrote it (a game as {@code
 * tic_tac_toe()} rather than {@code tic_tac_toe}) makes another configuration as surely as another
 * value, and is the likelier mistake.
 */
final class NearestTournament {
  /** The most settings in which a stored tournament may differ to be named. */
  static final int MAX_DIFFERENCES = 2;

  private NearestTournament() {}

  /**
   * The configurations of the stored tournaments other than {@code self}, by id in the store's
   * order; a configuration the store cannot read (written by a newer build) is left out.
   */
  static java.util.Map<Long, TournamentConfig> otherConfigs(ArenaStore store, long self) {
    java.util.Map<Long, TournamentConfig> out = new java.util.LinkedHashMap<>();
    for (ArenaStore.TournamentInfo t : store.tournaments()) {
      if (t.id() == self) {
        continue;
      }
      try {
        out.put(t.id(), store.config(t));
      } catch (RuntimeException e) {
        // unreadable: not a candidate
      }
    }
    return out;
  }

  /**
   * The clause naming the stored tournament (other than {@code self}) with the same agents and
   * games as {@code c} (a game may be written otherwise, e.g. with its default parameters) that
   * differs from it in the fewest settings, at most {@link #MAX_DIFFERENCES} (the latest of equally near ones), and
   * those settings; empty if none is that near. Configurations the store cannot read are skipped.
   */
  static Optional<String> clause(ArenaStore store, TournamentConfig c, long self) {
    List<String> best = null;
    long bestId = -1;
    for (java.util.Map.Entry<Long, TournamentConfig> other : otherConfigs(store, self).entrySet()) {
      TournamentConfig s = other.getValue();
      if (!sameAgents(s, c) || s.games().size() != c.games().size()
          || !full(s.games()).equals(full(c.games()))) {
        continue; // other agents or games: a tournament of its own by intent (a reordering has its own clause)
      }
      List<String> d = differences(s, c);
      if (!d.isEmpty() && d.size() <= MAX_DIFFERENCES && (best == null || d.size() <= best.size())) {
        best = d;
        bestId = other.getKey();
      }
    }
    if (best == null) {
      return Optional.empty();
    }
    return Optional.of("tournament " + bestId + " differs only in " + String.join(" and ", best));
  }

  /**
   * The settings in which {@code here} differs from the {@code stored} configuration of the same
   * agents and games, each as a phrase naming both values ({@code its seed (7 there, 8 here)});
   * empty if they are equal.
   */
  static List<String> differences(TournamentConfig stored, TournamentConfig here) {
    List<String> out = new ArrayList<>();
    if (!stored.games().equals(here.games())) {
      out.add("how its games are written (" + String.join(",", stored.games()) + " there, " + String.join(",", here.games())
          + " here: the same games; write them as there to resume it)");
    }
    if (!stored.budget().equals(here.budget())) {
      out.add("its budget (" + shown(stored.budget()) + " there, " + shown(here.budget()) + " here)");
    }
    if (stored.seed() != here.seed()) {
      out.add("its seed (" + stored.seed() + " there, " + here.seed() + " here)");
    }
    if (stored.seedsPerPairing() != here.seedsPerPairing()) {
      out.add("its seeds per pairing (" + stored.seedsPerPairing() + " there, " + here.seedsPerPairing() + " here)");
    }
    if (!stored.schedule().equals(here.schedule()) || !stored.benchmark().equals(here.benchmark())) {
      out.add("its schedule (" + schedule(stored) + " there, " + schedule(here) + " here)");
    }
    if (stored.selfPlay() != here.selfPlay()) {
      out.add("self-play (" + (stored.selfPlay() ? "on" : "off") + " there, " + (here.selfPlay() ? "on" : "off") + " here)");
    }
    if (!stored.seatOrders().equals(here.seatOrders())) {
      out.add("its seat orders (" + shownOrders(stored.seatOrders()) + " there, " + shownOrders(here.seatOrders())
          + " here)");
    }
    return out;
  }

  /**
   * Whether the two configurations list the same agents: the same strings, or (with another
   * budget) the same strings but for the budget's parameters, which the stored configuration holds
   * applied ({@link TournamentConfig#withBudgetApplied}).
   */
  static boolean sameAgents(TournamentConfig a, TournamentConfig b) {
    if (a.agents().equals(b.agents())) {
      return true;
    }
    if (a.budget().equals(b.budget()) || a.agents().size() != b.agents().size()) {
      return false;
    }
    java.util.Set<String> budgetKeys = new java.util.HashSet<>(dev.ponder.arena.Budget.OWN_BUDGET_KEYS);
    try {
      budgetKeys.addAll(dev.ponder.arena.Budget.parseStored(a.budget()).keySet());
      budgetKeys.addAll(dev.ponder.arena.Budget.parseStored(b.budget()).keySet());
      for (int i = 0; i < a.agents().size(); i++) {
        dev.ponder.spec.Spec x = dev.ponder.spec.Spec.parse(a.agents().get(i));
        dev.ponder.spec.Spec y = dev.ponder.spec.Spec.parse(b.agents().get(i));
        java.util.Map<String, String> xa = new java.util.HashMap<>(x.args());
        java.util.Map<String, String> ya = new java.util.HashMap<>(y.args());
        xa.keySet().removeAll(budgetKeys);
        ya.keySet().removeAll(budgetKeys);
        if (!x.name().equals(y.name()) || !xa.equals(ya)) {
          return false;
        }
      }
      return true;
    } catch (RuntimeException e) {
      return false; // a budget or agent string of another build
    }
  }

  /** Each game's full string ({@link MatchRecord#fullGameString}); the string itself for one that does not load. */
  private static List<String> full(List<String> games) {
    List<String> out = new ArrayList<>();
    for (String g : games) {
      try {
        out.add(MatchRecord.fullGameString(GameRegistry.load(g)));
      } catch (RuntimeException e) {
        out.add(g);
      }
    }
    return out;
  }

  private static String shown(String budget) {
    return budget.isEmpty() ? "no --budget" : budget;
  }

  private static String schedule(TournamentConfig c) {
    if (c.schedule().equals(TournamentConfig.BENCHMARK)) {
      return "benchmark " + c.benchmark();
    }
    // a round robin ignores --benchmark, yet stores it: name it, or the two sides read alike
    return c.benchmark().isEmpty() ? c.schedule() : c.schedule() + " with an ignored --benchmark " + c.benchmark();
  }

  private static String shownOrders(String orders) {
    return orders.isEmpty() ? "rotations in the listed order" : orders;
  }
}
