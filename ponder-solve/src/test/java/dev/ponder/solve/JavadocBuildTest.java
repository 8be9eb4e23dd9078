package dev.ponder.solve;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.DocumentationTool;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * The Javadoc of ponder-core, ponder-search and ponder-solve generates without errors (a raw
 * {@code &} or a broken tag fails here, not only in {@code mvn javadoc:javadoc}).
 */
class JavadocBuildTest {
  @Test
  void javadocOfTheApiModulesHasNoErrors() throws Exception {
    Path root = Path.of(System.getProperty("user.dir")).getParent();
    String sources = String.join(java.io.File.pathSeparator, root.resolve("ponder-core/src/main/java").toString(),
        root.resolve("ponder-search/src/main/java").toString(), root.resolve("ponder-solve/src/main/java").toString());
    Path out = Files.createTempDirectory("ponder-javadoc");
    DocumentationTool tool = ToolProvider.getSystemDocumentationTool();
    assertThat(tool).as("the JDK's javadoc tool").isNotNull();
    StringWriter log = new StringWriter();
    List<String> args = List.of("-quiet", "-Xdoclint:html,syntax,reference", "-d", out.toString(), "-sourcepath", sources,
        "-classpath", System.getProperty("java.class.path"), "-subpackages", "dev.ponder");
    boolean ok = tool.getTask(log, null, null, null, args, null).call();
    String errors = log.toString().lines().filter(l -> l.contains("error:")).reduce("", (a, b) -> a + b + "\n");
    assertThat(errors).as("javadoc errors").isEmpty();
    assertThat(ok).as("javadoc succeeded:\n" + log).isTrue();
  }
}
