package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The seat orders of n-player round robins ({@link TournamentConfig#seatOrders}): the stored
 * results do not depend on the order the agents are listed in, a tournament stored before the
 * option existed resumes as it was played, and a run asking for other seat orders than a stored
 * tournament's is refused.
 */
class SeatOrdersTest {
  @TempDir Path dir;

  static final String KUHN3 = "kuhn_poker(players=3)";
  static final List<String> AGENTS = List.of("random", "first", "first(offset=1)");
  static final List<String> REORDERED = List.of("first", "random", "first(offset=1)"); // the mirror orientation

  static TournamentConfig config(List<String> games, List<String> agents, int seeds, String orders) {
    return new TournamentConfig(games, agents, "", seeds, 5, TournamentConfig.ROUND_ROBIN, "", false, orders);
  }

  static Tournament.RunSummary run(Path db, TournamentConfig c, boolean ordersGiven) {
    try (ArenaStore s = ArenaStore.open(db)) {
      return new Tournament(c, ordersGiven).run(s, 1, (d, t) -> Progress.none(), null, x -> { });
    }
  }

  /**
   * Every stored match of the store's only tournament, keyed by (game string, seed index, agent
   * string per seat): its seed, status, returns and actions.
   */
  static Map<String, String> byNames(Path db) {
    try (ArenaStore s = ArenaStore.open(db)) {
      assertThat(s.tournaments()).hasSize(1);
      long id = s.tournaments().get(0).id();
      List<String> agents = s.agents(id).stream().map(ArenaStore.AgentInfo::spec).toList();
      List<String> games = s.games(id).stream().map(ArenaStore.GameInfo::spec).toList();
      Map<String, String> out = new TreeMap<>();
      for (ArenaStore.StoredMatch m : s.matches(id, true)) {
        List<String> seats = new ArrayList<>();
        for (int a : m.seats()) {
          seats.add(agents.get(a));
        }
        String prev = out.put(games.get(m.game()) + " | " + m.seedIndex() + " | " + seats,
            m.seed() + " " + m.status() + " " + Arrays.toString(m.returns()) + " " + m.actions());
        assertThat(prev).isNull();
      }
      return out;
    }
  }

  @Test
  void agentsListedInAnotherOrderStoreTheSameMatches() {
    for (String orders : List.of(TournamentConfig.PERMUTATIONS, TournamentConfig.ROTATIONS)) {
      Path a = dir.resolve(orders + "-a.db");
      Path b = dir.resolve(orders + "-b.db");
      Tournament.RunSummary ra = run(a, config(List.of(KUHN3), AGENTS, 2, orders), true);
      run(b, config(List.of(KUHN3), REORDERED, 2, orders), true);
      // per seed index: {A,B,C} in 6 orders (3 rotations) and 6 multisets AAB in 3 seatings each
      assertThat(ra.played()).as(orders).isEqualTo(2 * (orders.equals(TournamentConfig.PERMUTATIONS) ? 6 + 18 : 3 + 18));
      Map<String, String> ma = byNames(a);
      assertThat(ma).hasSize(ra.played());
      assertThat(byNames(b)).as(orders).isEqualTo(ma);
    }
    // the rotations in the listed order (tournaments stored before --seat-orders) depend on it
    Path a = dir.resolve("listed-a.db");
    Path b = dir.resolve("listed-b.db");
    run(a, config(List.of(KUHN3), AGENTS, 1, TournamentConfig.LISTED_ROTATIONS), true);
    run(b, config(List.of(KUHN3), REORDERED, 1, TournamentConfig.LISTED_ROTATIONS), true);
    assertThat(byNames(b).keySet()).isNotEqualTo(byNames(a).keySet());
  }

  /** The configuration JSON as Ponder stored it before seat orders were part of it. */
  static final String LEGACY_JSON = "{\"games\":[\"kuhn_poker(players=3)\"],\"agents\":[\"random\",\"first\","
      + "\"first(offset=1)\"],\"budget\":\"\",\"matchesPerPairing\":1,\"seed\":5,\"schedule\":\"round-robin\","
      + "\"benchmark\":\"\",\"selfPlay\":false}";

  /**
   * Replaces the stored configuration JSON of tournament {@code id} by {@code json}: a tournament
   * as an older version wrote it (no binary store is kept for it).
   */
  static void storeConfigAsWritten(Path db, long id, String json) {
    try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + db.toAbsolutePath());
         java.sql.PreparedStatement up = c.prepareStatement("UPDATE tournaments SET config=? WHERE id=?")) {
      up.setString(1, json);
      up.setLong(2, id);
      assertThat(up.executeUpdate()).isEqualTo(1);
    } catch (java.sql.SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  static List<String> storedConfigs(Path db) {
    try (ArenaStore s = ArenaStore.open(db)) {
      return s.tournaments().stream().map(ArenaStore.TournamentInfo::config).toList();
    }
  }

  @Test
  void aTournamentStoredWithoutSeatOrdersResumesAndExtendsAsItWasPlayed() {
    Path db = dir.resolve("legacy.db");
    Tournament.RunSummary first = run(db, config(List.of(KUHN3), AGENTS, 1, TournamentConfig.LISTED_ROTATIONS), true);
    assertThat(first.played()).isEqualTo(21);
    // written without the field, as before it existed (seeds per pairing under its current key),
    // then given the older key as well, as Ponder stored it then; read back as the listed-order rotations
    assertThat(storedConfigs(db)).containsExactly(LEGACY_JSON.replace("\"matchesPerPairing\"", "\"seedsPerPairing\""));
    storeConfigAsWritten(db, first.tournamentId(), LEGACY_JSON);
    assertThat(storedConfigs(db)).containsExactly(LEGACY_JSON);
    try (ArenaStore s = ArenaStore.open(db)) {
      assertThat(s.config(s.tournaments().get(0)).seatOrders()).isEqualTo(TournamentConfig.LISTED_ROTATIONS);
      assertThat(s.scheduled(first.tournamentId())).isEqualTo(21);
    }
    Map<String, String> stored = byNames(db);
    // the orientation of the listed order: random, first, first(offset=1) and its rotations
    assertThat(stored.keySet().stream().filter(k -> k.contains("[random, first, first(offset=1)]")
        || k.contains("[random, first(offset=1), first]")).toList())
        .containsExactly(KUHN3 + " | 0 | [random, first, first(offset=1)]");

    // the same command without --seat-orders (the default, permutations): resumed as stored
    TournamentConfig now = config(List.of(KUHN3), AGENTS, 1, TournamentConfig.PERMUTATIONS);
    List<String> notices = new java.util.ArrayList<>();
    Tournament.RunSummary again;
    try (ArenaStore s = ArenaStore.open(db)) {
      again = new Tournament(now, false).run(s, 1, (d, t) -> Progress.none(), null, notices::add);
    }
    // a plain sentence for a Java caller; ponder arena prints it after its "arena: " prefix
    assertThat(notices).containsExactly("tournament " + first.tournamentId() + " continues with its stored seat orders:"
        + " rotations in the listed agent order (stored before --seat-orders)");
    assertThat(again.tournamentId()).isEqualTo(first.tournamentId());
    assertThat(again.played()).isZero();
    assertThat(again.total()).isEqualTo(21);
    assertThat(again.alreadyStored()).isEqualTo(21);
    assertThat(byNames(db)).isEqualTo(stored);

    // asking for seat orders it was not played with: refused, nothing changed
    for (String orders : List.of(TournamentConfig.PERMUTATIONS, TournamentConfig.ROTATIONS)) {
      assertThatThrownBy(() -> run(db, now.withSeatOrders(orders), true))
          .isInstanceOf(ArenaStore.SeatOrdersChangedException.class)
          .hasMessage("the store holds tournament " + first.tournamentId() + " with seat orders rotations in the listed"
              + " agent order (stored before --seat-orders), not the " + orders + " requested");
      assertThatThrownBy(() -> run(db, now.withSeatOrders(orders).withSeedsPerPairing(2), true))
          .isInstanceOf(ArenaStore.SeatOrdersChangedException.class);
    }
    assertThat(storedConfigs(db)).containsExactly(LEGACY_JSON);
    assertThat(byNames(db)).isEqualTo(stored);

    // extended without --seat-orders: the new seed index gets the same 21 listed-order seatings
    Tournament.RunSummary ext = run(db, now.withSeedsPerPairing(2), false);
    assertThat(ext.tournamentId()).isEqualTo(first.tournamentId());
    assertThat(ext.extendedFrom()).isEqualTo(1);
    assertThat(ext.played()).isEqualTo(21);
    assertThat(storedConfigs(db)).containsExactly(LEGACY_JSON.replace("\"matchesPerPairing\":1", "\"matchesPerPairing\":2"));
    Map<String, String> extended = byNames(db);
    assertThat(extended).hasSize(42).containsAllEntriesOf(stored);
    Set<String> seatings0 = new HashSet<>();
    Set<String> seatings1 = new HashSet<>();
    for (String k : extended.keySet()) {
      String seats = k.substring(k.lastIndexOf('|') + 2);
      (k.contains(" | 0 | ") ? seatings0 : seatings1).add(seats);
    }
    assertThat(seatings1).isEqualTo(seatings0);

    // the analysis counts both seed indices complete under the stored schedule
    try (ArenaStore s = ArenaStore.open(db)) {
      Analysis.Result r = Analysis.analyse(s, first.tournamentId(), options());
      assertThat(r.matchesScheduled()).isEqualTo(42);
      assertThat(r.completeSeeds()).isEqualTo(2);
      assertThat(r.partial()).isFalse();
      assertThat(Report.markdown(r)).contains("; schedule: round-robin (seat orders: rotations in the listed agent order"
          + " (stored before --seat-orders)); seeds per pairing: 2;");
    }
  }

  @Test
  void aStoredFileOfAnOlderVersionResumesWithNothingToPlay() throws Exception {
    // a store written before --seat-orders: kuhn_poker(players=3), pig(players=3), tic_tac_toe with
    // random, uct and puct, 10 seed indices; its 3-player games in listed-order rotations
    Path db = dir.resolve("audit-t2.db");
    try (var in = getClass().getResourceAsStream("/arena/audit-t2.db")) {
      Files.copy(in, db);
    }
    List<String> before = storedConfigs(db);
    assertThat(before.get(0)).doesNotContain("seatOrders");
    Map<String, String> rows = byNames(db);
    TournamentConfig c = new TournamentConfig(List.of(KUHN3, "pig(players=3,winscore=20)", "tic_tac_toe"),
        List.of("random", "uct(c=1.4,sims=50)", "puct(sims=50)"), "sims=50", 10, 3, TournamentConfig.ROUND_ROBIN, "",
        false);
    Tournament.RunSummary r = run(db, c, false);
    assertThat(r.played()).isZero();
    // per seed: 21 seatings in each 3-player game, 6 ordered pairs in tic_tac_toe
    assertThat(r.total()).isEqualTo(10 * (21 + 21 + 6));
    assertThat(storedConfigs(db)).isEqualTo(before);
    assertThat(byNames(db)).isEqualTo(rows);
    assertThatThrownBy(() -> run(db, c, true)).isInstanceOf(ArenaStore.SeatOrdersChangedException.class);
    assertThat(storedConfigs(db)).isEqualTo(before);
  }

  @Test
  void seatOrdersThatChangeNoMatchAreNotRefused() {
    // two-player games play both seat orders of every pair whatever the seat orders: a stored
    // tournament continues under either
    Path db = dir.resolve("two.db");
    TournamentConfig c = config(List.of("tic_tac_toe"), AGENTS, 1, TournamentConfig.ROTATIONS);
    Tournament.RunSummary first = run(db, c, true);
    assertThat(first.played()).isEqualTo(6);
    Tournament.RunSummary again = run(db, c.withSeatOrders(TournamentConfig.PERMUTATIONS), true);
    assertThat(again.tournamentId()).isEqualTo(first.tournamentId());
    assertThat(again.played()).isZero();
    assertThat(storedConfigs(db)).hasSize(1);
    try (ArenaStore st = ArenaStore.open(db)) {
      // the seat orders change no match of a 2-player game: the report leaves them out
      assertThat(Report.markdown(Analysis.analyse(st, first.tournamentId(), options())))
          .contains("; schedule: round-robin; seeds per pairing: 1;");
    }
  }

  @Test
  void theAnalysisOfPermutationsInThreeAndFourSeatsUsesEveryStoredMatch() {
    Path db = dir.resolve("n34.db");
    List<String> games = List.of(KUHN3, "kuhn_poker(players=4)");
    Tournament.RunSummary s = run(db, config(games, AGENTS, 2, TournamentConfig.PERMUTATIONS), true);
    // every ordered tuple but the 3 of one agent: 3^3 - 3 = 24 and 3^4 - 3 = 78 per seed index
    assertThat(s.played()).isEqualTo(2 * (24 + 78));
    try (ArenaStore st = ArenaStore.open(db)) {
      Analysis.Result r = Analysis.analyse(st, s.tournamentId(), options());
      assertThat(r.matchesScheduled()).isEqualTo(204);
      assertThat(st.scheduled(s.tournamentId())).isEqualTo(204); // what 'report --list' says of it
      assertThat(r.completeSeeds()).isEqualTo(2);
      assertThat(r.matches()).isEqualTo(204);
      assertThat(Report.markdown(r)).contains("; schedule: round-robin (seat orders: permutations); seeds per pairing: 2;");
      List<ArenaStore.StoredMatch> all = st.matches(s.tournamentId(), false);
      for (int g = 0; g < 2; g++) {
        Analysis.GameResult gr = r.games().get(g);
        assertThat(gr.matches()).isEqualTo(g == 0 ? 48 : 156);
        assertThat(gr.method()).isEqualTo("alpharank-multi");
        assertThat(Arrays.stream(gr.mass()).sum()).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-9));
        // the per-agent mean return recomputed from the stored returns: per seed index the mean
        // of the agent's returns over all its seats, then the mean over seed indices
        for (int a = 0; a < 3; a++) {
          double[] sum = new double[2];
          double[] cnt = new double[2];
          for (ArenaStore.StoredMatch m : all) {
            if (m.game() != g) {
              continue;
            }
            for (int p = 0; p < m.seats().length; p++) {
              if (m.seats()[p] == a) {
                sum[m.seedIndex()] += m.returns()[p];
                cnt[m.seedIndex()]++;
              }
            }
          }
          double expected = (sum[0] / cnt[0] + sum[1] / cnt[1]) / 2;
          assertThat(gr.agentMean()[a]).isCloseTo(expected, org.assertj.core.data.Offset.offset(1e-12));
        }
      }
      // every agent in every seat equally often in each game and seed index
      for (ArenaStore.StoredMatch m : all) {
        assertThat(m.status()).isEqualTo(MatchResult.Status.OK);
      }
      for (int g = 0; g < 2; g++) {
        int n = g == 0 ? 3 : 4;
        int[][] count = new int[3][n];
        for (ArenaStore.StoredMatch m : all) {
          if (m.game() == g && m.seedIndex() == 0) {
            for (int p = 0; p < n; p++) {
              count[m.seats()[p]][p]++;
            }
          }
        }
        // agent a in seat p: 3^(n-1) tuples, less the one of agent a alone
        int expected = (int) Math.pow(3, n - 1) - 1;
        int[] all3 = new int[n];
        Arrays.fill(all3, expected);
        for (int[] row : count) {
          assertThat(row).containsExactly(all3);
        }
      }
    }
  }

  static AnalysisOptions options() {
    AnalysisOptions d = AnalysisOptions.defaults();
    return new AnalysisOptions(100, 40, 40, 0.95, 1, d.alphaRank(), d.sco(), "", "", 40);
  }
}
