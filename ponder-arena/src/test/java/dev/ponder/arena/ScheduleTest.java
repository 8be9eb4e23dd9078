package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ScheduleTest {
  static final String P = TournamentConfig.PERMUTATIONS;
  static final String R = TournamentConfig.ROTATIONS;
  static final String L = TournamentConfig.LISTED_ROTATIONS;

  /** Agents a0, a1, … (listed in the order of their strings). */
  static List<String> agents(int k) {
    List<String> out = new java.util.ArrayList<>();
    for (int i = 0; i < k; i++) {
      out.add("a" + i);
    }
    return out;
  }

  static List<int[]> seatings(int players, int numAgents, String schedule, boolean selfPlay, String orders) {
    return Schedule.seatings(players, agents(numAgents), schedule, selfPlay, orders);
  }

  @Test
  void twoPlayerRoundRobinPlaysEveryOrderedPair() {
    List<int[]> s = seatings(2, 4, TournamentConfig.ROUND_ROBIN, false, P);
    assertThat(s).hasSize(12); // 4 * 3 ordered pairs
    Set<String> keys = new HashSet<>();
    for (int[] x : s) {
      keys.add(x[0] + "," + x[1]);
    }
    for (int[] x : s) {
      assertThat(keys).contains(x[1] + "," + x[0]); // the seat swap is scheduled too
    }
    assertThat(seatings(2, 4, TournamentConfig.ROUND_ROBIN, true, R)).hasSize(16);
  }

  @Test
  void threePlayerMultisetsWithEveryRotation() {
    // multisets of size 3 from 3 agents with repetition: C(5,3) = 10; minus 3 single-agent ones = 7.
    // {a,b,c}: 3 rotations; {a,a,b}-type (6 of them): 3 distinct rotations each -> 3 + 18 = 21.
    for (String orders : List.of(R, L)) {
      assertThat(seatings(3, 3, TournamentConfig.ROUND_ROBIN, false, orders)).hasSize(21);
      assertThat(seatings(3, 3, TournamentConfig.ROUND_ROBIN, true, orders)).hasSize(24);
    }
    List<int[]> s = seatings(3, 3, TournamentConfig.ROUND_ROBIN, false, L);
    assertThat(s).hasSize(21);
    Set<String> distinct = new HashSet<>();
    for (int[] x : s) {
      distinct.add(java.util.Arrays.toString(x));
    }
    assertThat(distinct).hasSize(21);
    // the orientation of the listed order (the schedule of tournaments stored before seat orders)
    List<String> abc = new java.util.ArrayList<>();
    for (int[] x : s) {
      if (new HashSet<>(List.of(x[0], x[1], x[2])).size() == 3) {
        abc.add(x[0] + "" + x[1] + x[2]);
      }
    }
    assertThat(abc).containsExactly("012", "120", "201");
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
    List<int[]> s = seatings(3, 3, TournamentConfig.BENCHMARK, false, P); // agents 0,1; benchmark 2
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
    assertThat(seatings(4, 2, TournamentConfig.ROUND_ROBIN, false, R)).hasSize(12);
    assertThat(seatings(4, 2, TournamentConfig.ROUND_ROBIN, false, L)).hasSize(12);
    // permutations: 0001 in 4 places, 0011 in C(4,2) = 6 (adds 0101 and 1010), 0111 in 4: 14
    assertThat(seatings(4, 2, TournamentConfig.ROUND_ROBIN, false, P)).hasSize(14);
    // one agent and the benchmark in a 4-player game: the agent in each of the 4 seats
    assertThat(seatings(4, 2, TournamentConfig.BENCHMARK, false, P)).hasSize(4);
    // one agent with self-play: the agent in every seat
    assertThat(seatings(3, 1, TournamentConfig.ROUND_ROBIN, true, P)).hasSize(1);
    // a one-player game has no opponent: refused rather than scheduled with no match
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> seatings(1, 3, TournamentConfig.ROUND_ROBIN, false, P))
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

  /** Every tuple of agent indices in [0, k)^n, by brute force, without the constant ones unless {@code selfPlay}. */
  static Set<String> allTuples(int n, int k, boolean selfPlay) {
    Set<String> out = new HashSet<>();
    int total = (int) Math.pow(k, n);
    for (int x = 0; x < total; x++) {
      int[] t = new int[n];
      int y = x;
      for (int p = n - 1; p >= 0; p--) {
        t[p] = y % k;
        y /= k;
      }
      boolean constant = java.util.Arrays.stream(t).allMatch(v -> v == t[0]);
      if (selfPlay || !constant) {
        out.add(java.util.Arrays.toString(t));
      }
    }
    return out;
  }

  static Set<String> keys(List<int[]> seatings) {
    Set<String> out = new HashSet<>();
    for (int[] x : seatings) {
      out.add(java.util.Arrays.toString(x));
    }
    assertThat(out).as("no seating twice").hasSize(seatings.size());
    return out;
  }

  @Test
  void permutationsSeatEveryMultisetInEveryDistinctOrder() {
    // 5 agents, 3 seats: 30 multisets without the 5 single-agent ones; 10 of three different agents
    // seated 3! = 6 ways, 20 of the form AAB (5 choices of A times 4 of B) seated 3 ways: 60 + 60
    assertThat(seatings(3, 5, TournamentConfig.ROUND_ROBIN, false, P)).hasSize(120);
    // every multiset in every order is every ordered triple: 5^3 = 125 less the 5 of one agent
    assertThat(keys(seatings(3, 5, TournamentConfig.ROUND_ROBIN, false, P))).isEqualTo(allTuples(3, 5, false));
    assertThat(keys(seatings(3, 5, TournamentConfig.ROUND_ROBIN, true, P))).isEqualTo(allTuples(3, 5, true));
    assertThat(keys(seatings(4, 4, TournamentConfig.ROUND_ROBIN, false, P))).isEqualTo(allTuples(4, 4, false)).hasSize(252);
    assertThat(keys(seatings(4, 2, TournamentConfig.ROUND_ROBIN, false, P))).isEqualTo(allTuples(4, 2, false));
    // ABC: 6, AAB: 3, AABB: 6, ABCD: 24 seatings
    assertThat(ofMultiset(seatings(3, 3, TournamentConfig.ROUND_ROBIN, false, P), 0, 1, 2)).hasSize(6);
    assertThat(ofMultiset(seatings(3, 3, TournamentConfig.ROUND_ROBIN, false, P), 0, 0, 1)).hasSize(3);
    assertThat(ofMultiset(seatings(4, 2, TournamentConfig.ROUND_ROBIN, false, P), 0, 0, 1, 1))
        .containsExactlyInAnyOrder("[0, 0, 1, 1]", "[0, 1, 0, 1]", "[0, 1, 1, 0]", "[1, 0, 0, 1]", "[1, 0, 1, 0]", "[1, 1, 0, 0]");
    assertThat(ofMultiset(seatings(4, 4, TournamentConfig.ROUND_ROBIN, false, P), 0, 1, 2, 3)).hasSize(24);
    // rotations: ABCD in 4 seatings, AABB in 4 (never ABAB)
    assertThat(ofMultiset(seatings(4, 4, TournamentConfig.ROUND_ROBIN, false, R), 0, 1, 2, 3)).hasSize(4);
    assertThat(ofMultiset(seatings(4, 2, TournamentConfig.ROUND_ROBIN, false, R), 0, 0, 1, 1))
        .containsExactlyInAnyOrder("[0, 0, 1, 1]", "[0, 1, 1, 0]", "[1, 1, 0, 0]", "[1, 0, 0, 1]");
  }

  /** The seatings of one multiset. */
  static List<String> ofMultiset(List<int[]> seatings, int... multiset) {
    int[] m = multiset.clone();
    java.util.Arrays.sort(m);
    List<String> out = new java.util.ArrayList<>();
    for (int[] x : seatings) {
      int[] y = x.clone();
      java.util.Arrays.sort(y);
      if (java.util.Arrays.equals(y, m)) {
        out.add(java.util.Arrays.toString(x));
      }
    }
    return out;
  }

  @Test
  void everyAgentSitsInEverySeatEquallyOftenAndPermutationsPlayEveryOrderedTriple() {
    int k = 5;
    for (String orders : List.of(P, R, L)) {
      List<int[]> s = seatings(3, k, TournamentConfig.ROUND_ROBIN, false, orders);
      int[][] seatCount = new int[k][3];
      Set<String> triples = new HashSet<>();
      for (int[] x : s) {
        for (int p = 0; p < 3; p++) {
          seatCount[x[p]][p]++;
        }
        if (x[0] != x[1] && x[1] != x[2] && x[0] != x[2]) {
          triples.add(x[0] + "," + x[1] + "," + x[2]);
        }
      }
      // permutations: agent a in seat p in every triple with a there, 5^2 = 25, less (a, a, a): 24;
      // rotations: 90 seatings / 5 agents = 18 per seat
      int expected = orders.equals(P) ? 24 : 18;
      for (int[] row : seatCount) {
        assertThat(row).as(orders).containsExactly(expected, expected, expected);
      }
      // ordered triples of different agents: 5 * 4 * 3 = 60 with permutations; one orientation of
      // each of the C(5,3) = 10 sets, 3 rotations each, with rotations
      assertThat(triples).as(orders).hasSize(orders.equals(P) ? 60 : 30);
    }
  }

  /** The seatings as agent strings per seat. */
  static Set<List<String>> named(List<String> agents, String orders) {
    Set<List<String>> out = new HashSet<>();
    for (int[] x : Schedule.seatings(3, agents, TournamentConfig.ROUND_ROBIN, false, orders)) {
      List<String> n = new java.util.ArrayList<>();
      for (int a : x) {
        n.add(agents.get(a));
      }
      assertThat(out.add(n)).isTrue();
    }
    return out;
  }

  @Test
  void theSameAgentsGetTheSameSeatingsWhateverTheirOrder() {
    List<String> listed = List.of("uct", "random", "puct(sims=5)", "mcts", "first");
    List<List<String>> orders = List.of(List.of("first", "mcts", "puct(sims=5)", "random", "uct"),
        List.of("random", "first", "uct", "puct(sims=5)", "mcts"), List.of("mcts", "uct", "first", "random", "puct(sims=5)"));
    for (String o : List.of(P, R)) {
      Set<List<String>> base = named(listed, o);
      assertThat(base).hasSize(o.equals(P) ? 120 : 90);
      for (List<String> other : orders) {
        assertThat(named(other, o)).as(o + " " + other).isEqualTo(base);
      }
    }
    // rotations follow the order of the agent strings: "mcts" < "puct(sims=5)" < "uct"
    Set<List<String>> rot = named(listed, R);
    assertThat(rot).contains(List.of("mcts", "puct(sims=5)", "uct"), List.of("puct(sims=5)", "uct", "mcts"),
        List.of("uct", "mcts", "puct(sims=5)"));
    assertThat(rot).doesNotContain(List.of("mcts", "uct", "puct(sims=5)"));
    // the listed-order rotations of stored tournaments depend on the order: what the option fixes
    assertThat(named(orders.get(1), L)).isNotEqualTo(named(listed, L));
  }
}
