package dev.ponder.search.mcts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.agent.AgentRegistry;
import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/**
 * The zoo's components allocate nothing per simulation in steady state: after a warm-up search,
 * the bytes the searching thread allocates over further searches (the engine's per-search result
 * objects included) stay far below one small object per simulation.
 */
class ZooAllocationTest {

  @Test
  void steadyStateSearchesAllocateAlmostNothingPerSimulation() {
    com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    Game c4 = GameRegistry.load("connect_four");
    State s = c4.newInitialState();
    long tid = Thread.currentThread().getId();
    for (String spec : ZooAgentsTest.AGENTS) {
      if (spec.startsWith("compose")) {
        continue;
      }
      int sims = 1000;
      MctsAgent a = (MctsAgent) AgentRegistry.create(spec.contains("(") ? spec.replace(")", ",sims=" + sims + ")") : spec + "(sims=" + sims + ")", c4, 1);
      a.search(s);
      a.search(s);
      long before = mx.getThreadAllocatedBytes(tid);
      int runs = 3;
      for (int i = 0; i < runs; i++) {
        a.search(s);
      }
      double perSim = (mx.getThreadAllocatedBytes(tid) - before) / (double) (runs * sims);
      System.out.printf("%-22s %8.2f bytes/simulation%n", spec, perSim);
      assertThat(perSim).as(spec).isLessThan(8.0);
      a.close();
    }
  }
}
