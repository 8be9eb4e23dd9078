package dev.ponder.app;

import java.nio.charset.CharacterCodingException;
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
}
