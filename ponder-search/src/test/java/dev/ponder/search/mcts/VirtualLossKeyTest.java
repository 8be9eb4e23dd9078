package dev.ponder.search.mcts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.agent.AgentRegistry;
import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.search.SearchResult;
import dev.ponder.search.mcts.zoo.ZooBackups;
import dev.ponder.spec.SpecException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The engine key {@code virtual_loss}: the count of in-flight visits a parallel search adds to
 * each edge of a simulation's path (Chaslot, Winands &amp; van den Herik 2008), 0 for none.
 */
class VirtualLossKeyTest {
  private final Game ttt = GameRegistry.load("tic_tac_toe");

  private static MctsAgentFactory factory(String name) {
    return (MctsAgentFactory) AgentRegistry.factory(name);
  }

  @Test
  void theKeySetsTheCountOfTheMechanismsVirtualLoss() {
    assertThat(factory("puct").mechanism(AgentRegistry.resolve("puct")).virtualLoss())
        .isEqualTo(VirtualLoss.constant(1));
    assertThat(factory("puct").mechanism(AgentRegistry.resolve("puct(virtual_loss=3)")).virtualLoss())
        .isEqualTo(VirtualLoss.constant(3));
    assertThat(factory("uct").mechanism(AgentRegistry.resolve("uct(virtual_loss=0)")).virtualLoss())
        .isSameAs(VirtualLoss.NONE);
    assertThat(factory("compose").mechanism(AgentRegistry.resolve("compose(virtual_loss=2)")).virtualLoss())
        .isEqualTo(VirtualLoss.constant(2));
    // an overwriting backup keeps its locked virtual loss and its slot, with the new count
    assertThat(factory("max_backup").mechanism(AgentRegistry.resolve("max_backup(virtual_loss=4)")).virtualLoss())
        .isEqualTo(new ZooBackups.LockedVirtualLoss(4, 0));
    assertThatThrownBy(() -> AgentRegistry.resolve("uct(virtual_loss=-1)")).isInstanceOf(SpecException.class)
        .hasMessage("uct: virtual_loss=-1 is out of range; valid: 0..1000");
  }

  /**
   * The sum of the root children's visits seen by the evaluations of a two-thread search with
   * sync_us=0: a simulation evaluated below the root has its root edge in flight, which carries
   * the virtual loss's visits on top of the finished simulations' (fewer than {@code sims}).
   */
  private long largestRootVisitsInFlight(String agent) {
    AtomicReference<MctsAgent> ref = new AtomicReference<>();
    AtomicInteger calls = new AtomicInteger();
    AtomicLong largest = new AtomicLong();
    ValueEstimator watching = (state, out, ctx) -> {
      if (calls.incrementAndGet() > 20 && ctx.depth() > 0) {
        Tree t = ref.get().engine().tree();
        int root = t.root();
        long sum = 0;
        for (int i = 0; i < t.numChildren(root); i++) {
          sum += t.visits(t.firstChild(root) + i);
        }
        largest.accumulateAndGet(sum, Math::max);
      }
      RandomRollout.INSTANCE.evaluate(state, out, ctx);
    };
    MctsAgent a = MctsAgent.create(agent, ttt, 3)
        .withKnowledge(new Knowledge(PriorPolicy.UNIFORM, watching, ResampleHistory.IDENTITY));
    ref.set(a);
    SearchResult r = a.search(ttt.newInitialState());
    a.close();
    // every virtual visit was taken out again
    assertThat(r.totalVisits()).isEqualTo(400);
    return largest.get();
  }

  @Test
  void aParallelSearchAppliesIt() {
    assertThat(largestRootVisitsInFlight("uct(sims=400,threads=2,sync_us=0,virtual_loss=1000)")).isGreaterThanOrEqualTo(1000);
    assertThat(largestRootVisitsInFlight("uct(sims=400,threads=2,sync_us=0,virtual_loss=0)")).isLessThan(400);
  }

  @Test
  void aOneThreadSearchIsUnchangedByIt() {
    State root = ttt.newInitialState();
    root.applyAction(4);
    for (String[] pair : new String[][] {{"uct(sims=300)", "uct(sims=300,virtual_loss=7)"},
        {"puct(sims=300)", "puct(sims=300,virtual_loss=0)"},
        {"max_backup(sims=300)", "max_backup(sims=300,virtual_loss=5)"}}) {
      SearchResult a;
      SearchResult b;
      try (MctsAgent x = MctsAgent.create(pair[0], ttt, 11); MctsAgent y = MctsAgent.create(pair[1], ttt, 11)) {
        a = x.search(root);
        b = y.search(root);
      }
      assertThat(b.visits()).as(pair[1]).containsExactly(a.visits());
      assertThat(b.action()).as(pair[1]).isEqualTo(a.action());
    }
  }
}
