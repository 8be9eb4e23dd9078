package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ScheduleTest {

  @Test
  void twoPlayerRoundRobinPlaysEveryOrderedPair() {
    List<int[]> s = Schedule.seatings(2, 4, TournamentConfig.ROUND_ROBIN, false);
    assertThat(s).hasSize(12); // 4 * 3 ordered pairs
    Set<String> keys = new HashSet<>();
    for (int[] x : s) {
      keys.add(x[0] + "," + x[1]);
    }
    for (int[] x : s) {
      assertThat(keys).contains(x[1] + "," + x[0]); // the seat swap is scheduled too
    }
    assertThat(Schedule.seatings(2, 4, TournamentConfig.ROUND_ROBIN, true)).hasSize(16);
  }

  @Test
  void threePlayerMultisetsWithEveryRotation() {
    // multisets of size 3 from 3 agents with repetition: C(5,3) = 10; minus 3 single-agent ones = 7.
    // {a,b,c}: 3 rotations; {a,a,b}-type (6 of them): 3 distinct rotations each -> 3 + 18 = 21.
    List<int[]> s = Schedule.seatings(3, 3, TournamentConfig.ROUND_ROBIN, false);
    assertThat(s).hasSize(21);
    Set<String> distinct = new HashSet<>();
    for (int[] x : s) {
      distinct.add(java.util.Arrays.toString(x));
    }
    assertThat(distinct).hasSize(21);
    // with self-play the 3 single-agent multisets add one seating each
    assertThat(Schedule.seatings(3, 3, TournamentConfig.ROUND_ROBIN, true)).hasSize(24);
    // each agent sits in each seat equally often within the multiset {0,1,2}
    int[][] seatCount = new int[3][3];
    for (int[] x : s) {
      if (new HashSet<>(List.of(x[0], x[1], x[2])).size() == 3) {
        for (int p = 0; p < 3; p++) {
          seatCount[x[p]][p]++;
        }
      }
    }
    for (int[] row : seatCount) {
      assertThat(row).containsExactly(1, 1, 1);
    }
  }

  @Test
  void benchmarkPutsEachAgentInEachSeatAgainstTheBenchmark() {
    List<int[]> s = Schedule.seatings(3, 3, TournamentConfig.BENCHMARK, false); // agents 0,1; benchmark 2
    assertThat(s).hasSize(6);
    assertThat(s.get(0)).containsExactly(0, 2, 2);
    assertThat(s.get(1)).containsExactly(2, 0, 2);
    assertThat(s.get(2)).containsExactly(2, 2, 0);
    assertThat(s.get(3)).containsExactly(1, 2, 2);
  }

  @Test
  void moreSeatsThanAgentsStillSchedulesMatchesAndOnePlayerIsRefused() {
    // 2 agents, 4 seats: multisets {0,0,0,1}, {0,0,1,1}, {0,1,1,1}, each seated in sorted order and its
    // 4 cyclic rotations (0011, 0110, 1100, 1001 are distinct): 3 * 4
    assertThat(Schedule.seatings(4, 2, TournamentConfig.ROUND_ROBIN, false)).hasSize(12);
    // one agent and the benchmark in a 4-player game: the agent in each of the 4 seats
    assertThat(Schedule.seatings(4, 2, TournamentConfig.BENCHMARK, false)).hasSize(4);
    // one agent with self-play: the agent in every seat
    assertThat(Schedule.seatings(3, 1, TournamentConfig.ROUND_ROBIN, true)).hasSize(1);
    // a one-player game has no opponent: refused rather than scheduled with no match
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> Schedule.seatings(1, 3, TournamentConfig.ROUND_ROBIN, false))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 2 players");
  }

  @Test
  void seedIndicesAreTheOuterLoop() {
    TournamentConfig c = new TournamentConfig(List.of("tic_tac_toe"), List.of("random", "first"), "", 3, 1,
        TournamentConfig.ROUND_ROBIN, "", false);
    List<Schedule.Entry> e = Schedule.entries(c, new int[] {2});
    assertThat(e).hasSize(6);
    assertThat(e.get(0).seedIndex()).isZero();
    assertThat(e.get(1).seedIndex()).isZero();
    assertThat(e.get(2).seedIndex()).isEqualTo(1);
    assertThat(e.get(5).key()).isEqualTo("0|1,0|2");
  }
}
