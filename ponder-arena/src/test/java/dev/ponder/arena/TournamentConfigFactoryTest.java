package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link TournamentConfig#roundRobin}, {@link TournamentConfig#againstBenchmark} and the withers. */
class TournamentConfigFactoryTest {
  private static final List<String> GAMES = List.of("tic_tac_toe", "kuhn_poker");
  private static final List<String> AGENTS = List.of("random", "uct");

  @Test
  void roundRobinHasTheCommandsDefaults() {
    TournamentConfig c = TournamentConfig.roundRobin(GAMES, AGENTS, 4);
    assertThat(c).isEqualTo(new TournamentConfig(GAMES, AGENTS, "", 4, 1L, TournamentConfig.ROUND_ROBIN, "", false,
        TournamentConfig.PERMUTATIONS));
  }

  @Test
  void withersChangeOneFieldEach() {
    TournamentConfig c = TournamentConfig.roundRobin(GAMES, AGENTS, 4)
        .withBudget("sims=50").withSeed(7L).withSelfPlay(true).withSeatOrders(TournamentConfig.ROTATIONS);
    assertThat(c).isEqualTo(new TournamentConfig(GAMES, AGENTS, "sims=50", 4, 7L, TournamentConfig.ROUND_ROBIN, "",
        true, TournamentConfig.ROTATIONS));
    assertThat(c.withSelfPlay(false).selfPlay()).isFalse();
    assertThat(c.withBudget("").budget()).isEmpty();
    assertThat(c.withSeed(-3L).seed()).isEqualTo(-3L);
  }

  @Test
  void againstBenchmarkSetsTheScheduleAndAgent() {
    TournamentConfig c = TournamentConfig.againstBenchmark(GAMES, AGENTS, "mcts", 2);
    assertThat(c.schedule()).isEqualTo(TournamentConfig.BENCHMARK);
    assertThat(c.benchmark()).isEqualTo("mcts");
    assertThat(c.allAgents()).containsExactly("random", "uct", "mcts");
    assertThat(c.seed()).isEqualTo(TournamentConfig.DEFAULT_SEED);
  }

  @Test
  void factoriesCheckWhatTheConstructorChecks() {
    assertThatThrownBy(() -> TournamentConfig.roundRobin(List.of(), AGENTS, 1))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("no games");
    assertThatThrownBy(() -> TournamentConfig.roundRobin(GAMES, AGENTS, 0))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("got 0");
    assertThatThrownBy(() -> TournamentConfig.againstBenchmark(GAMES, AGENTS, "", 1))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("benchmark agent");
    assertThatThrownBy(() -> TournamentConfig.againstBenchmark(GAMES, AGENTS, null, 1))
        .isInstanceOf(NullPointerException.class).hasMessageContaining("benchmarkAgent");
    assertThatThrownBy(() -> TournamentConfig.roundRobin(GAMES, AGENTS, 1).withBudget(null))
        .isInstanceOf(NullPointerException.class).hasMessageContaining("budget");
  }
}
