package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.GameType;
import dev.ponder.game.SimpleGameFactory;
import dev.ponder.game.State;
import dev.ponder.game.TwoPlayerZeroSumGame;
import dev.ponder.rating.AlphaRank;
import dev.ponder.rating.Sco;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The seat whose agent's call failed in an error match is stored as data ({@code
 * matches.failed_seat}) and is what the analysis reads; a store written before the column existed
 * is upgraded on open (read-only: read as upgraded) and analyses as it did.
 */
class FailedSeatTest {
  @TempDir Path dir;

  @BeforeAll
  static void registerTheCrashingGame() {
    GameRegistry.register(new ApplyCrash.Factory());
  }

  private static final AnalysisOptions FAST = new AnalysisOptions(40, 40, 40, 0.95, 1, AlphaRank.Options.infinite(),
      Sco.Options.defaults(), "", "", 40);

  /** The matches table as the store wrote it before {@code failed_seat} existed (its CREATE TABLE, verbatim). */
  private static final String OLD_MATCHES = "CREATE TABLE IF NOT EXISTS matches(tournament_id INTEGER NOT NULL, game_idx"
      + " INTEGER NOT NULL, seats TEXT NOT NULL, seed_index INTEGER NOT NULL, seed INTEGER NOT NULL, status TEXT NOT NULL,"
      + " returns TEXT NOT NULL, length INTEGER NOT NULL, move_us TEXT NOT NULL, overruns TEXT NOT NULL, message TEXT NOT"
      + " NULL, actions TEXT NOT NULL, PRIMARY KEY(tournament_id, game_idx, seats, seed_index))";

  private static final String[] OLD_OTHERS = {
      "CREATE TABLE IF NOT EXISTS tournaments(id INTEGER PRIMARY KEY, config TEXT NOT NULL UNIQUE, seed INTEGER NOT NULL,"
          + " created TEXT NOT NULL)",
      "CREATE TABLE IF NOT EXISTS agents(tournament_id INTEGER NOT NULL, idx INTEGER NOT NULL, spec TEXT NOT NULL, params"
          + " TEXT NOT NULL, PRIMARY KEY(tournament_id, idx))",
      "CREATE TABLE IF NOT EXISTS games(tournament_id INTEGER NOT NULL, idx INTEGER NOT NULL, spec TEXT NOT NULL,"
          + " num_players INTEGER NOT NULL, min_utility REAL NOT NULL, max_utility REAL NOT NULL, utility TEXT NOT NULL,"
          + " PRIMARY KEY(tournament_id, idx))"};

  @Test
  void eachErrorStoresTheSeatWhoseAgentsCallFailedAndNoneForTheGamesCode() throws Exception {
    // seats as played, the seat expected (-1: none) and how the message begins
    Object[][] cases = {
        {"tic_tac_toe", List.of("first", "boom"), 1, "seat 1's agent boom failed in selectAction at move 1: "},
        {"tic_tac_toe", List.of("fragile", "first"), 0, "seat 0's agent fragile failed in informAction at move 0: "},
        {"tic_tac_toe", List.of("first", "fragile"), 1, "seat 1's agent fragile failed in informAction at move 0: "},
        {"tic_tac_toe", List.of("first", "fragile(fail_in=0)"), 1, "creating seat 1's agent fragile(fail_in=0) failed"},
        {"tic_tac_toe", List.of("first", "illegal"), 1, "seat 1 (illegal) chose illegal action -7 at move 1"},
        {"tic_tac_toe", List.of("illegal", "first"), 0, "seat 0 (illegal) chose illegal action -7 at move 0"},
        {"apply_crash(at=1)", List.of("first", "first"), -1, "applying seat 1's move 0 failed (in State.applyAction) at move 1"},
        {"apply_crash(at=-1)", List.of("first", "first"), -1, ""},
        {"tic_tac_toe", List.of("first", "first"), -1, ""},
    };
    Path db = dir.resolve("new.db");
    try (ArenaStore s = ArenaStore.open(db)) {
      for (int i = 0; i < cases.length; i++) {
        @SuppressWarnings("unchecked")
        List<String> seats = (List<String>) cases[i][1];
        MatchResult r = MatchRunner.play((String) cases[i][0], seats, 11L + i);
        String what = cases[i][0] + " " + seats;
        assertThat(r.status()).as(what).isEqualTo(((String) cases[i][3]).isEmpty() ? MatchResult.Status.OK
            : MatchResult.Status.ERROR);
        assertThat(r.message()).as(what).startsWith((String) cases[i][3]);
        assertThat(r.failedSeat()).as(what).isEqualTo(cases[i][2]);
        assertThat(s.insert(1, new Schedule.Entry(i, new int[] {0, 1}, 0), 11L + i, r)).isTrue();
      }
      List<ArenaStore.StoredMatch> stored = s.matches(1, false);
      for (int i = 0; i < cases.length; i++) {
        assertThat(stored.get(i).game()).isEqualTo(i);
        assertThat(stored.get(i).failedSeat()).as("%s %s", cases[i][0], cases[i][1]).isEqualTo(cases[i][2]);
      }
    }
    // in the file: the seat, or NULL for the game's code and the finished matches
    assertThat(failedSeatColumn(db)).containsExactly(1, 0, 1, 1, 1, 0, null, null, null);
  }

  @Test
  void aTournamentStoresTheSeatOfTheFailingAgent() {
    TournamentConfig c = new TournamentConfig(List.of("tic_tac_toe"), List.of("first", "boom"), "", 2, 1,
        TournamentConfig.ROUND_ROBIN, "", false);
    try (ArenaStore s = ArenaStore.open(dir.resolve("t.db"))) {
      Tournament.RunSummary run = new Tournament(c).run(s, 1, (d, t) -> Progress.none(), null);
      List<ArenaStore.StoredMatch> ms = s.matches(run.tournamentId(), false);
      assertThat(ms).hasSize(4).allMatch(m -> m.status() == MatchResult.Status.ERROR);
      for (ArenaStore.StoredMatch m : ms) {
        assertThat(m.seats()[m.failedSeat()]).isEqualTo(1); // boom, in whichever seat it sat
      }
    }
  }

  @Test
  void theUpgradeReadsTheSeatOffEveryMessageFormTheRunnerWrote() {
    IllegalStateException e = new IllegalStateException("x");
    assertThat(ArenaStore.legacyFailedSeat(MatchRunner.thrown(e, 2, "uct", MatchRunner.CALL_SELECT, -1, 0, 4), 3)).isEqualTo(2);
    assertThat(ArenaStore.legacyFailedSeat(MatchRunner.thrown(e, 1, "uct", MatchRunner.CALL_INFORM, -1, 0, 4), 3)).isEqualTo(1);
    assertThat(ArenaStore.legacyFailedSeat(MatchRunner.thrown(e, 0, "uct", MatchRunner.CALL_CREATE, -1, 0, 0), 3)).isZero();
    assertThat(ArenaStore.legacyFailedSeat("seat 1 (first) chose illegal action 9 at move 3", 2)).isEqualTo(1);
    // the game's code: no agent named
    assertThat(ArenaStore.legacyFailedSeat(MatchRunner.thrown(e, -1, "", MatchRunner.CALL_APPLY, 1, 3, 4), 3)).isEqualTo(-1);
    assertThat(ArenaStore.legacyFailedSeat(MatchRunner.thrown(e, -1, "", MatchRunner.CALL_IS_LEGAL, 1, 3, 4), 3)).isEqualTo(-1);
    assertThat(ArenaStore.legacyFailedSeat("game exceeded its maximum length 9", 2)).isEqualTo(-1);
    assertThat(ArenaStore.legacyFailedSeat("seat 5's agent x failed in selectAction at move 1: E", 2)).isEqualTo(-1);
    assertThat(ArenaStore.legacyFailedSeat("seat 99999999999's agent x failed in selectAction at move 1: E", 2)).isEqualTo(-1);
  }

  /**
   * Four agents on tic_tac_toe with made-up results: rock (0) &lt; paper (1) &lt; scissors (2) &lt;
   * rock, agent 3 ties paper and scissors and its own call fails in every match against rock (in
   * selectAction, informAction or with an illegal action, by seed index). α-Rank leaves agent 3
   * out and gives the cycle 1/3 each; were the error blamed on both agents, rock would go too.
   *
   * @param reworded store messages in another wording, which names no seat
   */
  private static long writeCycle(ArenaStore s, boolean reworded) {
    List<String> agents = List.of("first", "first(offset=1)", "first(offset=2)", "first(offset=3)");
    TournamentConfig c = new TournamentConfig(List.of("tic_tac_toe"), agents, "", 3, 1, TournamentConfig.ROUND_ROBIN, "",
        false);
    long id = s.tournament(c, List.of(GameRegistry.load("tic_tac_toe")));
    for (Schedule.Entry e : Schedule.entries(c, new int[] {2})) {
      int a = e.seats()[0];
      int b = e.seats()[1];
      MatchResult r;
      if (a + b == 3 && a * b == 0) { // agent 3 against rock
        int seat = a == 3 ? 0 : 1;
        String message = reworded ? "the agent at seat #" + seat + " crashed" : switch (e.seedIndex()) {
          case 0 -> MatchRunner.thrown(new IllegalStateException("no entry"), seat, agents.get(3), MatchRunner.CALL_SELECT, -1,
              0, 1);
          case 1 -> MatchRunner.thrown(new IllegalStateException("no entry"), seat, agents.get(3), MatchRunner.CALL_INFORM, -1,
              0, 1);
          default -> "seat " + seat + " (" + agents.get(3) + ") chose illegal action 9 at move 1";
        };
        r = new MatchResult(new double[0], 1, new long[0], new int[0], MatchResult.Status.ERROR, message, new int[2],
            new int[] {4}, seat);
      } else {
        double ra = beats(a, b) ? 1 : beats(b, a) ? -1 : 0;
        r = new MatchResult(new double[] {ra, -ra}, 5, new long[0], new int[0], MatchResult.Status.OK, "", new int[2],
            new int[] {0, 1, 2, 3, 4}, -1);
      }
      s.insert(id, e, 100 + e.seedIndex(), r);
    }
    return id;
  }

  private static boolean beats(int a, int b) {
    return a < 3 && b < 3 && (a == (b + 1) % 3);
  }

  /** The analysis as report.json has it; without {@code firstError} (a message, quoted) when {@code withoutMessage}. */
  private static String analysed(ArenaStore s, long id, boolean withoutMessage) {
    Analysis.Result r = Analysis.analyse(s, id, FAST);
    ObjectNode tree = new ObjectMapper().valueToTree(r);
    if (withoutMessage) {
      tree.remove("firstError");
    }
    return tree.toString();
  }

  @Test
  void aStoreWrittenBeforeTheColumnIsUpgradedOnOpenAndAnalysesAsBefore() throws Exception {
    Path current = dir.resolve("current.db");
    String expected;
    Map<String, Integer> seats;
    try (ArenaStore s = ArenaStore.open(current)) {
      long id = writeCycle(s, false);
      Analysis.Result r = Analysis.analyse(s, id, FAST);
      Analysis.GameResult g = r.games().get(0);
      // agent 3's failures against rock are its forfeits: the masses of AnalysisTest's hand computation
      double[] masses = {14 / 39.0, 11 / 39.0, 9 / 39.0, 5 / 39.0};
      for (int a = 0; a < 4; a++) {
        assertThat(g.mass()[a]).as("agent %d", a).isEqualTo(masses[a], org.assertj.core.api.Assertions.within(1e-6));
      }
      assertThat(g.errorMatches()).containsExactly(0, 0, 0, 6);
      expected = analysed(s, id, false);
    }
    seats = failedSeats(current);
    assertThat(seats).hasSize(36);
    assertThat(seats.values().stream().filter(v -> v != null)).hasSize(6);

    // the same rows in a store made as before the column existed: the old CREATE TABLE statements
    Path old = dir.resolve("old.db");
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + old); Statement st = c.createStatement()) {
      for (String create : OLD_OTHERS) {
        st.execute(create);
      }
      st.execute(OLD_MATCHES);
      st.execute("ATTACH DATABASE '" + current + "' AS cur");
      st.execute("INSERT INTO tournaments SELECT * FROM cur.tournaments");
      st.execute("INSERT INTO agents SELECT * FROM cur.agents");
      st.execute("INSERT INTO games SELECT tournament_id, idx, spec, num_players, min_utility, max_utility, utility FROM"
          + " cur.games");
      st.execute("INSERT INTO matches SELECT tournament_id, game_idx, seats, seed_index, seed, status, returns, length,"
          + " move_us, overruns, message, actions FROM cur.matches");
      st.execute("DETACH DATABASE cur");
    }
    assertThat(columns(old)).doesNotContain("failed_seat");

    // read-only (a report): read as upgraded, the file unchanged
    try (ArenaStore s = ArenaStore.openReadOnly(old)) {
      long id = s.tournaments().get(0).id();
      assertThat(analysed(s, id, false)).isEqualTo(expected);
      assertThat(s.matches(id, false)).extracting(ArenaStore.StoredMatch::failedSeat)
          .containsExactlyElementsOf(seats.values().stream().map(v -> v == null ? -1 : v).toList());
    }
    assertThat(columns(old)).doesNotContain("failed_seat");

    // read-write (a run): upgraded once, the seat of each error row filled in from its message
    try (ArenaStore s = ArenaStore.open(old)) {
      assertThat(analysed(s, s.tournaments().get(0).id(), false)).isEqualTo(expected);
    }
    assertThat(columns(old)).endsWith("actions", "failed_seat", "run_id");
    assertThat(failedSeats(old)).isEqualTo(seats);
    // opening it again changes nothing
    try (ArenaStore s = ArenaStore.open(old)) {
      assertThat(analysed(s, s.tournaments().get(0).id(), false)).isEqualTo(expected);
    }
    assertThat(failedSeats(old)).isEqualTo(seats);
  }

  @Test
  void aRewordedMessageChangesNothingInTheAnalysisOfANewStore() {
    String expected;
    try (ArenaStore s = ArenaStore.open(dir.resolve("a.db"))) {
      expected = analysed(s, writeCycle(s, false), true);
    }
    try (ArenaStore s = ArenaStore.open(dir.resolve("b.db"))) {
      long id = writeCycle(s, true);
      assertThat(s.matches(id, true)).filteredOn(m -> m.status() == MatchResult.Status.ERROR)
          .hasSize(6).allMatch(m -> m.message().contains("crashed"));
      assertThat(analysed(s, id, true)).isEqualTo(expected);
    }
  }

  /** {@code failed_seat} of every match of the file in key order (null: SQL NULL). */
  private static List<Integer> failedSeatColumn(Path db) throws Exception {
    return new ArrayList<>(failedSeats(db).values());
  }

  /** Match key to {@code failed_seat} (null: SQL NULL), in key order. */
  private static Map<String, Integer> failedSeats(Path db) throws Exception {
    Map<String, Integer> out = new LinkedHashMap<>();
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement st = c.createStatement();
         ResultSet rs = st.executeQuery("SELECT tournament_id, game_idx, seats, seed_index, failed_seat FROM matches"
             + " ORDER BY tournament_id, game_idx, seats, seed_index")) {
      while (rs.next()) {
        int v = rs.getInt(5);
        Integer seat = rs.wasNull() ? null : v;
        out.put(rs.getLong(1) + "/" + rs.getInt(2) + "/" + rs.getString(3) + "/" + rs.getInt(4), seat);
      }
    }
    return out;
  }

  /** Column names of the matches table of the file, in order. */
  private static List<String> columns(Path db) throws Exception {
    List<String> out = new ArrayList<>();
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement st = c.createStatement();
         ResultSet rs = st.executeQuery("PRAGMA table_info(matches)")) {
      while (rs.next()) {
        out.add(rs.getString("name"));
      }
    }
    return out;
  }

  /**
   * Test-only game {@code apply_crash(at=T)}: the players alternately take 1 (the one action)
   * from a pile of 4; whoever takes the last wins. Its {@code doApplyAction} throws when applied
   * with T actions already applied (-1: never), a bug in the game's own code.
   */
  static final class ApplyCrash extends TwoPlayerZeroSumGame {
    static final GameType TYPE = new GameType("apply_crash", "Apply Crash", GameType.ChanceMode.DETERMINISTIC,
        GameType.Information.PERFECT_INFORMATION, GameType.Utility.ZERO_SUM, GameType.RewardModel.TERMINAL, 2, 2,
        List.of(ParamSpec.ofInt("at", -1, -1, 100, "actions applied when applying throws (-1: never)")));

    final int at;

    ApplyCrash(Params params) {
      super(TYPE, params);
      at = params.requireInt("at");
    }

    /** Registry factory. */
    public static final class Factory extends SimpleGameFactory {
      public Factory() {
        super(TYPE, ApplyCrash::new);
      }
    }

    @Override
    public int numDistinctActions() {
      return 1;
    }

    @Override
    public int maxGameLength() {
      return 4;
    }

    @Override
    public State newInitialState() {
      return new Pile(this);
    }

    static final class Pile extends State {
      private final ApplyCrash game;
      private int taken;

      Pile(ApplyCrash game) {
        this.game = game;
      }

      @Override
      public Game game() {
        return game;
      }

      @Override
      public int currentPlayer() {
        return taken >= 4 ? TERMINAL : taken % 2;
      }

      @Override
      public int legalActions(int[] out) {
        if (taken >= 4) {
          return 0;
        }
        out[0] = 0;
        return 1;
      }

      @Override
      protected void doApplyAction(int action) {
        if (taken == game.at) {
          throw new IllegalStateException("no pile left at " + taken);
        }
        taken++;
      }

      @Override
      public State copy() {
        Pile p = new Pile(game);
        p.copyFrom(this);
        return p;
      }

      @Override
      public void copyFrom(State other) {
        taken = ((Pile) other).taken;
        copyHistoryFrom(other);
      }

      @Override
      public double playerReturn(int player) {
        if (taken < 4) {
          return 0;
        }
        return player == 1 ? 1 : -1; // seat 1 takes the last
      }

      @Override
      public String actionToString(int player, int action) {
        return "take";
      }

      @Override
      public String toString() {
        return taken + " of 4 taken";
      }
    }
  }
}
