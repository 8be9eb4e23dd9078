package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link IoReasons#requireWritable} never creates or removes the output file's own path: a second
 * {@code ponder arena} run checks its {@code --db} before it asks for the run lock, and a check
 * that created and removed the store's own path could remove the store the first run has just
 * opened.
 */
class WritableProbeTest {
  @TempDir Path dir;

  /**
   * Every file-system event in the directory during the check, watched through the operating
   * system (inotify on Linux): the check of a missing file creates and removes a probe of another
   * name, and nothing happens under the file's own name. Linux only: a polling watch service
   * (other systems) can miss a file that lives for less than its interval.
   */
  @Test
  @EnabledOnOs(OS.LINUX)
  void aMissingFileIsProbedUnderAnotherNameAndItsOwnPathIsNeverTouched() throws Exception {
    Path db = dir.resolve("store.db");
    List<String> events = new ArrayList<>();
    try (WatchService watch = FileSystems.getDefault().newWatchService()) {
      dir.register(watch, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_DELETE,
          StandardWatchEventKinds.ENTRY_MODIFY);
      IoReasons.requireWritable("--db", db);
      // wait until the removal of what the check created has been seen (events arrive in order)
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      boolean removed = false;
      while (!removed && System.nanoTime() < deadline) {
        WatchKey key = watch.poll(200, TimeUnit.MILLISECONDS);
        if (key == null) {
          continue;
        }
        for (WatchEvent<?> e : key.pollEvents()) {
          events.add(e.kind().name() + " " + e.context());
          removed |= e.kind() == StandardWatchEventKinds.ENTRY_DELETE;
        }
        key.reset();
      }
      assertThat(removed).as("the check's probe was created and removed: " + events).isTrue();
    }
    assertThat(events).as("events").noneMatch(e -> e.endsWith(" store.db"));
    assertThat(events).as("events").anyMatch(e -> e.startsWith("ENTRY_CREATE " + IoReasons.PROBE_PREFIX));
    assertThat(db).doesNotExist();
    try (var left = Files.list(dir)) {
      assertThat(left).as("the probe is removed").isEmpty();
    }
  }

  /**
   * The race itself: the path appears (another run creates its store) while the check runs. The
   * file is there afterwards, whatever the interleaving, with what the other run wrote.
   */
  @Test
  void aFileCreatedByAnotherRunDuringTheCheckStays() throws Exception {
    for (int i = 0; i < 200; i++) {
      Path db = dir.resolve("s" + i + ".db");
      Thread other = new Thread(() -> {
        try {
          Files.writeString(db, "the other run's store");
        } catch (java.io.IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      });
      other.start();
      IoReasons.requireWritable("--db", db);
      other.join();
      assertThat(db).as("round " + i).hasContent("the other run's store");
    }
  }

  /** An existing file keeps its content; the one-line errors for an unwritable path stay. */
  @Test
  void anExistingFileIsKeptAndAnUnwritablePathIsOneLine() throws Exception {
    Path kept = Files.writeString(dir.resolve("kept.db"), "data");
    IoReasons.requireWritable("--db", kept);
    assertThat(kept).hasContent("data");

    Path plain = Files.writeString(dir.resolve("plain"), "x");
    Path under = plain.resolve("a.db");
    assertThatThrownBy(() -> IoReasons.requireWritable("--db", under)).isInstanceOf(UsageException.class)
        .hasMessage("cannot write --db " + under + ": a parent (" + plain + ") is not a directory");
    Path sub = Files.createDirectory(dir.resolve("sub"));
    assertThatThrownBy(() -> IoReasons.requireWritable("--db", sub)).isInstanceOf(UsageException.class)
        .hasMessage("cannot write --db " + sub + ": it is a directory");
    Path proc = Path.of("/proc/ponder-probe-test.db");
    if (Files.isDirectory(Path.of("/proc"))) { // a directory that refuses new files
      assertThatThrownBy(() -> IoReasons.requireWritable("--db", proc)).isInstanceOf(UsageException.class)
          .hasMessage("cannot write --db " + proc + ": the file cannot be created there (No such file or directory)");
    }
  }

  /**
   * A file name longer than the file system holds (300 bytes; NAME_MAX is 255 on Linux) is
   * refused by the check, in one line with exit 2, before the match is played or the solver runs:
   * the probe has the name's own length, so the file system refuses it there too.
   */
  @Test
  @EnabledOnOs(OS.LINUX)
  void aNameTooLongForTheFileSystemIsRefusedBeforeAnyWork() {
    String name = "b".repeat(296);
    Path record = dir.resolve(name + ".txt");
    Cli play = Cli.run("play", "tic_tac_toe", "--players", "uct(sims=20),uct(sims=20)", "--record", record.toString());
    assertThat(play.exit).as(play.err).isEqualTo(2);
    assertThat(play.out).as("no move was played").isEmpty();
    assertThat(play.err.strip()).isEqualTo("ponder: cannot write --record " + record + ": File name too long");

    Path out = dir.resolve(name + ".json");
    Cli solve = Cli.run("solve", "kuhn_poker", "--iterations", "20000", "--no-progress", "--out", out.toString());
    assertThat(solve.exit).as(solve.err).isEqualTo(2);
    assertThat(solve.out).as("the solver did not run").isEmpty();
    assertThat(solve.err.strip()).isEqualTo("ponder: cannot write --out " + out + ": File name too long");
    try (var left = Files.list(dir)) {
      assertThat(left).as("no probe is left").isEmpty();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }

    // a long name the file system holds (255 bytes) still passes, and its own path stays untouched
    Path longest = dir.resolve("c".repeat(251) + ".txt");
    IoReasons.requireWritable("--record", longest);
    assertThat(longest).doesNotExist();
  }
}
