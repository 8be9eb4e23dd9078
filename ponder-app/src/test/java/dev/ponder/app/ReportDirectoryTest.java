package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report directory's check leaves no directory it created (the report's write creates it, so
 * a run killed with SIGKILL before then leaves none behind; before, an empty directory stayed), and
 * the line of a write that failed names the path once.
 */
class ReportDirectoryTest {
  @TempDir Path dir;

  @Test
  void theCheckLeavesNoDirectoryItCreated() throws Exception {
    Path missing = dir.resolve("a/b/rep");
    ReportDirectory.prepare("--report", missing);
    assertThat(missing).doesNotExist();
    // nor the parents it created for it
    assertThat(dir.resolve("a")).doesNotExist();
    Files.createDirectories(dir.resolve("c/keep"));
    ReportDirectory.prepare("--report", dir.resolve("c/d/rep"));
    assertThat(dir.resolve("c/d")).doesNotExist();
    assertThat(dir.resolve("c/keep")).isDirectory();
    // through a link and "..": the directory made through the link is the one removed
    Files.createDirectories(dir.resolve("real/deep"));
    Files.createSymbolicLink(dir.resolve("sym"), dir.resolve("real/deep"));
    ReportDirectory.prepare("--report", dir.resolve("sym/../newdir"));
    assertThat(dir.resolve("real/newdir")).doesNotExist();
    assertThat(dir.resolve("real/deep")).isDirectory();
    Path existing = Files.createDirectory(dir.resolve("old"));
    Files.writeString(existing.resolve("report.md"), "x");
    ReportDirectory.prepare("--report", existing);
    assertThat(existing.resolve("report.md")).hasContent("x");
    Path file = Files.writeString(dir.resolve("f"), "");
    assertThatThrownBy(() -> ReportDirectory.prepare("--report", file)).isInstanceOf(UsageException.class)
        .hasMessage("--report " + file + ": cannot create the report directory: not a directory");
  }

  @Test
  void aFailedWriteNamesThePathOnce() {
    Path rdir = Path.of("rdir");
    String line = ReportDirectory.failure(rdir, new UncheckedIOException(new FileAlreadyExistsException("rdir")),
        Path.of("r.db"));
    assertThat(line).startsWith("cannot write the report to rdir: not a directory; the matches are stored in r.db");
    // a file inside it that failed is still named
    String inner = ReportDirectory.failure(rdir, new UncheckedIOException(new AccessDeniedException("rdir/report.md")),
        Path.of("r.db"));
    assertThat(inner).startsWith("cannot write the report to rdir (rdir/report.md): ");
  }

  /** A probe file a killed run left (SIGKILL between its creation and removal) is removed by the next prepare. */
  @Test
  void prepareRemovesProbeFilesAKilledRunLeft() throws Exception {
    Path rep = Files.createDirectory(dir.resolve("rep"));
    Path old = Files.writeString(rep.resolve(".ponder-probe8213377101.tmp"), "");
    Path current = Files.writeString(rep.resolve(".ponder-probe-42.tmp"), "");
    Path user1 = Files.writeString(rep.resolve(".ponder-probe-notes.tmp"), "mine");
    Path user2 = Files.writeString(rep.resolve("x.ponder-probe-1.tmp"), "mine");
    Path user3 = Files.writeString(rep.resolve("report.md"), "mine");
    ReportDirectory.prepare("--report", rep);
    assertThat(old).doesNotExist();
    assertThat(current).doesNotExist();
    assertThat(user1).exists();
    assertThat(user2).exists();
    assertThat(user3).exists();
    try (var files = Files.list(rep)) {
      assertThat(files.map(f -> f.getFileName().toString())).containsExactlyInAnyOrder(".ponder-probe-notes.tmp",
          "x.ponder-probe-1.tmp", "report.md");
    }
  }
}
