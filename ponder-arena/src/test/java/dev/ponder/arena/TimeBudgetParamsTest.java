package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.spec.SpecException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An MCTS agent given only {@code time_ms} applies no simulation cap (its search runs for the time
 * alone), so its resolved parameters say {@code sims=0}: it differs from the same agent with
 * {@code sims} written out (which stops at that many simulations), and its stored parameters hold
 * no cap it never applied.
 */
class TimeBudgetParamsTest {
  @TempDir Path dir;

  @Test
  void aTimeOnlyAgentIsNotTheSameAsOneWithASimulationCap() {
    assertThat(AgentKey.of("uct(time_ms=5)")).isNotEqualTo(AgentKey.of("uct(time_ms=5,sims=1000)"));
    assertThat(AgentKey.firstDuplicate(List.of("uct(time_ms=5)", "uct(time_ms=5,sims=1000)"))).isEmpty();
    new Tournament(new TournamentConfig(List.of("tic_tac_toe"), List.of("uct(time_ms=5)", "uct(time_ms=5,sims=1000)"),
        "", 1, 1, TournamentConfig.ROUND_ROBIN, "", false));
    // sims=0 is "no cap": written out, it is the same agent as leaving it out
    assertThat(AgentKey.of("uct(time_ms=5)")).isEqualTo(AgentKey.of("uct(sims=0,time_ms=5)"));
    assertThatThrownBy(() -> new Tournament(new TournamentConfig(List.of("tic_tac_toe"),
        List.of("uct(time_ms=5)", "uct(sims=0,time_ms=5)"), "", 1, 1, TournamentConfig.ROUND_ROBIN, "", false)))
        .isInstanceOf(SpecException.class).hasMessageStartingWith("--agents lists the same agent twice");
    // a time budget from --budget: the same rule
    assertThat(AgentKey.of(Budget.apply("uct", Budget.parse("time_ms=5")))).isEqualTo(AgentKey.of("uct(time_ms=5)"));
    // a simulation budget alone keeps its default cap
    assertThat(AgentKey.of("uct")).isEqualTo(AgentKey.of("uct(sims=1000)"));
  }

  @Test
  void storedParametersSayWhatTheSearchApplies() {
    assertThat(ArenaStore.storedParams("uct(time_ms=5,c=1)")).containsEntry("sims", 0).containsEntry("time_ms", 5);
    assertThat(ArenaStore.storedParams("uct(time_ms=5,sims=300)")).containsEntry("sims", 300);
    assertThat(ArenaStore.storedParams("puct(c_init=1.25)")).containsEntry("sims", 1000).containsEntry("time_ms", 0);
  }

  /**
   * A tournament stored by a build that kept {@code sims}'s default (1000) for a time-only agent
   * still resumes: its agent strings are the same, and so is what they played.
   */
  @Test
  void aTournamentStoredWithTheDeclaredDefaultStillResumes() throws Exception {
    Path db = dir.resolve("t.db");
    TournamentConfig c = new TournamentConfig(List.of("tic_tac_toe"), List.of("uct(time_ms=1)", "random"), "", 1, 1,
        TournamentConfig.ROUND_ROBIN, "", false);
    try (ArenaStore s = ArenaStore.open(db)) {
      assertThat(new Tournament(c).run(s, 1, (d, t) -> Progress.none(), null, new ArrayList<String>()::add).played())
          .isEqualTo(2);
      assertThat(s.agents(1).get(0).params()).contains("\"sims\":0");
    }
    try (Connection conn = DriverManager.getConnection("jdbc:sqlite:" + db); Statement st = conn.createStatement()) {
      st.executeUpdate("UPDATE agents SET params=replace(params, '\"sims\":0', '\"sims\":1000') WHERE idx=0");
    }
    try (ArenaStore s = ArenaStore.open(db)) {
      assertThat(s.agents(1).get(0).params()).contains("\"sims\":1000");
      assertThat(new Tournament(c.withSeedsPerPairing(2)).run(s, 1, (d, t) -> Progress.none(), null,
          new ArrayList<String>()::add).played()).isEqualTo(2);
    }
    // any other stored cap is a change
    try (Connection conn = DriverManager.getConnection("jdbc:sqlite:" + db); Statement st = conn.createStatement()) {
      st.executeUpdate("UPDATE agents SET params=replace(params, '\"sims\":1000', '\"sims\":7') WHERE idx=0");
    }
    try (ArenaStore s = ArenaStore.open(db)) {
      assertThatThrownBy(() -> new Tournament(c.withSeedsPerPairing(2)).run(s, 1, (d, t) -> Progress.none(), null,
          new ArrayList<String>()::add)).isInstanceOf(ArenaStore.ParamsChangedException.class);
    }
  }
}
