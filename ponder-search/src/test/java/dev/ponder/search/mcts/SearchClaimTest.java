package dev.ponder.search.mcts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.search.SearchResult;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * {@link MctsAgent#restart()}, {@link MctsEngine#reset()} and {@code close()} take the same
 * one-at-a-time claim as a search: called while a search runs they are refused and change
 * nothing, so they cannot empty the tree (or stop the workers) under it.
 */
class SearchClaimTest {
  private final Game c4 = GameRegistry.load("connect_four");

  @Test
  void restartResetAndCloseDuringASearchAreRefusedAndTheSearchIsUnharmed() throws Exception {
    refusedDuringASearch(1);
    refusedDuringASearch(2);
  }

  private void refusedDuringASearch(int threads) throws Exception {
    CountDownLatch inside = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    // the first evaluation from simulation 1000 on waits until released: the search is running
    // meanwhile (not simulation 1000 exactly: it may end at a terminal and call no estimator)
    ValueEstimator holding = (s, out, ctx) -> {
      if (ctx.simulation() >= 1000 && inside.getCount() > 0) {
        inside.countDown();
        try {
          release.await(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          throw new IllegalStateException(e);
        }
      }
      RandomRollout.INSTANCE.evaluate(s, out, ctx);
    };
    MctsAgent a = MctsAgent.create("uct(sims=2000,threads=" + threads + ")", c4, 1)
        .withKnowledge(new Knowledge(PriorPolicy.UNIFORM, holding, ResampleHistory.IDENTITY));
    AtomicReference<SearchResult> result = new AtomicReference<>();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    State root = c4.newInitialState();
    Thread searcher = new Thread(() -> {
      try {
        result.set(a.search(root));
      } catch (Throwable x) {
        failure.set(x);
      }
    });
    searcher.start();
    assertThat(inside.await(60, TimeUnit.SECONDS)).isTrue();
    MctsEngine engine = a.engine();
    try {
      assertThatThrownBy(a::restart).isInstanceOf(IllegalStateException.class)
          .hasMessageStartingWith("reset called while a search of this MCTS agent runs");
      assertThatThrownBy(engine::reset).isInstanceOf(IllegalStateException.class)
          .hasMessageStartingWith("reset called while a search of this MCTS agent runs");
      assertThatThrownBy(a::close).isInstanceOf(IllegalStateException.class)
          .hasMessageStartingWith("close called while a search of this MCTS agent runs");
    } finally {
      release.countDown();
    }
    searcher.join(60_000);
    assertThat(failure.get()).isNull();
    SearchResult r = result.get();
    long sum = 0;
    for (int v : r.visits()) {
      sum += v;
    }
    assertThat(r.simulations()).as("threads=" + threads).isEqualTo(2000);
    assertThat(sum).as("the tree was not emptied under the search").isEqualTo(2000);
    assertThat(a.lastResult()).as("the refused restart forgot nothing").isSameAs(r);
    assertThat(a.engine()).isSameAs(engine);
    // after the search, restart and close are accepted
    a.restart();
    assertThat(a.lastResult()).isNull();
    a.close();
  }
}
