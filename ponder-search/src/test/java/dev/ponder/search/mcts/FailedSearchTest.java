package dev.ponder.search.mcts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.search.SearchResult;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A search that fails (a component throws) leaves nothing that a later search could reuse: no
 * subtree found by the moves from an older position, no node left claimed for expansion, no virtual
 * loss left on the statistics; and {@link MctsEngine#runSimulations} refuses to continue it.
 */
class FailedSearchTest {
  private final Game c4 = GameRegistry.load("connect_four");

  private State c4(int... moves) {
    State s = c4.newInitialState();
    for (int m : moves) {
      s.applyAction(m);
    }
    return s;
  }

  /** A value estimator (random rollouts) that throws at its {@code failAt}-th call. */
  private static final class FailingEstimator implements ValueEstimator {
    final AtomicInteger calls = new AtomicInteger();
    volatile int failAt = Integer.MAX_VALUE;

    void failAtCall(int n) {
      calls.set(0);
      failAt = n;
    }

    @Override
    public void evaluate(State state, double[] out, SearchContext ctx) {
      if (calls.incrementAndGet() == failAt) {
        throw new IllegalStateException("estimator failed on purpose");
      }
      RandomRollout.INSTANCE.evaluate(state, out, ctx);
    }
  }

  private static long sum(int[] a) {
    long s = 0;
    for (int v : a) {
      s += v;
    }
    return s;
  }

  private static int[] legal(State s) {
    return s.legalActions();
  }

  @Test
  void aRetryAfterAFailedSearchOfANewPositionReusesNothing() {
    FailingEstimator v = new FailingEstimator();
    MctsAgent a = MctsAgent.create("uct(sims=4000,reuse=true)", c4, 1)
        .withKnowledge(new Knowledge(PriorPolicy.UNIFORM, v, ResampleHistory.IDENTITY));
    a.search(c4(3));
    // the second search re-roots to [3,0,2] (kept from the first search) and then fails; its tree
    // holds [3,0,2] as root while the last successful search was at [3]; before the fix the retry
    // walked the moves 0, 2 from that root and took the node of [3,0,2,0,2] (2 visits) as [3,0,2]
    v.failAtCall(3000);
    State p1 = c4(3, 0, 2);
    assertThatThrownBy(() -> a.search(p1)).hasMessage("estimator failed on purpose");
    assertThat(a.engine().tree().root()).as("the failed search's tree is emptied").isZero();
    assertThat(a.engine().tree().size()).isZero();

    v.failAtCall(Integer.MAX_VALUE);
    SearchResult retry = a.search(p1);
    assertThat(retry.reusedVisits()).isZero();
    assertThat(retry.simulations()).isEqualTo(4000);
    assertThat(sum(retry.visits())).isEqualTo(4000);
    Tree t = a.engine().tree();
    assertThat(t.visits(t.root())).isEqualTo(4000);
    assertThat(retry.actions()).containsExactly(legal(p1));

    // reuse works again from the retried position
    SearchResult next = a.search(c4(3, 0, 2, retry.action(), 0));
    assertThat(next.reusedVisits()).isPositive();
  }

  @Test
  void runSimulationsRefusesToContinueAFailedSearch() {
    FailingEstimator v = new FailingEstimator();
    MctsAgent a = MctsAgent.create("uct(sims=500)", c4, 1)
        .withKnowledge(new Knowledge(PriorPolicy.UNIFORM, v, ResampleHistory.IDENTITY));
    a.search(c4(3));
    v.failAtCall(100);
    assertThatThrownBy(() -> a.search(c4(3, 3))).hasMessage("estimator failed on purpose");
    v.failAtCall(Integer.MAX_VALUE);
    assertThatThrownBy(() -> a.engine().runSimulations(10)).isInstanceOf(IllegalStateException.class)
        .hasMessage("runSimulations cannot continue the last search: it failed, and its tree was emptied; run search"
            + " again");
    // a new search clears the refusal
    a.search(c4(3, 3));
    a.engine().runSimulations(10);
    Tree t = a.engine().tree();
    assertThat(t.visits(t.root())).isEqualTo(510);
  }

  @Test
  void aFailureInsideRunSimulationsEmptiesTheTree() {
    FailingEstimator v = new FailingEstimator();
    MctsAgent a = MctsAgent.create("uct(sims=300,reuse=true)", c4, 1)
        .withKnowledge(new Knowledge(PriorPolicy.UNIFORM, v, ResampleHistory.IDENTITY));
    a.search(c4(3));
    v.failAtCall(5);
    assertThatThrownBy(() -> a.engine().runSimulations(10)).hasMessage("estimator failed on purpose");
    assertThat(a.engine().tree().root()).isZero();
    assertThatThrownBy(() -> a.engine().runSimulations(1)).hasMessageStartingWith("runSimulations cannot continue");
    v.failAtCall(Integer.MAX_VALUE);
    assertThat(a.search(c4(3, 3)).reusedVisits()).isZero();
  }

  @Test
  void aSearchRefusedForItsArgumentKeepsTheTreeForReuse() {
    MctsAgent a = MctsAgent.create("uct(sims=500,reuse=true)", c4, 1);
    a.search(c4(3));
    State terminal = c4(0, 1, 0, 1, 0, 1, 0);
    assertThatThrownBy(() -> a.search(terminal)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("terminal");
    Tree t = a.engine().tree();
    int kept = t.visits(t.child(t.root(), 3));
    assertThat(kept).isPositive();
    assertThat(a.search(c4(3, 3)).reusedVisits()).isEqualTo(kept);
  }

  @Test
  void aKeyedRootWhosePriorThrewIsSearchedAgainNormally() {
    // the prior throws once, at the root expansion of a position new to the tree: before the fix the
    // keyed root stayed claimed for expansion and every later search there threw "root is being expanded"
    AtomicInteger priorCalls = new AtomicInteger(Integer.MIN_VALUE);
    PriorPolicy failingOnce = (s, acts, k, out, ctx) -> {
      if (priorCalls.incrementAndGet() == 1) {
        throw new IllegalStateException("prior failed on purpose");
      }
      PriorPolicy.UNIFORM.prior(s, acts, k, out, ctx);
    };
    MctsAgent a = MctsAgent.create("uct(sims=200,reuse=true,keying=transpositions)", c4, 1)
        .withKnowledge(new Knowledge(failingOnce, RandomRollout.INSTANCE, ResampleHistory.IDENTITY));
    a.search(c4(3));
    priorCalls.set(0);
    State fresh = c4(0, 0, 6, 6, 1);
    assertThatThrownBy(() -> a.search(fresh)).hasMessage("prior failed on purpose");
    for (int i = 0; i < 2; i++) {
      SearchResult r = a.search(fresh);
      assertThat(r.simulations()).isEqualTo(200);
      assertThat(r.actions()).containsExactly(legal(fresh));
    }
  }

  @Test
  void aFailedParallelSearchLeavesNoVirtualLossToReuse() {
    for (String keying : new String[] {"tree", "transpositions"}) {
      FailingEstimator v = new FailingEstimator();
      MctsAgent a = MctsAgent.create("uct(sims=2000,threads=2,reuse=true,keying=" + keying + ")", c4, 1)
          .withKnowledge(new Knowledge(PriorPolicy.UNIFORM, v, ResampleHistory.IDENTITY));
      a.search(c4(3));
      State p = c4(3, 3);
      v.failAtCall(1000);
      assertThatThrownBy(() -> a.search(p)).hasMessage("estimator failed on purpose");
      v.failAtCall(Integer.MAX_VALUE);
      SearchResult r = a.search(p);
      assertThat(r.reusedVisits()).as(keying).isZero();
      // every visit of the root's children is a simulation of this search: nothing left in flight
      assertThat(sum(r.visits())).as(keying).isEqualTo(r.simulations()).isEqualTo(2000);
      a.close();
    }
  }
}
