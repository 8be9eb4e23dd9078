package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.arena.ArenaStore;
import dev.ponder.arena.RunLock;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The run lock held by another process (a second JVM, as another terminal's {@code ponder arena}
 * would): a run on the same store is refused at once, exit code 2 with the documented line, and
 * touches neither the store nor the report directory; once that process has ended, the same
 * command runs.
 */
class ArenaLockProcessTest {
  @TempDir Path dir;

  @Test
  void aRunIsRefusedWhileAnotherProcessHoldsTheLockAndRunsAfterItEnds() throws Exception {
    Path db = dir.resolve("shared.db");
    Path rep = dir.resolve("rep");
    List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
        System.getProperty("java.class.path"), RunLockHolder.class.getName(), db.toString());
    Process holder = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    try {
      BufferedReader fromHolder = new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8));
      String first = CompletableFuture.supplyAsync(() -> {
        try {
          return fromHolder.readLine();
        } catch (java.io.IOException e) {
          return "read failed: " + e;
        }
      }).get(60, TimeUnit.SECONDS);
      assertThat(first).isEqualTo("locked");

      String[] args = {"arena", "--games", "tic_tac_toe", "--agents", "random,uct(sims=2)", "--matches-per-pairing", "1",
          "--db", db.toString(), "--report", rep.toString(), "--no-progress", "--resamples", "40", "--elo-resamples", "40",
          "--sco-resamples", "40", "--alpharank-resamples", "40"};
      Cli refused = Cli.run(args);
      assertThat(refused.exit).isEqualTo(2);
      assertThat(refused.err.strip()).isEqualTo("ponder: another ponder arena run is writing " + db + " (it holds "
          + RunLock.lockFile(db) + "); wait for it to finish, or give another --db (ponder report --db " + db
          + " may read it meanwhile)");
      assertThat(refused.out).isEmpty();
      assertThat(db).doesNotExist(); // the refused run neither created nor removed the store
      assertThat(rep).doesNotExist();
      // the library call a run makes is refused the same way
      assertThatThrownBy(() -> RunLock.acquire(db)).isInstanceOf(RunLock.LockedException.class)
          .hasMessageStartingWith("another ponder arena run is writing " + db);
      assertThat(holder.isAlive()).isTrue();

      holder.getOutputStream().close(); // the holder lets go and exits
      assertThat(holder.waitFor(60, TimeUnit.SECONDS)).isTrue();
      assertThat(holder.exitValue()).isZero();

      Cli after = Cli.run(args);
      assertThat(after.exit).as(after.err).isZero();
      assertThat(after.out).contains("; 2 matches (0 already stored, 2 played now with 0 errors)");
      try (ArenaStore s = ArenaStore.openReadOnly(db)) {
        assertThat(s.count(s.tournaments().get(0).id())).isEqualTo(2);
      }
      assertThat(rep.resolve("report.md")).isRegularFile();
    } finally {
      holder.destroyForcibly();
      holder.waitFor(30, TimeUnit.SECONDS);
    }
  }
}
