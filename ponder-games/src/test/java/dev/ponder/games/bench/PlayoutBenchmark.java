package dev.ponder.games.bench;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.RandomPlayout;
import java.util.SplittableRandom;
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
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * JMH benchmark of the random-playout hot loop ({@link RandomPlayout}: copyFrom the initial
 * state, then legal actions into a buffer / chance outcomes, uniform choice, unchecked apply)
 * for each game. Not run by the tests; see docs/foundation.md for the command.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class PlayoutBenchmark {
  @Param({"tic_tac_toe", "connect_four", "pig", "breakthrough", "hex", "othello", "clobber", "nim",
      "mancala", "gomoku", "dots_and_boxes", "amazons", "backgammon", "2048", "liars_dice",
      "phantom_ttt", "dark_hex", "goofspiel", "hearts"})
  public String game;

  private RandomPlayout runner;
  private dev.ponder.game.State root;
  private SplittableRandom rng;

  @Setup
  public void setUp() {
    Game g = GameRegistry.load(game);
    runner = new RandomPlayout(g);
    root = g.newInitialState();
    rng = new SplittableRandom(42);
  }

  /** One random playout from the initial state; returns its length (consumed by JMH). */
  @Benchmark
  public int playout() {
    return runner.run(root, rng);
  }
}
