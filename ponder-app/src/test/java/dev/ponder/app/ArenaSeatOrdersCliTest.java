package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.arena.ArenaStore;
import dev.ponder.arena.Progress;
import dev.ponder.arena.Tournament;
import dev.ponder.arena.TournamentConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ponder arena --seat-orders}: the stored results of an n-player round robin do not depend
 * on the order of {@code --agents}; a tournament stored before the option resumes as it was
 * played, and other seat orders than the stored ones are refused in one line.
 */
class ArenaSeatOrdersCliTest {
  @TempDir Path dir;

  static final String GAME = "kuhn_poker(players=3)";

  private Cli arena(Path db, String agents, int seeds, String... more) {
    List<String> args = new ArrayList<>(List.of("arena", "--games", GAME, "--agents", agents, "--seeds-per-pairing",
        Integer.toString(seeds), "--seed", "4", "--db", db.toString(), "--report", db + "-report", "--no-progress",
        "--resamples", "100", "--elo-resamples", "40", "--sco-resamples", "40", "--alpharank-resamples", "40"));
    args.addAll(List.of(more));
    return Cli.run(args.toArray(String[]::new));
  }

  /** (seed index, agent string per seat) → seed, status, returns and actions of every stored match. */
  static Map<String, String> byNames(Path db) {
    try (ArenaStore s = ArenaStore.open(db)) {
      assertThat(s.tournaments()).hasSize(1);
      long id = s.tournaments().get(0).id();
      List<String> agents = s.agents(id).stream().map(ArenaStore.AgentInfo::spec).toList();
      Map<String, String> out = new TreeMap<>();
      for (ArenaStore.StoredMatch m : s.matches(id, true)) {
        List<String> seats = new ArrayList<>();
        for (int a : m.seats()) {
          seats.add(agents.get(a));
        }
        out.put(m.seedIndex() + " " + seats, m.seed() + " " + m.status() + " " + Arrays.toString(m.returns()) + " " + m.actions());
      }
      return out;
    }
  }

  @Test
  void agentsInAnotherOrderStoreTheSameRecordsForBothSeatOrders() {
    for (String orders : List.of("", "rotations")) {
      String[] more = orders.isEmpty() ? new String[0] : new String[] {"--seat-orders", orders};
      Path a = dir.resolve("a" + orders + ".db");
      Path b = dir.resolve("b" + orders + ".db");
      Cli ra = arena(a, "random,uct(sims=4),puct(sims=4)", 2, more);
      assertThat(ra.exit).as(ra.err).isZero();
      // 3 agents in 3 seats per seed index: {A,B,C} in 6 orders (permutations) or 3 (rotations),
      // plus 6 multisets of the form AAB in 3 seatings each
      int perSeed = orders.isEmpty() ? 6 + 18 : 3 + 18;
      assertThat(ra.out).contains((2 * perSeed) + " matches (0 already stored, " + (2 * perSeed) + " played now");
      Cli rb = arena(b, "puct(sims=4),uct(sims=4),random", 2, more);
      assertThat(rb.exit).as(rb.err).isZero();
      Map<String, String> ma = byNames(a);
      assertThat(ma).hasSize(2 * perSeed);
      assertThat(byNames(b)).as(orders).isEqualTo(ma);
    }
  }

  @Test
  void aTournamentStoredBeforeTheOptionResumesAndOtherSeatOrdersAreRefused() throws Exception {
    // the configuration the command line builds, stored as before --seat-orders existed
    Path probe = dir.resolve("probe.db");
    assertThat(arena(probe, "random,uct(sims=4),puct(sims=4)", 1).exit).isZero();
    TournamentConfig c;
    try (ArenaStore s = ArenaStore.open(probe)) {
      c = s.config(s.tournaments().get(0));
    }
    assertThat(c.seatOrders()).isEqualTo(TournamentConfig.PERMUTATIONS);
    Path db = dir.resolve("old.db");
    try (ArenaStore s = ArenaStore.open(db)) {
      Tournament.RunSummary r = new Tournament(c.withSeatOrders(TournamentConfig.LISTED_ROTATIONS))
          .run(s, 1, (d, t) -> Progress.none(), null);
      assertThat(r.played()).isEqualTo(21);
      assertThat(s.tournaments().get(0).config()).doesNotContain("seatOrders");
    }
    Map<String, String> stored = byNames(db);

    Cli again = arena(db, "random,uct(sims=4),puct(sims=4)", 1);
    assertThat(again.exit).as(again.err).isZero();
    assertThat(again.err).contains("arena: tournament 1 continues with its stored seat orders: rotations in the listed"
        + " agent order (stored before --seat-orders)");
    assertThat(again.out).contains("21 matches (21 already stored, 0 played now");
    assertThat(byNames(db)).isEqualTo(stored);

    Cli other = arena(db, "random,uct(sims=4),puct(sims=4)", 2, "--seat-orders", "permutations");
    assertThat(other.exit).isEqualTo(2);
    assertThat(other.err.strip().lines()).hasSize(1);
    assertThat(other.err.strip()).isEqualTo("ponder: the store holds tournament 1 with seat orders rotations in the"
        + " listed agent order (stored before --seat-orders), not the permutations requested; re-run without"
        + " --seat-orders to continue it as it was played, or give another --db (or --seed) for a tournament with the"
        + " new seat orders");
    assertThat(byNames(db)).isEqualTo(stored);
    try (ArenaStore s = ArenaStore.open(db)) {
      assertThat(s.tournaments()).hasSize(1);
    }
  }

  @Test
  void unknownSeatOrdersAndTwoPlayerGamesAreSaidInOneLine() {
    Path db = dir.resolve("x.db");
    Cli bad = arena(db, "random,uct(sims=4)", 1, "--seat-orders", "mirror");
    assertThat(bad.exit).isEqualTo(2);
    assertThat(bad.err.strip()).isEqualTo("ponder: --seat-orders: 'mirror' is not valid; valid: permutations, rotations"
        + " (see 'ponder arena --help')");
    assertThat(Files.exists(db)).isFalse();

    Cli two = Cli.run("arena", "--games", "tic_tac_toe", "--agents", "random,uct(sims=4)", "--seeds-per-pairing", "1",
        "--db", dir.resolve("two.db").toString(), "--no-progress", "--resamples", "100", "--elo-resamples", "40",
        "--sco-resamples", "40", "--alpharank-resamples", "40", "--seat-orders", "rotations");
    assertThat(two.exit).as(two.err).isZero();
    assertThat(two.err).contains("warning: --seat-orders changes no match of a round robin of 2-player games; it applies"
        + " to round robins of games with 3 or more players");

    Cli help = Cli.run("arena", "--help");
    assertThat(help.out).contains("--seat-orders").contains("permutations").contains("rotations");
  }
}
