package dev.ponder.search.mcts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * With two threads, a worker that fails (a component throws, or a check of its output does) stops
 * the other at its next claim of simulations, whatever the budget, and the failure is rethrown as
 * it is, an Error included.
 */
class WorkerFailureTest {
  private final Game c4 = GameRegistry.load("connect_four");

  private static boolean poolThread() {
    return Thread.currentThread().getName().startsWith("ponder-mcts-worker");
  }

  private MctsEngine engine(Mechanism m, Knowledge k) {
    // a budget far beyond what the test runs: without the stop the other worker would play it out
    return new MctsEngine(c4, m, k, MctsConfig.ofSimulations(5_000_000).withThreads(2), 3L);
  }

  @Test
  void aCheckFailingInAPoolWorkerStopsTheCallingThreadsWorker() {
    AtomicBoolean failed = new AtomicBoolean();
    AtomicLong callerAfter = new AtomicLong();
    ValueEstimator v = (s, out, ctx) -> {
      if (poolThread()) {
        failed.set(true);
        out[0] = Double.NaN; // refused by the engine's check
        out[1] = 0;
        return;
      }
      if (failed.get()) {
        callerAfter.incrementAndGet();
      }
      RandomRollout.INSTANCE.evaluate(s, out, ctx);
    };
    try (MctsEngine e = engine(Mechanisms.uct(0.25), new Knowledge(PriorPolicy.UNIFORM, v, ResampleHistory.IDENTITY))) {
      assertThatThrownBy(() -> e.search(c4.newInitialState()))
          .isInstanceOf(IllegalStateException.class).hasMessageContaining("wrote [NaN, 0.0]");
    }
    // the calling thread's worker stopped within a batch or so of the failure, not after millions
    assertThat(callerAfter.get()).isLessThan(10_000);
  }

  @Test
  void anErrorInTheCallingThreadStopsThePoolWorkerAndIsRethrownAsItIs() {
    AtomicBoolean thrown = new AtomicBoolean();
    AtomicLong poolAfter = new AtomicLong();
    Ucb1 ucb = new Ucb1(0.25);
    TreePolicy p = (tree, node, ctx) -> {
      if (poolThread()) {
        if (thrown.get()) {
          poolAfter.incrementAndGet();
        }
      } else if (ctx.simulation() > 100) {
        thrown.set(true);
        throw new AssertionError("boom in the calling thread");
      }
      return ucb.select(tree, node, ctx);
    };
    try (MctsEngine e = engine(Mechanisms.uct(0.25).withTreePolicy(p), Knowledge.reference(c4))) {
      assertThatThrownBy(() -> e.search(c4.newInitialState()))
          .isInstanceOf(AssertionError.class).hasMessage("boom in the calling thread");
    }
    // the search returned only once the pool worker had stopped: nothing runs on after it
    long atReturn = poolAfter.get();
    try {
      Thread.sleep(300);
    } catch (InterruptedException x) {
      Thread.currentThread().interrupt();
    }
    assertThat(poolAfter.get()).isEqualTo(atReturn).isLessThan(100_000);
  }

  @Test
  void anErrorInAPoolWorkerIsRethrownUnwrapped() {
    TreePolicy p = (tree, node, ctx) -> {
      if (poolThread()) {
        throw new StackOverflowError("deep in a pool worker");
      }
      return new Ucb1(0.25).select(tree, node, ctx);
    };
    try (MctsEngine e = engine(Mechanisms.uct(0.25).withTreePolicy(p), Knowledge.reference(c4))) {
      assertThatThrownBy(() -> e.search(c4.newInitialState()))
          .isInstanceOf(StackOverflowError.class).hasMessage("deep in a pool worker");
    }
  }
}
