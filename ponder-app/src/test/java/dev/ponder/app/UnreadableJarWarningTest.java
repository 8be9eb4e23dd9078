package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.jar.JarOutputStream;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A jar on PONDER_CLASSPATH that exists but cannot be opened (java skips it without a word, and
 * its games are then "unknown") is named in a warning at startup, as the launcher names a missing
 * entry.
 */
class UnreadableJarWarningTest {
  @TempDir Path dir;

  private static void jar(Path p) throws IOException {
    try (OutputStream o = Files.newOutputStream(p); JarOutputStream j = new JarOutputStream(o)) {
      j.putNextEntry(new ZipEntry("META-INF/services/dev.ponder.game.GameFactory"));
      j.write("org.example.games.SubtractNim$Factory\n".getBytes(StandardCharsets.UTF_8));
      j.closeEntry();
    }
  }

  /** {@code line} with the JDK's reason, a non-empty parenthesis after {@code cannot be opened as a jar}, shown as {@code …}. */
  private static String withoutReason(String line) {
    return line.replaceFirst("cannot be opened as a jar \\([^()]+\\); ", "cannot be opened as a jar (…); ");
  }

  private static String warnings(String classPath) {
    StringWriter err = new StringWriter();
    Ponder.warnUnreadableJars(classPath, new PrintWriter(err));
    return err.toString();
  }

  @Test
  void emptyGarbageAndTruncatedJarsAreNamedGoodOnesAndDirectoriesAreNot() throws IOException {
    Path good = dir.resolve("good.jar");
    jar(good);
    Path empty = Files.createFile(dir.resolve("empty.jar"));
    Path garbage = Files.writeString(dir.resolve("garbage.jar"), "garbage\n");
    Path cut = dir.resolve("cut.jar");
    byte[] bytes = Files.readAllBytes(good);
    Files.write(cut, Arrays.copyOf(bytes, bytes.length / 2));
    Path classes = Files.createDirectories(dir.resolve("classes"));
    String cp = String.join(java.io.File.pathSeparator, good.toString(), empty.toString(), garbage.toString(),
        cut.toString(), classes.toString(), dir.resolve("missing.jar").toString(), empty.toString());
    // the parenthesis is the JDK's reason (its wording is the JDK's, not asserted)
    assertThat(warnings(cp).lines().map(UnreadableJarWarningTest::withoutReason)).containsExactly(
        "ponder: warning: PONDER_CLASSPATH entry '" + empty + "' cannot be opened as a jar (…); its games and agents are"
            + " not loaded",
        "ponder: warning: PONDER_CLASSPATH entry '" + garbage + "' cannot be opened as a jar (…); its games and agents"
            + " are not loaded",
        "ponder: warning: PONDER_CLASSPATH entry '" + cut + "' cannot be opened as a jar (…); its games and agents are"
            + " not loaded");
    assertThat(warnings(good + java.io.File.pathSeparator + classes)).isEmpty();
  }

  @Test
  void aBadJarOfADirectoryEntryIsNamedAfterTheEntry() throws IOException {
    Path jars = Files.createDirectories(dir.resolve("jars"));
    jar(jars.resolve("a.jar"));
    Files.writeString(jars.resolve("b.jar"), "not a zip");
    Files.writeString(jars.resolve("notes.txt"), "not a jar, not on the class path");
    String entry = jars + "/*";
    assertThat(warnings(entry).lines().map(UnreadableJarWarningTest::withoutReason)).containsExactly("ponder: warning:"
        + " PONDER_CLASSPATH entry '" + entry + "': '" + jars.resolve("b.jar") + "' cannot be opened as a jar (…); its"
        + " games and agents are not loaded");
    assertThat(warnings(dir.resolve("nosuchdir") + "/*")).isEmpty(); // the launcher names it
  }
}
