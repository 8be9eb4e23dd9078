package dev.ponder.games.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.RandomPlayout;
import dev.ponder.game.State;
import java.lang.management.ManagementFactory;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Random rollouts allocate nothing per move: after a warm-up, the bytes the playing thread
 * allocates over further {@link RandomPlayout} runs (copyFrom, legal actions or chance outcomes
 * into reused buffers, unchecked apply) stay below 0.05 bytes per move for every game.
 * A single object allocated per move (16 bytes at least) would fail it, and so would one object of
 * 16 bytes every 320 moves (backgammon's legal-action sort, which allocated a work array for some
 * rolls with 44 or more legal actions: 0.15 bytes per move).
 */
class RolloutAllocationTest {

  @ParameterizedTest
  @ValueSource(strings = {"tic_tac_toe", "connect_four", "pig", "kuhn_poker", "leduc_poker", "breakthrough", "hex",
      "othello", "clobber", "nim", "mancala", "gomoku", "dots_and_boxes", "amazons", "backgammon", "2048", "liars_dice",
      "phantom_ttt", "dark_hex",
      "goofspiel", "turn_based_simultaneous_game(game=goofspiel(imp_info=True,num_cards=4,points_order=descending))",
      "hearts"})
  void steadyStateRolloutsAllocateNothingPerMove(String spec) {
    com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long tid = Thread.currentThread().getId();
    Game game = GameRegistry.load(spec);
    State root = game.newInitialState();
    RandomPlayout runner = new RandomPlayout(game);
    SplittableRandom rng = new SplittableRandom(17);
    long warm = 0;
    while (warm < 100_000) {
      warm += runner.run(root, rng);
    }
    long moves = 0;
    long before = mx.getThreadAllocatedBytes(tid);
    while (moves < 100_000) {
      moves += runner.run(root, rng);
    }
    double perMove = (mx.getThreadAllocatedBytes(tid) - before) / (double) moves;
    assertThat(perMove).as("%s: bytes allocated per move over %d moves", spec, moves).isLessThan(0.05);
  }
}
