package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** arena --games splits on ';' as bench --games does, keeping a ';' inside parentheses with its game. */
class ArenaGameSeparatorsCliTest {
  @Test
  void semicolonSeparatesGamesAndStaysInsideParentheses(@TempDir Path dir) {
    Cli r = Cli.run("arena", "--games", "tic_tac_toe;nim(pile_sizes=1;2)", "--agents", "random,uct(sims=5)", "--matches-per-pairing", "1",
        "--db", dir.resolve("t.db").toString(), "--report", dir.resolve("r").toString(), "--no-progress");
    assertThat(r.exit).as(r.err).isZero();
    assertThat(r.out).contains("tic_tac_toe").contains("nim(pile_sizes=1;2)");
  }
}
