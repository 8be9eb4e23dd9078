package dev.ponder.arena;

import dev.ponder.game.fixtures.FlawedDieGame;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.GameRegistry;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A game that breaks the API's contract ends the match with an error naming the game, the history
 * and the fault, and no seat is blamed (it is the game's fault, even when an agent's search is
 * what found it): chance probabilities that do not sum to 1, drawn by the referee or met in a
 * search; legal actions out of ascending order, where the referee checks a move. Before, the first
 * two matches were played with the weights as they were, and the third told seat 0 its legal move
 * was illegal.
 */
class MatchContractTest {
  @BeforeAll
  static void registerTheTestGame() {
    GameRegistry.register(new FlawedDieGame.Factory());
  }

  private static final String SUM = "flawed_die(shortfall=0.1): the chance outcomes after history [1] have probabilities"
      + " summing to 0.9, not 1 (±1e-9); the game API requires a probability distribution (State.chanceOutcomes);"
      + " run ponder check 'flawed_die(shortfall=0.1)'";

  @Test
  void theRefereesChanceDrawRefusesProbabilitiesSummingToPointNine() {
    // first(offset=1) rolls (action 1); the referee then draws the face
    MatchResult r = MatchRunner.play("flawed_die(shortfall=0.1)", List.of("first(offset=1)", "first"), 5);
    assertThat(r.status()).isEqualTo(MatchResult.Status.ERROR);
    assertThat(r.message()).isEqualTo("listing the chance outcomes failed (in State.chanceOutcomes) at move 1: " + SUM);
    assertThat(r.failedSeat()).isEqualTo(-1);
  }

  @Test
  void aSearchThatMeetsTheBadDistributionBlamesTheGameNotTheSeat() {
    MatchResult r = MatchRunner.play("flawed_die(shortfall=0.1)", List.of("uct(sims=20)", "first"), 5);
    assertThat(r.status()).isEqualTo(MatchResult.Status.ERROR);
    assertThat(r.message()).isEqualTo("game flawed_die failed during seat 0's agent uct(sims=20)'s selectAction at move 0: "
        + SUM);
    assertThat(r.failedSeat()).isEqualTo(-1);
  }

  @Test
  void aLegalMoveOfAnUnsortedListIsNotCalledIllegal() {
    // first(offset=1) picks the second listed action, 0, which a binary search of [1, 0] misses
    MatchResult r = MatchRunner.play("flawed_die(descending=true)", List.of("first(offset=1)", "first"), 5);
    assertThat(r.status()).isEqualTo(MatchResult.Status.ERROR);
    assertThat(r.message()).isEqualTo("checking seat 0's move 0 failed (in State.isLegal) at move 0:"
        + " flawed_die(descending=True): the legal actions of player 0 at the initial state, [1, 0], are not in ascending"
        + " order; the game API requires them strictly ascending (State.legalActions);"
        + " run ponder check 'flawed_die(descending=True)'");
    assertThat(r.failedSeat()).isEqualTo(-1);
  }

  @Test
  void nonFiniteReturnsAreTheGamesErrorNotAPlayedMatch() {
    MatchResult r = MatchRunner.play("flawed_die(nan=true)", List.of("first(offset=1)", "first"), 5);
    assertThat(r.status()).isEqualTo(MatchResult.Status.ERROR);
    assertThat(r.failedSeat()).isEqualTo(-1);
    assertThat(r.returns()).isEmpty();
    assertThat(r.message()).matches("computing the returns failed \\(in State\\.returns\\) at move 2:"
        + " flawed_die\\(nan=True\\): the returns at the end of history \\[1, [012]\\] are \\[NaN, NaN\\], not finite"
        + " numbers; the game API requires finite returns \\(State\\.returns\\);"
        + " run ponder check 'flawed_die\\(nan=True\\)'");
    // staying is finite (0, 0): played
    assertThat(MatchRunner.play("flawed_die(nan=true)", List.of("first", "first"), 5).status())
        .isEqualTo(MatchResult.Status.OK);
  }

  @Test
  void theSoundDieIsPlayed() {
    MatchResult r = MatchRunner.play("flawed_die", List.of("first(offset=1)", "uct(sims=20)"), 5);
    assertThat(r.status()).isEqualTo(MatchResult.Status.OK);
    assertThat(r.length()).isEqualTo(2);
  }
}
