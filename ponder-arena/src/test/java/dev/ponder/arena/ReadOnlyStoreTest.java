package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A store this process cannot write is read without writing anything beside it: read-only and
 * immutable while no run writes it (the reader then holds the run lock shared), and a run that
 * would write it is told why it cannot.
 */
class ReadOnlyStoreTest {
  @TempDir Path dir;
  private Path db;
  private long id;

  @BeforeEach
  void store() {
    db = dir.resolve("s").resolve("t.db");
    TournamentConfig c = new TournamentConfig(List.of("tic_tac_toe"), List.of("random", "first"), "", 3, 3,
        TournamentConfig.ROUND_ROBIN, "", false);
    try {
      Files.createDirectories(db.getParent());
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    try (ArenaStore s = ArenaStore.open(db)) {
      id = new Tournament(c).run(s, 1, (d, t) -> Progress.none(), null).tournamentId();
    }
  }

  private List<String> files() throws Exception {
    try (Stream<Path> l = Files.list(db.getParent())) {
      return l.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  /**
   * Read as a user that cannot write it: SQLite's plain read-only open would create t.db-wal and
   * t.db-shm and could not remove them (they would then block the owner's next run).
   */
  @Test
  void aReadOnlyOpenLeavesNoFileBesideTheStore() throws Exception {
    List<String> before = files();
    assertThat(before).contains("t.db").doesNotContain("t.db-wal", "t.db-shm");
    try (ArenaStore s = ArenaStore.openReadOnly(db, false)) {
      assertThat(s.matches(id, true)).hasSize(6);
      assertThat(files()).doesNotContain("t.db-wal", "t.db-shm");
    }
    // the run lock file, which it holds shared while it reads (below), is the only file it adds
    List<String> after = new java.util.ArrayList<>(before);
    after.add("t.db.lock");
    assertThat(files()).containsExactlyInAnyOrderElementsOf(after);
  }

  /**
   * A store no run has written through its lock (no t.db.lock, as one written by Tournament alone,
   * or after the file was removed): the reader creates the lock file and holds it shared, so a run
   * started while it reads is refused. Before, it held nothing, and the run wrote under it.
   */
  @Test
  void aReaderCreatesAMissingLockFileAndHoldsIt() throws Exception {
    assertThat(Files.exists(RunLock.lockFile(db))).isFalse();
    try (ArenaStore s = ArenaStore.openReadOnly(db, false)) {
      assertThat(Files.exists(RunLock.lockFile(db))).isTrue();
      org.assertj.core.api.Assertions.assertThatThrownBy(() -> RunLock.acquire(db))
          .isInstanceOf(RunLock.LockedException.class); // (this process: told as a run; another: as a report)
      assertThat(s.matches(id, false)).hasSize(6);
    }
    RunLock.acquire(db).close(); // let go at close
  }

  /**
   * Where the lock file cannot be created (a read-only directory), a run may start while the store
   * is read immutably: the reader finds the store changed and refuses what it read in one line.
   */
  @Test
  void aReaderThatCannotLockRefusesAStoreChangedWhileItRead() throws Exception {
    try (ArenaStore s = ArenaStore.openReadOnly(db, false, false)) {
      assertThat(Files.exists(RunLock.lockFile(db))).isFalse();
      assertThat(s.matches(id, false)).hasSize(6); // unchanged: read
      try (ArenaStore w = ArenaStore.open(db)) { // a run extends the tournament meanwhile
        new Tournament(new TournamentConfig(List.of("tic_tac_toe"), List.of("random", "first"), "", 3, 3,
            TournamentConfig.ROUND_ROBIN, "", false).withSeedsPerPairing(6)).run(w, 1, (d, t) -> Progress.none(), null);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> s.matches(id, false))
            .isInstanceOf(ArenaStore.StoreException.class)
            .hasMessage(db + " changed while it was read (a ponder arena run started writing it; this reader could not"
                + " create t.db.lock to keep runs out); run again");
      }
    }
  }

  /** While such a reader reads the file alone, no run may start writing it: it holds the run lock shared. */
  @Test
  void anImmutableReaderHoldsTheRunLockShared() throws Exception {
    Files.createFile(RunLock.lockFile(db)); // as a ponder arena run leaves it
    try (ArenaStore s = ArenaStore.openReadOnly(db, false)) {
      RunLock.Shared other = RunLock.shared(db); // this process holds it already: not granted twice
      assertThat(other.lock()).isNull();
      assertThat(s.count(id)).isEqualTo(6);
    }
    RunLock.Shared after = RunLock.shared(db);
    assertThat(after.noRun()).isTrue();
    after.lock().close();
    try (RunLock run = RunLock.acquire(db)) {
      assertThat(RunLock.shared(db).noRun()).isFalse(); // a run holds it: a reader will not read immutably
    }
  }

  @Test
  void storesThisUserCannotWriteAreReadAndRefusedForWritingWithTheReason() throws Exception {
    Path parent = db.getParent();
    Files.setPosixFilePermissions(db, PosixFilePermissions.fromString("r--r--r--"));
    assumeTrue(!Files.isWritable(db), "running as root: permissions do not bind");
    try {
      assertThat(ArenaStore.writeProblem(db)).startsWith("the file is read-only for this user (r--r--r--, owner ");
      try (ArenaStore s = ArenaStore.openReadOnly(db)) {
        assertThat(s.matches(id, false)).hasSize(6);
      }
      assertThat(files()).doesNotContain("t.db-wal", "t.db-shm");
      Files.setPosixFilePermissions(parent, PosixFilePermissions.fromString("r-xr-xr-x"));
      try (ArenaStore s = ArenaStore.openReadOnly(db)) {
        assertThat(s.matches(id, false)).hasSize(6);
      }
      Files.setPosixFilePermissions(db, PosixFilePermissions.fromString("rw-r--r--"));
      assertThat(ArenaStore.writeProblem(db)).startsWith("its directory " + parent.toAbsolutePath()
          + " is read-only for this user (r-xr-xr-x");
      Files.setPosixFilePermissions(parent, PosixFilePermissions.fromString("rwxr-xr-x"));
      Path shm = parent.resolve("t.db-shm");
      Files.createFile(shm);
      Files.setPosixFilePermissions(shm, PosixFilePermissions.fromString("r--r--r--"));
      assertThat(ArenaStore.writeProblem(db)).startsWith("t.db-shm beside it is read-only for this user (r--r--r--");
      Files.delete(shm);
      assertThat(ArenaStore.writeProblem(db)).isNull();
    } finally {
      Files.setPosixFilePermissions(parent, PosixFilePermissions.fromString("rwxr-xr-x"));
      Files.setPosixFilePermissions(db, PosixFilePermissions.fromString("rw-r--r--"));
    }
  }
}
