package dev.ponder.app;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The report directory of {@code ponder arena --report} and {@code ponder report --report}: checked
 * (and created) before any work, so an unusable path is refused up front, and a write that still
 * fails at the end is reported with the operating system's reason.
 */
final class ReportDirectory {
  private ReportDirectory() {}

  /**
   * Checks that the report can be written to {@code dir}: creates it (with its parents) if it is
   * missing, creates and deletes a probe file in it ({@code .ponder-probe-DIGITS.tmp}; probe files
   * a killed run left are removed first, {@link #removeStaleProbes}), and removes the directory
   * again, with any parents this call created. The report's own write creates it, so a run that
   * ends before writing, refused or interrupted, leaves no empty report directory behind (a run
   * interrupted by SIGINT or SIGTERM during this call finishes it first, {@link RunEdge#step}); only
   * SIGKILL in the milliseconds of this call can leave the directory, empty, or its probe file,
   * which the next call removes.
   *
   * @param option the option naming the directory ({@code --report}, or {@code --out}, report's older name for it), for the message
   * @throws UsageException one line naming the option, the path and the reason ({@code Not a
   *     directory}, {@code Permission denied}, {@code No such file or directory}, …)
   */
  static void prepare(String option, Path dir) {
    // the outermost directory this call creates (dir itself, or a missing parent of it), or null;
    // the path as typed, not normalized: the system resolves "sym/.." through the link, as
    // createDirectories does
    Path top = null;
    for (Path p = dir.toAbsolutePath(); p != null && !Files.exists(p); p = p.getParent()) {
      top = p;
    }
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      Path file = fileAncestor(dir);
      String why = file != null ? "a parent (" + file + ") is not a directory" : reason(e);
      throw new UsageException(option + " " + dir + ": cannot create the report directory: " + why);
    }
    removeStaleProbes(dir);
    try {
      Files.deleteIfExists(Files.createTempFile(dir, PROBE_PREFIX, ".tmp")); // another prepare may have removed it
    } catch (IOException e) {
      throw new UsageException(option + " " + dir + ": cannot write a file in the report directory: " + reason(e));
    } finally {
      // dir, then each parent this call created, up to the outermost
      for (Path p = dir.toAbsolutePath(); top != null && p != null && p.startsWith(top); p = p.getParent()) {
        String name = p.getFileName() == null ? "" : p.getFileName().toString();
        if (name.equals("..") || name.equals(".")) {
          continue; // names a directory met on the way ("newdir/.." is newdir's parent), never one created
        }
        try {
          Files.deleteIfExists(p);
        } catch (IOException e) {
          break; // not empty (another process wrote into it meanwhile): leave it and its parents
        }
      }
    }
  }

  /** The start of a probe file's name: {@code .ponder-probe-}, then digits, then {@code .tmp}. */
  static final String PROBE_PREFIX = ".ponder-probe-";

  /** The name of a probe file of {@link #prepare}, this version's or an earlier one's ({@code .ponder-probe123.tmp}). */
  private static final java.util.regex.Pattern PROBE = java.util.regex.Pattern.compile("\\.ponder-probe-?[0-9]+\\.tmp");

  /**
   * Removes the probe files of {@link #prepare} left in {@code dir} by a run killed while it held
   * one (SIGKILL, a power cut): files named {@code .ponder-probe-DIGITS.tmp} (or, as earlier versions
   * named them, {@code .ponder-probeDIGITS.tmp}), never a user's file. A file that cannot be
   * removed is left; a probe of a run preparing the directory at the same moment may go too, which
   * that run does not mind.
   */
  static void removeStaleProbes(Path dir) {
    try (java.util.stream.Stream<Path> files = Files.list(dir)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        if (PROBE.matcher(f.getFileName().toString()).matches() && Files.isRegularFile(f, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
          try {
            Files.deleteIfExists(f);
          } catch (IOException e) {
            // left: the directory's own check below names a real problem
          }
        }
      }
    } catch (IOException | java.io.UncheckedIOException e) {
      // unreadable: the probe below says why
    }
  }

  /**
   * Refuses a default report directory that holds the report of another store: two stores whose
   * names share a default (only {@code X} and {@code X.db}, see {@link ArenaCommand#defaultReport})
   * would otherwise write over each other's report. The owner is the {@code store} field of the
   * directory's {@code report.json}; a directory without one (no report yet, or a report written
   * before the field existed) is accepted.
   *
   * @param dir the default report directory of {@code db}
   * @param db the store of this run
   * @throws UsageException one line naming the directory, the other store and the way out
   *     ({@code --report DIR})
   */
  static void requireOwnDefault(Path dir, Path db) {
    // none, or not a report this can read: written over as before
    com.fasterxml.jackson.databind.JsonNode n = dev.ponder.arena.Report.earlierReport(dir);
    com.fasterxml.jackson.databind.JsonNode field = n == null ? null : n.get(dev.ponder.arena.Report.STORE_FIELD);
    String owner = field != null && field.isTextual() ? field.asText() : null;
    String mine = dev.ponder.arena.Report.storeName(db);
    if (owner != null && !owner.equals(mine)) {
      throw new UsageException("the default report directory " + dir + " holds the report of another store (" + owner
          + "); give --report DIR for the report of " + db);
    }
  }

  /** The nearest proper ancestor of {@code dir} that exists and is not a directory, or null. */
  private static Path fileAncestor(Path dir) {
    for (Path p = dir.toAbsolutePath().getParent(); p != null; p = p.getParent()) {
      if (Files.exists(p)) {
        return Files.isDirectory(p) ? null : p;
      }
    }
    return null;
  }

  /**
   * The start of the line of arena and report interrupted while writing the report's files:
   * {@code interrupted while writing the report to DIR: the new report was not written (any earlier
   * report there is whole; the next report into DIR removes the hidden temporary files left there)}
   * (then how to write it). True because the files are written under hidden temporary names and
   * moved into place together in one step that a signal lets finish and never begins ({@link
   * ArenaCommand#writeReport}, {@link RunEdge#step}); the temporary files of a process that has
   * ended are removed by the next report's write ({@code dev.ponder.arena.ReportFiles}).
   */
  static String interruptedWriting(Path dir) {
    return "interrupted while writing the report to " + dir + ": the new report was not written (any earlier report"
        + " there is whole; the next report into " + dir + " removes the hidden temporary files left there)";
  }

  /**
   * For the line of a run interrupted as its report is begun: removes {@code dir} if this run
   * created it ({@code created}) and no file is in it yet, so an interrupted run leaves no empty
   * report directory. True when the directory is gone (removed now, or never created): no file of
   * the report was written; false when it holds files (the report's temporary files, or an
   * earlier report).
   */
  static boolean removedIfEmpty(Path dir, boolean created) {
    if (!Files.isDirectory(dir)) {
      return created;
    }
    if (!created) {
      return false;
    }
    try {
      Files.delete(dir);
      return true;
    } catch (IOException e) {
      return false; // not empty (or not removable): files of the report are in it
    }
  }

  /** The last line of arena and report: the directory and the files written into it. */
  static String written(Path dir) {
    return "Report written to " + dir + " (report.md, report.json, matches.csv, *.svg)";
  }

  /**
   * The one-line message of a report write that failed after the rankings were printed.
   *
   * @param db the store holding the matches, for the hint to rebuild the report
   */
  static String failure(Path dir, UncheckedIOException e, Path db) {
    IOException io = e.getCause();
    // the file that failed, when it is not the directory itself (named already)
    String where = io instanceof FileSystemException f && f.getFile() != null && !sameFile(f.getFile(), dir)
        ? " (" + f.getFile() + ")" : "";
    return "cannot write the report to " + dir + where + ": " + reason(io) + "; the matches are stored in " + db
        + ": 'ponder report --db " + db + " --report DIR' writes the report to another directory";
  }

  /** Whether the path text {@code file} names {@code dir} (compared absolute and normalised). */
  private static boolean sameFile(String file, Path dir) {
    try {
      return Path.of(file).toAbsolutePath().normalize().equals(dir.toAbsolutePath());
    } catch (java.nio.file.InvalidPathException e) {
      return false;
    }
  }

  /**
   * The reason a report directory could not be created or written: {@code not a directory} when
   * {@code createDirectories} finds the path existing as a file, else {@link IoReasons#of}
   * ({@code no such file}, {@code permission denied}, {@code a parent is not a directory}, the
   * file system's own reason such as {@code Is a directory}).
   */
  static String reason(IOException e) {
    return e instanceof FileAlreadyExistsException ? "not a directory" : IoReasons.of(e);
  }
}
