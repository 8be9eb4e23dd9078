package dev.ponder.arena;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The exclusive right to run tournaments on one store: an operating-system file lock ({@link
 * FileChannel#tryLock()}) on the file {@code STORE.lock} beside the store, held for the whole
 * run. A second run on the same store, from this process or another, is refused at once instead
 * of playing every match a second time. The operating system drops the lock when the holder
 * closes it or when its process ends in any way (normal exit, Ctrl-C, {@code kill -9}), so a
 * lock never outlives its run; the empty {@code .lock} file itself stays and blocks nothing.
 * Readers ({@code ponder report}) that may write the store take no lock: SQLite's write-ahead log
 * lets them read a consistent snapshot while a run writes. A reader that cannot write it reads the
 * file alone ({@code immutable}) and holds this lock shared meanwhile ({@link #shared}, which
 * creates the lock file when it is missing and the directory allows it), so that no run writes
 * under it.
 *
 * <p>Why the file is not removed at a clean exit: removing it would race with a second run. That
 * run may open the file just before the holder removes it, and lock it once the holder lets go;
 * it then holds a lock on a file no longer at the path, while a third run creates a new file there
 * and locks that one: two runs writing one store. Guarding against it needs a run to check, once
 * locked, that the path still names the file it locked. Reading the file back through the path
 * cannot do that: on POSIX systems closing any descriptor of a file drops every lock the process
 * holds on it (Java's locks are {@code fcntl} locks). Comparing the path's inode before and after
 * locking leaves a window (a freed inode number may be reused). So the file stays; it is empty,
 * and {@code .gitignore} lists {@code *.db.lock}.
 */
public final class RunLock implements AutoCloseable {
  private final FileChannel channel;
  private final FileLock lock;

  private RunLock(FileChannel channel, FileLock lock) {
    this.channel = channel;
    this.lock = lock;
  }

  /** The lock file of {@code store}: the store's path with {@code .lock} appended. */
  public static Path lockFile(Path store) {
    return store.resolveSibling(store.getFileName() + ".lock");
  }

  /**
   * Takes the run lock of {@code store} without waiting.
   *
   * @throws LockedException if another run (in this process or another) holds it; the one-line
   *     message names the store
   * @throws ArenaStore.StoreException if the lock file cannot be created or locked
   */
  public static RunLock acquire(Path store) {
    Path file = lockFile(realPath(store));
    FileChannel ch = null;
    try {
      ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
      FileLock l;
      try {
        l = ch.tryLock();
      } catch (OverlappingFileLockException sameProcess) {
        l = null;
      }
      if (l == null) {
        boolean reader = false;
        try {
          FileLock s = ch.tryLock(0, Long.MAX_VALUE, true);
          if (s != null) { // only shared holders: readers that cannot write the store ({@link #shared})
            reader = true;
            s.release();
          }
        } catch (OverlappingFileLockException | IOException sameProcessOrUnknown) {
          // a run holds it
        }
        ch.close();
        throw new LockedException(store, reader);
      }
      return new RunLock(ch, l);
    } catch (IOException e) {
      try {
        if (ch != null) {
          ch.close();
        }
      } catch (IOException ignored) {
        // the failure is what the caller hears about
      }
      String why = e instanceof java.nio.file.AccessDeniedException ? "permission denied"
          : e instanceof java.nio.file.FileSystemException fs && fs.getReason() != null ? fs.getReason()
          : e.getMessage();
      throw new ArenaStore.StoreException("cannot create the run's lock file " + file + ": " + why, e);
    }
  }

  /**
   * What a reader that cannot write the store learns from its lock file ({@link #shared}).
   *
   * @param lock the shared lock taken, held until closed; null if none was taken
   * @param noRun whether no run is writing the store, nor can start while {@code lock} is held:
   *     the shared lock was granted, or there is no lock file and it cannot be created (a run
   *     creates it before it opens the store; with {@code lock} null a run may still start
   *     meanwhile, and the reader must check afterwards that the store did not change)
   */
  public record Shared(RunLock lock, boolean noRun) {}

  /**
   * For a reader that cannot write the store ({@link ArenaStore#openReadOnly}): a shared lock on
   * the store's lock file, creating the file (empty, readable and writable by everyone, so that it
   * blocks no user's later run) when it is missing and the directory allows it. While a reader
   * holds it, {@link #acquire} fails (a run would write under a reader that reads the file alone,
   * without SQLite's log); a run that holds the lock keeps the reader from taking it. A lock file
   * this process cannot open for reading tells nothing: no lock, and {@code noRun} false. A lock
   * file that is missing and cannot be created (a read-only directory): no lock, and {@code noRun}
   * true, as no run is writing the store now; nothing keeps one from starting, so the reader
   * checks afterwards that the store did not change ({@link ArenaStore#openReadOnly}).
   */
  public static Shared shared(Path store) {
    return shared(store, true);
  }

  /** {@link #shared(Path)}; {@code create} false never creates the lock file (as in a read-only directory). */
  static Shared shared(Path store, boolean create) {
    Path file = lockFile(realPath(store));
    if (!java.nio.file.Files.exists(file) && !(create && created(file))) {
      return new Shared(null, true);
    }
    FileChannel ch = null;
    try {
      ch = FileChannel.open(file, StandardOpenOption.READ);
      FileLock l;
      try {
        l = ch.tryLock(0, Long.MAX_VALUE, true);
      } catch (OverlappingFileLockException sameProcess) {
        l = null;
      }
      if (l == null) {
        ch.close();
        return new Shared(null, false);
      }
      return new Shared(new RunLock(ch, l), true);
    } catch (IOException e) {
      try {
        if (ch != null) {
          ch.close();
        }
      } catch (IOException ignored) {
        // nothing taken
      }
      return new Shared(null, false);
    }
  }

  /**
   * Creates the empty lock file {@code file} for a reader, readable and writable by everyone (a
   * run of the store's owner opens it for writing); true if it exists now.
   */
  private static boolean created(Path file) {
    try {
      java.nio.file.Files.createFile(file);
      try {
        java.nio.file.Files.setPosixFilePermissions(file,
            java.nio.file.attribute.PosixFilePermissions.fromString("rw-rw-rw-"));
      } catch (IOException | UnsupportedOperationException e) {
        // another file system: its defaults apply
      }
      return true;
    } catch (java.nio.file.FileAlreadyExistsException e) {
      return true; // a run (or another reader) created it meanwhile
    } catch (IOException | SecurityException e) {
      return false;
    }
  }

  /**
   * {@code store} with symbolic links resolved (of the file if it exists, else of its directory),
   * so that every path to one store names one lock file.
   */
  static Path realPath(Path store) {
    Path abs = store.toAbsolutePath().normalize();
    try {
      if (java.nio.file.Files.exists(abs)) {
        return abs.toRealPath();
      }
      Path dir = abs.getParent();
      return dir == null ? abs : dir.toRealPath().resolve(abs.getFileName());
    } catch (IOException e) {
      return abs; // the lock file's own creation reports what is wrong with the path
    }
  }

  /** Releases the lock (the lock file stays). */
  @Override
  public void close() {
    try {
      lock.release();
      channel.close();
    } catch (IOException ignored) {
      // closing the channel releases the lock; the process's end does it in any case
    }
  }

  /** Another run holds the store's lock. */
  public static final class LockedException extends ArenaStore.StoreException {
    private static final long serialVersionUID = 1L;

    LockedException(Path store, boolean reader) {
      super(reader
          ? "a ponder report is reading " + store + ", which its user cannot write (it holds " + lockFile(store)
              + " shared, so that nothing writes the store under it); run again once it has finished"
          : "another ponder arena run is writing " + store + " (it holds " + lockFile(store) + "); wait for it to"
              + " finish, or give another --db (ponder report --db " + store + " may read it meanwhile)", null);
    }
  }
}
