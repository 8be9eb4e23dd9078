package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Agents tied on SCO are ordered by Elo, and Elos equal up to rounding by agent order. */
class EloTieOrderTest {
  @Test
  void elosEqualUpToRoundingFallBackToAgentOrder() {
    // agents 0–3 share the top SCO rating; 1 and 3 are level on Elo but for the fit's last bits
    // (3e-14 apart, 3's the higher), 2 is clearly above them, 0 clearly below; agent 4 is rated lower
    double[] sco = {600, 600, 600, 600, 400};
    double[] elo = {100, 250, 300, 250 + 3e-14, 500};
    assertThat(Report.order(sco, elo)).containsExactly(2, 1, 3, 0, 4);
  }

  @Test
  void distinctElosStillOrderAndUnratedAgentsComeLast() {
    double[] sco = {500, 500, Double.NaN, 500};
    double[] elo = {10, 30, 40, 20};
    assertThat(Report.order(sco, elo)).containsExactly(1, 3, 0, 2);
    assertThat(Report.sameElo(1e6, 1e6 + 1e-4)).isTrue();
    assertThat(Report.sameElo(10, 10.001)).isFalse();
  }
}
