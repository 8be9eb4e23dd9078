package dev.ponder.app;

import java.io.IOException;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/** Short, readable reasons for file errors, for one-line messages ("cannot read F: no such file"). */
final class IoReasons {
  private IoReasons() {}

  /**
   * The reason a file could not be read or written, in words: {@code no such file}, {@code
   * permission denied}, {@code not UTF-8 text}, or the file system's own reason (e.g. {@code Is a
   * directory}); never just the file name again, which is what {@link NoSuchFileException#getMessage()}
   * returns.
   */
  static String of(Exception e) {
    if (e instanceof NoSuchFileException) {
      return "no such file";
    }
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof NotDirectoryException) {
      return "a parent is not a directory";
    }
    if (e instanceof CharacterCodingException) {
      return "not UTF-8 text";
    }
    if (e instanceof FileSystemException f && f.getReason() != null) {
      return f.getReason();
    }
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }

  /**
   * The failure of writing the output file of {@code option} after the work is done.
   *
   * @return an exception whose one-line message is {@code cannot write OPTION FILE: reason}
   */
  static IllegalStateException writeFailed(String option, Path file, IOException e) {
    return new IllegalStateException("cannot write " + option + " " + file + ": " + of(e), e);
  }

  /**
   * Checks, before any long computation, that the output file of {@code option} can be written:
   * creates its missing parent directories, then opens it for writing without truncating (an
   * existing file keeps its content; a file that did not exist is removed again).
   *
   * @throws UsageException one line: {@code cannot write OPTION FILE: reason}
   */
  static void requireWritable(String option, Path file) {
    String what = "cannot write " + option + " " + file + ": ";
    Path abs = file.toAbsolutePath();
    Path parent = abs.getParent();
    try {
      if (parent != null) {
        Files.createDirectories(parent);
      }
    } catch (FileAlreadyExistsException e) {
      throw new UsageException(what + "a parent (" + e.getFile() + ") is not a directory");
    } catch (IOException e) {
      throw new UsageException(what + of(e));
    }
    if (Files.isDirectory(abs)) {
      throw new UsageException(what + "it is a directory");
    }
    boolean existed = Files.exists(abs);
    try (SeekableByteChannel c = Files.newByteChannel(abs, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
      // opened: writable
    } catch (java.nio.file.NoSuchFileException e) {
      // the directory exists (created above) but refuses new files, e.g. /proc
      throw new UsageException(what + "the file cannot be created there (No such file or directory)");
    } catch (IOException e) {
      throw new UsageException(what + of(e));
    }
    if (!existed) {
      try {
        Files.deleteIfExists(abs);
      } catch (IOException e) {
        throw new UsageException(what + of(e));
      }
    }
  }
}
