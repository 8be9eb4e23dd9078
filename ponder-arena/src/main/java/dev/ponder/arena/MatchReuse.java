package dev.ponder.arena;

import dev.ponder.agent.AgentRegistry;
import dev.ponder.game.Game;
import dev.ponder.game.MatchRecord;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import dev.ponder.spec.Spec;
import dev.ponder.spec.SpecException;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Finds the scheduled matches of a tournament that another tournament of the same store already
 * played, so that they are copied instead of played again.
 *
 * <p>A match is a pure function of its game, the agents by seat (their resolved parameters: an
 * agent is created from them) and its match seed ({@link MatchRunner}). A stored match of another tournament stands for a scheduled one when
 *
 * <ul>
 *   <li>its game was stored with the same full game string ({@code games.params}, every parameter
 *       with defaults filled in; or one that loads now as that string, {@link
 *       ArenaStore#canonicalGameString}: a value spelled as an older version did), players and
 *       utility as the game loads now (a game stored before
 *       {@code games.params} existed is not reused while its row holds no parameters: the defaults
 *       it was played with are unknown; {@link Plan#unchecked} names such tournaments; the first
 *       run that continues that tournament records them as they resolve then, taking its stored
 *       matches as played with those defaults, as the resume itself does, and from then on they
 *       are reused);
 *   <li>the same agent sits in every seat: the stored agent was stored with exactly the resolved
 *       parameters and fingerprints ({@link ArenaStore#storedParams}) that an agent of this
 *       tournament has now, and plays as the same agent ({@link AgentKey}'s notion, which the
 *       duplicate check of {@code --agents} uses), however either is spelled: {@code
 *       puct(sims=20,c_init=5)} is a stored {@code puct(sims=20)} when c_init's default was and is 5;
 *       a key declared since the stored agent was stored counts as the same when it now resolves
 *       to its declared default, as on resume ({@link ArenaStore#firstChangedKey}: a {@code puct}
 *       stored before {@code virtual_loss} is today's {@code puct}, not {@code puct(virtual_loss=3)});
 *   <li>its match seed is the scheduled match's seed ({@link Seeds#matchSeed}: the tournament seed,
 *       the game string and the seed index);
 *   <li>its outcome is determined by the seed: no seat's agent has a time budget ({@code time_ms}
 *       &gt; 0) or more than one search thread, and its status is {@code ok} (error and overrun
 *       matches are played again).
 * </ul>
 *
 * The schedule, seeds per pairing, seat orders, budget text and the other agents or games of
 * either tournament do not change a match, so they are not compared.
 */
final class MatchReuse {
  private MatchReuse() {}

  /**
   * The matches to copy.
   *
   * @param copies one per scheduled match found stored elsewhere
   * @param from the number of copies per source tournament id (ascending ids)
   * @param unchecked the other tournaments that share a game string and an agent with this one
   *     but whose games were stored before {@code games.params} existed: their matches are not
   *     looked at (ascending ids)
   */
  record Plan(List<ArenaStore.MatchCopy> copies, SortedMap<Long, Integer> from, SortedSet<Long> unchecked) {
    static final Plan NONE = new Plan(List.of(), Collections.emptySortedMap(), Collections.emptySortedSet());
  }

  /**
   * Whether an agent's matches are functions of the seed: no time budget ({@code time_ms} &gt; 0)
   * and at most one search thread ({@code threads}).
   *
   * @throws dev.ponder.spec.SpecException if the agent string is invalid
   */
  static boolean seedDetermined(String agentString) {
    Map<String, Object> v = AgentRegistry.resolve(agentString).values();
    if (v.get("time_ms") instanceof Number n && n.doubleValue() > 0) {
      return false;
    }
    return !(v.get("threads") instanceof Number n && n.intValue() > 1);
  }

  /**
   * Looks up the stored matches of every other tournament of {@code store} among the scheduled
   * matches of tournament {@code id} not stored yet; a match found in several tournaments is taken
   * from the one with the lowest id.
   *
   * @param config the configuration of tournament {@code id} (its games and agents by index)
   * @param games the games of {@code config}, loaded now, in its order
   * @param pending gives the look-up of the scheduled matches not stored yet; asked only when some
   *     other tournament shares a game and an agent with this one
   */
  static Plan plan(ArenaStore store, long id, TournamentConfig config, List<Game> games,
      java.util.function.Supplier<Pending> pending) {
    List<String> agents = config.allAgents();
    // this tournament's agents as the store keeps them (name played as, resolved parameters and
    // fingerprints): a stored agent is one of them when it was stored with exactly those
    List<SameAgent> mine = new ArrayList<>();
    for (int a = 0; a < agents.size(); a++) {
      mine.add(new SameAgent(playsAs(agents.get(a)), ArenaStore.storedParamsTree(agents.get(a)),
          ArenaStore.declaredDefaultsTree(agents.get(a)), seedDetermined(agents.get(a))));
    }
    String[] fullGames = new String[games.size()];
    for (int g = 0; g < games.size(); g++) {
      fullGames[g] = MatchRecord.fullGameString(games.get(g));
    }
    // stored full game strings spelled otherwise than now -> as they load now ("": they do not)
    java.util.Map<String, String> canonical = new java.util.HashMap<>();
    java.util.function.Function<String, String> loadsAs = k -> canonical.computeIfAbsent(k,
        x -> java.util.Objects.requireNonNullElse(ArenaStore.canonicalGameString(x), ""));
    // the other tournaments that hold some game and some agent of this one, with their index maps
    record Source(long id, List<List<Integer>> gameMap, int[] agentMap) {}
    List<Source> sources = new ArrayList<>();
    SortedSet<Long> unchecked = new TreeSet<>();
    for (ArenaStore.TournamentInfo t : store.tournaments()) {
      if (t.id() == id) {
        continue;
      }
      // source game index -> the games of this tournament it is (usually none or one)
      List<List<Integer>> gameMap = new ArrayList<>();
      boolean anyGame = false;
      boolean uncheckedGame = false; // a game of this one, stored before games.params existed
      for (ArenaStore.GameRow row : store.gameRows(t.id())) {
        while (gameMap.size() <= row.idx()) {
          gameMap.add(List.of());
        }
        List<Integer> same = new ArrayList<>();
        for (int g = 0; g < games.size(); g++) {
          boolean asLoaded = ArenaStore.gameChange(row.numPlayers(), row.minUtility(), row.maxUtility(), row.utility(),
              row.params(), games.get(g), loadsAs) == null;
          if (row.params() != null && asLoaded && (row.params().equals(fullGames[g])
              || fullGames[g].equals(loadsAs.apply(row.params())))) {
            same.add(g);
          } else if (row.params() == null && row.spec().equals(config.games().get(g)) && asLoaded) {
            uncheckedGame = true; // the same game string (so the same seeds), played with unknown defaults
          }
        }
        gameMap.set(row.idx(), same);
        anyGame |= !same.isEmpty();
      }
      if (!anyGame && !uncheckedGame) {
        continue;
      }
      // source agent index -> agent index of this tournament, or -1
      List<ArenaStore.AgentInfo> stored = store.agents(t.id());
      int size = stored.stream().mapToInt(ArenaStore.AgentInfo::idx).max().orElse(-1) + 1;
      int[] agentMap = new int[size];
      java.util.Arrays.fill(agentMap, -1);
      boolean anyAgent = false;
      for (ArenaStore.AgentInfo a : stored) {
        int match = sameAgent(a, mine);
        if (match >= 0 && mine.get(match).determined()) {
          agentMap[a.idx()] = match;
          anyAgent = true;
        }
      }
      if (!anyAgent) {
        continue;
      }
      if (uncheckedGame) {
        unchecked.add(t.id());
      }
      if (anyGame) {
        sources.add(new Source(t.id(), gameMap, agentMap));
      }
    }
    if (sources.isEmpty()) {
      return unchecked.isEmpty() ? Plan.NONE : new Plan(List.of(), Collections.emptySortedMap(), unchecked);
    }
    Pending lookup = pending.get(); // only now: a store with no related tournament costs nothing
    java.util.Set<String> planned = new java.util.HashSet<>();
    List<ArenaStore.MatchCopy> copies = new ArrayList<>();
    SortedMap<Long, Integer> from = new TreeMap<>();
    StringBuilder seats = new StringBuilder();
    for (Source src : sources) {
      List<List<Integer>> gameMap = src.gameMap();
      int[] agentMap = src.agentMap();
      store.forEachOkMatch(src.id(), (game, seatsText, seedIndex, seed) -> {
        if (game >= gameMap.size() || gameMap.get(game).isEmpty()) {
          return;
        }
        int[] s = ArenaStore.splitInts(seatsText);
        seats.setLength(0);
        for (int i = 0; i < s.length; i++) {
          int now = s[i] >= 0 && s[i] < agentMap.length ? agentMap[s[i]] : -1;
          if (now < 0) {
            return; // an agent this tournament lacks, has changed, or whose matches depend on timing
          }
          if (i > 0) {
            seats.append(',');
          }
          seats.append(now);
        }
        String seatsNow = seats.toString();
        for (int g : gameMap.get(game)) {
          // the same seed means the same seed index (the seed mixes the index in); checked exactly
          if (Seeds.matchSeed(config.seed(), config.games().get(g), seedIndex) != seed) {
            continue;
          }
          Schedule.Entry e = lookup.pending(g, seatsNow, seedIndex);
          if (e != null && planned.add(Schedule.Entry.key(g, seatsNow, seedIndex))) {
            copies.add(new ArenaStore.MatchCopy(src.id(), game, seatsText, seedIndex, e));
            from.merge(src.id(), 1, Integer::sum);
          }
        }
      });
    }
    return copies.isEmpty() && unchecked.isEmpty() ? Plan.NONE : new Plan(copies, from, unchecked);
  }

  /**
   * An agent of this tournament as it is compared with stored ones.
   *
   * @param playsAs the name of the agent it plays as ({@link dev.ponder.agent.AgentFactory#playsAs})
   * @param stored what {@link ArenaStore#storedParams} gives for it now, as JSON
   * @param defaults its declared defaults ({@link ArenaStore#declaredDefaultsTree}), for the keys
   *     declared since a stored agent was stored
   * @param determined whether its matches are functions of the seed ({@link #seedDetermined})
   */
  private record SameAgent(String playsAs, com.fasterxml.jackson.databind.JsonNode stored,
      com.fasterxml.jackson.databind.JsonNode defaults, boolean determined) {}

  /** The name a registered agent plays as; null for a name no factory is registered under now. */
  private static String playsAs(String agentString) {
    try {
      return AgentRegistry.factory(Spec.parse(agentString).name()).playsAs();
    } catch (SpecException e) {
      return null;
    }
  }

  /**
   * The index of the agent of this tournament that a stored agent is: the one that plays as the
   * same agent ({@link AgentKey}: {@code uniform} is {@code random}) with exactly the resolved
   * parameters and fingerprints stored with it ({@code agents.params}, numbers by value), whatever
   * its spelling; −1 if none is, or more than one.
   */
  private static int sameAgent(ArenaStore.AgentInfo stored, List<SameAgent> now) {
    String name = playsAs(stored.spec());
    if (name == null) {
      return -1;
    }
    int found = -1;
    for (int a = 0; a < now.size(); a++) {
      if (name.equals(now.get(a).playsAs()) && ArenaStore.sameStoredParams(stored.params(), now.get(a).stored(), now.get(a).defaults())) {
        if (found >= 0) {
          return -1; // two agents of this tournament with one key: neither is taken
        }
        found = a;
      }
    }
    return found;
  }

  /** The scheduled matches of the tournament that are not stored yet. */
  interface Pending {
    /**
     * The scheduled match of game {@code game} with these seats (agent indices joined by commas,
     * {@link Schedule.Entry#seatsKey}) and seed index, if it is scheduled and not yet stored; else
     * null.
     */
    Schedule.Entry pending(int game, String seats, int seedIndex);
  }


  /**
   * {@code N matches reused from tournament K} (several: {@code from tournaments K (n), L (m)}),
   * or "" when nothing was reused.
   */
  static String label(int reused, SortedMap<Long, Integer> from) {
    if (reused == 0 || from.isEmpty()) {
      return "";
    }
    String head = reused + (reused == 1 ? " match" : " matches") + " reused from tournament";
    if (from.size() == 1) {
      return head + " " + from.firstKey();
    }
    List<String> parts = new ArrayList<>();
    from.forEach((t, n) -> parts.add(t + " (" + n + ")"));
    return head + "s " + String.join(", ", parts);
  }
}
