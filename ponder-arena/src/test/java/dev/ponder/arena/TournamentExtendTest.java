package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Re-running a stored tournament with another number of seeds per pairing. */
class TournamentExtendTest {
  @TempDir Path dir;

  // 2 games x 2 seat orders of the single pairing = 4 matches per seed index
  static final String GAMES = "tic_tac_toe;kuhn_poker";
  static final String AGENTS = "random;uct";
  static final String BUDGET = "sims=20";
  static final long SEED = 17;

  static TournamentConfig config(int matches, long seed) {
    return TournamentChild.config(GAMES, AGENTS, BUDGET, matches, seed);
  }

  static Tournament.RunSummary run(ArenaStore s, TournamentConfig c, List<String> notices) {
    return new Tournament(c).run(s, 2, (d, t) -> Progress.none(), null, notices::add);
  }

  /** Stored configuration of the only tournament of a store. */
  static TournamentConfig storedConfig(ArenaStore s) {
    assertThat(s.tournaments()).hasSize(1);
    return s.config(s.tournaments().get(0));
  }

  @Test
  void largerNumberExtendsTheStoredTournamentToExactlyTheFreshRun() {
    Path ext = dir.resolve("ext.db");
    List<String> notices = new ArrayList<>();
    long id;
    Map<String, String> before;
    try (ArenaStore s = ArenaStore.open(ext)) {
      Tournament.RunSummary r = run(s, config(2, SEED), notices);
      assertThat(r.played()).isEqualTo(8);
      assertThat(r.extendedFrom()).isZero();
      id = r.tournamentId();
    }
    assertThat(notices).isEmpty();
    before = TournamentTest.rows(ext);
    assertThat(before).hasSize(8);

    try (ArenaStore s = ArenaStore.open(ext)) {
      Tournament.RunSummary r = run(s, config(4, SEED), notices);
      assertThat(r.tournamentId()).isEqualTo(id);
      assertThat(r.extendedFrom()).isEqualTo(2);
      assertThat(r.total()).isEqualTo(16);
      assertThat(r.alreadyStored()).isEqualTo(8);
      assertThat(r.played()).isEqualTo(8); // seed indices 2 and 3 of 2 games x 2 seat orders
      assertThat(storedConfig(s)).isEqualTo(config(4, SEED));
    }
    // a plain sentence: the command adds its "arena: " prefix when it prints it
    assertThat(notices).containsExactly("extending tournament " + id + " from 2 to 4 seeds per pairing");
    Map<String, String> after = TournamentTest.rows(ext);
    assertThat(after).hasSize(16).containsAllEntriesOf(before); // the first matches are untouched
    Map<String, String> added = new TreeMap<>(after);
    added.keySet().removeAll(before.keySet());
    assertThat(added).hasSize(8);
    for (String key : added.keySet()) {
      assertThat(key).matches("\\d+\\|\\d+,\\d+\\|[23]");
    }

    Path fresh = dir.resolve("fresh.db");
    try (ArenaStore s = ArenaStore.open(fresh)) {
      Tournament.RunSummary r = run(s, config(4, SEED), new ArrayList<>());
      assertThat(r.played()).isEqualTo(16);
      assertThat(r.errors()).isZero();
    }
    // same per-match seed, status, returns, length and actions for every key
    assertThat(after).isEqualTo(TournamentTest.rows(fresh));
    assertThat(TournamentTest.summary(ext)).isEqualTo(TournamentTest.summary(fresh));

    // equal number: resumes, plays nothing, says nothing
    notices.clear();
    try (ArenaStore s = ArenaStore.open(ext)) {
      Tournament.RunSummary r = run(s, config(4, SEED), notices);
      assertThat(r.tournamentId()).isEqualTo(id);
      assertThat(r.played()).isZero();
      assertThat(r.extendedFrom()).isZero();
    }
    assertThat(notices).isEmpty();
  }

  @Test
  void interruptedExtensionResumesToTheFreshRun() {
    Path ext = dir.resolve("i.db");
    try (ArenaStore s = ArenaStore.open(ext)) {
      run(s, config(2, SEED), new ArrayList<>());
      // stop the extension after 3 of its 8 new matches
      assertThatThrownBy(() -> new Tournament(config(4, SEED)).run(s, 1, (d, t) -> Progress.none(), n -> {
        if (n == 3) {
          throw new IllegalStateException("stop");
        }
      }, null)).hasMessage("stop");
      assertThat(s.count(s.tournaments().get(0).id())).isEqualTo(11);
      assertThat(storedConfig(s)).isEqualTo(config(4, SEED));
      List<String> notices = new ArrayList<>();
      Tournament.RunSummary r = run(s, config(4, SEED), notices);
      assertThat(r.alreadyStored()).isEqualTo(11);
      assertThat(r.played()).isEqualTo(5);
      assertThat(notices).isEmpty(); // already extended: an ordinary resume
    }
    Path fresh = dir.resolve("if.db");
    try (ArenaStore s = ArenaStore.open(fresh)) {
      run(s, config(4, SEED), new ArrayList<>());
    }
    assertThat(TournamentTest.rows(ext)).hasSize(16).isEqualTo(TournamentTest.rows(fresh));
  }

  @Test
  void smallerNumberIsRefusedAndChangesNothing() {
    Path db = dir.resolve("s.db");
    try (ArenaStore s = ArenaStore.open(db)) {
      run(s, config(3, SEED), new ArrayList<>());
    }
    Map<String, String> before = TournamentTest.rows(db);
    assertThat(before).hasSize(12);
    try (ArenaStore s = ArenaStore.open(db)) {
      long id = s.tournaments().get(0).id();
      assertThatThrownBy(() -> run(s, config(2, SEED), new ArrayList<>()))
          .isInstanceOf(ArenaStore.SmallerThanStoredException.class)
          .hasMessage("the store already holds tournament " + id + " with 3 seeds per pairing, more than the 2 requested")
          .satisfies(e -> {
            ArenaStore.SmallerThanStoredException x = (ArenaStore.SmallerThanStoredException) e;
            assertThat(x.stored()).isEqualTo(3);
            assertThat(x.tournament()).isEqualTo(id);
          });
      assertThat(storedConfig(s)).isEqualTo(config(3, SEED));
    }
    assertThat(TournamentTest.rows(db)).isEqualTo(before);
  }

  @Test
  void otherwiseDifferentConfigurationStartsANewTournament() {
    Path db = dir.resolve("d.db");
    List<String> notices = new ArrayList<>();
    try (ArenaStore s = ArenaStore.open(db)) {
      long first = run(s, config(2, SEED), notices).tournamentId();
      // another seed, larger number: not an extension
      Tournament.RunSummary r = run(s, config(4, SEED + 1), notices);
      assertThat(r.tournamentId()).isNotEqualTo(first);
      assertThat(r.played()).isEqualTo(16);
      assertThat(r.extendedFrom()).isZero();
      // another budget, smaller number: neither refused nor an extension
      Tournament.RunSummary b = new Tournament(TournamentChild.config(GAMES, AGENTS, "sims=10", 1, SEED))
          .run(s, 2, (d, t) -> Progress.none(), null, notices::add);
      assertThat(b.tournamentId()).isNotIn(first, r.tournamentId());
      assertThat(b.played()).isEqualTo(4);
      assertThat(s.tournaments()).hasSize(3);
      assertThat(s.config(s.tournaments().get(0))).isEqualTo(config(2, SEED));
      assertThat(s.count(first)).isEqualTo(8);
    }
    assertThat(notices).isEmpty();
  }

  @Test
  void reportAfterExtensionCountsAllSeeds() {
    Path db = dir.resolve("r.db");
    try (ArenaStore s = ArenaStore.open(db)) {
      run(s, config(2, SEED), new ArrayList<>());
      run(s, config(4, SEED), new ArrayList<>());
      Analysis.Result r = Analysis.analyse(s, s.tournaments().get(0).id(), AnalysisOptions.defaults());
      assertThat(r.config().seedsPerPairing()).isEqualTo(4);
      assertThat(r.matches()).isEqualTo(16);
      for (Analysis.GameResult g : r.games()) {
        assertThat(g.seeds()).isEqualTo(4);
        assertThat(g.matches()).isEqualTo(8);
      }
      assertThat(Report.markdown(r)).contains("seeds per pairing: 4");
    }
  }
}
