package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link Schedule#plan}: the schedule by position, without one object per match; {@link Schedule#count}. */
class SchedulePlanTest {
  private static TournamentConfig config(int games, int agents, int seeds, String schedule, boolean selfPlay,
      String orders) {
    List<String> g = new ArrayList<>();
    for (int i = 0; i < games; i++) {
      g.add("g" + i);
    }
    List<String> a = ScheduleTest.agents(agents);
    String bench = "";
    if (schedule.equals(TournamentConfig.BENCHMARK)) {
      bench = a.remove(a.size() - 1);
    }
    return new TournamentConfig(g, a, "", seeds, 1, schedule, bench, selfPlay, orders);
  }

  /** The nested loops of the schedule, written out: seed index, then game, then the game's seatings. */
  private static List<String> listed(TournamentConfig c, int[] players) {
    List<String> out = new ArrayList<>();
    for (int k = 0; k < c.seedsPerPairing(); k++) {
      for (int g = 0; g < players.length; g++) {
        for (int[] s : Schedule.seatings(players[g], c.allAgents(), c.schedule(), c.selfPlay(), c.seatOrders())) {
          out.add(g + "|" + Arrays.toString(s) + "|" + k);
        }
      }
    }
    return out;
  }

  @Test
  void everyPositionIsTheListedMatchAndIndexOfInvertsIt() {
    int[] players = {2, 3, 4};
    for (String schedule : List.of(TournamentConfig.ROUND_ROBIN, TournamentConfig.BENCHMARK)) {
      for (boolean selfPlay : List.of(false, true)) {
        for (String orders : List.of(ScheduleTest.P, ScheduleTest.R, ScheduleTest.L)) {
          TournamentConfig c = config(3, 4, 3, schedule, selfPlay, orders);
          List<String> want = listed(c, players);
          Schedule.Plan plan = Schedule.plan(c, players);
          assertThat(plan.size()).isEqualTo(want.size());
          assertThat(Schedule.count(c, players)).isEqualTo(BigInteger.valueOf(want.size()));
          List<Schedule.Entry> entries = Schedule.entries(c, players);
          for (int i = 0; i < want.size(); i++) {
            Schedule.Entry e = plan.get(i);
            assertThat(e.game() + "|" + Arrays.toString(e.seats()) + "|" + e.seedIndex()).isEqualTo(want.get(i));
            assertThat(entries.get(i).key()).isEqualTo(e.key());
            assertThat(plan.indexOf(e.game(), e.seatsKey(), e.seedIndex())).isEqualTo(i);
          }
          // keys outside the schedule
          assertThat(plan.indexOf(0, "0,0", 0)).isEqualTo(selfPlay && schedule.equals(TournamentConfig.ROUND_ROBIN)
              ? 0 : -1);
          assertThat(plan.indexOf(0, "0,1", 3)).isEqualTo(-1);
          assertThat(plan.indexOf(3, "0,1", 0)).isEqualTo(-1);
        }
      }
    }
  }

  @Test
  void countsByClosedFormAgreeWithHandCounts() {
    // 5 players, 10 agents, every seat order: 10^5 - 10 = 99,990 seatings per seed index; 200 seeds
    TournamentConfig pig = config(1, 10, 200, TournamentConfig.ROUND_ROBIN, false, ScheduleTest.P);
    assertThat(Schedule.count(pig, new int[] {5})).isEqualTo(BigInteger.valueOf(19_998_000L));
    // rotations: C(14, 5) = 2002 multisets, 10 of a single agent; 1992 * 5 = 9960 seatings per seed index
    TournamentConfig rot = config(1, 10, 200, TournamentConfig.ROUND_ROBIN, false, ScheduleTest.R);
    assertThat(Schedule.count(rot, new int[] {5})).isEqualTo(BigInteger.valueOf(9960L * 200));
    // 20 agents in 10 seats: 20^10 - 20 per seed index, far beyond what could be listed
    TournamentConfig huge = config(1, 20, 1, TournamentConfig.ROUND_ROBIN, false, ScheduleTest.P);
    assertThat(Schedule.count(huge, new int[] {10})).isEqualTo(BigInteger.valueOf(20).pow(10).subtract(BigInteger.valueOf(20)));
  }

  @Test
  void aScheduleOfBillionsOfMatchesIsAddressedWithoutListingIt() {
    // 10 agents in 5 seats, a million seed indices: 99,990,000,000 matches, which no list could hold
    TournamentConfig c = config(1, 10, 1_000_000, TournamentConfig.ROUND_ROBIN, false, ScheduleTest.P);
    Schedule.Plan plan = Schedule.plan(c, new int[] {5});
    assertThat(plan.perSeed()).isEqualTo(99_990);
    assertThat(plan.size()).isEqualTo(99_990_000_000L);
    Schedule.Entry last = plan.get(plan.size() - 1);
    // the last multiset {8, 9, 9, 9, 9} in its last lexicographic permutation
    assertThat(last.seats()).containsExactly(9, 9, 9, 9, 8);
    assertThat(last.seedIndex()).isEqualTo(999_999);
    Schedule.Entry first = plan.get(0);
    assertThat(first.seats()).containsExactly(0, 0, 0, 0, 1);
    assertThat(plan.indexOf(0, "9,9,9,9,8", 999_999)).isEqualTo(plan.size() - 1);
    // the seatings of a seed index repeat with the next one
    assertThat(plan.get(99_990L * 7 + 123).seats()).isEqualTo(plan.get(123).seats());
    assertThat(plan.get(99_990L * 7 + 123).seedIndex()).isEqualTo(7);
  }

  @Test
  void aRunRefusesASchedulePastWhatItCanCountNamingTheCountAndTheRemedies() {
    String m = Tournament.tooManyMatchesMessage(BigInteger.valueOf(2_999_700_000L));
    assertThat(m).contains("2999700000 matches").contains("--seeds-per-pairing").contains("fewer agents")
        .contains("--seat-orders rotations").doesNotContain("\n");
  }
}
