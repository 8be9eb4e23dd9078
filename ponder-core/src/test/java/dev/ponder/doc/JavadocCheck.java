package dev.ponder.doc;

import java.io.File;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.DocumentationTool;
import javax.tools.ToolProvider;

/**
 * Runs the JDK's javadoc tool over modules' main sources, as {@code mvn javadoc:javadoc} would,
 * so that a raw {@code &} or {@code <}, a broken tag or a tag javadoc rejects in its place fails a
 * module's tests rather than only a later documentation build.
 */
public final class JavadocCheck {
  private JavadocCheck() {}

  /** The outcome of one javadoc run: whether it succeeded, its error lines, and its whole log. */
  public record Result(boolean ok, String errors, String log) {}

  /**
   * Generates the Javadoc of the {@code dev.ponder.*} packages of {@code modules} (directory names
   * beside the running module: {@code ponder-core}, {@code ponder-arena}, …) into a temporary
   * directory, deleted afterwards, with doclint's html, syntax and reference groups, against the test class path.
   *
   * @throws IllegalStateException when the JDK has no javadoc tool (a JRE)
   */
  public static Result run(String... modules) throws java.io.IOException {
    Path root = Path.of(System.getProperty("user.dir")).getParent();
    List<String> dirs = new ArrayList<>();
    for (String m : modules) {
      dirs.add(root.resolve(m).resolve("src/main/java").toString());
    }
    Path out = Files.createTempDirectory("ponder-javadoc");
    DocumentationTool tool = ToolProvider.getSystemDocumentationTool();
    if (tool == null) {
      throw new IllegalStateException("the JDK's javadoc tool is missing");
    }
    StringWriter log = new StringWriter();
    List<String> args = List.of("-quiet", "-Xdoclint:html,syntax,reference", "-d", out.toString(), "-sourcepath",
        String.join(File.pathSeparator, dirs), "-classpath", System.getProperty("java.class.path"), "-subpackages",
        "dev.ponder");
    boolean ok;
    try {
      ok = tool.getTask(log, null, null, null, args, null).call();
    } finally {
      deleteTree(out);
    }
    String errors = log.toString().lines().filter(l -> l.contains("error:")).reduce("", (a, b) -> a + b + "\n");
    return new Result(ok, errors, log.toString());
  }

  /** Deletes {@code dir} and everything under it (the generated pages are not kept). */
  private static void deleteTree(Path dir) throws java.io.IOException {
    try (java.util.stream.Stream<Path> walk = Files.walk(dir)) {
      for (Path p : (Iterable<Path>) walk.sorted(java.util.Comparator.reverseOrder())::iterator) {
        Files.deleteIfExists(p);
      }
    }
  }
}
