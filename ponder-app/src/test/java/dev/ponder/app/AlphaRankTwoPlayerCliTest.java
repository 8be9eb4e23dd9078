package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --alpharank-two-player}: the α-Rank model of 2-player games, on arena and report alike. */
class AlphaRankTwoPlayerCliTest {
  @TempDir Path dir;

  private static final String[] FEW = {"--resamples", "40", "--elo-resamples", "40", "--sco-resamples", "40",
      "--alpharank-resamples", "40", "--no-progress"};

  private static String[] with(String[] head, String... tail) {
    String[] all = java.util.Arrays.copyOf(head, head.length + tail.length);
    System.arraycopy(tail, 0, all, head.length, tail.length);
    return all;
  }

  @Test
  void multiRanksTwoPlayerGamesByTwoPopulationsAndSaysSo() throws Exception {
    Path db = dir.resolve("a.db");
    Cli arena = Cli.run(with(new String[] {"arena", "--games", "tic_tac_toe", "--agents", "random,uct", "--budget", "sims=4",
        "--seeds-per-pairing", "2", "--db", db.toString(), "--report", dir.resolve("a").toString()}, FEW));
    assertThat(arena.exit).as(arena.err).isZero();
    assertThat(arena.out).contains("alpharank-single").doesNotContain("alpharank-multi");
    Cli report = Cli.run(with(new String[] {"report", "--db", db.toString(), "--report", dir.resolve("m").toString(),
        "--alpharank-two-player", "multi"}, FEW));
    assertThat(report.exit).as(report.err).isZero();
    assertThat(report.out).contains("alpharank-multi").doesNotContain("alpharank-single");
    assertThat(Files.readString(dir.resolve("m/report.md")))
        .contains(", 2-player games by two-population alpha-rank (--alpharank-two-player multi)");
    JsonNode json = new ObjectMapper().readTree(dir.resolve("m/report.json").toFile());
    assertThat(json.path("options").path("alphaRankTwoPlayer").asText()).isEqualTo("MULTI");
    assertThat(json.path("games").get(0).path("method").asText()).isEqualTo("alpharank-multi");
    JsonNode single = new ObjectMapper().readTree(dir.resolve("a/report.json").toFile());
    assertThat(single.path("options").path("alphaRankTwoPlayer").asText()).isEqualTo("SINGLE");
  }

  @Test
  void anUnknownModelIsAOneLineUsageError() {
    Cli bad = Cli.run("report", "--db", dir.resolve("none.db").toString(), "--alpharank-two-player", "double");
    assertThat(bad.exit).isEqualTo(2);
    assertThat(bad.err.strip()).isEqualTo("ponder: --alpharank-two-player: 'double' is not valid; valid: single, multi"
        + " (see 'ponder report --help')");
  }

  @Test
  void tooManyAgentsForTwoPopulationsAreWarnedOfBeforeTheFirstMatch() {
    java.util.List<dev.ponder.game.Game> games = java.util.List.of(dev.ponder.game.GameRegistry.load("tic_tac_toe"));
    assertThat(ArenaCommand.alphaRankLimitWarnings(games, 32, false)).isEmpty();
    assertThat(ArenaCommand.alphaRankLimitWarnings(games, 31, false, true)).isEmpty();
    assertThat(ArenaCommand.alphaRankLimitWarnings(games, 32, false, true)).containsExactly("warning: tic_tac_toe: 32^2 ="
        + " 1024 profiles exceed the alpha-rank limit (1000): its ballot will be by mean return, not alpha-rank (at most 31"
        + " agents keep alpha-rank for 2 players with --alpharank-two-player multi)");
  }
}
