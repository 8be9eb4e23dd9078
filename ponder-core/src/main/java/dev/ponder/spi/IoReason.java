package dev.ponder.spi;

import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/**
 * The reason a file could not be read or written, in a few words, for one-line error messages
 * ({@code cannot read policy p.json: no such file}); shared by the command line and the modules
 * that read and write files of their own (policy files).
 */
public final class IoReason {
  private IoReason() {}

  /**
   * The reason of {@code e} in words: {@code no such file}, {@code permission denied}, {@code a
   * parent is not a directory}, {@code not UTF-8 text} (a decoding failure), or the
   * file system's own reason (e.g. {@code Is a directory}); never just the file name again, which is
   * what {@link NoSuchFileException#getMessage()} returns. Otherwise the exception's message, or its
   * class's simple name when it has none.
   *
   * @param e the failure; not null
   */
  public static String of(Exception e) {
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
}
