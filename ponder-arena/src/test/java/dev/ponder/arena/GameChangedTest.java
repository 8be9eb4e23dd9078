package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.game.AbstractGame;
import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.GameType;
import dev.ponder.game.SimpleGameFactory;
import dev.ponder.game.State;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stored tournament is not continued (resumed or extended) when one of its games now loads as
 * another game than the one stored with it: another number of players, utility type or range, or
 * another value of a parameter with the defaults filled in ({@code games.params}). The game's code
 * or defaults changed (a game of your own rebuilt), and new matches would be mixed with the old.
 */
class GameChangedTest {
  @TempDir Path dir;

  /**
   * {@code race_test(target=k)}: the players alternately take the one legal action; the player who
   * takes the {@code k}-th wins. Zero-sum (+1/−1) or, rebuilt, constant-sum (1/0); optionally it
   * declares a second parameter.
   */
  static final class Race extends AbstractGame {
    final int target;
    final boolean constantSum;

    Race(GameType type, Params params, boolean constantSum) {
      super(type, params);
      this.target = params.requireInt("target");
      this.constantSum = constantSum;
    }

    static SimpleGameFactory factory(int targetDefault, boolean constantSum, boolean extraKey) {
      ParamSpec target = ParamSpec.ofInt("target", targetDefault, 1, 50, "actions to the end");
      GameType type = new GameType("race_test", "Race Test", GameType.ChanceMode.DETERMINISTIC,
          GameType.Information.PERFECT_INFORMATION, constantSum ? GameType.Utility.CONSTANT_SUM : GameType.Utility.ZERO_SUM,
          GameType.RewardModel.TERMINAL, 2, 2,
          extraKey ? List.of(target, ParamSpec.ofBool("fast", false, "a parameter declared later")) : List.of(target));
      return new SimpleGameFactory(type, p -> new Race(type, p, constantSum)) {};
    }

    @Override
    public int numPlayers() {
      return 2;
    }

    @Override
    public int numDistinctActions() {
      return 1;
    }

    @Override
    public int maxChanceOutcomes() {
      return 0;
    }

    @Override
    public double minUtility() {
      return constantSum ? 0 : -1;
    }

    @Override
    public double maxUtility() {
      return 1;
    }

    @Override
    public double utilitySum() {
      return constantSum ? 1 : 0;
    }

    @Override
    public int maxGameLength() {
      return target;
    }

    @Override
    public State newInitialState() {
      return new RaceState(this);
    }

    static final class RaceState extends State {
      private final Race game;
      private int taken;

      RaceState(Race game) {
        this.game = game;
      }

      @Override
      public Game game() {
        return game;
      }

      @Override
      public int currentPlayer() {
        return taken >= game.target ? TERMINAL : taken % 2;
      }

      @Override
      public int legalActions(int[] out) {
        if (taken >= game.target) {
          return 0;
        }
        out[0] = 0;
        return 1;
      }

      @Override
      protected void doApplyAction(int action) {
        taken++;
      }

      @Override
      public State copy() {
        RaceState s = new RaceState(game);
        s.copyFrom(this);
        return s;
      }

      @Override
      public void copyFrom(State other) {
        taken = ((RaceState) other).taken;
        copyHistoryFrom(other);
      }

      @Override
      public double playerReturn(int player) {
        if (taken < game.target) {
          return 0;
        }
        boolean won = player == (game.target - 1) % 2;
        return won ? 1 : game.constantSum ? 0 : -1;
      }

      @Override
      public String actionToString(int player, int action) {
        return "step";
      }

      @Override
      public String toString() {
        return taken + " of " + game.target;
      }
    }
  }

  @AfterEach
  void restore() {
    GameRegistry.register(Race.factory(3, false, false));
  }

  static TournamentConfig config(String game, int matches) {
    return new TournamentConfig(List.of(game), List.of("first", "first(offset=1)"), "", matches, 3L,
        TournamentConfig.ROUND_ROBIN, "", false);
  }

  static Tournament.RunSummary run(ArenaStore s, String game, int matches) {
    return new Tournament(config(game, matches)).run(s, 1, (d, t) -> Progress.none(), null, new ArrayList<String>()::add);
  }

  private static String refusal(String change) {
    return "game race_test of tournament 1 " + change + ": its code or defaults changed since those matches were played;"
        + " to continue this tournament, restore the game as it was; to play the game as it is now, give a new --db";
  }

  /** Asserts that resuming (2 seeds) and extending (4) are refused with {@code message} and change nothing. */
  private static void refused(ArenaStore s, String message) {
    for (int matches : new int[] {2, 4}) {
      assertThatThrownBy(() -> run(s, "race_test", matches))
          .isInstanceOf(ArenaStore.GameChangedException.class)
          .hasMessage(message)
          .satisfies(x -> assertThat(((ArenaStore.GameChangedException) x).game()).isEqualTo("race_test"));
    }
    assertThat(s.tournaments()).hasSize(1);
    assertThat(s.config(s.tournaments().get(0)).seedsPerPairing()).isEqualTo(2);
    assertThat(s.count(1)).isEqualTo(4);
  }

  @Test
  void aChangedDefaultRefusesResumeAndExtensionNamingGameAndParameter() throws Exception {
    Path db = dir.resolve("t.db");
    GameRegistry.register(Race.factory(3, false, false));
    try (ArenaStore s = ArenaStore.open(db)) {
      assertThat(run(s, "race_test", 2).played()).isEqualTo(4);
      assertThat(storedParams(db)).containsExactly("race_test(target=3)");
    }
    GameRegistry.register(Race.factory(5, false, false));
    try (ArenaStore s = ArenaStore.open(db)) {
      refused(s, refusal("was stored with target=3 but now resolves target=5"));
    }
    // a parameter declared since (its default is not compared) with the old default: extends
    GameRegistry.register(Race.factory(3, false, true));
    try (ArenaStore s = ArenaStore.open(db)) {
      Tournament.RunSummary r = run(s, "race_test", 3);
      assertThat(r.extendedFrom()).isEqualTo(2);
      assertThat(r.played()).isEqualTo(2);
    }
    // the game as it was: resumes
    GameRegistry.register(Race.factory(3, false, false));
    try (ArenaStore s = ArenaStore.open(db)) {
      assertThat(run(s, "race_test", 3).played()).isZero();
    }
  }

  @Test
  void aParameterNoLongerDeclaredIsAChange() {
    Path db = dir.resolve("t.db");
    GameRegistry.register(Race.factory(3, false, true));
    try (ArenaStore s = ArenaStore.open(db)) {
      assertThat(run(s, "race_test", 2).played()).isEqualTo(4);
    }
    GameRegistry.register(Race.factory(3, false, false));
    try (ArenaStore s = ArenaStore.open(db)) {
      refused(s, refusal("was stored with fast=False, a parameter it no longer declares"));
    }
  }

  @Test
  void aChangedUtilityRefusesResumeAndExtension() {
    Path db = dir.resolve("t.db");
    GameRegistry.register(Race.factory(3, false, false));
    try (ArenaStore s = ArenaStore.open(db)) {
      assertThat(run(s, "race_test", 2).played()).isEqualTo(4);
    }
    GameRegistry.register(Race.factory(3, true, false)); // rebuilt constant-sum, returns 1/0
    try (ArenaStore s = ArenaStore.open(db)) {
      refused(s, refusal("was stored with utility ZERO_SUM [-1, 1] but now has CONSTANT_SUM [0, 1]"));
    }
  }

  @Test
  void aGivenValueIsNotAffectedByAChangedDefault() {
    Path db = dir.resolve("t.db");
    GameRegistry.register(Race.factory(3, false, false));
    try (ArenaStore s = ArenaStore.open(db)) {
      assertThat(run(s, "race_test(target=3)", 2).played()).isEqualTo(4);
    }
    GameRegistry.register(Race.factory(5, false, false));
    try (ArenaStore s = ArenaStore.open(db)) {
      assertThat(run(s, "race_test(target=3)", 3).extendedFrom()).isEqualTo(2);
    }
  }

  @Test
  void theChangeNamesPlayersFirstThenUtilityThenParameters() {
    GameRegistry.register(Race.factory(3, false, false));
    Game g = GameRegistry.load("race_test");
    assertThat(ArenaStore.gameChange(3, 0, 1, "CONSTANT_SUM", "race_test(target=4)", g))
        .isEqualTo("was stored with 3 players but now has 2");
    assertThat(ArenaStore.gameChange(2, -1, 2.5, "ZERO_SUM", "race_test(target=4)", g))
        .isEqualTo("was stored with utility ZERO_SUM [-1, 2.5] but now has ZERO_SUM [-1, 1]");
    assertThat(ArenaStore.gameChange(2, -1, 1, "ZERO_SUM", "race_test(target=4)", g))
        .isEqualTo("was stored with target=4 but now resolves target=3");
    assertThat(ArenaStore.gameChange(2, -1, 1, "ZERO_SUM", "race_test(target=3)", g)).isNull();
    assertThat(ArenaStore.gameChange(2, -1, 1, "ZERO_SUM", null, g)).isNull(); // stored before games.params
  }

  @Test
  void aValueSpelledAsAnOlderVersionDidIsTheSameGame() throws Exception {
    Game nim = GameRegistry.load("nim(pile_sizes=1; 3)");
    assertThat(dev.ponder.game.MatchRecord.fullGameString(nim)).isEqualTo("nim(is_misere=True,pile_sizes=1;3)");
    // the stored string loads now as the same game: no change
    assertThat(ArenaStore.gameChange(2, -1, 1, "ZERO_SUM", "nim(is_misere=True,pile_sizes=1; 3)", nim)).isNull();
    // another game is still one, named by the stored spelling
    assertThat(ArenaStore.gameChange(2, -1, 1, "ZERO_SUM", "nim(is_misere=True,pile_sizes=1; 4)", nim))
        .isEqualTo("was stored with pile_sizes=1; 4 but now resolves pile_sizes=1;3");
    assertThat(ArenaStore.gameChange(2, -1, 1, "ZERO_SUM", "nim(is_misere=False,pile_sizes=1; 3)", nim))
        .isEqualTo("was stored with is_misere=False but now resolves is_misere=True");
    // a tournament stored so (the game row as that version wrote it) resumes and extends
    Path db = dir.resolve("n.db");
    try (ArenaStore s = ArenaStore.open(db)) {
      assertThat(run(s, "nim(pile_sizes=1; 3)", 2).played()).isEqualTo(4);
    }
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement st = c.createStatement()) {
      assertThat(st.executeUpdate("UPDATE games SET params='nim(is_misere=True,pile_sizes=1; 3)'")).isEqualTo(1);
    }
    try (ArenaStore s = ArenaStore.open(db)) {
      assertThat(run(s, "nim(pile_sizes=1; 3)", 2).played()).isZero();
      assertThat(run(s, "nim(pile_sizes=1; 3)", 3).extendedFrom()).isEqualTo(2);
    }
  }

  /** The games table as the store wrote it before {@code games.params} existed (its CREATE TABLE, verbatim). */
  private static final String OLD_GAMES = "CREATE TABLE games(tournament_id INTEGER NOT NULL, idx INTEGER NOT NULL, spec TEXT"
      + " NOT NULL, num_players INTEGER NOT NULL, min_utility REAL NOT NULL, max_utility REAL NOT NULL, utility TEXT NOT NULL,"
      + " PRIMARY KEY(tournament_id, idx))";

  /**
   * A store written before {@code games.params}: opening it adds the column ({@code NULL} in the
   * old rows); its tournaments are compared by players and utility (a changed default cannot be
   * told), and tournaments created afterwards store their parameters.
   */
  @Test
  void aStoreFromBeforeTheColumnIsUpgradedAndComparedByWhatItHolds() throws Exception {
    Path current = dir.resolve("current.db");
    GameRegistry.register(Race.factory(3, false, false));
    try (ArenaStore s = ArenaStore.open(current)) {
      run(s, "race_test", 2);
    }
    Path old = dir.resolve("old.db");
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + old); Statement st = c.createStatement()) {
      st.execute("ATTACH DATABASE '" + current + "' AS cur");
      for (String t : List.of("tournaments", "agents", "matches")) { // these tables as they are now
        try (Statement q = c.createStatement();
             ResultSet rs = q.executeQuery("SELECT sql FROM cur.sqlite_master WHERE type = 'table' AND name = '" + t + "'")) {
          rs.next();
          st.execute(rs.getString(1));
        }
        st.execute("INSERT INTO " + t + " SELECT * FROM cur." + t);
      }
      st.execute(OLD_GAMES);
      st.execute("INSERT INTO games SELECT tournament_id, idx, spec, num_players, min_utility, max_utility, utility FROM"
          + " cur.games");
      st.execute("DETACH DATABASE cur");
    }
    assertThat(columns(old)).doesNotContain("params");

    GameRegistry.register(Race.factory(3, true, false)); // utility changed: still told
    try (ArenaStore s = ArenaStore.open(old)) {
      refused(s, refusal("was stored with utility ZERO_SUM [-1, 1] but now has CONSTANT_SUM [0, 1]"));
    }
    assertThat(columns(old)).endsWith("utility", "params");
    assertThat(storedParams(old)).containsExactly((String) null);

    GameRegistry.register(Race.factory(5, false, false)); // a changed default: not stored, so not told
    try (ArenaStore s = ArenaStore.open(old)) {
      assertThat(run(s, "race_test", 3).extendedFrom()).isEqualTo(2);
      // a new tournament in the upgraded store stores its parameters
      run(s, "race_test(target=2)", 1);
    }
    // the run that continued the old tournament recorded its game's parameters as they resolved
    assertThat(storedParams(old)).containsExactly("race_test(target=5)", "race_test(target=2)");
    GameRegistry.register(Race.factory(3, false, false)); // changed after that run: refused now
    try (ArenaStore s = ArenaStore.open(old)) {
      assertThatThrownBy(() -> run(s, "race_test", 3))
          .isInstanceOf(ArenaStore.GameChangedException.class)
          .hasMessage(refusal("was stored with target=5 but now resolves target=3"));
    }
  }

  private static List<String> columns(Path db) throws Exception {
    List<String> out = new ArrayList<>();
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement st = c.createStatement();
         ResultSet rs = st.executeQuery("PRAGMA table_info(games)")) {
      while (rs.next()) {
        out.add(rs.getString("name"));
      }
    }
    return out;
  }

  private static List<String> storedParams(Path db) throws Exception {
    List<String> out = new ArrayList<>();
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement st = c.createStatement();
         ResultSet rs = st.executeQuery("SELECT params FROM games ORDER BY tournament_id, idx")) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }
}
