package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.GameRegistry;
import dev.ponder.rating.Sco;
import java.nio.file.Path;
import java.util.List;
import org.example.owngame.NoResampleGame;
import org.example.owngame.SharedCopyGame;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two faults of a game of one's own that an agent's search meets first are the game's, not
 * scored: a {@code copy()}/{@code copyFrom} that shares an array with the original (the search on
 * the agent's copy moved the match's own total), and an imperfect-information game without {@code
 * resample} (IS-MCTS needs it). Before, the first was stored as {@code seat 0 (uct(sims=50)) chose
 * illegal action 0 at move 0} and the second as {@code seat 0's agent uct(sims=20) failed in
 * selectAction ... UnsupportedOperationException}, each scored as uct's forfeit.
 */
class GameCopyAndMissingMethodBlameTest {
  @TempDir static Path dir;

  @BeforeAll
  static void registerTheTestGames() {
    GameRegistry.register(new SharedCopyGame.Factory());
    GameRegistry.register(new NoResampleGame.Factory());
  }

  @Test
  void aCopyThatSharesTheStatesArrayIsTheGamesFault() {
    MatchResult r = MatchRunner.play("shared_copy", List.of("uct(sims=50)", "first"), 3);
    assertThat(r.status()).isEqualTo(MatchResult.Status.ERROR);
    assertThat(r.failedSeat()).isEqualTo(-1);
    assertThat(r.message()).startsWith("shared_copy: the state at move 0 changed while seat 0's agent uct(sims=50) ran"
        + " selectAction on a copy of it (its current player went from 0 to TERMINAL; 'total 0, player 0 to move'"
        + " became 'total ")
        .contains("; the game's copy() or copyFrom shares mutable data (an array, a list) between a state and its"
            + " copies")
        .endsWith("; run ponder check 'shared_copy'")
        .doesNotContain("illegal");
    // the same game copying its array is played to the end, the check costing no false alarm
    MatchResult ok = MatchRunner.play("shared_copy(share=false)", List.of("uct(sims=50)", "first"), 3);
    assertThat(ok.status()).as(ok.message()).isEqualTo(MatchResult.Status.OK);
  }

  @Test
  void aMissingResampleIsTheGamesFault() {
    MatchResult r = MatchRunner.play("no_resample", List.of("uct(sims=20)", "first"), 3);
    assertThat(r.status()).isEqualTo(MatchResult.Status.ERROR);
    assertThat(r.failedSeat()).isEqualTo(-1);
    assertThat(r.message()).isEqualTo("game no_resample failed during seat 0's agent uct(sims=20)'s selectAction at"
        + " move 1: the game no_resample does not implement resample (State.resample or State.resampleInto), which IS-MCTS"
        + " needs to draw the worlds it searches in an imperfect-information game; a fault of the game, not of its"
        + " caller: implement it (docs/foundation.md, \"Imperfect-information games: the rules\") and run ponder check"
        + " 'no_resample'");
    // in the other seat too
    MatchResult second = MatchRunner.play("no_resample", List.of("first", "uct(sims=20)"), 3);
    assertThat(second.failedSeat()).isEqualTo(-1);
    assertThat(second.message()).startsWith("game no_resample failed during seat 1's agent uct(sims=20)'s selectAction"
        + " at move 2: the game no_resample does not implement resample");
  }

  /** In a tournament neither fault is a forfeit of uct's: no agent is marked as failing, no match is scored. */
  @Test
  void neitherIsScoredAsTheAgentsForfeit() {
    TournamentConfig c = new TournamentConfig(List.of("shared_copy", "no_resample"), List.of("uct(sims=20)", "first"),
        "", 2, 3, TournamentConfig.ROUND_ROBIN, "", false);
    try (ArenaStore s = ArenaStore.open(dir.resolve("t.db"))) {
      long id = new Tournament(c).run(s, 1, (d, t) -> Progress.none(), null).tournamentId();
      List<ArenaStore.StoredMatch> all = s.matches(id, true);
      assertThat(all).hasSize(8).allSatisfy(m -> {
        assertThat(m.status()).isEqualTo(MatchResult.Status.ERROR);
        assertThat(m.failedSeat()).as(m.message()).isEqualTo(-1);
      });
      Analysis.Result r = Analysis.analyse(s, id, new AnalysisOptions(200, 40, 40, 0.95, 5,
          dev.ponder.rating.AlphaRank.Options.infinite(), Sco.Options.defaults(), "", ""), all,
          new Analysis.Execution(1, Progress.Factory.NONE));
      for (Analysis.GameResult g : r.games()) {
        assertThat(g.errorMatches()).containsExactly(0, 0);
        assertThat(g.method()).isEqualTo("none");
      }
      assertThat(Report.errorAgentsLine(r)).isEmpty();
      assertThat(Report.terminal(r)).contains("(the game's own: not scored");
    }
  }
}
