package dev.ponder.search.mcts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.search.SearchResult;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * One agent searched from two threads at once: the second search is refused with a message about
 * the agent, never a wrong result or an error blaming a component.
 */
class ConcurrentSearchTest {
  private final Game ttt = GameRegistry.load("tic_tac_toe");

  @Test
  void aSecondSearchWhileOneRunsIsRefusedAndTheFirstIsUnharmed() throws Exception {
    AtomicReference<MctsAgent> agent = new AtomicReference<>();
    AtomicReference<Throwable> second = new AtomicReference<>();
    AtomicReference<SearchResult> secondResult = new AtomicReference<>();
    State root = ttt.newInitialState();
    // the value estimator of the first search starts a search of the same agent in another thread
    // (once) and waits for it to end: the two calls overlap, deterministically
    ValueEstimator overlapping = new ValueEstimator() {
      boolean done;

      @Override
      public void evaluate(State state, double[] out, SearchContext ctx) {
        if (!done) {
          done = true;
          Thread t = new Thread(() -> {
            try {
              secondResult.set(agent.get().search(root.copy()));
            } catch (Throwable e) {
              second.set(e);
            }
          });
          t.start();
          try {
            t.join();
          } catch (InterruptedException e) {
            throw new IllegalStateException(e);
          }
        }
        RandomRollout.INSTANCE.evaluate(state, out, ctx);
      }
    };
    MctsAgent a = MctsAgent.create("uct(sims=200)", ttt, 7)
        .withKnowledge(new Knowledge(PriorPolicy.UNIFORM, overlapping, ResampleHistory.IDENTITY));
    agent.set(a);
    SearchResult first = a.search(root);
    assertThat(secondResult.get()).isNull();
    assertThat(second.get()).isInstanceOf(IllegalStateException.class)
        .hasMessage("search called while another search of this MCTS agent runs: an agent (and its MctsEngine)"
            + " searches one position at a time; use threads=T for a parallel search of one position, or one agent"
            + " per thread");
    // the first search ran to its budget, its counts consistent
    assertThat(first.simulations()).isEqualTo(200);
    long sum = 0;
    for (long v : first.visits()) {
      sum += v;
    }
    assertThat(sum).isEqualTo(200);
    // the flag is released: the agent searches again, and runSimulations continues it
    assertThat(a.search(root).simulations()).isEqualTo(200);
    a.engine().runSimulations(3);
    a.close();
  }
}
