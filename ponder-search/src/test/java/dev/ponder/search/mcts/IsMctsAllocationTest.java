package dev.ponder.search.mcts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.agent.AgentRegistry;
import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/**
 * IS-MCTS allocates nothing per simulation in steady state: the world of each simulation is drawn
 * into the worker's scratch state ({@link State#resampleInto}) and tree nodes are keyed by the
 * games' allocation-free {@link State#informationStateKey}. After warm-up searches, the bytes the
 * searching thread allocates over further searches (the per-search result objects included) stay
 * below {@value #BOUND} byte per simulation.
 */
class IsMctsAllocationTest {
  static final double BOUND = 1.0;

  /** A mid-game decision node of {@code spec}: the given actions from the initial state. */
  static State position(String spec, int... actions) {
    Game g = GameRegistry.load(spec);
    State s = g.newInitialState();
    for (int a : actions) {
      s.applyAction(a);
    }
    return s;
  }

  /** Hearts after {@code moves} seeded random actions (60: passing; 90: mid-play). */
  static State hearts(int moves) {
    State s = GameRegistry.load("hearts").newInitialState();
    java.util.SplittableRandom rng = new java.util.SplittableRandom(5);
    for (int i = 0; i < moves; i++) {
      int[] legal = s.legalActions();
      s.applyAction(legal[rng.nextInt(legal.length)]);
    }
    return s;
  }

  static double bytesPerSimulation(String agent, State root) {
    com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long tid = Thread.currentThread().getId();
    int sims = 4000;
    MctsAgent a = (MctsAgent) AgentRegistry.create(agent + "(sims=" + sims + ")", root.game(), 1);
    for (int i = 0; i < 3; i++) {
      a.search(root);
    }
    long before = mx.getThreadAllocatedBytes(tid);
    int runs = 3;
    for (int i = 0; i < runs; i++) {
      a.search(root);
    }
    double perSim = (mx.getThreadAllocatedBytes(tid) - before) / (double) (runs * sims);
    a.close();
    return perSim;
  }

  @Test
  void steadyStateIsMctsAllocatesLessThanOneBytePerSimulation() {
    State[] roots = {
      position("kuhn_poker", 2, 0),
      position("kuhn_poker", 0, 1, 1),
      position("leduc_poker", 3, 0),
      position("leduc_poker", 3, 0, 1, 1, 5),
      position("liars_dice", 1, 4, 0, 5),
      position("liars_dice", 1, 4, 0, 5, 8),
      position("phantom_ttt", 4),
      position("phantom_ttt", 4, 4, 0, 8),
      position("dark_hex", 4, 4),
      position("goofspiel(num_cards=5,imp_info=true,points_order=descending)", 2, 4),
      position("goofspiel(num_cards=4,imp_info=true,players=3,points_order=descending)", 1, 3, 0),
      hearts(60),
      hearts(90),
    };
    java.util.Map<String, Double> over = new java.util.LinkedHashMap<>();
    for (String agent : new String[] {"uct", "puct"}) {
      for (State root : roots) {
        double perSim = bytesPerSimulation(agent, root);
        String position = root.historySize() > 12 ? root.historySize() + " actions" : root.historyString();
        String what = agent + " " + root.game().name() + " [" + position + "]";
        System.out.printf("%-40s %8.3f bytes/simulation%n", what, perSim);
        if (!(perSim < BOUND)) {
          over.put(what, perSim);
        }
      }
    }
    assertThat(over).as("searches allocating at least %s byte per simulation", BOUND).isEmpty();
  }
}
