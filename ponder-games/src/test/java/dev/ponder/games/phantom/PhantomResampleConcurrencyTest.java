package dev.ponder.games.phantom;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The completion counts a phantom-game state caches for {@link State#resampleInto} are shared by
 * the search workers that resample the same root. Several threads released together by a latch
 * resample a root whose counts do not exist yet (so several build them at once and publish them
 * while others already read them); each thread's draws must be exactly the draws a single thread
 * makes from the same seeds on an identical state. The draws of a seed do not depend on whose
 * counts a thread uses, so any difference means counts were read half-built or changed while
 * shared (which the counts' seal also reports as an exception).
 */
class PhantomResampleConcurrencyTest {
  private static final int THREADS = 4;
  private static final int DRAWS = 12;
  private static final String[] GAMES = {
    "phantom_ttt", "phantom_ttt(obstype=reveal-numturns)", "phantom_ttt(gameversion=abrupt)",
    "dark_hex", "dark_hex(gameversion=adh,obstype=reveal-numturns)",
  };

  private static ExecutorService pool;

  @BeforeAll
  static void startPool() {
    pool = Executors.newFixedThreadPool(THREADS);
  }

  @AfterAll
  static void stopPool() throws InterruptedException {
    pool.shutdownNow();
    assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
  }

  /** Histories of non-terminal states along seeded random playouts, a few moves in. */
  private static List<int[]> roots(Game g, int games, long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    List<int[]> out = new ArrayList<>();
    for (int i = 0; i < games; i++) {
      State s = g.newInitialState();
      while (!s.isTerminal()) {
        if (s.historySize() >= 3) {
          out.add(s.history());
        }
        int[] legal = s.legalActions();
        s.applyAction(legal[rng.nextInt(legal.length)]);
      }
    }
    return out;
  }

  /** The seed of thread {@code thread}'s generator for root {@code r} and {@code player}. */
  private static long seed(int r, int player, int thread) {
    return 1_000_003L * r + 1009L * player + thread;
  }

  /** {@link #DRAWS} resamples of {@code player}'s world into one reused target, as histories. */
  private static String draws(State root, int player, long seed) {
    State target = root.game().newInitialState();
    SplittableRandom rng = new SplittableRandom(seed);
    StringBuilder sb = new StringBuilder();
    for (int d = 0; d < DRAWS; d++) {
      root.resampleInto(player, rng, target);
      sb.append(Arrays.toString(target.history())).append('\n');
    }
    return sb.toString();
  }

  /** Each thread's draws from a shared root whose counts nobody has built yet. */
  private static String[] concurrentDraws(State root, int r, int player) throws Exception {
    CountDownLatch ready = new CountDownLatch(THREADS);
    CountDownLatch go = new CountDownLatch(1);
    List<Future<String>> futures = new ArrayList<>();
    for (int i = 0; i < THREADS; i++) {
      int thread = i;
      futures.add(pool.submit(() -> {
        ready.countDown();
        go.await();
        return draws(root, player, seed(r, player, thread));
      }));
    }
    assertThat(ready.await(10, TimeUnit.SECONDS)).isTrue();
    go.countDown();
    String[] out = new String[THREADS];
    for (int i = 0; i < THREADS; i++) {
      out[i] = futures.get(i).get(10, TimeUnit.SECONDS);
    }
    return out;
  }

  @Test
  void concurrentFirstUseOfASharedRootDrawsWhatOneThreadDraws() throws Exception {
    int compared = 0;
    for (String spec : GAMES) {
      Game g = GameRegistry.load(spec);
      List<int[]> roots = roots(g, 4, 17);
      for (int r = 0; r < roots.size(); r++) {
        for (int p = 0; p < 2; p++) {
          // the reference: one thread, its own copy of the position on a separately loaded game
          State alone = GameRegistry.load(spec).stateFromHistory(roots.get(r));
          String[] expected = new String[THREADS];
          for (int i = 0; i < THREADS; i++) {
            expected[i] = draws(alone, p, seed(r, p, i));
          }
          State shared = g.stateFromHistory(roots.get(r));
          String[] got = concurrentDraws(shared, r, p);
          for (int i = 0; i < THREADS; i++) {
            assertThat(got[i]).as("%s %s player %d thread %d", spec, Arrays.toString(roots.get(r)), p, i)
                .isEqualTo(expected[i]);
          }
          compared++;
        }
      }
    }
    assertThat(compared).isGreaterThan(60);
  }

  /**
   * Threads that each load the game and rebuild the position themselves, at the same time, draw
   * what one thread draws: nothing the games share (game objects, static tables) is written
   * while resampling.
   */
  @Test
  void concurrentResamplingOfFreshInstancesDrawsWhatOneThreadDraws() throws Exception {
    for (String spec : GAMES) {
      List<int[]> roots = roots(GameRegistry.load(spec), 2, 23);
      int[] history = roots.get(roots.size() / 2);
      String[] expected = new String[THREADS];
      for (int i = 0; i < THREADS; i++) {
        expected[i] = draws(GameRegistry.load(spec).stateFromHistory(history), i % 2, seed(0, i % 2, i));
      }
      CountDownLatch go = new CountDownLatch(1);
      List<Future<String>> futures = new ArrayList<>();
      for (int i = 0; i < THREADS; i++) {
        int thread = i;
        futures.add(pool.submit(() -> {
          go.await();
          State mine = GameRegistry.load(spec).stateFromHistory(history);
          return draws(mine, thread % 2, seed(0, thread % 2, thread));
        }));
      }
      go.countDown();
      for (int i = 0; i < THREADS; i++) {
        assertThat(futures.get(i).get(10, TimeUnit.SECONDS)).as("%s thread %d", spec, i).isEqualTo(expected[i]);
      }
    }
  }
}
