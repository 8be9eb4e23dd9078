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
    assertThat(files()).isEqualTo(before);
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
