package dev.ponder.app;

import java.io.IOException;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** Short, readable reasons for file errors, for one-line messages ("cannot read F: no such file"). */
final class IoReasons {
  private IoReasons() {}

  /**
   * The reason a file could not be read or written, in words: a {@link Utf8Exception}'s own (from
   * {@link #readUtf8}), else {@link dev.ponder.spi.IoReason#of} ({@code no such file}, {@code
   * permission denied}, {@code not UTF-8 text}, the file system's own reason such as {@code Is a
   * directory}); never just the file name again.
   */
  static String of(Exception e) {
    return e instanceof Utf8Exception u ? u.getMessage() : dev.ponder.spi.IoReason.of(e);
  }

  /**
   * The text of a UTF-8 file, without a leading byte-order mark (U+FEFF, which some editors write
   * at the start of a UTF-8 file).
   *
   * @throws IOException as {@link Files#readAllBytes}
   * @throws java.nio.charset.CharacterCodingException if the bytes are not UTF-8; its message
   *     says {@code the file ends inside a UTF-8 character (truncated?)} when the only bad bytes are
   *     the start of a multi-byte character cut off by the end of the file ({@code head -c}), else
   *     {@code not UTF-8 text (byte N)} with the 0-based offset of the first bad byte
   */
  static String readUtf8(Path file) throws IOException {
    byte[] bytes = java.nio.file.Files.readAllBytes(file);
    java.nio.charset.CharsetDecoder decoder = java.nio.charset.StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
        .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT);
    java.nio.ByteBuffer in = java.nio.ByteBuffer.wrap(bytes);
    java.nio.CharBuffer out = java.nio.CharBuffer.allocate(bytes.length + 1);
    java.nio.charset.CoderResult r = decoder.decode(in, out, true);
    if (r.isError()) {
      int at = in.position();
      String why = r.isMalformed() && cutSequence(bytes, at)
          ? "the file ends inside a UTF-8 character (truncated?)" : "not UTF-8 text (byte " + at + ")";
      throw new Utf8Exception(why);
    }
    decoder.flush(out);
    out.flip();
    String text = out.toString();
    return text.startsWith("\uFEFF") ? text.substring(1) : text;
  }

  /** Whether the bytes from {@code at} to the end are a valid but unfinished start of one UTF-8 character. */
  private static boolean cutSequence(byte[] b, int at) {
    int lead = b[at] & 0xFF;
    int need = lead >= 0xF0 && lead <= 0xF4 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 && lead < 0xE0 ? 2 : 0;
    int have = b.length - at;
    if (need == 0 || have >= need || lead > 0xF4) {
      return false;
    }
    for (int i = at + 1; i < b.length; i++) {
      if ((b[i] & 0xC0) != 0x80) {
        return false;
      }
    }
    return true;
  }

  /** A file that is not UTF-8 text, with the reason in words ({@link #readUtf8}). */
  static final class Utf8Exception extends java.nio.charset.CharacterCodingException {
    private static final long serialVersionUID = 1L;
    private final String reason;

    Utf8Exception(String reason) {
      this.reason = reason;
    }

    @Override
    public String getMessage() {
      return reason;
    }
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
   * Refuses an empty (or blank) path, which names the working directory: as input or output it
   * would be reported as "a directory", which is not what the user gave.
   *
   * @param what the option or argument, as the user gave it ({@code --policy}, {@code replay})
   * @throws UsageException one line: {@code WHAT needs a file name; the path is empty}
   */
  static void requireName(String what, Path file) {
    if (file.toString().isBlank()) {
      throw new UsageException(what + " needs a file name; the path is empty");
    }
  }

  /**
   * Checks, before any long computation, that the output file of {@code option} can be written:
   * creates its missing parent directories; then an existing file is opened for writing without
   * truncating (its content stays), and for a missing file a probe file of a unique name (never
   * the file's own name) and of the file name's own length is created in its directory and removed
   * again, so a name too long for the file system is refused here too.
   *
   * <p>The file's own path is never created or removed here: another process may create it at
   * this very moment (a second {@code ponder arena} run on the same {@code --db}, which waits for
   * the run lock only after this check), and removing what this check created would remove the
   * file that process has just opened.
   *
   * @throws UsageException one line: {@code cannot write OPTION FILE: reason}, or {@code OPTION
   *     needs a file name; the path is empty} for an empty path (which names the working directory)
   */
  static void requireWritable(String option, Path file) {
    requireName(option, file);
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
    if (Files.exists(abs)) {
      try (SeekableByteChannel c = Files.newByteChannel(abs, StandardOpenOption.WRITE)) {
        return; // opened without truncating: writable, content kept
      } catch (IOException e) {
        throw new UsageException(what + of(e));
      }
    }
    Path probe;
    try {
      probe = createProbe(parent, abs.getFileName().toString());
    } catch (java.nio.file.NoSuchFileException e) {
      // the directory exists (created above) but refuses new files, e.g. /proc
      throw new UsageException(what + "the file cannot be created there (No such file or directory)");
    } catch (IOException e) {
      throw new UsageException(what + of(e));
    }
    try {
      Files.deleteIfExists(probe);
    } catch (IOException e) {
      throw new UsageException(what + "cannot remove the probe file " + probe + ": " + of(e));
    }
  }

  /**
   * Creates (never opens an existing) probe file in {@code dir} whose name is unique and, when
   * {@code name} is longer than the shortest probe name, exactly as long as {@code name} in bytes
   * (UTF-8): a name the file system cannot hold (longer than NAME_MAX, 255 bytes on Linux) then
   * fails here with the file system's own reason ("File name too long"), before any work, and the
   * target's own path is still never touched.
   *
   * @throws IOException as {@link Files#createFile} (the probe is never a file that already
   *     existed)
   */
  private static Path createProbe(Path dir, String name) throws IOException {
    int targetBytes = name.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
    java.security.SecureRandom random = new java.security.SecureRandom();
    for (int attempt = 0; ; attempt++) {
      StringBuilder b = new StringBuilder(PROBE_PREFIX).append(Long.toUnsignedString(random.nextLong(), 36));
      while (b.length() + 4 < targetBytes) { // ASCII: one byte a char; ".tmp" closes the name
        b.append('x');
      }
      String probeName = b.append(".tmp").toString();
      if (probeName.equals(name)) {
        continue; // never the target's own name
      }
      try {
        return Files.createFile(dir.resolve(probeName));
      } catch (FileAlreadyExistsException e) {
        if (attempt >= 16) {
          throw e;
        }
      }
    }
  }

  /** Name prefix of the probe files of {@link #requireWritable}. */
  static final String PROBE_PREFIX = ".ponder-probe-";
}
