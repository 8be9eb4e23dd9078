package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.spec.SpecException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Java Tournament as a library user meets it: the same checks and budget as ponder arena. */
class TournamentApiTest {
  @TempDir Path dir;

  private static TournamentConfig config(List<String> agents, String budget, int seeds) {
    return new TournamentConfig(List.of("tic_tac_toe"), agents, budget, seeds, 3, TournamentConfig.ROUND_ROBIN, "",
        false);
  }

  @Test
  void aBadRunCallLeavesTheStoredTournamentAsItWas() {
    Path db = dir.resolve("t.db");
    TournamentConfig six = config(List.of("random", "first"), "", 2);
    try (ArenaStore s = ArenaStore.open(db)) {
      new Tournament(six).run(s, 1, (d, t) -> Progress.none(), null);
      String before = s.tournaments().get(0).config();
      Tournament bigger = new Tournament(six.withSeedsPerPairing(3));
      assertThatThrownBy(() -> bigger.run(s, 1, null, null)).isInstanceOf(NullPointerException.class)
          .hasMessageContaining("progressFactory");
      assertThatThrownBy(() -> bigger.run(s, 0, (d, t) -> Progress.none(), null))
          .isInstanceOf(IllegalArgumentException.class).hasMessage("parallel must be at least 1, got 0");
      assertThatThrownBy(() -> bigger.run(null, 1, (d, t) -> Progress.none(), null))
          .isInstanceOf(NullPointerException.class).hasMessageContaining("store");
      // the store still holds the tournament at 2 seeds per pairing: re-running it at 2 plays nothing
      assertThat(s.tournaments()).hasSize(1);
      assertThat(s.tournaments().get(0).config()).isEqualTo(before);
      Tournament.RunSummary again = new Tournament(six).run(s, 1, (d, t) -> Progress.none(), null);
      assertThat(again.played()).isZero();
      assertThat(again.extendedFrom()).isZero();
    }
  }

  @Test
  void duplicateAgentsAreRefusedWithTheCommandsMessages() {
    // (two names of one agent, random and uniform: ArenaCommandTest, through this same check)
    assertThatThrownBy(() -> new Tournament(config(List.of("first", "first(offset=0)"), "", 1)))
        .isInstanceOf(SpecException.class).hasMessage("--agents lists the same agent twice: 'first' and 'first(offset=0)' have the same value for every"
            + " parameter once the defaults are filled in (first(offset=0)); list it once");
    assertThatThrownBy(() -> new Tournament(config(List.of("first", "first"), "", 1)))
        .hasMessage("--agents lists 'first' twice; each entry must be different");
    // the same agent only once the budget is applied
    assertThatThrownBy(() -> new Tournament(config(List.of("flat_mc", "flat_mc(sims=7)"), "sims=7", 1)))
        .hasMessageStartingWith("--agents lists the same agent twice: 'flat_mc' and 'flat_mc(sims=7)' have the same"
            + " value for every parameter once the budget sims=7 and the defaults are filled in");
    assertThatThrownBy(() -> new Tournament(new TournamentConfig(List.of("tic_tac_toe"), List.of("random", "first"), "",
        1, 3, TournamentConfig.BENCHMARK, "first(offset=0)", false)))
        .hasMessageStartingWith("--benchmark 'first(offset=0)' and the --agents entry 'first' are the same agent");
  }

  /**
   * Two entries of --games that are one game once the defaults are filled in (an alias, empty
   * parentheses, a default written out) are refused: each would get a ballot of its own and weigh
   * twice in the rankings.
   */
  @Test
  void theSameGameUnderTwoSpellingsIsRefused() {
    assertThatThrownBy(() -> new Tournament(games(List.of("kalah", "mancala", "tic_tac_toe"))))
        .isInstanceOf(SpecException.class).hasMessageStartingWith("--games lists the same game twice: 'kalah' and 'mancala'"
            + " are one game (mancala");
    assertThatThrownBy(() -> new Tournament(games(List.of("tic_tac_toe", "tic_tac_toe()"))))
        .isInstanceOf(SpecException.class).hasMessage("--games lists the same game twice: 'tic_tac_toe' and 'tic_tac_toe()'"
            + " are one game (tic_tac_toe); each entry gets a ballot of its own, so list it once");
    assertThatThrownBy(() -> new Tournament(games(List.of("hex(board_size=5)", "nim", "hex(num_cols=5,board_size=5)"))))
        .hasMessageStartingWith("--games lists the same game twice: 'hex(board_size=5)' and 'hex(num_cols=5,board_size=5)'");
    assertThatThrownBy(() -> new Tournament(games(List.of("nim", "nim"))))
        .hasMessage("--games lists 'nim' twice; each entry must be different");
    // different parameters are different games
    assertThat(new Tournament(games(List.of("hex(board_size=5)", "hex(board_size=4)"))).games()).hasSize(2);
  }

  private static TournamentConfig games(List<String> games) {
    return new TournamentConfig(games, List.of("random", "first"), "", 1, 3, TournamentConfig.ROUND_ROBIN, "", false);
  }

  @Test
  void theBudgetIsAppliedSoTheStoredConfigurationIsWhatWasPlayed() {
    Tournament t = new Tournament(config(List.of("random", "flat_mc"), "sims=5", 1));
    assertThat(t.config().agents()).containsExactly("random", "flat_mc(sims=5)");
    assertThat(t.config().budget()).isEqualTo("sims=5");
    // an agent with a budget of its own keeps it; applying twice changes nothing
    Tournament own = new Tournament(config(List.of("random", "flat_mc(sims=9)"), "sims=5", 1));
    assertThat(own.config().agents()).containsExactly("random", "flat_mc(sims=9)");
    assertThat(new Tournament(t.config()).config()).isEqualTo(t.config());
    // a key no agent declares is refused, as by the command
    assertThatThrownBy(() -> new Tournament(config(List.of("random", "first"), "sims=5", 1)))
        .isInstanceOf(SpecException.class).hasMessageStartingWith("budget key 'sims' is a parameter of none of the agents");
    try (ArenaStore s = ArenaStore.open(dir.resolve("b.db"))) {
      long id = t.run(s, 1, (d, n) -> Progress.none(), null).tournamentId();
      assertThat(s.config(s.tournaments().get(0)).agents()).containsExactly("random", "flat_mc(sims=5)");
      assertThat(s.agents(id).get(1).params()).contains("\"sims\":5");
    }
  }
}
