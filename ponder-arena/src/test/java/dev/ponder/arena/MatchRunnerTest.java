package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import java.util.List;
import org.junit.jupiter.api.Test;

class MatchRunnerTest {

  @Test
  void aMatchIsAPureFunctionOfItsInputs() {
    MatchResult a = MatchRunner.play("tic_tac_toe", List.of("flat_mc(sims=3)", "random"), 42L);
    MatchResult b = MatchRunner.play("tic_tac_toe", List.of("flat_mc(sims=3)", "random"), 42L);
    assertThat(a.actions()).isEqualTo(b.actions());
    assertThat(a.returns()).isEqualTo(b.returns());
    assertThat(a.status()).isEqualTo(MatchResult.Status.OK);
    MatchResult c = MatchRunner.play("tic_tac_toe", List.of("random", "random"), 1L);
    MatchResult d = MatchRunner.play("tic_tac_toe", List.of("random", "random"), 2L);
    MatchResult e = MatchRunner.play("tic_tac_toe", List.of("random", "random"), 3L);
    // different seeds give different games (with overwhelming probability for three seeds)
    assertThat(c.actions().equals(d.actions()) && d.actions().equals(e.actions())).isFalse();
  }

  @Test
  void recordReplaysToTheReportedReturns() {
    MatchResult r = MatchRunner.play("tic_tac_toe", List.of("random", "flat_mc(sims=2)"), 7L);
    State s = GameRegistry.load("tic_tac_toe").stateFromHistory(r.actions());
    assertThat(s.isTerminal()).isTrue();
    assertThat(s.returns()).isEqualTo(r.returns());
    assertThat(r.length()).isEqualTo(r.actions().length);
    assertThat(r.moveMicros()).hasSize(r.actions().length); // no chance nodes in tic-tac-toe
    for (int i = 0; i < r.movePlayers().length; i++) {
      assertThat(r.movePlayers()[i]).isEqualTo(i % 2);
    }
  }

  @Test
  void deterministicAgentsPlayTheExpectedGame() {
    // first(offset=0) always takes the lowest empty cell: X 0, O 1, X 2, O 3, X 4, O 5, X 6 wins
    // on the diagonal 2-4-6.
    MatchResult r = MatchRunner.play("tic_tac_toe", List.of("first", "first"), 5L);
    assertThat(r.actions()).containsExactly(0, 1, 2, 3, 4, 5, 6);
    assertThat(r.returns()).containsExactly(1.0, -1.0);
  }

  @Test
  void throwingAgentIsRecordedAsAnErrorWithItsMessage() {
    MatchResult r = MatchRunner.play("tic_tac_toe", List.of("random", "boom"), 5L);
    assertThat(r.status()).isEqualTo(MatchResult.Status.ERROR);
    assertThat(r.message()).contains("boom at move 1");
    assertThat(r.returns()).isEmpty();
    assertThat(r.actions()).hasSize(1);
  }

  @Test
  void anAgentThatModifiesItsStateIsThatAgentsErrorAndCannotChangeTheMatch() {
    // mutator applies action 0 to the state it is given and then picks action 1: with the match's
    // own state the history would read [0, 1, ...] with both moves under seat 0
    MatchResult r = MatchRunner.play("tic_tac_toe", List.of("mutator", "first"), 5L);
    assertThat(r.status()).isEqualTo(MatchResult.Status.ERROR);
    assertThat(r.failedSeat()).isEqualTo(0);
    assertThat(r.actions()).isEmpty();
    assertThat(r.message()).isEqualTo("seat 0's agent mutator modified the state it was given in selectAction (its"
        + " history went from 0 to 1 actions); an agent must not change the state (search from a copy: State.copy)");
    // in informAction: first plays 0, the mutator 1, first 2; told of 2, the mutator applies it
    MatchResult i = MatchRunner.play("tic_tac_toe", List.of("first", "mutator(in=inform)"), 5L);
    assertThat(i.status()).isEqualTo(MatchResult.Status.ERROR);
    assertThat(i.failedSeat()).isEqualTo(1);
    assertThat(i.actions()).containsExactly(0, 1);
    assertThat(i.message()).startsWith("seat 1's agent mutator(in=inform) modified the state it was given in"
        + " informAction (its history went from 2 to 3 actions)");
  }

  @Test
  void illegalActionIsRecordedAsAnError() {
    MatchResult r = MatchRunner.play("tic_tac_toe", List.of("illegal", "random"), 5L);
    assertThat(r.status()).isEqualTo(MatchResult.Status.ERROR);
    assertThat(r.message()).contains("illegal action -7").contains("seat 0");
  }

  @Test
  void seedsAreSharedAcrossSeatOrdersAndDistinctPerSeat() {
    long s = Seeds.matchSeed(9, "tic_tac_toe", 3);
    assertThat(Seeds.matchSeed(9, "tic_tac_toe", 3)).isEqualTo(s);
    assertThat(Seeds.matchSeed(9, "tic_tac_toe", 4)).isNotEqualTo(s);
    assertThat(Seeds.matchSeed(9, "kuhn_poker", 3)).isNotEqualTo(s);
    assertThat(Seeds.agentSeed(s, 0)).isNotEqualTo(Seeds.agentSeed(s, 1));
    assertThat(Seeds.chanceSeed(s)).isNotEqualTo(Seeds.agentSeed(s, 0));
  }

  @Test
  void timeOverrunsOverTenPercentAreRecordedPerSeat() {
    // seat 0 declares time_ms=5 but sleeps 30 ms per decision; seat 1 stays within 5 ms
    MatchResult r = MatchRunner.play("tic_tac_toe", List.of("sleepy(time_ms=5,sleep_ms=30)", "sleepy(time_ms=200)"), 1L);
    assertThat(r.status()).isEqualTo(MatchResult.Status.OVERRUN);
    assertThat(r.overruns()[0]).isEqualTo(4); // X moves 0, 2, 4, 6 and wins
    assertThat(r.overruns()[1]).isZero();
    assertThat(r.hasReturns()).isTrue();
    assertThat(r.seatMicros(0)).isGreaterThanOrEqualTo(4 * 30_000L);
    // the same threshold as the status and the report's overrun line: 110% of time_ms
    assertThat(r.message()).isEqualTo("4 decision(s) over 110% of time_ms");
  }
}
