package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A report whose write fails midway leaves the directory's earlier report whole: before, the files
 * were written one by one (report.md, report.json, matches.csv, the charts), so a failure at
 * {@code ballots.svg} left a new report.md beside the old charts. Now each file is written under
 * a temporary name and all are moved into place only once every one is written; the temporary
 * files go on failure.
 */
class ReportAtomicWriteTest {
  @TempDir Path dir;

  private Analysis.Result result;
  private List<ArenaStore.StoredMatch> matches;
  private Path rep;

  /** The earlier report's files, each with content no new report has. */
  private static final List<String> EARLIER = List.of("report.md", "report.json", "matches.csv", "ratings.svg",
      "scores-0.svg", "scores-1.svg");

  @BeforeEach
  void earlierReport() throws Exception {
    Path db = dir.resolve("t3.db");
    try (var in = getClass().getResourceAsStream("/arena/audit-t3.db")) {
      Files.copy(in, db);
    }
    try (ArenaStore s = ArenaStore.open(db)) {
      AnalysisOptions d = AnalysisOptions.defaults();
      long id = s.tournaments().get(0).id();
      result = Analysis.analyse(s, id, new AnalysisOptions(40, 40, 40, 0.95, 1, d.alphaRank(), d.sco(), "", ""));
      matches = s.matches(id, true);
    }
    rep = Files.createDirectory(dir.resolve("rep"));
    for (String f : EARLIER) {
      Files.writeString(rep.resolve(f), "earlier " + f);
    }
  }

  /** Every file in the report directory, name → content (a directory: "<dir>"). */
  private Map<String, String> files() throws IOException {
    Map<String, String> out = new TreeMap<>();
    try (Stream<Path> s = Files.list(rep)) {
      for (Path f : (Iterable<Path>) s::iterator) {
        out.put(f.getFileName().toString(), Files.isDirectory(f) ? "<dir>" : Files.readString(f));
      }
    }
    return out;
  }

  @Test
  void aFileThatCannotBeReplacedLeavesTheEarlierReportWhole() throws Exception {
    // ballots.svg, written after report.md, report.json, matches.csv and ratings.svg, is a directory
    Files.createDirectories(rep.resolve("ballots.svg").resolve("inside"));
    Map<String, String> before = files();
    assertThatThrownBy(() -> Report.write(result, matches, rep, null))
        .isInstanceOf(UncheckedIOException.class)
        .cause().isInstanceOfSatisfying(FileSystemException.class, e -> {
          // named by its own name, not a temporary one
          assertThat(e.getFile()).isEqualTo(rep.resolve("ballots.svg").toString());
          assertThat(e.getReason()).isEqualTo("Is a directory");
        });
    assertThat(files()).isEqualTo(before);
  }

  @Test
  void aFailureWhileWritingRemovesTheTemporaryFilesAndChangesNothing() throws Exception {
    Map<String, String> before = files();
    for (String failAt : List.of("report.md", "matches.csv", "ballots.svg", "scores-1.svg")) {
      IOException boom = new IOException("disk full at " + failAt);
      assertThatThrownBy(() -> Report.write(result, matches, rep, null, name -> {
        if (name.equals(failAt)) {
          throw boom;
        }
      })).isInstanceOf(UncheckedIOException.class).hasCause(boom);
      assertThat(files()).as(failAt).isEqualTo(before);
    }
    // a first report that fails leaves no directory behind
    Path fresh = dir.resolve("fresh");
    assertThatThrownBy(() -> Report.write(result, matches, fresh, null, name -> {
      throw new IOException("no");
    })).isInstanceOf(UncheckedIOException.class);
    assertThat(fresh).doesNotExist();
  }

  @Test
  void aWrittenReportReplacesEveryFileAndLeavesNoTemporaryFile() throws Exception {
    Report.write(result, matches, rep, null);
    Map<String, String> after = files();
    assertThat(after.keySet()).containsExactly("ballots.svg", "matches.csv", "ratings.svg", "report.json", "report.md",
        "scores-0.svg", "scores-1.svg");
    for (String f : EARLIER) {
      assertThat(after.get(f)).as(f).doesNotStartWith("earlier ");
    }
    assertThat(after.get("report.md")).startsWith("# ");
  }

  @Test
  void temporaryFilesOfEndedProcessesGoAndThoseOfRunningOnesStay() throws Exception {
    Process ended = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"), "-version")
        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    ended.waitFor();
    long running = ProcessHandle.current().parent().map(ProcessHandle::pid).orElseThrow();
    Path stale = Files.writeString(rep.resolve(".report.md.ponder-" + ended.pid() + "-3.tmp"), "x");
    Path live = Files.writeString(rep.resolve(".report.md.ponder-" + running + "-3.tmp"), "x");
    Path mine = Files.writeString(rep.resolve(".report.md.ponder-" + ended.pid() + "-3.tmp.keep"), "x");
    Report.write(result, matches, rep, null);
    assertThat(stale).doesNotExist();
    assertThat(live).exists();
    assertThat(mine).exists();
  }

  /**
   * A process id is reused: every run started as a container's first process is process 1, and ids
   * wrap around. A temporary file named with the id of a running process (this one, or another)
   * but last changed before that process started is an earlier process's, and goes; before, it was
   * taken for a report being written and stayed for good. One changed since stays.
   */
  @Test
  void temporaryFilesOfAnEarlierProcessWithAReusedIdGo() throws Exception {
    List<Path> older = new java.util.ArrayList<>();
    List<Path> current = new java.util.ArrayList<>();
    int n = 0;
    for (ProcessHandle p : List.of(ProcessHandle.current(), ProcessHandle.current().parent().orElseThrow())) {
      java.time.Instant started = p.info().startInstant().orElseThrow(); // known on Linux, macOS and Windows
      Path old = Files.writeString(rep.resolve(".report.md.ponder-" + p.pid() + "-" + ++n + ".tmp"), "x");
      Files.setLastModifiedTime(old, java.nio.file.attribute.FileTime.from(started.minusSeconds(3600)));
      older.add(old);
      Path now = Files.writeString(rep.resolve(".report.md.ponder-" + p.pid() + "-" + ++n + ".tmp"), "x");
      Files.setLastModifiedTime(now, java.nio.file.attribute.FileTime.from(started.plusSeconds(1)));
      current.add(now);
    }
    Report.write(result, matches, rep, null);
    assertThat(older).allMatch(f -> !Files.exists(f));
    assertThat(current).allMatch(Files::exists);
  }

  /**
   * {@link Report#writeLanded}: the files are moved into place only by the landing's step, so a
   * landing that never runs it (a run interrupted before it, whose thread never comes back) leaves
   * the earlier report whole and, on the way out, no temporary file.
   */
  @Test
  void onlyTheLandingMovesTheFilesIntoPlace() throws Exception {
    Map<String, String> before = files();
    Report.writeLanded(result, matches, rep, null, moves -> { });
    assertThat(files()).isEqualTo(before);
    RuntimeException ended = new RuntimeException("the thread ends");
    assertThatThrownBy(() -> Report.writeLanded(result, matches, rep, null, moves -> {
      throw ended;
    })).isSameAs(ended);
    assertThat(files()).isEqualTo(before);

    Map<String, String> atLanding = new TreeMap<>();
    Report.writeLanded(result, matches, rep, null, moves -> {
      try {
        atLanding.putAll(files());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      moves.run();
    });
    // at the landing every new file is written, hidden, beside the earlier report, untouched
    for (String f : EARLIER) {
      assertThat(atLanding.get(f)).as(f).isEqualTo("earlier " + f);
    }
    assertThat(atLanding.keySet().stream().filter(n -> n.startsWith(".") && n.endsWith(".tmp")))
        .hasSize(7); // report.md, report.json, matches.csv, ratings.svg, ballots.svg, two score charts
    Map<String, String> after = files();
    assertThat(after.keySet()).containsExactly("ballots.svg", "matches.csv", "ratings.svg", "report.json", "report.md",
        "scores-0.svg", "scores-1.svg");
    assertThat(after.get("report.md")).startsWith("# ");
  }
}
