package dev.ponder.search.bench;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.search.mcts.Knowledge;
import dev.ponder.search.mcts.MctsConfig;
import dev.ponder.search.mcts.MctsEngine;
import dev.ponder.search.mcts.Mechanisms;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * JMH benchmark of one MCTS simulation ({@code uct}, c = 0.25, one random rollout, one thread)
 * from the initial position: selection, expansion, rollout and backup through
 * {@link MctsEngine#runSimulations(int)}. The tree is cleared every {@value #RESET} simulations
 * (its arrays are kept), so in steady state nothing grows; run with {@code -prof gc} to check
 * that a simulation allocates nothing ({@code gc.alloc.rate.norm}). Not run by the tests; see
 * docs/bench/search.md for the command.
 */
@org.openjdk.jmh.annotations.State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class SimulationBenchmark {
  static final int RESET = 20_000;

  @Param({"tic_tac_toe", "connect_four"})
  public String game;

  @Param({"tree", "transpositions"})
  public String keying;

  private MctsEngine engine;
  private State root;
  private int done;

  @Setup
  public void setUp() {
    Game g = GameRegistry.load(game);
    MctsConfig cfg = MctsConfig.ofSimulations(1)
        .withKeying(MctsConfig.Keying.valueOf(keying.toUpperCase(java.util.Locale.ROOT)));
    engine = new MctsEngine(g, Mechanisms.uct(0.25), Knowledge.reference(g), cfg, 42);
    root = g.newInitialState();
    engine.search(root);
  }

  /** One simulation; returns the tree size (consumed by JMH). */
  @Benchmark
  public int simulation() {
    if (++done == RESET) {
      done = 0;
      engine.search(root);
    }
    engine.runSimulations(1);
    return engine.tree().size();
  }

  @TearDown
  public void tearDown() {
    engine.close();
  }
}
