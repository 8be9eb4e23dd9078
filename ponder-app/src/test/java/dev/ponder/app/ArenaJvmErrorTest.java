package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.agent.Agent;
import dev.ponder.agent.AgentFactory;
import dev.ponder.agent.AgentRegistry;
import dev.ponder.game.Game;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * JVM errors in arena matches: a NoClassDefFoundError (an agent's library missing from
 * PONDER_CLASSPATH) is each match's error, stored, then exit 1 with one line (it used to kill the
 * workers, print stack traces and exit 0); an OutOfMemoryError stops the run with one line and
 * exit 1, keeping what is stored, and no stack trace without --verbose.
 */
class ArenaJvmErrorTest {
  @TempDir Path dir;

  /** {@code jvm_bot(oom=B)}: throws NoClassDefFoundError, or OutOfMemoryError with oom=true, when asked to move. */
  static final class JvmBot implements AgentFactory {
    @Override
    public String name() {
      return "jvm_bot";
    }

    @Override
    public String description() {
      return "test agent: a JVM Error at its first decision";
    }

    @Override
    public List<ParamSpec> parameters() {
      return List.of(ParamSpec.ofBool("oom", false, "OutOfMemoryError instead of NoClassDefFoundError"));
    }

    @Override
    public Agent create(Game game, Params params, long seed) {
      boolean oom = params.getBool("oom");
      return state -> {
        if (oom) {
          throw new OutOfMemoryError("Java heap space");
        }
        throw new NoClassDefFoundError("com/google/common/collect/ImmutableList");
      };
    }
  }

  @BeforeAll
  static void register() {
    AgentRegistry.register(new JvmBot());
  }

  private Cli arena(String db, String agents) {
    return Cli.run("arena", "--db", dir.resolve(db).toString(), "--games", "tic_tac_toe", "--agents", agents,
        "--seeds-per-pairing", "2", "--parallel", "2", "--no-progress", "--resamples", "40", "--elo-resamples", "40",
        "--sco-resamples", "40", "--alpharank-resamples", "40");
  }

  @Test
  void aMissingLibraryIsEachMatchsErrorAndExitsOne() throws Exception {
    Cli a = arena("l.db", "jvm_bot,random");
    assertThat(a.exit).as(a.err).isEqualTo(1);
    assertThat(a.out).contains("4 matches (0 already stored, 4 played now with 4 errors)");
    assertThat(a.err.strip().lines().toList()).singleElement().asString()
        .startsWith("ponder: error: 4 of 4 matches ended in an error")
        .contains("first: tic_tac_toe, seed index 0, jvm_bot vs random: seat 0's agent jvm_bot failed in selectAction at"
            + " move 0: NoClassDefFoundError: com/google/common/collect/ImmutableList at ");
    assertThat(Files.readString(dir.resolve("l-report/matches.csv"))).contains("NoClassDefFoundError");
  }

  @Test
  void outOfMemoryStopsTheRunInOneLine() {
    Cli a = arena("m.db", "jvm_bot(oom=true),random");
    assertThat(a.exit).as(a.err).isEqualTo(1);
    assertThat(a.err.strip().lines().toList()).singleElement().asString()
        .isEqualTo("ponder: error: the JVM ran out of memory before this run stored any match (OutOfMemoryError: Java"
            + " heap space); give it more with -Xmx in PONDER_JAVA_OPTS, or make the run smaller (lower --parallel or the"
            + " agents' budgets, fewer agents or --seeds-per-pairing); " + dir.resolve("m.db") + " holds no match of this"
            + " run, so the same command, unchanged, would stop the same way");
    assertThat(a.err).doesNotContain("\tat ").doesNotContain("resume");
  }

  /** With matches stored before the error the line keeps its resume advice; with none it gives none. */
  @Test
  void theStopLineAdvisesAResumeOnlyWhenTheRunStoredSomething() {
    Path db = Path.of("p.db");
    OutOfMemoryError oom = new OutOfMemoryError("Java heap space");
    assertThat(ArenaCommand.jvmStopLine(oom, db, 12)).startsWith("the JVM ran out of memory while playing the matches")
        .endsWith("the matches finished before are stored in p.db: run the same command to resume");
    assertThat(ArenaCommand.jvmStopLine(oom, db, 0)).startsWith("the JVM ran out of memory before this run stored any match")
        .contains("-Xmx").contains("--seeds-per-pairing").doesNotContain("resume");
    assertThat(ArenaCommand.jvmStopLine(new StackOverflowError(), db, 0))
        .startsWith("the JVM failed before this run stored any match (StackOverflowError)");
  }
}
