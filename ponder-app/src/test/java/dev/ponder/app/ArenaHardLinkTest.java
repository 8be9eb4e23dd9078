package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A store's file with two names (hard links): SQLite keeps its log and locks per name, so two runs
 * (or a run and a reader) under two names damage it. A run refuses such a store before it opens
 * it; a report, which only reads, warns.
 */
class ArenaHardLinkTest {
  @TempDir Path dir;

  private static String[] arena(Path db) {
    return new String[] {"arena", "--games", "tic_tac_toe", "--agents", "random,uct(sims=5)", "--seeds-per-pairing", "1",
        "--parallel", "1", "--db", db.toString(), "--no-progress", "--resamples", "50", "--elo-resamples", "40"};
  }

  private static boolean countsLinks(Path p) {
    try {
      Files.getAttribute(p, "unix:nlink");
      return true;
    } catch (Exception e) {
      return false;
    }
  }

  @Test
  void aRunRefusesAStoreWithTwoNamesAndAReportWarns() throws Exception {
    Path db = dir.resolve("hl.db");
    Cli first = Cli.run(arena(db));
    assertThat(first.exit).as(first.err).isZero();
    assumeTrue(countsLinks(db), "the file system does not count a file's names");
    long before = Files.size(db);
    Path other = dir.resolve("hl2.db");
    Files.createLink(other, db);

    for (Path name : new Path[] {db, other}) {
      Cli run = Cli.run(arena(name));
      assertThat(run.exit).as(run.err).isEqualTo(2);
      assertThat(run.err.strip()).isEqualTo("ponder: " + name + " has 2 names (hard links, as made by ln), and"
          + " SQLite keeps a store's log and locks per name, so writing it under two names damages it; use one name"
          + " (remove the other links) and copy a store (cp) rather than link it");
      assertThat(Files.exists(dir.resolve(name.getFileName() + "-wal"))).as("nothing opened").isFalse();
    }
    assertThat(Files.size(db)).isEqualTo(before);

    Cli report = Cli.run("report", "--db", other.toString(), "--report", dir.resolve("r").toString(), "--no-progress",
        "--resamples", "50", "--elo-resamples", "40");
    assertThat(report.exit).as(report.err).isZero();
    assertThat(report.err).contains("warning: " + other + " has 2 names (hard links");

    Files.delete(other); // one name again: the run goes on
    Cli again = Cli.run(arena(db));
    assertThat(again.exit).as(again.err).isZero();
    assertThat(again.err).doesNotContain("names");
  }
}
