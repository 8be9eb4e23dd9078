package dev.ponder.solve;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Replaces a file all at once: the new content goes to a temporary file in the target's own
 * directory (a hidden name {@code .NAME.<random>.tmp}), is forced to the device, and is then moved
 * over the target with an atomic rename ({@code ATOMIC_MOVE}; a plain replacing move when the file
 * system refuses atomic moves). A failure at any point (a full disk, an error while the content is
 * produced, a target that is a directory) removes the temporary file and leaves the previous
 * content of the target, if any, untouched; a process killed mid-write leaves at most the hidden
 * temporary file beside it, never a truncated target.
 *
 * <p>Missing parent directories are created. A target that is a symbolic link has the file it
 * points to replaced (the link stays). An existing target's POSIX permissions carry over to the
 * new file; a new file gets the default permissions of files the process creates.
 *
 * <p>A target that exists and is neither a regular file nor a directory (a device such as
 * {@code /dev/stdout} or {@code /dev/full}, a named pipe) cannot be replaced, only written: the
 * content is written into it directly, and a write it refuses (no space on {@code /dev/full}) is
 * the {@link IOException}. Renaming over it would put a regular file in the device's place.
 *
 * <p>The process's own standard output and error ({@code /dev/stdout}, {@code /dev/stderr}, and
 * their {@code /dev/fd/1}, {@code /proc/self/fd/1} forms, with 2 for the error) are written through
 * {@link System#out} or {@link System#err}, after what the command printed there before, whatever
 * they are connected to: a shell's {@code > log.txt} or {@code >> log.txt} makes them lead to a
 * regular file, which a rename would replace, losing the lines already printed into it.
 */
public final class AtomicFile {
  private AtomicFile() {}

  /** Produces a file's content on a stream (the caller of {@link #write} closes it). */
  @FunctionalInterface
  public interface Content {
    /**
     * Writes the content to {@code out}.
     *
     * @param out the temporary file's stream
     * @throws IOException if the content cannot be written
     */
    void writeTo(OutputStream out) throws IOException;
  }

  /**
   * Writes {@code content} to {@code file}, replacing it atomically.
   *
   * @param file the target; its parent directories are created when missing
   * @param content what to write
   * @throws IOException if the temporary file cannot be created or written, or the move fails; the
   *     target is then unchanged and the temporary file removed (for a device or a named pipe: if
   *     writing into it fails)
   */
  public static void write(Path file, Content content) throws IOException {
    java.io.PrintStream std = standardStream(file);
    if (std != null) {
      std.flush();
      // the content may close its stream: that must not close the process's standard stream
      OutputStream kept = new java.io.FilterOutputStream(std) {
        @Override
        public void write(byte[] b, int off, int len) {
          std.write(b, off, len);
        }

        @Override
        public void close() {
          std.flush();
        }
      };
      content.writeTo(kept);
      std.flush();
      if (std.checkError()) {
        throw new IOException("cannot write " + file);
      }
      return;
    }
    if (Files.exists(file) && !Files.isRegularFile(file) && !Files.isDirectory(file)) {
      // links followed: /dev/stdout to a pipe is written into, as /dev/full is
      try (OutputStream out = Files.newOutputStream(file, StandardOpenOption.WRITE)) {
        content.writeTo(out);
      }
      return;
    }
    Path target = file;
    if (Files.isSymbolicLink(target)) {
      target = target.toRealPath();
    }
    target = target.toAbsolutePath();
    Path dir = target.getParent();
    if (dir != null) {
      Files.createDirectories(dir);
    }
    Path tmp = createTemp(target);
    boolean moved = false;
    try {
      try (OutputStream out = Files.newOutputStream(tmp, StandardOpenOption.WRITE)) {
        content.writeTo(out);
      }
      try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
        ch.force(true); // the bytes are on the device before the name points at them
      }
      copyPermissions(target, tmp);
      try {
        Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
      }
      moved = true;
    } finally {
      if (!moved) {
        try {
          Files.deleteIfExists(tmp);
        } catch (IOException | RuntimeException e) {
          // the write's own failure is the one to report
        }
      }
    }
  }

  /** {@link System#out} or {@link System#err} when {@code file} names the process's own, else null. */
  private static java.io.PrintStream standardStream(Path file) {
    return switch (file.toAbsolutePath().normalize().toString()) {
      case "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1" -> System.out;
      case "/dev/stderr", "/dev/fd/2", "/proc/self/fd/2" -> System.err;
      default -> null;
    };
  }

  /**
   * A new empty file beside {@code target}, {@code .NAME.<random>.tmp} (NAME cut to 100 characters,
   * so the name stays within file-system limits), created with the process's default permissions.
   */
  private static Path createTemp(Path target) throws IOException {
    String name = target.getFileName().toString();
    String base = "." + (name.length() > 100 ? name.substring(0, 100) : name) + ".";
    for (int attempt = 0; ; attempt++) {
      Path tmp = target.resolveSibling(base + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36) + ".tmp");
      try {
        return Files.createFile(tmp);
      } catch (FileAlreadyExistsException e) {
        if (attempt >= 100) {
          throw e;
        }
      }
    }
  }

  private static void copyPermissions(Path from, Path to) {
    try {
      if (Files.isRegularFile(from)) {
        Set<PosixFilePermission> perms = Files.getPosixFilePermissions(from);
        Files.setPosixFilePermissions(to, perms);
      }
    } catch (IOException | UnsupportedOperationException e) {
      // not a POSIX file system, or not ours to change: the new file keeps its default permissions
    }
  }
}
