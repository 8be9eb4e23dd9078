package dev.ponder.search.mcts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.search.SearchResult;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * {@link MctsEngine#requestStop()} ends a search as if its budget had run out: the result covers
 * the simulations run, nothing is discarded, and a request applies to one search.
 */
class StopRequestTest {
  private final Game c4 = GameRegistry.load("connect_four");

  /** Rollouts that ask the engine to stop during simulation {@code at} (0-based). */
  private static MctsAgent stoppingAt(String spec, Game game, int at) {
    AtomicReference<MctsEngine> engine = new AtomicReference<>();
    ValueEstimator stopping = (s, out, ctx) -> {
      if (ctx.simulation() == at) {
        engine.get().requestStop();
      }
      RandomRollout.INSTANCE.evaluate(s, out, ctx);
    };
    MctsAgent a = MctsAgent.create(spec, game, 7)
        .withKnowledge(new Knowledge(PriorPolicy.UNIFORM, stopping, ResampleHistory.IDENTITY));
    engine.set(a.engine());
    return a;
  }

  @Test
  void oneThreadStopsAtTheNextCheckAndKeepsWhatItSearched() {
    MctsAgent a = stoppingAt("uct(sims=1000000)", c4, 500);
    SearchResult r = a.search(c4.newInitialState());
    // the request comes in simulation 500; one thread reads it before its next simulation
    assertThat(r.simulations()).isEqualTo(501);
    assertThat(r.totalVisits()).isEqualTo(501);
    assertThat(a.engine().lastSearchStopped()).isTrue();
    assertThat(r.actions()).contains(r.action());
    assertThat(r.visits()[r.indexOf(r.action())]).isPositive();
  }

  @Test
  void twoThreadsStopEveryWorkerAndRootVisitsEqualTheSimulations() {
    MctsAgent a = stoppingAt("uct(sims=100000000,threads=2)", c4, 2_000);
    SearchResult r = a.search(c4.newInitialState());
    assertThat(r.simulations()).isGreaterThan(2_000).isLessThan(1_000_000);
    assertThat(r.totalVisits()).isEqualTo(r.simulations());
  }

  @Test
  void aRequestBeforeASearchStopsThatSearchOnlyAndATimeBudgetEndsEarly() {
    MctsAgent a = MctsAgent.create("uct(time_ms=60000)", c4, 3);
    a.engine().requestStop();
    long t0 = System.nanoTime();
    SearchResult stopped = a.search(c4.newInitialState());
    assertThat((System.nanoTime() - t0) / 1e9).isLessThan(30.0);
    assertThat(stopped.simulations()).isZero();
    // the request was used up: the next search runs its budget
    MctsAgent b = MctsAgent.create("uct(sims=300)", c4, 3);
    b.engine().requestStop();
    b.search(c4.newInitialState());
    assertThat(b.engine().lastSearchStopped()).isTrue();
    SearchResult full = b.search(c4.newInitialState());
    assertThat(full.simulations()).isEqualTo(300);
    assertThat(b.engine().lastSearchStopped()).isFalse();
  }

  /** A request that comes once the budget is spent stops nothing: the search was not cut short. */
  @Test
  void aRequestAfterTheLastSimulationDoesNotMarkTheSearchStopped() {
    MctsAgent a = stoppingAt("uct(sims=200)", c4, 199);
    SearchResult r = a.search(c4.newInitialState());
    assertThat(r.simulations()).isEqualTo(200);
    assertThat(a.engine().lastSearchStopped()).isFalse();
  }
}
