package dev.ponder.arena;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The files of one report, each written under a temporary name in the report's directory
 * ({@code .report.md.ponder-PID-N.tmp}: hidden, the process id and a counter) and moved into place
 * together by {@link #commit} once every file is written, so a failure while writing leaves the
 * directory's earlier report whole. {@link #discard} removes the temporary files not moved. The
 * moves are atomic renames where the file system supports them ({@link
 * StandardCopyOption#ATOMIC_MOVE}); a name that is a directory is refused before any move, so
 * the moves, renames within one directory, do not fail midway in practice. A temporary file left
 * by a process that no longer runs (killed, or halted by a signal, while it wrote) is removed by the
 * next report written into the directory, also when a later process has the same process id (as
 * every run started as a container's first process does); one of a process still running (another
 * report being written there) is left.
 */
final class ReportFiles {
  /** What runs after each file is written under its temporary name, with the file's final name. */
  @FunctionalInterface
  interface Step {
    void written(String name) throws IOException;
  }

  /** Writes a file's content to the given (temporary) path. */
  @FunctionalInterface
  interface Content {
    void writeTo(Path file) throws IOException;
  }

  /** A temporary file of this class: the final name, the process id, a counter. */
  private static final Pattern TEMPORARY = Pattern.compile("\\..+\\.ponder-([0-9]{1,19})-[0-9]+\\.tmp");

  private static final long PID = ProcessHandle.current().pid();

  private static final AtomicLong COUNTER = new AtomicLong();

  /**
   * How much later than a temporary file's last change a running process with the file's process
   * id must have started for the file to count as an earlier process's (a file's time may be
   * rounded down to 2 s, as on FAT).
   */
  private static final java.time.Duration STARTED_AFTER = java.time.Duration.ofSeconds(2);

  private final Path dir;
  private final Step afterEach;
  /** Final name → temporary file, in the order written; a file leaves when it is moved into place. */
  private final Map<String, Path> staged = new LinkedHashMap<>();

  /**
   * Files to be written into {@code dir}, an existing directory; removes the temporary files
   * that processes no longer running left there.
   */
  ReportFiles(Path dir, Step afterEach) {
    this.dir = dir;
    this.afterEach = afterEach;
    removeStale(dir);
  }

  /** Writes {@code text} (UTF-8) as the file {@code name}, under its temporary name. */
  void text(String name, String text) throws IOException {
    file(name, f -> Files.writeString(f, text, StandardCharsets.UTF_8));
  }

  /**
   * Writes the file {@code name} under its temporary name.
   *
   * @throws IOException naming the file by its final name ({@link #named})
   */
  void file(String name, Content content) throws IOException {
    Path target = dir.resolve(name);
    try {
      Path tmp = create(name);
      staged.put(name, tmp);
      content.writeTo(tmp);
    } catch (IOException e) {
      throw named(target, e);
    }
    afterEach.written(name);
  }

  /**
   * Moves every file written into place: first checks that no final name is a directory (the
   * failure names that file, {@code Is a directory}, and nothing is moved), then renames each.
   */
  void commit() throws IOException {
    for (String name : staged.keySet()) {
      Path target = dir.resolve(name);
      if (Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)) {
        throw new FileSystemException(target.toString(), null, "Is a directory");
      }
    }
    for (Iterator<Map.Entry<String, Path>> it = staged.entrySet().iterator(); it.hasNext(); ) {
      Map.Entry<String, Path> e = it.next();
      Path target = dir.resolve(e.getKey());
      try {
        move(e.getValue(), target);
      } catch (IOException x) {
        throw named(target, x);
      }
      it.remove();
    }
  }

  /** Removes the temporary files not moved into place (all of them before a commit, none after one). */
  void discard() {
    for (Path tmp : staged.values()) {
      try {
        Files.deleteIfExists(tmp);
      } catch (IOException e) {
        // left behind: the next report into this directory removes it once this process has ended
      }
    }
    staged.clear();
  }

  private static void move(Path from, Path to) throws IOException {
    try {
      Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
    }
  }

  /** Creates the temporary file of {@code name}, empty, with the directory's default permissions. */
  private Path create(String name) throws IOException {
    for (int attempt = 0; ; attempt++) {
      Path tmp = dir.resolve("." + name + ".ponder-" + PID + "-" + COUNTER.incrementAndGet() + ".tmp");
      try {
        Files.newOutputStream(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE).close();
        return tmp;
      } catch (FileAlreadyExistsException e) {
        if (attempt >= 100) {
          throw e;
        }
      }
    }
  }

  /**
   * {@code e} as the failure of the file {@code target}: the same reason, the path the report
   * names (never the temporary file's); an {@link AccessDeniedException} or {@link
   * NoSuchFileException} stays one.
   */
  static IOException named(Path target, IOException e) {
    String file = target.toString();
    if (e instanceof FileSystemException f && file.equals(f.getFile()) && f.getOtherFile() == null) {
      return e;
    }
    String reason = e instanceof FileSystemException f ? f.getReason() : e.getMessage();
    IOException out;
    if (e instanceof AccessDeniedException) {
      out = new AccessDeniedException(file, null, reason);
    } else if (e instanceof NoSuchFileException) {
      out = new NoSuchFileException(file, null, reason);
    } else {
      out = new FileSystemException(file, null, reason != null ? reason
          : e instanceof FileSystemException ? e.getClass().getSimpleName() : dev.ponder.spi.IoReason.of(e));
    }
    out.initCause(e);
    return out;
  }

  /**
   * Removes the temporary files in {@code dir} of processes that no longer run; nothing else. A
   * file named with the id of a running process (this one included) is that process's, and stays,
   * unless the process started more than {@link #STARTED_AFTER} after the file last changed: then
   * the id was reused, and the file is an earlier process's.
   */
  static void removeStale(Path dir) {
    try (java.util.stream.Stream<Path> files = Files.list(dir)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        Matcher m = TEMPORARY.matcher(f.getFileName().toString());
        if (!m.matches() || !Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)) {
          continue;
        }
        long pid;
        try {
          pid = Long.parseLong(m.group(1));
        } catch (NumberFormatException e) {
          continue;
        }
        if (writing(pid, f)) {
          continue; // a report being written into this directory now, by this process or another
        }
        try {
          Files.deleteIfExists(f);
        } catch (IOException e) {
          // left: it does no harm
        }
      }
    } catch (IOException | java.io.UncheckedIOException e) {
      // unreadable: the report's own writes say why
    }
  }

  /**
   * Whether the temporary file {@code f}, named with process id {@code pid}, may be a report being
   * written by a running process (this one, or another): a process of that id runs and did not
   * start more than {@link #STARTED_AFTER} after the file last changed (or either time is unknown).
   */
  private static boolean writing(long pid, Path f) {
    java.util.Optional<ProcessHandle> p = ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
    if (p.isEmpty()) {
      return false;
    }
    java.util.Optional<java.time.Instant> started = p.get().info().startInstant();
    if (started.isEmpty()) {
      return true;
    }
    try {
      java.time.Instant changed = Files.getLastModifiedTime(f, LinkOption.NOFOLLOW_LINKS).toInstant();
      return !started.get().isAfter(changed.plus(STARTED_AFTER));
    } catch (IOException e) {
      return true; // gone meanwhile, or unreadable: left
    }
  }
}
