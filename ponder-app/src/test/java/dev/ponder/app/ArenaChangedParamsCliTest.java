package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.agent.AgentRegistry;
import dev.ponder.search.mcts.MctsAgentFactory;
import dev.ponder.search.mcts.Mechanisms;
import dev.ponder.spec.ParamSpec;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ponder arena} refuses to extend (or resume) a stored tournament when an agent's resolved
 * parameters changed since: exit 2, one line naming the agent and the key, suggesting a new
 * {@code --db} or another agent name.
 */
class ArenaChangedParamsCliTest {
  @TempDir Path dir;

  /** {@code drift_cli(c)}: UCT whose default c is the constructor's. */
  static final class DriftCli extends MctsAgentFactory {
    DriftCli(double c) {
      super("drift_cli", "test: UCT with a default c that changes", List.of(ParamSpec.ofDouble("c", c, 0, 10, "c")),
          p -> Mechanisms.uct(p.getDouble("c")));
    }
  }

  private Cli arena(Path db, int seeds) {
    return Cli.run("arena", "--games", "tic_tac_toe", "--agents", "drift_cli,random", "--budget", "sims=8",
        "--seeds-per-pairing", Integer.toString(seeds), "--seed", "2", "--db", db.toString(), "--report",
        dir.resolve("r" + seeds).toString(), "--no-progress", "--resamples", "100", "--elo-resamples", "50");
  }

  /** {@code drift_cli} whose one key is now named {@code d}: the stored {@code c} is a key it no longer declares. */
  static final class RenamedCli extends MctsAgentFactory {
    RenamedCli() {
      super("drift_cli", "test: UCT whose key was renamed", List.of(ParamSpec.ofDouble("d", 1.0, 0, 10, "c, renamed")),
          p -> Mechanisms.uct(p.getDouble("d")));
    }
  }

  @Test
  void aKeyNoLongerDeclaredGetsTheAgentsRemedyNotAnInputFilesOne() {
    Path db = dir.resolve("k.db");
    try {
      AgentRegistry.register(new DriftCli(1.0));
      assertThat(arena(db, 2).exit).isZero();
      AgentRegistry.register(new RenamedCli());
      Cli renamed = arena(db, 3);
      assertThat(renamed.exit).as(renamed.err).isEqualTo(2);
      assertThat(renamed.err.strip()).contains("was stored with c=1.0, a key it no longer declares")
          .endsWith("; to play it as it is now, give a new --db or register the agent under another name (the stored"
              + " matches keep the old c)");
    } finally {
      AgentRegistry.register(new DriftCli(1.0));
    }
  }

  @Test
  void extendingWithChangedDefaultsIsRefusedInOneLine() {
    Path db = dir.resolve("c.db");
    try {
      AgentRegistry.register(new DriftCli(1.0));
      Cli first = arena(db, 2);
      assertThat(first.exit).as(first.err).isZero();
      AgentRegistry.register(new DriftCli(2.0));
      Cli changed = arena(db, 3);
      assertThat(changed.exit).as(changed.err).isEqualTo(2);
      assertThat(changed.err.strip()).isEqualTo("ponder: agent drift_cli(sims=8) of tournament 1 was stored with c=1.0"
          + " but now resolves c=2.0: its code, defaults or input files changed since those matches were played; to play it as it is"
          + " now, give a new --db or register the agent under another name (the stored matches keep the old c)");
      assertThat(dir.resolve("r3")).doesNotExist();
      AgentRegistry.register(new DriftCli(1.0));
      Cli back = arena(db, 3);
      assertThat(back.exit).as(back.err).isZero();
      assertThat(back.err).contains("arena: extending tournament 1 from 2 to 3 seeds per pairing");
    } finally {
      AgentRegistry.register(new DriftCli(1.0));
    }
  }
}
