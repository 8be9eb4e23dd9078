package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rows of a valid SQLite store that no run of ponder arena writes (edited by hand) are refused
 * where they are read, in one line naming the store, the row and what is wrong, by a reader and
 * by a run that would resume the tournament; deleting a damaged matches row lets the run play it
 * again.
 */
class DamagedRowsTest {
  @TempDir Path dir;
  private Path db;
  private long id;
  private static final TournamentConfig CONFIG = new TournamentConfig(List.of("tic_tac_toe"), List.of("random", "first"),
      "", 2, 3, TournamentConfig.ROUND_ROBIN, "", false);

  @BeforeEach
  void store() {
    db = dir.resolve("t.db");
    try (ArenaStore s = ArenaStore.open(db)) {
      id = new Tournament(CONFIG).run(s, 1, (d, t) -> Progress.none(), null).tournamentId();
      assertThat(s.matches(id, true)).hasSize(4);
    }
  }

  private void sql(String statement) throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement st = c.createStatement()) {
      st.execute(statement);
    }
  }

  /** The first match's row id (the row the edits change). */
  private long firstRow() throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement st = c.createStatement();
         java.sql.ResultSet rs = st.executeQuery("SELECT min(rowid) FROM matches")) {
      rs.next();
      return rs.getLong(1);
    }
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "returns='x,y'            | has returns 'x,y': 'x' is not a number",
      "status='error', returns='NaN,NaN'    | has returns 'NaN,NaN': NaN is not a finite number",
      "status='error', returns='1,Infinity' | has returns '1,Infinity': Infinity is not a finite number",
      "returns='1e400,0'        | has returns '1e400,0': 1e400 is not a finite number",
      "returns='1'              | has returns '1', not 2 numbers joined by ','",
      "seats='0,9'              | has seats '0,9': agent 9 is not one of the tournament's 2 agents",
      "seats='0'                | has seats '0', not 2 agent indices joined by ','",
      "seats='a,1'              | has seats 'a,1': 'a' is no agent index",
      "status='weird'           | has status 'weird', not one of ok, overrun, error",
      "game_idx=3               | has game_idx 3, not a game of the tournament (0..0)",
      "length=-1                | has length -1, not a number of actions (an integer >= 0)",
      "move_us='x'              | has move_us entry 'x', not seat:micros with a seat of the match (0..1) and micros >= 0",
      "overruns='1,2,3'         | has overruns '1,2,3', not at most 2 counts (integers >= 0) joined by ','",
      "actions='4,x'            | has actions '4,x', not action ids (integers >= 0) joined by ','",
      "failed_seat=5            | has failed_seat 5, not a seat of the match (0..1)",
  })
  void aDamagedMatchesRowIsNamedInOneLine(String set, String problem) throws Exception {
    long row = firstRow();
    sql("UPDATE matches SET " + set + " WHERE rowid=" + row);
    try (ArenaStore s = ArenaStore.openReadOnly(db)) {
      assertThatThrownBy(() -> s.matches(id, true))
          .isInstanceOf(ArenaStore.DamagedStoreException.class)
          .hasMessageStartingWith(db + " is damaged: matches row " + row + " (tournament " + id + ", game ")
          .hasMessageContaining(") " + problem + "; delete that row to have ponder arena play the match again")
          .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }
    // a run resuming the tournament refuses it before playing anything, and changes nothing
    try (ArenaStore s = ArenaStore.open(db)) {
      assertThatThrownBy(() -> new Tournament(CONFIG.withSeedsPerPairing(3)).run(s, 1, (d, t) -> Progress.none(), null))
          .isInstanceOf(ArenaStore.DamagedStoreException.class).hasMessageContaining(problem);
      assertThat(s.count(id)).isEqualTo(4);
      assertThat(s.config(s.tournaments().get(0)).seedsPerPairing()).isEqualTo(2);
    }
    // deleting the row is a repair: the run plays that match again
    sql("DELETE FROM matches WHERE rowid=" + row);
    try (ArenaStore s = ArenaStore.open(db)) {
      new Tournament(CONFIG).run(s, 1, (d, t) -> Progress.none(), null);
      assertThat(s.matches(id, true)).hasSize(4);
    }
  }

  @Test
  void aMissingAgentOrGameRowAndAnUnreadableConfigurationAreNamed() throws Exception {
    Files.copy(db, dir.resolve("copy.db"));
    sql("DELETE FROM agents WHERE idx=1");
    try (ArenaStore s = ArenaStore.openReadOnly(db)) {
      assertThatThrownBy(() -> s.matches(id, false)).isInstanceOf(ArenaStore.DamagedStoreException.class)
          .hasMessage(db + " is damaged: tournament " + id + " has no agents row for its agent 1 (first); restore the"
              + " store from a copy, or give a new --db to start afresh");
    }
    Files.copy(dir.resolve("copy.db"), db, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    sql("DELETE FROM games");
    try (ArenaStore s = ArenaStore.openReadOnly(db)) {
      assertThatThrownBy(() -> s.matches(id, false)).isInstanceOf(ArenaStore.DamagedStoreException.class)
          .hasMessageStartingWith(db + " is damaged: tournament " + id + " has no games row for its game 0 (tic_tac_toe)");
    }
    Files.copy(dir.resolve("copy.db"), db, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    sql("UPDATE tournaments SET config='{'");
    try (ArenaStore s = ArenaStore.openReadOnly(db)) {
      assertThatThrownBy(() -> s.matches(id, false)).isInstanceOf(ArenaStore.DamagedStoreException.class)
          .hasMessageStartingWith(db + " is damaged: tournaments row " + id + " holds a configuration this version"
              + " cannot read (")
          .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }
  }

  /**
   * An older build stored the NaN or infinite returns of a game that broke the API's contract as a
   * played match; such a row is read as the game's error match (no seat blamed, no returns), so the
   * store can be reported and resumed, and a run does not play it again. Before, it was refused as
   * damaged, and deleting it replayed the match to NaN again.
   */
  @Test
  void nonFiniteReturnsOfAnOlderBuildAreReadAsTheGamesError() throws Exception {
    long row = firstRow();
    sql("UPDATE matches SET status='ok', returns='NaN,-Infinity', failed_seat=NULL WHERE rowid=" + row);
    try (ArenaStore s = ArenaStore.openReadOnly(db)) {
      ArenaStore.StoredMatch m = s.matches(id, true).get(0);
      assertThat(m.status()).isEqualTo(MatchResult.Status.ERROR);
      assertThat(m.failedSeat()).isEqualTo(-1);
      assertThat(m.returns()).isEmpty();
      assertThat(m.message()).isEqualTo("the game returned the returns [NaN, -Infinity], not finite numbers (stored"
          + " by an older build of Ponder); the game API requires finite returns (State.returns)");
      assertThat(s.matches(id, false).get(0).failedSeat()).isEqualTo(-1);
    }
    try (ArenaStore s = ArenaStore.open(db)) {
      new Tournament(CONFIG).run(s, 1, (d, t) -> Progress.none(), null);
      assertThat(s.count(id)).isEqualTo(4);
      assertThat(s.matches(id, true).get(0).status()).isEqualTo(MatchResult.Status.ERROR);
      // a new tournament does not copy it as a played match (the game's error is played again)
      long id2 = new Tournament(new TournamentConfig(List.of("tic_tac_toe"), List.of("random", "first", "first(offset=1)"),
          "", 2, 3, TournamentConfig.ROUND_ROBIN, "", false)).run(s, 1, (d, t) -> Progress.none(), null).tournamentId();
      assertThat(id2).isNotEqualTo(id);
      assertThat(s.matches(id2, true)).hasSize(12).allMatch(m -> m.status() == MatchResult.Status.OK);
    }
  }

  /**
   * A configuration with a field this build does not know, and readable without it, was written by
   * a newer build: said so, naming the field, not called damaged. A configuration that is still
   * unreadable without its unknown fields is damaged.
   */
  @Test
  void aConfigurationOfANewerBuildIsNotCalledDamaged() throws Exception {
    sql("UPDATE tournaments SET config=json_set(config, '$.rounds', 3)");
    try (ArenaStore s = ArenaStore.openReadOnly(db)) {
      assertThatThrownBy(() -> s.matches(id, false)).isInstanceOf(ArenaStore.NewerStoreException.class)
          .isInstanceOf(ArenaStore.UnusableStoreException.class)
          .hasMessage(db + " was written by a newer build of Ponder: tournament " + id + "'s configuration has the"
              + " field 'rounds', which this build does not know; use that build (or a later one) to report or resume"
              + " it");
    }
    sql("UPDATE tournaments SET config=json_set(config, '$.games', 'x')");
    try (ArenaStore s = ArenaStore.openReadOnly(db)) {
      assertThatThrownBy(() -> s.matches(id, false)).isInstanceOf(ArenaStore.DamagedStoreException.class)
          .hasMessageStartingWith(db + " is damaged: tournaments row " + id + " holds a configuration this version"
              + " cannot read (");
    }
  }

  /** Rows as ponder arena writes them pass, error matches with no returns included. */
  @Test
  void rowsAsWrittenPass() {
    ArenaStore.Shape shape = new ArenaStore.Shape(3, new int[] {2, 3});
    assertThat(ArenaStore.rowProblem(shape, "1", "0,2,1", "7", "-5", "ok", "1,-0.5,-0.5", "12", null, "0:10,1:3",
        "0,0,0", "1,2,3")).isNull();
    assertThat(ArenaStore.rowProblem(shape, "0", "2,2", "0", "5", "error", "", "0", "1", "", "0,0", "")).isNull();
    assertThat(ArenaStore.rowProblem(shape, "0", "2,2", "0", "5", "ok", "", "0", null, "", "", "")).isEqualTo(
        "has returns '', not 2 numbers joined by ','");
  }
}
