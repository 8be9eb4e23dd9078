package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.agent.Agent;
import dev.ponder.agent.AgentFactory;
import dev.ponder.agent.AgentRegistry;
import dev.ponder.game.Game;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stored tournament is not continued (resumed or extended) when one of its agents now resolves
 * to other parameters than those stored with it ({@code agents.params}): the agent's code or
 * defaults changed, and new matches would be mixed with the old under one name.
 */
class ChangedAgentParamsTest {
  @TempDir Path dir;

  /** {@code drift_test(offset=k)}: the legal action at index k mod n; the default of k is the factory's. */
  static final class Drift implements AgentFactory {
    final int offsetDefault;
    final boolean extraKey;

    Drift(int offsetDefault, boolean extraKey) {
      this.offsetDefault = offsetDefault;
      this.extraKey = extraKey;
    }

    @Override
    public String name() {
      return "drift_test";
    }

    @Override
    public String description() {
      return "test agent whose default changes";
    }

    @Override
    public List<ParamSpec> parameters() {
      ParamSpec offset = ParamSpec.ofInt("offset", offsetDefault, "index into the legal actions");
      return extraKey ? List.of(offset, ParamSpec.ofBool("extra", false, "a key declared later")) : List.of(offset);
    }

    @Override
    public Agent create(Game game, Params params, long seed) {
      int offset = params.getInt("offset");
      int[] buf = new int[game.maxActionsPerState()];
      return state -> {
        int n = state.legalActions(buf);
        return buf[Math.floorMod(offset, n)];
      };
    }
  }

  static TournamentConfig config(int matches) {
    return new TournamentConfig(List.of("tic_tac_toe"), List.of("drift_test", "first(offset=1)"), "", matches, 3L,
        TournamentConfig.ROUND_ROBIN, "", false);
  }

  static Tournament.RunSummary run(ArenaStore s, int matches) {
    return new Tournament(config(matches)).run(s, 1, (d, t) -> Progress.none(), null, new ArrayList<String>()::add);
  }

  @Test
  void aChangedDefaultRefusesResumeAndExtensionNamingAgentAndKey() {
    Path db = dir.resolve("t.db");
    try {
      AgentRegistry.register(new Drift(0, false));
      try (ArenaStore s = ArenaStore.open(db)) {
        assertThat(run(s, 2).played()).isEqualTo(4);
      }
      AgentRegistry.register(new Drift(3, false));
      try (ArenaStore s = ArenaStore.open(db)) {
        for (int matches : new int[] {2, 4}) { // resume as is, and extend
          assertThatThrownBy(() -> run(s, matches))
              .isInstanceOf(ArenaStore.ParamsChangedException.class)
              .hasMessage("agent drift_test of tournament 1 was stored with offset=0 but now resolves offset=3:"
                  + " its code, defaults or input files changed since those matches were played")
              .satisfies(x -> assertThat(((ArenaStore.ParamsChangedException) x).key()).isEqualTo("offset"));
        }
        // nothing changed: still one tournament of 2 seeds per pairing, 4 matches
        assertThat(s.tournaments()).hasSize(1);
        assertThat(s.config(s.tournaments().get(0)).seedsPerPairing()).isEqualTo(2);
        assertThat(s.count(1)).isEqualTo(4);
      }
      // the original default, with a key declared since (its default is not compared): extends
      AgentRegistry.register(new Drift(0, true));
      try (ArenaStore s = ArenaStore.open(db)) {
        Tournament.RunSummary r = run(s, 3);
        assertThat(r.extendedFrom()).isEqualTo(2);
        assertThat(r.played()).isEqualTo(2);
      }
      // the tournament was stored before "extra" was declared: without it, it resumes
      AgentRegistry.register(new Drift(0, false));
      try (ArenaStore s = ArenaStore.open(db)) {
        assertThat(run(s, 3).played()).isZero();
      }
      // a key stored but no longer declared is a change
      Path db2 = dir.resolve("t2.db");
      AgentRegistry.register(new Drift(0, true));
      try (ArenaStore s = ArenaStore.open(db2)) {
        assertThat(run(s, 1).played()).isEqualTo(2);
      }
      AgentRegistry.register(new Drift(0, false));
      try (ArenaStore s = ArenaStore.open(db2)) {
        assertThatThrownBy(() -> run(s, 1)).isInstanceOf(ArenaStore.ParamsChangedException.class)
            .hasMessage("agent drift_test of tournament 1 was stored with extra=false, a key it no longer declares:"
                + " its code, defaults or input files changed since those matches were played");
      }
    } finally {
      AgentRegistry.register(new Drift(0, false));
    }
  }
}
