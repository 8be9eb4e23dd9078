package dev.ponder.spi;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/** The version line the build stamps: the pom's version, then the commit or "unknown". */
class PonderVersionTest {

  /** The version declared in the parent pom (the module inherits it), read as XML, not through the build. */
  private static String pomVersion() throws Exception {
    Path pom = Path.of("..", "pom.xml");
    assertThat(pom).exists();
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    Document doc = f.newDocumentBuilder().parse(Files.newInputStream(pom));
    Element project = doc.getDocumentElement();
    for (Node n = project.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && e.getTagName().equals("version")) {
        return e.getTextContent().strip();
      }
    }
    throw new AssertionError("no <version> in " + pom.toAbsolutePath());
  }

  @Test
  void theLineNamesThePomsVersionAndACommitOrUnknown() throws Exception {
    String version = pomVersion();
    assertThat(PonderVersion.VERSION).isEqualTo(version);
    assertThat(PonderVersion.LINE)
        .matches("ponder \\Q" + version + "\\E \\(commit ([0-9a-f]{7,40}(, modified)?|unknown)\\)");
    if (PonderVersion.COMMIT == null) {
      assertThat(PonderVersion.LINE).endsWith(" (commit unknown)");
      assertThat(PonderVersion.MODIFIED).isFalse();
    } else {
      assertThat(PonderVersion.COMMIT).matches("[0-9a-f]{7,40}");
      assertThat(PonderVersion.LINE).contains("(commit " + PonderVersion.COMMIT);
      assertThat(PonderVersion.LINE.endsWith(", modified)")).isEqualTo(PonderVersion.MODIFIED);
    }
  }

  @Test
  void aCloneStampsItsCommit() throws Exception {
    // the repository's own .git directory (a clone, not an exported tree or a linked worktree):
    // the build read its HEAD, the commit the sources come from
    Path git = Path.of("..", ".git");
    if (!Files.isDirectory(git) || !Files.isRegularFile(git.resolve("HEAD"))) {
      assertThat(PonderVersion.COMMIT).isNull();
      return;
    }
    Process p = new ProcessBuilder("git", "rev-parse", "HEAD").directory(Path.of("..").toFile())
        .redirectErrorStream(true).start();
    String head = new String(p.getInputStream().readAllBytes()).strip();
    if (p.waitFor() != 0 || !head.matches("[0-9a-f]{40}")) {
      return; // no git on this machine to compare with
    }
    assertThat(PonderVersion.COMMIT).isNotNull();
    assertThat(head).startsWith(PonderVersion.COMMIT);
  }

  @Test
  void lineFormats() {
    assertThat(PonderVersion.line("0.1.0-SNAPSHOT", "1a2b3c4", false)).isEqualTo("ponder 0.1.0-SNAPSHOT (commit 1a2b3c4)");
    assertThat(PonderVersion.line("0.1.0-SNAPSHOT", "1a2b3c4", true))
        .isEqualTo("ponder 0.1.0-SNAPSHOT (commit 1a2b3c4, modified)");
    assertThat(PonderVersion.line("0.2.0", null, true)).isEqualTo("ponder 0.2.0 (commit unknown)");
  }
}
