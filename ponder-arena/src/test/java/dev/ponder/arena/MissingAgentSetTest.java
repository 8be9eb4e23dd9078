package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * An agent multiset with no analysed match in a game of three or more players counts as a tie:
 * every seat gets the utility sum / players, as a 2-player pairing not played gets half the sum.
 */
class MissingAgentSetTest {
  @Test
  void aMissingSetInAConstantSumGameGetsTheSumOverPlayers() {
    // 3 players, 2 agents, constant sum 6. Played: {0, 0, 1}, agent 1 getting 3 and each agent 0
    // 1.5. Not played: {0, 1, 1} and the self-play sets ({0,0,0}, {1,1,1}: 2 each by symmetry).
    // With {0, 1, 1} at 2 per seat the strong response graph (α → ∞) is: (0,0,0) → one 1 (3 > 2)
    // → two 1s (the 0-player switching gets 2 > 1.5) ↔ (1,1,1) (ties, 2 = 2); nothing leaves the
    // three two-1s profiles and (1,1,1) but ties among them, so the limit puts 1/4 on each:
    // agent 0's mass is 3 · 1/4 · 1/3 = 1/4, agent 1's 3/4. At 0 per seat, the profiles with one
    // 1 would be the sinks instead and agent 0 would hold 2/3.
    ArenaStore.GameInfo gi = new ArenaStore.GameInfo(0, "g", 3, 0, 6, "CONSTANT_SUM");
    Map<String, double[]> sum = Map.of("[0, 0, 1]", new double[] {3, 3});
    Map<String, double[]> count = Map.of("[0, 0, 1]", new double[] {2, 1});
    double[][] meanM = {{Double.NaN, 1.5}, {3, Double.NaN}};
    double[] agentMean = {1.5, 3};
    Analysis.GameBallot b = Analysis.gameBallot(gi, 2, false, meanM, agentMean, sum, count, AnalysisOptions.defaults(),
        null, null);
    assertThat(b.method()).isEqualTo("alpharank-multi");
    assertThat(b.mass()).containsExactly(new double[] {0.25, 0.75}, within(1e-8));
    assertThat(b.note()).contains("taken as the utility sum / players (2.000)");
  }
}
