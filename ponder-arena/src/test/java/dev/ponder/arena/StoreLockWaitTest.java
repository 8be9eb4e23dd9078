package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Another program holding an SQLite lock on the store (an sqlite3 shell in a transaction): the
 * writer says it waits once a wait lasts, and on giving up says in one line what holds it, how
 * many matches are stored and how to go on.
 */
class StoreLockWaitTest {
  @TempDir Path dir;
  private Path db;
  private long id;
  private final List<String> notes = new CopyOnWriteArrayList<>();

  @BeforeEach
  void store() {
    db = dir.resolve("lk.db");
    TournamentConfig c = new TournamentConfig(List.of("tic_tac_toe"), List.of("random", "first"), "", 3, 3,
        TournamentConfig.ROUND_ROBIN, "", false);
    try (ArenaStore s = ArenaStore.open(db)) {
      id = new Tournament(c).run(s, 1, (d, t) -> Progress.none(), null).tournamentId();
    }
    ArenaStore.noteAfterMillis = 150;
    ArenaStore.giveUpMillis = 900;
  }

  @AfterEach
  void limits() {
    ArenaStore.noteAfterMillis = 3_000;
    ArenaStore.giveUpMillis = 30_000;
  }

  private static Connection holdLock(Path db) throws Exception {
    Connection other = DriverManager.getConnection("jdbc:sqlite:" + db);
    try (Statement st = other.createStatement()) {
      st.execute("BEGIN EXCLUSIVE");
    }
    return other;
  }

  @Test
  void aWaitIsAbandonedAtOnceWhenTheRunIsInterrupted() throws Exception {
    ArenaStore.giveUpMillis = 30_000;
    try (Connection other = holdLock(db)) {
      long t0 = System.nanoTime();
      java.util.function.BooleanSupplier interrupted = () -> System.nanoTime() - t0 > 200_000_000L;
      assertThatThrownBy(() -> ArenaStore.open(db, notes::add, interrupted)).isInstanceOf(ArenaStore.StoreException.class);
      assertThat((System.nanoTime() - t0) / 1e6).as("gave up soon after the interruption, not after 30 s")
          .isLessThan(5_000);
    }
  }

  @Test
  void openingWaitsWithANoteThenSaysWhatHoldsIt() throws Exception {
    try (Connection other = holdLock(db)) {
      long t0 = System.nanoTime();
      assertThatThrownBy(() -> ArenaStore.open(db, notes::add))
          .isInstanceOf(ArenaStore.StoreException.class)
          .hasMessage("cannot open store " + db + ": another program has held a lock on " + db + " for 900 ms (SQLite:"
              + " database is locked); no match was played; run the same command again once it has let go");
      assertThat((System.nanoTime() - t0) / 1e6).as("waited up to the limit").isGreaterThanOrEqualTo(850);
      assertThat(notes).containsExactly("note: waiting for another program's lock on " + db + " (giving up after 900 ms)");
    }
  }

  @Test
  void aWriteWaitsWithANoteThenSaysHowManyMatchesAreStored() throws Exception {
    try (ArenaStore s = ArenaStore.open(db, notes::add)) {
      assertThat(notes).isEmpty();
      MatchResult r = new MatchResult(new double[] {1, -1}, 5, new long[0], new int[0], MatchResult.Status.OK, "",
          new int[] {0, 0}, new int[0], -1);
      try (Connection other = holdLock(db)) {
        assertThatThrownBy(() -> s.insert(id, new Schedule.Entry(0, new int[] {0, 1}, 3), 42L, r))
            .isInstanceOf(ArenaStore.StoreException.class)
            .hasMessage("cannot store match: another program has held a lock on " + db + " for 900 ms (SQLite: database"
                + " is locked); 6 matches of tournament " + id + " are stored; run the same command to resume once it has"
                + " let go");
      }
      assertThat(notes).containsExactly("note: waiting for another program's lock on " + db + " (giving up after 900 ms)");
      // the lock gone, a match finishing later (another thread of the run) is not stored: the count stays exact
      assertThatThrownBy(() -> s.insert(id, new Schedule.Entry(0, new int[] {1, 0}, 3), 43L, r))
          .hasMessageContaining("6 matches of tournament " + id + " are stored");
      assertThat(s.count(id)).isEqualTo(6);
    }
    notes.clear();
    try (ArenaStore s = ArenaStore.open(db, notes::add)) { // the same command again: it resumes
      MatchResult r = new MatchResult(new double[] {1, -1}, 5, new long[0], new int[0], MatchResult.Status.OK, "",
          new int[] {0, 0}, new int[0], -1);
      assertThat(s.insert(id, new Schedule.Entry(0, new int[] {0, 1}, 3), 42L, r)).isTrue();
      assertThat(notes).as("no wait, no note").isEmpty();
    }
  }
}
