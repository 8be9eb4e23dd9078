package dev.ponder.search.mcts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.search.SearchResult;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * An interrupted parallel search returns only when every worker has stopped: until then the
 * engine stays claimed (a second search is refused), and the next search runs its own budget alone.
 */
class InterruptedSearchTest {
  private final Game c4 = GameRegistry.load("connect_four");

  private State c4(int... moves) {
    State s = c4.newInitialState();
    for (int m : moves) {
      s.applyAction(m);
    }
    return s;
  }

  @Test
  void anInterruptedSearchWaitsForItsPoolWorkerBeforeItReturns() throws Exception {
    CountDownLatch inside = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    // the pool worker is held inside its first evaluation until released; the calling thread's
    // worker waits at its first evaluation until then, so that both run simulations of the search
    ValueEstimator holding = (s, out, ctx) -> {
      boolean pool = Thread.currentThread().getName().startsWith("ponder-mcts-worker");
      if (!pool && ctx.simulation() == 0) {
        try {
          inside.await(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      if (pool && inside.getCount() > 0) {
        inside.countDown();
        while (release.getCount() > 0) {
          try {
            release.await(60, TimeUnit.SECONDS);
          } catch (InterruptedException e) {
            // held on purpose, whatever interrupts it
          }
        }
      }
      RandomRollout.INSTANCE.evaluate(s, out, ctx);
    };
    MctsAgent a = MctsAgent.create("uct(sims=200,threads=2,reuse=true)", c4, 1)
        .withKnowledge(new Knowledge(PriorPolicy.UNIFORM, holding, ResampleHistory.IDENTITY));
    AtomicReference<Throwable> failure = new AtomicReference<>();
    AtomicBoolean interruptStatus = new AtomicBoolean();
    Thread searcher = new Thread(() -> {
      try {
        a.search(c4(3));
      } catch (Throwable x) {
        failure.set(x);
      }
      interruptStatus.set(Thread.currentThread().isInterrupted());
    });
    searcher.start();
    assertThat(inside.await(60, TimeUnit.SECONDS)).isTrue();
    searcher.interrupt();
    // the calling thread's worker finishes the 200 simulations in milliseconds; before the fix the
    // search then returned at once, with the pool worker still inside a simulation
    try {
      searcher.join(1000);
      assertThat(searcher.isAlive()).as("the search waits for its held pool worker").isTrue();
      assertThatThrownBy(() -> a.search(c4(3, 3))).isInstanceOf(IllegalStateException.class)
          .hasMessageStartingWith("search called while another search of this MCTS agent runs");
    } finally {
      release.countDown();
    }
    searcher.join(60_000);
    assertThat(searcher.isAlive()).isFalse();
    assertThat(failure.get()).isInstanceOf(IllegalStateException.class).hasMessage("search interrupted");
    assertThat(interruptStatus.get()).as("the interrupt status is kept").isTrue();

    SearchResult r = a.search(c4(3, 3));
    long sum = 0;
    for (int v : r.visits()) {
      sum += v;
    }
    assertThat(r.reusedVisits()).isZero();
    assertThat(r.simulations()).isEqualTo(200);
    assertThat(sum).isEqualTo(200);
    a.close();
  }
  /**
   * An interrupt of the calling thread stops a parallel search at the next claim of a batch, not
   * at the end of its simulation budget: 50 million simulations would take minutes.
   */
  @Test
  void anInterruptStopsAParallelSearchEarly() throws Exception {
    MctsAgent a = MctsAgent.create("uct(sims=50000000,threads=2)", c4, 1);
    Thread interrupter = interrupterOfThisThread();
    long t0 = System.nanoTime();
    interrupter.start();
    try {
      assertThatThrownBy(() -> a.search(c4())).isInstanceOf(IllegalStateException.class).hasMessage("search interrupted");
      assertThat(Thread.interrupted()).as("the interrupt is kept (and cleared here)").isTrue();
    } finally {
      interrupter.join();
      Thread.interrupted();
    }
    assertThat((System.nanoTime() - t0) / 1e9).as("seconds until the search returned").isLessThan(20.0);
    // the engine is free again: close (refused during a search) goes through
    a.close();
  }

  /**
   * A one-thread search stops at an interrupt too, within {@value MctsEngine#INTERRUPT_CHECK}
   * simulations, with a simulation budget (50 million: minutes) or a time budget (60 s). Before,
   * it ran its budget out and returned normally.
   */
  @Test
  void anInterruptStopsAOneThreadSearchEarly() throws Exception {
    for (String spec : new String[] {"uct(sims=50000000)", "uct(sims=0,time_ms=60000)"}) {
      MctsAgent a = MctsAgent.create(spec, c4, 1);
      Thread interrupter = interrupterOfThisThread();
      long t0 = System.nanoTime();
      interrupter.start();
      try {
        assertThatThrownBy(() -> a.search(c4())).as(spec).isInstanceOf(IllegalStateException.class)
            .hasMessage("search interrupted");
        assertThat(Thread.interrupted()).as("the interrupt is kept (and cleared here)").isTrue();
      } finally {
        interrupter.join();
        Thread.interrupted();
      }
      assertThat((System.nanoTime() - t0) / 1e9).as(spec + ": seconds until the search returned").isLessThan(20.0);
      // the interrupted search's tree was emptied: nothing to continue
      assertThatThrownBy(() -> a.engine().runSimulations(1)).isInstanceOf(IllegalStateException.class)
          .hasMessageStartingWith("runSimulations cannot continue the last search: it failed");
      a.close();
    }
  }

  /**
   * A search called from an interrupted thread stops before its first simulation, at one thread as
   * at two: the calling thread evaluates no leaf (the pool worker of a two-thread search may run
   * some before it sees the stop), and with reuse on, the next search of the same position finds
   * nothing kept from the failed one.
   */
  @Test
  void aSearchFromAnInterruptedThreadStopsAtOnce() {
    for (String spec : new String[] {"uct(sims=1000,reuse=true)", "uct(sims=1000,threads=2,reuse=true)"}) {
      java.util.concurrent.atomic.AtomicLong callerEvaluations = new java.util.concurrent.atomic.AtomicLong();
      ValueEstimator counting = (s, out, ctx) -> {
        if (!Thread.currentThread().getName().startsWith("ponder-mcts-worker")) {
          callerEvaluations.incrementAndGet();
        }
        RandomRollout.INSTANCE.evaluate(s, out, ctx);
      };
      MctsAgent a = MctsAgent.create(spec, c4, 1)
          .withKnowledge(new Knowledge(PriorPolicy.UNIFORM, counting, ResampleHistory.IDENTITY));
      // repeated: with two threads the other worker sometimes ends before the caller waits for it,
      // and a finished worker's result is returned without a look at the interrupt
      for (int rep = 0; rep < 2000; rep++) {
        Thread.currentThread().interrupt();
        try {
          assertThatThrownBy(() -> a.search(c4())).as(spec + ", repetition " + rep).isInstanceOf(IllegalStateException.class)
              .hasMessage("search interrupted");
          assertThat(Thread.interrupted()).as("the interrupt is kept (and cleared here)").isTrue();
        } finally {
          Thread.interrupted();
        }
      }
      assertThat(callerEvaluations.get()).as(spec + ": leaves evaluated on the calling thread").isZero();
      // the engine is usable again, and the failed search left nothing to reuse
      SearchResult r = a.search(c4());
      assertThat(r.simulations()).isEqualTo(1000);
      assertThat(r.reusedVisits()).isZero();
      if (!spec.contains("threads=2")) { // with two, the pool worker may run every simulation
        assertThat(callerEvaluations.get()).as(spec + ": the next search evaluates on the calling thread").isPositive();
      }
      // with reuse on, the kept subtree is found: the check above could fail
      SearchResult again = a.search(c4());
      assertThat(again.reusedVisits()).as(spec).isPositive();
      a.close();
    }
  }

  /** A thread, not yet started, that interrupts the calling thread 200 ms after it starts. */
  private static Thread interrupterOfThisThread() {
    Thread caller = Thread.currentThread();
    return new Thread(() -> {
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        return;
      }
      caller.interrupt();
    });
  }
}
