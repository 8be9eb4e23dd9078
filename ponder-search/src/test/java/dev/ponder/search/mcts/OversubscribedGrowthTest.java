package dev.ponder.search.mcts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.State;
import org.junit.jupiter.api.Test;

/**
 * A growth of a shared tree waits for every worker inside a simulation; with more workers than
 * cores such a worker may be descheduled for long. The wait ends at the search's deadline.
 */
class OversubscribedGrowthTest {

  @Test
  void aGrowthWaitingForAWorkerGivesUpAtTheDeadline() {
    Tree t = new Tree(2, 0, true, false, 16);
    t.newRoot(0, 0L);
    // worker 0 is inside a simulation and does not come back (as if descheduled)
    assertThat(t.beginSimulation(0, 0, 0L)).isTrue();
    long start = System.nanoTime();
    long deadline = start + 50_000_000L;
    int capacity = t.capacity();
    // worker 1 needs room: the growth must wait for worker 0, and stops waiting at the deadline
    assertThat(t.beginSimulation(1, 1000, deadline)).isFalse();
    long waited = System.nanoTime() - start;
    assertThat(waited).isGreaterThanOrEqualTo(50_000_000L).isLessThan(5_000_000_000L);
    assertThat(t.capacity()).isEqualTo(capacity);
    // the abandoned growth left no flag raised: worker 0 goes on at once
    assertThat(t.beginSimulation(0, 0, 0L)).isTrue();
    t.endSimulation(0);
    // with worker 0 out, the growth happens
    assertThat(t.beginSimulation(1, 1000, 0L)).isTrue();
    assertThat(t.capacity()).isGreaterThanOrEqualTo(1000 + t.size());
    t.endSimulation(1);
  }

  @Test
  void aTimedSearchWithManyThreadsEndsNearItsDeadline() {
    dev.ponder.game.Game hex = dev.ponder.game.GameRegistry.load("hex(board_size=5)");
    try (MctsAgent a = MctsAgent.create("uct(time_ms=100,threads=16)", hex, 1)) {
      for (int i = 0; i < 3; i++) {
        dev.ponder.search.SearchResult r = a.search(hex.newInitialState());
        assertThat(r.totalVisits()).isEqualTo(r.simulations());
        // generous on a shared machine: the wait for growths no longer multiplies with the threads
        assertThat(r.elapsedMs()).isLessThan(2000.0);
      }
    }
  }

  /**
   * With more threads than cores at most as many workers as cores run at once, taking turns: the
   * budget is still run exactly, the root's visits are the simulations, for an additive backup
   * with private statistics and for a solver (locked, overwriting updates).
   */
  @Test
  void moreThreadsThanCoresRunTheWholeBudget() {
    int threads = Math.min(MctsConfig.MAX_THREADS, Runtime.getRuntime().availableProcessors() + 3);
    dev.ponder.game.Game c4 = dev.ponder.game.GameRegistry.load("connect_four");
    for (String spec : new String[] {"uct(sims=6000,threads=" + threads + ")",
        "mcts_solver(sims=3000,threads=" + threads + ")"}) {
      try (MctsAgent a = MctsAgent.create(spec, c4, 1)) {
        for (int i = 0; i < 2; i++) {
          dev.ponder.search.SearchResult r = a.search(c4.newInitialState());
          assertThat(r.simulations()).as(spec).isEqualTo(spec.startsWith("uct") ? 6000 : 3000);
          assertThat(r.totalVisits()).as(spec).isEqualTo(r.simulations());
        }
      }
    }
  }

  /**
   * With more threads than cores, no more workers than cores are inside a simulation at once
   * (the others wait parked for a permit): counted by a value estimator that sleeps 1 ms.
   */
  @Test
  void noMoreWorkersThanCoresSimulateAtOnce() {
    int cores = Runtime.getRuntime().availableProcessors();
    org.junit.jupiter.api.Assumptions.assumeTrue(cores + 3 <= MctsConfig.MAX_THREADS);
    dev.ponder.game.Game ttt = dev.ponder.game.GameRegistry.load("tic_tac_toe");
    java.util.concurrent.atomic.AtomicInteger inside = new java.util.concurrent.atomic.AtomicInteger();
    java.util.concurrent.atomic.AtomicInteger most = new java.util.concurrent.atomic.AtomicInteger();
    Knowledge ref = Knowledge.reference(ttt);
    ValueEstimator slow = (state, out, ctx) -> {
      most.accumulateAndGet(inside.incrementAndGet(), Math::max);
      try {
        Thread.sleep(1);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      ref.value().evaluate(state, out, ctx);
      inside.decrementAndGet();
    };
    MctsConfig config = MctsConfig.ofSimulations(200).withThreads(cores + 3);
    try (MctsAgent a = new MctsAgent(ttt, Mechanisms.uct(0.25), new Knowledge(ref.prior(), slow, ref.resample()),
        config, 1)) {
      dev.ponder.search.SearchResult r = a.search(ttt.newInitialState());
      assertThat(r.totalVisits()).isEqualTo(200);
    }
    assertThat(most.get()).isBetween(1, cores);
  }

  /**
   * Each worker's private statistics follow the entries in use, grown by the worker itself, not
   * the tree's capacity: a search with many workers in a tree of large capacity starts at once
   * (no worker's counters are allocated for the whole capacity first, which with 64 workers took
   * longer than a 200 ms budget on a loaded machine and left the search without a simulation),
   * and a growth of the tree copies no private counters.
   */
  @Test
  void privateStatisticsFollowTheEntriesInUseNotTheCapacity() {
    dev.ponder.game.Game c4 = dev.ponder.game.GameRegistry.load("connect_four");
    int threads = MctsConfig.MAX_THREADS;
    try (MctsAgent a = MctsAgent.create("uct(sims=2000,threads=" + threads + ")", c4, 1)) {
      Tree t = a.engine().tree();
      t.ensureFree(1 << 20); // as a tree kept from large searches
      dev.ponder.search.SearchResult r = a.search(c4.newInitialState());
      assertThat(r.simulations()).isEqualTo(2000);
      assertThat(r.totalVisits()).isEqualTo(2000); // merges lose no update, plain or atomic
      assertThat(t.capacity()).isGreaterThan(1 << 20);
      // at most one block of LOCAL_MIN per worker, or 3/2 of the entries in use from the root
      long bound = (long) threads * Math.max(Tree.LOCAL_MIN, 3L * t.size() / 2 + 2);
      assertThat(t.localEntriesAllocated()).isPositive().isLessThanOrEqualTo(bound);
    }
  }

  /**
   * Many more threads than cores, a time budget and a tree of large capacity that grows during
   * the search: every search runs simulations and ends near its deadline (the bound is generous
   * for a loaded machine). Before, the search after the tree had grown spent its budget
   * allocating every worker's private counters for the tree's capacity (about 270 MB for 64
   * workers), before any worker ran, and a growth copied all of them while every worker waited.
   */
  @Test
  void aTimedSearchWithManyThreadsInALargeTreeRunsSimulations() {
    dev.ponder.game.Game c4 = dev.ponder.game.GameRegistry.load("connect_four");
    try (MctsAgent a = MctsAgent.create("uct(time_ms=150,threads=" + MctsConfig.MAX_THREADS + ")", c4, 1)) {
      State s = c4.newInitialState();
      a.search(s); // starts the worker threads (the first search of a cold JVM is slow on a loaded machine)
      a.engine().tree().ensureFree(1 << 20); // as a tree kept from large searches
      a.engine().limitPresize(0); // the searches grow the tree while the workers run
      for (int i = 0; i < 3; i++) {
        dev.ponder.search.SearchResult r = a.search(s);
        assertThat(r.simulations()).as("search %d", i).isPositive();
        assertThat(r.totalVisits()).as("search %d", i).isEqualTo(r.simulations());
        assertThat(r.elapsedMs()).as("search %d", i).isLessThan(1000.0);
        s.applyAction(r.action());
      }
    }
  }
}
