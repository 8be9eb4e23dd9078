package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ponder.agent.Agent;
import dev.ponder.agent.AgentFactory;
import dev.ponder.agent.AgentRegistry;
import dev.ponder.game.Game;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A new tournament copies the matches another tournament of the store already played identically
 * (same full game string, agent strings by seat with the same stored parameters and fingerprints,
 * same match seed; no time budget; status ok) instead of playing them again.
 */
class MatchReuseTest {
  @TempDir Path dir;

  static final String BUDGET = "sims=20";
  static final long SEED = 5;

  static TournamentConfig config(String games, String agents, int seeds, long seed) {
    return TournamentChild.config(games, agents, BUDGET, seeds, seed);
  }

  /**
   * A configuration without a budget: for agents none of which declares sims (a budget key no agent
   * declares is refused, by the command and the Tournament alike).
   */
  static TournamentConfig noBudget(String games, String agents, int seeds, long seed) {
    return TournamentChild.config(games, agents, "", seeds, seed);
  }

  static Tournament.RunSummary run(ArenaStore s, TournamentConfig c, boolean reuse, List<Tournament.Reuse> found) {
    return new Tournament(c).reuse(reuse).onReuse(found::add).run(s, 2, (d, t) -> Progress.none(), null, null);
  }

  /** Every match of tournament {@code id} by key: seed, status, returns, length, actions, message. */
  static Map<String, String> rows(ArenaStore s, long id, boolean withMoveTimes) {
    Map<String, String> m = new TreeMap<>();
    for (ArenaStore.StoredMatch x : s.matches(id, true)) {
      m.put(Schedule.Entry.key(x.game(), ArenaStore.joinInts(x.seats()), x.seedIndex()), x.seed() + " " + x.status() + " "
          + Arrays.toString(x.returns()) + " " + x.length() + " " + x.actions() + " " + x.message() + " " + x.failedSeat()
          + (withMoveTimes ? " " + x.moveMicros() + " " + x.overruns() : ""));
    }
    return m;
  }

  /**
   * The analysis as report.json has it, without what a run measures or numbers: the tournament id
   * and the wall-clock decision times.
   */
  static String analysis(ArenaStore s, long id) {
    AnalysisOptions o = new AnalysisOptions(200, 50, 0.95, 3, dev.ponder.rating.AlphaRank.Options.infinite(),
        dev.ponder.rating.Sco.Options.defaults(), "", "");
    ObjectNode tree = new ObjectMapper().valueToTree(Analysis.analyse(s, id, o));
    strip(tree);
    return tree.toString();
  }

  private static void strip(JsonNode n) {
    if (n instanceof ObjectNode o) {
      // builds: when each run started (a copy keeps the run that played it)
      o.remove(List.of("tournament", "timeMs", "msPerDecision", "builds"));
    }
    n.forEach(MatchReuseTest::strip);
  }

  @Test
  void anExtendedAgentSetReusesExactlyTheOverlapAndAnalysesAsAFreshRun() {
    // two 2-player games and a 3-player one (every seat order): 2 agents give per seed index
    // 2 + 2 ordered pairs and 2^3 - 2 = 6 seatings, 10 matches; 3 agents give 6 + 6 + (27 - 3) = 36
    String games = "tic_tac_toe;kuhn_poker;kuhn_poker(players=3)";
    TournamentConfig small = config(games, "random;uct", 2, SEED);
    // the same agents plus one, listed in another order: the seats translate to other indices
    TournamentConfig large = config(games, "uct;first;random", 2, SEED);
    Path db = dir.resolve("add.db");
    List<Tournament.Reuse> found = new ArrayList<>();
    long first;
    long second;
    Map<String, String> firstRows;
    try (ArenaStore s = ArenaStore.open(db)) {
      Tournament.RunSummary a = run(s, small, true, found);
      first = a.tournamentId();
      assertThat(a.played()).isEqualTo(20);
      assertThat(a.reused()).isZero();
      assertThat(found).containsExactly(new Tournament.Reuse(20, 0, 0, new TreeMap<>()));
      firstRows = rows(s, first, true);
      found.clear();

      Tournament.RunSummary b = run(s, large, true, found);
      second = b.tournamentId();
      assertThat(second).isNotEqualTo(first);
      assertThat(b.total()).isEqualTo(72);
      assertThat(b.alreadyStored()).isZero();
      assertThat(b.reused()).isEqualTo(20); // every match of the first tournament, none other
      assertThat(b.played()).isEqualTo(52);
      assertThat(b.reusedFrom()).containsExactly(Map.entry(first, 20));
      assertThat(b.reusedLabel()).isEqualTo("20 matches reused from tournament " + first);
      assertThat(found).containsExactly(new Tournament.Reuse(72, 0, 20, new TreeMap<>(Map.of(first, 20))));
      assertThat(s.count(second)).isEqualTo(72);

      // the copied rows are the first tournament's, byte for byte (move times too), under the new
      // agent indices: uct 0, first 1, random 2 (was random 0, uct 1)
      Map<String, String> secondRows = rows(s, second, true);
      int[] newIndex = {2, 0};
      for (Map.Entry<String, String> e : firstRows.entrySet()) {
        String[] k = e.getKey().split("\\|");
        int[] seats = ArenaStore.splitInts(k[1]);
        for (int i = 0; i < seats.length; i++) {
          seats[i] = newIndex[seats[i]];
        }
        String key = Schedule.Entry.key(Integer.parseInt(k[0]), ArenaStore.joinInts(seats), Integer.parseInt(k[2]));
        assertThat(secondRows.get(key)).as(key).isEqualTo(e.getValue());
      }

      // a resume finds everything stored and copies nothing
      found.clear();
      Tournament.RunSummary again = run(s, large, true, found);
      assertThat(again.tournamentId()).isEqualTo(second);
      assertThat(again.played() + again.reused()).isZero();
      assertThat(found).containsExactly(new Tournament.Reuse(72, 72, 0, new TreeMap<>()));
    }

    Path fresh = dir.resolve("fresh.db");
    try (ArenaStore f = ArenaStore.open(fresh); ArenaStore s = ArenaStore.open(db)) {
      Tournament.RunSummary r = run(f, large, true, new ArrayList<>());
      assertThat(r.played()).isEqualTo(72);
      assertThat(r.reused()).isZero();
      assertThat(rows(s, second, false)).isEqualTo(rows(f, r.tournamentId(), false));
      assertThat(analysis(s, second)).isEqualTo(analysis(f, r.tournamentId()));
    }
  }

  @Test
  void anAddedGameReusesTheStoredGamesMatchesUnderItsNewIndex() {
    try (ArenaStore s = ArenaStore.open(dir.resolve("g.db"))) {
      long first = run(s, config("tic_tac_toe", "random;uct", 2, SEED), true, new ArrayList<>()).tournamentId();
      // the stored game is now game 1: 2 ordered pairs x 2 seeds of it are stored, kuhn_poker's 4 are not
      Tournament.RunSummary r = run(s, config("kuhn_poker;tic_tac_toe", "random;uct", 2, SEED), true, new ArrayList<>());
      assertThat(r.reused()).isEqualTo(4);
      assertThat(r.played()).isEqualTo(4);
      Map<String, String> before = rows(s, first, true);
      Map<String, String> after = rows(s, r.tournamentId(), true);
      for (Map.Entry<String, String> e : before.entrySet()) {
        assertThat(after.get("1" + e.getKey().substring(e.getKey().indexOf('|')))).isEqualTo(e.getValue());
      }
    }
  }

  @Test
  void noReusePlaysEveryMatch() {
    TournamentConfig small = config("tic_tac_toe", "random;uct", 1, SEED);
    TournamentConfig large = config("tic_tac_toe", "random;uct;first", 1, SEED);
    try (ArenaStore s = ArenaStore.open(dir.resolve("n.db"))) {
      run(s, small, true, new ArrayList<>());
      List<Tournament.Reuse> found = new ArrayList<>();
      Tournament.RunSummary r = run(s, large, false, found);
      assertThat(r.played()).isEqualTo(6);
      assertThat(r.reused()).isZero();
      assertThat(r.reusedLabel()).isEmpty();
      assertThat(found).containsExactly(new Tournament.Reuse(6, 0, 0, new TreeMap<>()));
    }
  }

  @Test
  void anotherSeedOrGameIsNotReused() {
    try (ArenaStore s = ArenaStore.open(dir.resolve("s.db"))) {
      run(s, config("tic_tac_toe", "random;uct", 1, SEED), true, new ArrayList<>());
      // another tournament seed: other match seeds
      Tournament.RunSummary r = run(s, config("tic_tac_toe", "random;uct;first", 1, SEED + 1), true, new ArrayList<>());
      assertThat(r.reused()).isZero();
      assertThat(r.played()).isEqualTo(6);
      // another game string naming the same game: other match seeds (the seed hashes the string)
      r = run(s, config("tic_tac_toe()", "random;uct;first", 1, SEED), true, new ArrayList<>());
      assertThat(r.reused()).isZero();
      // the first configuration with the new agent: found in the first tournament only
      r = run(s, config("tic_tac_toe", "random;uct;first", 1, SEED), true, new ArrayList<>());
      assertThat(r.reused()).isEqualTo(2);
      assertThat(r.played()).isEqualTo(4);
      assertThat(r.reusedFrom()).containsOnlyKeys(1L);
    }
  }

  @Test
  void aTimeBudgetSeveralSearchThreadsOrAnErrorIsPlayedAgain() {
    try (ArenaStore s = ArenaStore.open(dir.resolve("t.db"))) {
      // sleepy declares time_ms=5 (a time budget) and plays the lowest legal action, like first
      TournamentConfig timed = noBudget("tic_tac_toe", "random;sleepy(sleep_ms=0)", 1, SEED);
      run(s, timed, true, new ArrayList<>());
      Tournament.RunSummary r = run(s, noBudget("tic_tac_toe", "random;sleepy(sleep_ms=0);first", 1, SEED), true,
          new ArrayList<>());
      assertThat(r.reused()).isZero(); // every match of the first has the timed agent in a seat
      assertThat(r.played()).isEqualTo(6);

      TournamentConfig threaded = config("tic_tac_toe", "random;uct(threads=2)", 1, SEED);
      run(s, threaded, true, new ArrayList<>());
      r = run(s, config("tic_tac_toe", "random;uct(threads=2);first(offset=1)", 1, SEED), true, new ArrayList<>());
      assertThat(r.reused()).isZero();
      assertThat(r.played()).isEqualTo(6);

      // boom throws at its first decision: its matches are errors, and are played again
      run(s, noBudget("tic_tac_toe", "random;first;boom", 1, SEED), true, new ArrayList<>());
      r = run(s, noBudget("tic_tac_toe", "random;first;boom;first(offset=2)", 1, SEED), true, new ArrayList<>());
      assertThat(r.reused()).isEqualTo(2); // random vs first, both seat orders; the 4 with boom are errors
      assertThat(r.played()).isEqualTo(10);
      assertThat(r.errors()).isEqualTo(6); // boom's 4 again, and 2 against first(offset=2)
    }
  }

  /**
   * {@code reuse_drift(offset=k)}: the legal action at index k mod n; the default of k and a
   * fingerprint entry (as a policy file's digest would be) are set by the test.
   */
  static final class Drift implements AgentFactory {
    final int offsetDefault;
    final String digest;

    Drift(int offsetDefault, String digest) {
      this.offsetDefault = offsetDefault;
      this.digest = digest;
    }

    @Override
    public String name() {
      return "reuse_drift";
    }

    @Override
    public String description() {
      return "test agent whose default and input change";
    }

    @Override
    public List<ParamSpec> parameters() {
      return List.of(ParamSpec.ofInt("offset", offsetDefault, "index into the legal actions"));
    }

    @Override
    public Map<String, String> fingerprint(Params params) {
      return Map.of("input_sha256", digest);
    }

    @Override
    public Agent create(Game game, Params params, long seed) {
      int offset = params.getInt("offset");
      int[] buf = new int[game.maxActionsPerState()];
      return state -> {
        int n = state.legalActions(buf);
        return buf[Math.floorMod(offset, n)];
      };
    }
  }

  @Test
  void aChangedAgentParameterOrFingerprintIsNotReused() {
    try {
      AgentRegistry.register(new Drift(0, "aa"));
      TournamentConfig small = noBudget("tic_tac_toe", "random;reuse_drift", 1, SEED);
      TournamentConfig large = noBudget("tic_tac_toe", "random;reuse_drift;first", 1, SEED);
      try (ArenaStore s = ArenaStore.open(dir.resolve("p.db"))) {
        run(s, small, true, new ArrayList<>());
        AgentRegistry.register(new Drift(1, "aa")); // a changed default
        Tournament.RunSummary r = run(s, large, true, new ArrayList<>());
        assertThat(r.reused()).isZero();
        assertThat(r.played()).isEqualTo(6);
      }
      AgentRegistry.register(new Drift(0, "aa"));
      try (ArenaStore s = ArenaStore.open(dir.resolve("f.db"))) {
        run(s, small, true, new ArrayList<>());
        AgentRegistry.register(new Drift(0, "bb")); // the same parameters, another input file
        Tournament.RunSummary r = run(s, large, true, new ArrayList<>());
        assertThat(r.reused()).isZero();
        assertThat(r.played()).isEqualTo(6);
        AgentRegistry.register(new Drift(0, "aa")); // restored: a third tournament finds the first's
        r = run(s, noBudget("tic_tac_toe", "random;reuse_drift;first(offset=1)", 1, SEED), true, new ArrayList<>());
        assertThat(r.reused()).isEqualTo(2);
        assertThat(r.reusedFrom()).containsOnlyKeys(1L);
      }
    } finally {
      AgentRegistry.register(new Drift(0, "aa"));
    }
  }

  /** {@code reuse_alias}: another name of {@code random}, which it plays as seed for seed (as {@code uniform} does). */
  static final class Alias implements AgentFactory {
    @Override
    public String name() {
      return "reuse_alias";
    }

    @Override
    public String playsAs() {
      return "random";
    }

    @Override
    public String description() {
      return "test agent: random under another name";
    }

    @Override
    public List<ParamSpec> parameters() {
      return List.of();
    }

    @Override
    public Agent create(Game game, Params params, long seed) {
      return new dev.ponder.agent.RandomAgent(game, seed);
    }
  }

  @Test
  void anAgentIsTheStoredOneWhenItsResolvedParametersAreWhateverItsSpelling() {
    AgentRegistry.register(new Alias());
    try (ArenaStore s = ArenaStore.open(dir.resolve("k.db"))) {
      long first = run(s, noBudget("tic_tac_toe", "random;first", 1, SEED), true, new ArrayList<>()).tournamentId();
      // first(offset=0) is first (offset's default is 0), and reuse_alias plays as random seed for
      // seed: the duplicate check of --agents calls each pair one agent, and so does reuse
      Tournament.RunSummary r = run(s, noBudget("tic_tac_toe", "reuse_alias;first(offset=0);first(offset=1)", 1, SEED),
          true, new ArrayList<>());
      assertThat(r.reused()).isEqualTo(2); // reuse_alias vs first(offset=0), both seat orders
      assertThat(r.played()).isEqualTo(4);
      assertThat(r.reusedFrom()).containsExactly(Map.entry(first, 2));
      Map<String, String> stored = rows(s, first, true);
      Map<String, String> copied = rows(s, r.tournamentId(), true);
      assertThat(copied).containsAllEntriesOf(stored); // random 0 and first 1 keep their indices
    }
  }

  @Test
  void aSpellingWithTheStoredValueIsReusedAfterADefaultChangedButTheOldSpellingIsNot() {
    try {
      AgentRegistry.register(new Drift(0, "aa"));
      try (ArenaStore s = ArenaStore.open(dir.resolve("d.db"))) {
        run(s, noBudget("tic_tac_toe", "random;reuse_drift", 1, SEED), true, new ArrayList<>());
        AgentRegistry.register(new Drift(1, "aa")); // offset's default is now 1
        // reuse_drift now plays offset 1: not the agent stored (offset 0)
        Tournament.RunSummary r = run(s, noBudget("tic_tac_toe", "random;reuse_drift;first", 1, SEED), true,
            new ArrayList<>());
        assertThat(r.reused()).isZero();
        // reuse_drift(offset=0) plays offset 0 with the same input: the agent stored
        r = run(s, noBudget("tic_tac_toe", "random;reuse_drift(offset=0);first(offset=1)", 1, SEED), true,
            new ArrayList<>());
        assertThat(r.reused()).isEqualTo(2);
        assertThat(r.reusedFrom()).containsOnlyKeys(1L);
      }
    } finally {
      AgentRegistry.register(new Drift(0, "aa"));
    }
  }

  /**
   * Removes key {@code key} from {@code agents.params} of every agent of tournament {@code id}
   * that has it: the row as a build stored it before the key was declared.
   */
  static void forgetAgentKey(Path db, long id, String key) throws Exception {
    ObjectMapper json = new ObjectMapper();
    try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + db);
         java.sql.PreparedStatement q = c.prepareStatement("SELECT idx, params FROM agents WHERE tournament_id=?");
         java.sql.PreparedStatement up = c.prepareStatement("UPDATE agents SET params=? WHERE tournament_id=? AND idx=?")) {
      q.setLong(1, id);
      try (java.sql.ResultSet rs = q.executeQuery()) {
        while (rs.next()) {
          ObjectNode p = (ObjectNode) json.readTree(rs.getString(2));
          if (p.remove(key) != null) {
            up.setString(1, p.toString());
            up.setLong(2, id);
            up.setInt(3, rs.getInt(1));
            up.executeUpdate();
          }
        }
      }
    }
  }

  @Test
  void anAgentStoredBeforeAKeyWasDeclaredIsReusedWhileTheKeyResolvesToItsDefault() throws Exception {
    Path db = dir.resolve("v.db");
    try (ArenaStore s = ArenaStore.open(db)) {
      run(s, config("tic_tac_toe", "uct;puct", 2, SEED), true, new ArrayList<>());
    }
    forgetAgentKey(db, 1, "virtual_loss"); // stored before virtual_loss was declared (its default 1)
    try (ArenaStore s = ArenaStore.open(db)) {
      // puct(virtual_loss=3) is not the stored puct: nothing of tournament 1 is its
      Tournament.RunSummary r = run(s, config("tic_tac_toe", "uct;puct(virtual_loss=3);random", 2, SEED), true,
          new ArrayList<>());
      assertThat(r.reused()).isZero();
      assertThat(r.played()).isEqualTo(12);
      // puct resolves virtual_loss=1, the default, as the stored puct played: its 4 matches with uct
      // are reused (and uct's 4 with random from tournament 2); only puct against random is played
      r = run(s, config("tic_tac_toe", "uct;puct;random", 2, SEED), true, new ArrayList<>());
      assertThat(r.reused()).isEqualTo(8);
      assertThat(r.played()).isEqualTo(4);
      assertThat(r.reusedFrom()).containsExactly(Map.entry(1L, 4), Map.entry(2L, 4));
      // and the stored tournament itself still resumes (the same rule)
      assertThat(run(s, config("tic_tac_toe", "uct;puct", 2, SEED), true, new ArrayList<>()).played()).isZero();
    }
  }

  /** {@code nim(pile_sizes=1;3)} (a game string with ';', which {@link #config} would split) with these agents, 1 seed. */
  private static TournamentConfig nim(String agents) {
    TournamentConfig c = config("tic_tac_toe", agents, 1, SEED);
    return new TournamentConfig(List.of("nim(pile_sizes=1;3)"), c.agents(), c.budget(), 1, SEED,
        TournamentConfig.ROUND_ROBIN, "", false);
  }

  @Test
  void aGameStoredInAnOlderSpellingOfAValueIsReused() throws Exception {
    Path db = dir.resolve("n.db");
    try (ArenaStore s = ArenaStore.open(db)) {
      run(s, nim("uct;first"), true, new ArrayList<>());
    }
    // nim(is_misere=True,pile_sizes=1; 3): the full game string as a build that kept the value's spacing stored it
    try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + db);
         java.sql.Statement st = c.createStatement()) {
      assertThat(st.executeUpdate("UPDATE games SET params='nim(is_misere=True,pile_sizes=1; 3)' WHERE tournament_id=1"))
          .isEqualTo(1);
    }
    try (ArenaStore s = ArenaStore.open(db)) {
      Tournament.RunSummary r = run(s, nim("uct;first;random"), true, new ArrayList<>());
      assertThat(r.reused()).isEqualTo(2);
      assertThat(r.reusedFrom()).containsOnlyKeys(1L);
    }
  }

  /** Sets {@code games.params} of every game of tournament {@code id} to NULL: a store written before the column. */
  static void forgetGameParams(Path db, long id) {
    try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + db.toAbsolutePath());
         java.sql.PreparedStatement up = c.prepareStatement("UPDATE games SET params=NULL WHERE tournament_id=?")) {
      up.setLong(1, id);
      assertThat(up.executeUpdate()).isPositive();
    } catch (java.sql.SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void aTournamentStoredBeforeGameParametersIsNamedAndReusedOnceItsOwnRunRecordsThem() {
    Path db = dir.resolve("u.db");
    TournamentConfig old = noBudget("tic_tac_toe;kuhn_poker", "random;first", 1, SEED);
    long first;
    try (ArenaStore s = ArenaStore.open(db)) {
      first = run(s, old, true, new ArrayList<>()).tournamentId();
    }
    forgetGameParams(db, first);
    try (ArenaStore s = ArenaStore.open(db)) {
      // tic_tac_toe and kuhn_poker as typed, random and first: its 4 matches are identical, but
      // the defaults its games were played with are unknown; the run names it
      List<Tournament.Reuse> found = new ArrayList<>();
      Tournament.RunSummary r = run(s, noBudget("tic_tac_toe;kuhn_poker", "random;first;first(offset=1)", 1, SEED), true,
          found);
      assertThat(r.reused()).isZero();
      assertThat(found).containsExactly(new Tournament.Reuse(12, 0, 0, new TreeMap<>(), new java.util.TreeSet<>(List.of(first))));
      // another game string shares no seed with it: not named
      found.clear();
      run(s, noBudget("tic_tac_toe()", "random;first;first(offset=2)", 1, SEED), true, found);
      assertThat(found.get(0).unchecked()).isEmpty();
      // reuse off: nothing looked at, nothing named
      found.clear();
      run(s, noBudget("kuhn_poker", "random;first;first(offset=3)", 1, SEED), false, found);
      assertThat(found.get(0).unchecked()).isEmpty();

      // its own configuration once more records its games' parameters; then its matches are reused
      assertThat(run(s, old, true, new ArrayList<>()).played()).isZero();
      found.clear();
      r = run(s, noBudget("kuhn_poker;tic_tac_toe", "first(offset=4);random;first", 1, SEED), true, found);
      assertThat(r.reusedFrom()).containsEntry(first, 4);
      assertThat(found.get(0).unchecked()).isEmpty();
    }
  }
  @Test
  void aRefusedResumeOfAnOldTournamentRecordsNoGameParameters() {
    Path db = dir.resolve("refused.db");
    try {
      AgentRegistry.register(new Drift(0, "aa"));
      TournamentConfig old = noBudget("tic_tac_toe", "random;reuse_drift", 1, SEED);
      long first;
      try (ArenaStore s = ArenaStore.open(db)) {
        first = run(s, old, true, new ArrayList<>()).tournamentId();
      }
      forgetGameParams(db, first);
      AgentRegistry.register(new Drift(1, "aa")); // a changed default: the resume is refused
      try (ArenaStore s = ArenaStore.open(db)) {
        assertThatThrownBy(() -> run(s, old, true, new ArrayList<>())).isInstanceOf(ArenaStore.ParamsChangedException.class);
      }
      // "nothing is changed": the games still hold no parameters
      try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + db.toAbsolutePath());
           java.sql.Statement st = c.createStatement();
           java.sql.ResultSet rs = st.executeQuery("SELECT count(*) FROM games WHERE params IS NOT NULL")) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getInt(1)).isZero();
      }
      // the same resume with the agent as it was stored goes on, and records them
      AgentRegistry.register(new Drift(0, "aa"));
      try (ArenaStore s = ArenaStore.open(db)) {
        assertThat(run(s, old, true, new ArrayList<>()).played()).isZero();
      }
      try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + db.toAbsolutePath());
           java.sql.Statement st = c.createStatement();
           java.sql.ResultSet rs = st.executeQuery("SELECT count(*) FROM games WHERE params IS NULL")) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getInt(1)).isZero();
      }
    } catch (java.sql.SQLException e) {
      throw new IllegalStateException(e);
    } finally {
      AgentRegistry.register(new Drift(0, "aa"));
    }
  }
}
